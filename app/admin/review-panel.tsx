import { useEffect, useId, useState } from 'react';
import { abilities, useAdmin } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { api } from './api.ts';
import { formatMoment } from './time-zone.ts';
import { buttonClass, ErrorNotice, inputClass } from './ui.tsx';

interface Review {
  reviewState: 'none' | 'in_review' | 'changes_requested' | 'approved';
  history: Array<{ action: 'submit' | 'approve' | 'request_changes' | 'reset'; by: { email: string } | null; at: string; comment?: string }>;
}

const STATE_TEXT: Record<Review['reviewState'], AdminTextKey> = { none: 'review.none', in_review: 'review.inReview', changes_requested: 'review.changesRequested', approved: 'review.approved' };
const STEP_TEXT: Record<Review['history'][number]['action'], AdminTextKey> = { submit: 'review.submitted', approve: 'review.approvedBy', request_changes: 'review.changesAsked', reset: 'review.reset' };

/**
 * Sign-off of a record in its form (API-3.md): where it stands, every step with who and when,
 * "Submit for review" for anyone, "Approve" and "Request changes" for approvers and administrators.
 */
export function ReviewPanel({ path }: { path: string }) {
  const { t, lang, timeZone, user, problem } = useAdmin();
  const [review, setReview] = useState<Review | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const approver = user.role === 'admin' || user.role === 'approver';

  useEffect(() => {
    api<Review>(`${path}/review`).then(
      (found) => setReview(found.data),
      (caught: unknown) => setError(problem(caught)),
    );
  }, [path, problem]);

  async function step(action: 'submit' | 'approve' | 'request_changes') {
    setBusy(true);
    setError('');
    try {
      setReview((await api<Review>(`${path}/review`, { body: { action, ...(comment.trim() ? { comment: comment.trim() } : {}) } })).data);
      setComment('');
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!review) return error ? <ErrorNotice message={error} /> : null;
  const state = review.reviewState;
  return (
    <section aria-labelledby={`${commentId}-title`} data-testid="review" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id={`${commentId}-title`} className="font-semibold text-slate-900">
        {t('review.title')}: <span data-state={state}>{t(STATE_TEXT[state])}</span>
      </h2>
      {error && <ErrorNotice message={error} />}
      {review.history.length > 0 && (
        <ol className="space-y-1 text-sm text-slate-700">
          {review.history.map((entry, index) => (
            <li key={index}>
              {formatMoment(entry.at, lang, timeZone)} · {entry.by?.email ?? '—'} · {t(STEP_TEXT[entry.action])}
              {entry.comment && <q className="ml-1 italic">{entry.comment}</q>}
            </li>
          ))}
        </ol>
      )}
      {abilities(user).editContent || user.role === 'translator' ? (
        <div className="space-y-2">
          <label htmlFor={commentId} className="block text-sm font-medium text-slate-800">
            {t('review.comment')}
          </label>
          <textarea id={commentId} rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} className={inputClass} />
          <div className="flex flex-wrap gap-2">
            {state !== 'in_review' && (
              <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => step('submit')}>
                {t('review.submit')}
              </button>
            )}
            {approver && state === 'in_review' && (
              <button type="button" className={buttonClass.primary} disabled={busy} onClick={() => step('approve')}>
                {t('review.approve')}
              </button>
            )}
            {approver && (state === 'in_review' || state === 'approved') && (
              <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => step('request_changes')}>
                {t('review.requestChanges')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
