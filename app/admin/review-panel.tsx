import { useEffect, useId, useState } from 'react';
import { can } from '../../domain/access/permissions.ts';
import type { RecordComment } from '../../domain/versions/comments.ts';
import type { Review } from '../../domain/publishing/approval.ts';
import { useAdmin } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { api } from './api.ts';
import { formatMoment, fromZoneInput, toZoneInput, zoneOffsetLabel } from './time-zone.ts';
import { buttonClass, ErrorNotice, inputClass } from './ui.tsx';

interface Approver {
  _id: string;
  name: string;
  email: string;
}

/** A comment on a record (a field of it, a language), as the API answers it. */
export type Comment = RecordComment;

const STATE_TEXT: Record<Review['reviewState'], AdminTextKey> = { none: 'review.none', in_review: 'review.inReview', changes_requested: 'review.changesRequested', approved: 'review.approved' };
const STEP_TEXT: Record<Review['history'][number]['action'], AdminTextKey> = { submit: 'review.submitted', approve: 'review.approvedBy', request_changes: 'review.changesAsked', reset: 'review.reset', publish: 'review.published' };

/**
 * Sign-off of a record in its form (API-3.md): where it stands, every step with who and when,
 * "Submit for review" for anyone, "Approve" and "Request changes" for approvers and administrators.
 */
export function ReviewPanel({ path, fields, onComments }: { path: string; fields: Array<{ name: string; label: string }>; onComments?: (comments: Comment[]) => void }) {
  const { t, lang, timeZone, user, problem } = useAdmin();
  const [review, setReview] = useState<Review | null>(null);
  const [comments, setComments] = useState<Comment[]>([]);
  const [note, setNote] = useState<Note>({ text: '', field: '', lang: '' });
  const [comment, setComment] = useState('');
  // Whom a submit asks and by when (the firm's time zone); both optional.
  const [approvers, setApprovers] = useState<Approver[]>([]);
  const [ask, setAsk] = useState({ assignee: '', dueAt: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const approver = can(user, 'record.approve');
  // The form shows each open comment beside its field too.
  useEffect(() => onComments?.(comments), [comments, onComments]);

  useEffect(() => {
    api<Review>(`${path}/review`).then(
      (found) => setReview(found.data),
      (caught: unknown) => setError(problem(caught)),
    );
    // A list that could not be read says so (never "no comments yet").
    api<Comment[]>(`${path}/comments`).then(
      (found) => setComments(found.data),
      (caught: unknown) => setError(problem(caught)),
    );
  }, [path, problem]);
  useEffect(() => {
    api<Approver[]>('/reviews/approvers').then(
      (found) => setApprovers(found.data),
      (caught: unknown) => setError(problem(caught)),
    );
  }, [problem]);

  async function addComment() {
    if (!note.text.trim()) return setError(t('comments.needed'));
    setBusy(true);
    setError('');
    try {
      const added = (await api<Comment>(`${path}/comments`, { body: { text: note.text.trim(), ...(note.field ? { field: note.field } : {}), ...(note.lang ? { lang: note.lang } : {}) } })).data;
      setComments((current) => [...current, added]);
      setNote({ text: '', field: '', lang: '' });
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  async function resolve(comment: Comment) {
    try {
      const resolved = (await api<Comment>(`${path}/comments/${comment._id}`, { method: 'PUT', body: { resolved: true } })).data;
      setComments((current) => current.map((item) => (item._id === comment._id ? resolved : item)));
    } catch (caught) {
      setError(problem(caught));
    }
  }

  async function step(action: 'submit' | 'approve' | 'request_changes') {
    setBusy(true);
    setError('');
    try {
      const asked = action === 'submit' ? { ...(ask.assignee ? { assignee: ask.assignee } : {}), ...(ask.dueAt ? { dueAt: ask.dueAt } : {}) } : {};
      setReview((await api<Review>(`${path}/review`, { body: { action, ...asked, ...(comment.trim() ? { comment: comment.trim() } : {}) } })).data);
      setComment('');
      setAsk({ assignee: '', dueAt: '' });
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!review) return error ? <ErrorNotice message={error} /> : null;
  const state = review.reviewState;
  const askedName = (id: string) => {
    const account = approvers.find((item) => item._id === id);
    return account ? account.name || account.email : '—';
  };
  const overdue = Boolean(review.dueAt && review.dueAt < new Date().toISOString());
  return (
    <section aria-labelledby={`${commentId}-title`} data-testid="review" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id={`${commentId}-title`} className="font-semibold text-slate-900">
        {t('review.title')}: <span data-state={state}>{t(STATE_TEXT[state])}</span>
      </h2>
      {error && <ErrorNotice message={error} />}
      {state === 'in_review' && (review.assignee || review.dueAt) && (
        <p data-testid="review-asked" className="text-sm text-slate-800">
          {review.assignee && t('review.asked', { name: askedName(review.assignee) })}
          {review.assignee && review.dueAt && ' · '}
          {review.dueAt && t('review.due', { when: formatMoment(review.dueAt, lang, timeZone) })}
          {overdue && <strong className="ml-1 text-red-700">({t('review.overdue')})</strong>}
        </p>
      )}
      {review.history.length > 0 && (
        <ol className="space-y-1 text-sm text-slate-700">
          {review.history.map((entry, index) => (
            <li key={index}>
              {formatMoment(entry.at, lang, timeZone)} · {entry.by?.outside && entry.by.name ? `${entry.by.name} <${entry.by.email}>` : entry.by?.name || entry.by?.email || '—'} · {t(STEP_TEXT[entry.action])}
              {entry.by?.outside && <span data-outside="true"> ({t('review.outside')})</span>}
              {entry.comment && <q className="ml-1 italic">{entry.comment}</q>}
            </li>
          ))}
        </ol>
      )}
      <CommentsSection id={commentId} comments={comments} fields={fields} note={note} onNote={setNote} busy={busy} onAdd={addComment} onResolve={resolve} />
      {can(user, 'record.edit') ? (
        <div className="space-y-2">
          <label htmlFor={commentId} className="block text-sm font-medium text-slate-800">
            {t('review.comment')}
          </label>
          <textarea id={commentId} rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} className={inputClass} />
          {state !== 'in_review' && (
            <div className="grid gap-2 sm:grid-cols-2">
              <div>
                <label className="block text-sm font-medium text-slate-800" htmlFor={`${commentId}-ask`}>
                  {t('review.ask')}
                </label>
                <select id={`${commentId}-ask`} value={ask.assignee} onChange={(event) => setAsk({ ...ask, assignee: event.target.value })} className={inputClass}>
                  <option value="">{t('review.askAnyone')}</option>
                  {approvers.map((account) => (
                    <option key={account._id} value={account._id}>
                      {account.name ? `${account.name} (${account.email})` : account.email}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="block text-sm font-medium text-slate-800" htmlFor={`${commentId}-due`}>
                  {t('review.dueBy')}
                </label>
                <input
                  id={`${commentId}-due`}
                  type="datetime-local"
                  value={toZoneInput(ask.dueAt, timeZone)}
                  onChange={(event) => setAsk({ ...ask, dueAt: fromZoneInput(event.target.value, timeZone) ?? '' })}
                  className={inputClass}
                  aria-describedby={`${commentId}-zone`}
                />
                <p id={`${commentId}-zone`} className="mt-1 text-xs text-slate-600">
                  {t('review.zone', { zone: timeZone, offset: zoneOffsetLabel(timeZone) })}
                </p>
              </div>
            </div>
          )}
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

type Note = { text: string; field: string; lang: string };

/** The record's comments (on it, a field, a language), each resolvable, and a new one to add. */
function CommentsSection({ id, comments, fields, note, onNote, busy, onAdd, onResolve }: { id: string; comments: Comment[]; fields: Array<{ name: string; label: string }>; note: Note; onNote: (note: Note) => void; busy: boolean; onAdd: () => void; onResolve: (comment: Comment) => void }) {
  const { t, lang, timeZone, languages, languageName } = useAdmin();
  const fieldName = (name: string | null) => fields.find((field) => field.name === name)?.label ?? name;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">{t('comments.title')}</h3>
      {comments.length === 0 && <p className="text-sm text-slate-600">{t('comments.none')}</p>}
      <ul className="space-y-2 text-sm">
        {comments.map((comment) => (
          <li key={comment._id} data-resolved={comment.resolved} className={`rounded border border-slate-200 bg-white p-2 ${comment.resolved ? 'text-slate-500' : 'text-slate-800'}`}>
            <p className="text-xs text-slate-600">
              {formatMoment(comment.createdAt, lang, timeZone)} · {comment.author.name || comment.author.email}
              {comment.field && ` · ${fieldName(comment.field)}`}
              {comment.lang && ` (${comment.lang.toUpperCase()})`}
              {comment.resolved && ` · ${t('comments.resolved')}`}
            </p>
            <p className="whitespace-pre-wrap">{comment.text}</p>
            {!comment.resolved && (
              <button type="button" className="mt-1 text-sm font-semibold text-brand-700 underline" onClick={() => onResolve(comment)}>
                {t('comments.resolve')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-field`}>
            {t('comments.field')}
          </label>
          <select id={`${id}-field`} value={note.field} onChange={(event) => onNote({ ...note, field: event.target.value })} className={inputClass}>
            <option value="">{t('comments.wholeRecord')}</option>
            {fields.map((field) => (
              <option key={field.name} value={field.name}>
                {field.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-lang`}>
            {t('comments.language')}
          </label>
          <select id={`${id}-lang`} value={note.lang} onChange={(event) => onNote({ ...note, lang: event.target.value })} className={inputClass}>
            <option value="">{t('comments.anyLanguage')}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {languageName(language.code)}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label className="block text-sm font-medium text-slate-800" htmlFor={`${id}-text`}>
            {t('comments.text')}
          </label>
          <textarea id={`${id}-text`} rows={2} maxLength={4000} value={note.text} onChange={(event) => onNote({ ...note, text: event.target.value })} className={inputClass} />
        </div>
      </div>
      <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onAdd}>
        {t('comments.add')}
      </button>
    </div>
  );
}
