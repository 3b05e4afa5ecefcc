import { Copy, ExternalLink, Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { can } from '../../domain/access/permissions.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { formatMoment, fromZoneInput, toZoneInput, zoneOffsetLabel } from './time-zone.ts';
import { buttonClass, inputClass } from './ui.tsx';

const STATES = ['published', 'draft', 'scheduled', 'expired'] as const;

const STATE_CLASS: Record<string, string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-blue-100 text-blue-900',
  expired: 'bg-amber-100 text-amber-950',
};

/** What a visitor sees of a record now: live, draft, scheduled (with when) or expired (since when). */
export function StateBadge({ state, record, type }: { state: string; record: Record<string, unknown>; type: RecordType }) {
  const { t, lang, timeZone } = useAdmin();
  const key = STATES.find((known) => known === state) ?? 'published';
  const moment = type.scheduleFields ? (state === 'scheduled' ? record[type.scheduleFields.publish] : state === 'expired' ? record[type.scheduleFields.unpublish] : undefined) : undefined;
  const when = typeof moment === 'string' && moment ? formatMoment(moment, lang, timeZone) : '';
  return (
    <span className={`inline-block max-w-full rounded-lg px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASS[key]}`} data-state={key}>
      {t(`state.${key}`)}
      {when && <span className="ml-1 font-normal">· {t(key === 'scheduled' ? 'state.scheduledAt' : 'state.expiredAt', { time: when })}</span>}
    </span>
  );
}

/**
 * "Preview": a signed link (one hour, no sign-in) to the record's page as saved, in the language
 * of the form's tab; the editor opens it or copies it for a partner.
 */
export function PreviewLink({ type, id, lang: pageLanguage, unsaved, draft = false }: { type: string; id: string; lang: string; unsaved: boolean; draft?: boolean }) {
  const { t, lang, timeZone, user, problem } = useAdmin();
  // A reviewer's decision is an opinion for the people who approve: they make the reviewer's links.
  const asksOutside = can(user, 'review.askOutside');
  const [link, setLink] = useState<{ url: string; path: string; expiresAt: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  // A link for a named person outside the firm who may approve or ask for changes (a week).
  const [reviewer, setReviewer] = useState({ name: '', email: '' });

  async function make(forReviewer = false) {
    if (forReviewer && (!reviewer.name.trim() || !/^\S+@\S+\.\S+$/.test(reviewer.email.trim()))) {
      setError(t('preview.reviewerNeeded'));
      return;
    }
    setBusy(true);
    setError('');
    setCopied(false);
    try {
      const made = await api<{ url: string; path: string; expiresAt: string }>('/preview', {
        body: { type, id, lang: pageLanguage, ...(draft ? { draft: true } : {}), ...(forReviewer ? { reviewer: { name: reviewer.name.trim(), email: reviewer.email.trim() } } : {}) },
      });
      setLink(made.data);
    } catch (caught) {
      setError(problem(caught, 'preview.error'));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      document.querySelector<HTMLInputElement>('#preview-url')?.select();
    }
  }

  return (
    <section aria-labelledby="preview-heading" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h2 id="preview-heading" className="sr-only">
        {t('preview.button')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => make()} disabled={busy} className={buttonClass.secondary}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          {busy ? t('preview.making') : `${t('preview.button')} (${pageLanguage.toUpperCase()})`}
        </button>
        {unsaved && <p className="text-sm text-amber-900">{t('preview.saveFirst')}</p>}
      </div>
      {asksOutside && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">{t('preview.forReviewer')}</summary>
          <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <div>
              <label htmlFor="reviewer-name" className="block text-sm font-medium text-slate-800">
                {t('preview.reviewerName')}
              </label>
              <input id="reviewer-name" value={reviewer.name} maxLength={100} onChange={(event) => setReviewer({ ...reviewer, name: event.target.value })} className={inputClass} />
            </div>
            <div>
              <label htmlFor="reviewer-email" className="block text-sm font-medium text-slate-800">
                {t('preview.reviewerEmail')}
              </label>
              <input id="reviewer-email" type="email" value={reviewer.email} onChange={(event) => setReviewer({ ...reviewer, email: event.target.value })} className={inputClass} />
            </div>
            <button type="button" onClick={() => make(true)} disabled={busy} className={buttonClass.secondary}>
              {t('preview.makeForReviewer')}
            </button>
          </div>
        </details>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {link && (
        <div className="mt-3 space-y-2">
          <p className="text-sm text-slate-700">{t('preview.ready', { time: formatMoment(link.expiresAt, lang, timeZone) })}</p>
          <div className="flex flex-wrap gap-2">
            <label htmlFor="preview-url" className="sr-only">
              {t('preview.button')}
            </label>
            <input id="preview-url" readOnly value={link.url} onFocus={(event) => event.target.select()} className={`${inputClass} mt-0 min-w-0 flex-1`} />
            <button type="button" onClick={copy} className={buttonClass.secondary}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              {t('preview.copy')}
            </button>
            <a href={link.path} target="_blank" rel="noopener" className={buttonClass.secondary}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              {t('preview.open')}
            </a>
          </div>
          {copied && (
            <p role="status" className="text-sm text-green-800">
              {t('preview.copied')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** How a save leaves a record with a schedule: hidden, live now, or live at a chosen moment. */
export type PublishMode = 'draft' | 'now' | 'schedule';

/** The fields the three actions set: the record's "published" flag and its moment of going live. */
export const publishingFields = (type: RecordType) => (type.visibilityField && type.scheduleFields ? { flag: type.visibilityField, at: type.scheduleFields.publish, until: type.scheduleFields.unpublish } : undefined);

/** The action a record's values amount to: a time to come means scheduled, never a draft with a forgotten time. */
export function publishModeOf(type: RecordType, values: Record<string, unknown>, now = new Date().toISOString()): PublishMode {
  const fields = publishingFields(type);
  if (!fields || values[fields.flag] !== true) return 'draft';
  const at = values[fields.at];
  return typeof at === 'string' && at > now ? 'schedule' : 'now';
}

/** The values each action sets (a draft and "now" clear the moment: a time is only ever a schedule). */
export function valuesFor(type: RecordType, mode: PublishMode, values: Record<string, unknown>): Record<string, unknown> {
  const fields = publishingFields(type);
  if (!fields) return {};
  const at = values[fields.at];
  // A future time stays for "schedule", a past one for "now" (when it went live); otherwise none.
  const future = typeof at === 'string' && at > new Date().toISOString();
  const kept = typeof at === 'string' && ((mode === 'schedule' && future) || (mode === 'now' && !future)) ? at : null;
  return { [fields.flag]: mode !== 'draft', [fields.at]: kept };
}

/**
 * Draft, publish now or schedule: the three plain actions a record with a schedule offers instead of
 * a "Published" switch beside a time that did nothing while it was off. The form's save button says
 * the chosen action. `approvalFirst` (an editor on a site where publishing needs approval): nothing
 * goes public on saving, so each hint says what happens once it is approved (a live record's changes
 * are saved as a working copy to approve; anything else waits for its approval before it is published).
 */
export function PublishingChoice({ type, mode, values, live, approvalFirst = false, disabled, error, onChoose, onTime, children }: { type: RecordType; mode: PublishMode; values: Record<string, unknown>; live: boolean; approvalFirst?: boolean; disabled: boolean; error?: string; onChoose(mode: PublishMode): void; onTime(at: string | null): void; children?: ReactNode }) {
  const { t, timeZone } = useAdmin();
  const fields = publishingFields(type);
  if (!fields) return null;
  const options: Array<{ mode: PublishMode; label: string; hint: string }> = [
    { mode: 'draft', label: t('publishing.draft'), hint: t(live && approvalFirst ? 'publishing.liveDraftApprovalHint' : 'publishing.draftHint') },
    // A live record whose changes wait for approval (a working copy) does not change on saving; a
    // record not yet live is refused publishing (now or at a time) until it is approved.
    { mode: 'now', label: live ? t('publishing.live') : t('publishing.now'), hint: t(approvalFirst ? (live ? 'publishing.liveApprovalHint' : 'publishing.nowApprovalHint') : 'publishing.nowHint') },
    { mode: 'schedule', label: t('publishing.schedule'), hint: t(approvalFirst ? (live ? 'publishing.liveScheduleApprovalHint' : 'publishing.scheduleApprovalHint') : 'publishing.scheduleHint') },
  ];
  return (
    <fieldset data-testid="publishing" disabled={disabled} className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('publishing.title')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.mode}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name="publish-mode"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => onChoose(option.mode)}
              aria-label={option.label}
              aria-describedby={`publish-${option.mode}-hint`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">{option.label}</span>
              <span id={`publish-${option.mode}-hint`} className="block text-slate-600">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {mode === 'schedule' && (
        <div className="mt-3 max-w-sm">
          <label htmlFor="field-publish-at" className="block text-sm font-medium text-slate-800">
            {t('publishing.when')}
          </label>
          <input
            id="field-publish-at"
            type="datetime-local"
            value={toZoneInput(values[fields.at], timeZone)}
            onChange={(event) => onTime(fromZoneInput(event.target.value, timeZone))}
            className={inputClass}
            aria-describedby={error ? 'field-publish-at-zone field-publish-at-error' : 'field-publish-at-zone'}
            {...(error ? { 'aria-invalid': true } : {})}
          />
          <p id="field-publish-at-zone" className="mt-1 text-xs text-slate-600">
            {t('publishing.zone', { zone: timeZone, offset: zoneOffsetLabel(timeZone) })}
          </p>
          {error && (
            <p id="field-publish-at-error" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      {children}
    </fieldset>
  );
}
