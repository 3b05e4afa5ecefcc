import { Copy, ExternalLink, Eye } from 'lucide-react';
import { useState } from 'react';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { formatMoment } from './time-zone.ts';
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
  const { t, lang, timeZone } = useAdmin();
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
    } catch {
      setError(t('preview.error'));
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
