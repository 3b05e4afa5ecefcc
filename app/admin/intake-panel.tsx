import { AlertTriangle, Copy, Download, FileText, Link as LinkIcon, Send } from 'lucide-react';
import { formatFileSize } from '../i18n/file-size.ts';
import { useEffect, useState } from 'react';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { conflictCount, conflictHit } from '../../domain/intake/conflict-words.ts';
import type { Conflict as ConflictFound } from '../../domain/intake/conflicts.ts';
import { useAdmin } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { api, downloadFile } from './api.ts';
import { formatMoment } from './time-zone.ts';
import { buttonClass, inputClass, Loading } from './ui.tsx';

/* What staff see of a request's intake (API-3.md "Intake"): a new matter's parties and possible
 * conflicts, the client's documents with their virus check, and the one-time upload link. */

type Conflict = ConflictFound;
/** The hits that put the firm on both sides: marked in words and in red. */
const SERIOUS = new Set<Conflict['hit']>(['against_our_client', 'our_clients_opponent']);
interface IntakeFile {
  _id: string;
  name: string;
  size: number;
  type: string;
  scan: 'clean' | 'not_scanned';
  createdAt: string;
}
type Full = StoredRecord & { files: IntakeFile[]; conflicts?: Conflict[] };

/** Whether e-mail is connected, asked once per page load (it changes only with the server's configuration). */
let mailConnected: Promise<boolean> | undefined;
const canMail = () =>
  (mailConnected ??= api<{ byEmail: boolean }>('/auth/password-reset').then(
    (found) => found.data.byEmail,
    () => {
      mailConnected = undefined;
      return false;
    },
  ));

export function IntakePanel({ request }: { request: StoredRecord }) {
  const { t, lang, timeZone } = useAdmin();
  const [full, setFull] = useState<Full | null>(null);
  // What failed, said in the admin's language at each render (a language loading late changes no request).
  const [failed, setFailed] = useState<AdminTextKey | ''>('');
  const [days, setDays] = useState(7);
  const [link, setLink] = useState<{ url: string; expiresAt: string; sentTo?: string } | null>(null);
  const [working, setWorking] = useState(false);
  const [copied, setCopied] = useState(false);
  // The link can be e-mailed only where mail is connected (else staff copy it).
  const [mail, setMail] = useState(false);
  useEffect(() => {
    void canMail().then(setMail);
  }, []);

  useEffect(() => {
    setFull(null);
    setLink(null);
    api<Full>(`/contact/${request._id}`).then(
      (found) => setFull(found.data),
      () => setFailed('intake.loadFailed'),
    );
  }, [request._id]);

  async function makeLink(send: boolean) {
    setWorking(true);
    setFailed('');
    setCopied(false);
    try {
      const made = await api<{ url: string; expiresAt: string; sentTo?: string }>(`/contact/${request._id}/upload-link`, { body: { expiresInDays: days, send } });
      setLink(made.data);
    } catch {
      setFailed('intake.link.failed');
    } finally {
      setWorking(false);
    }
  }

  async function download(file: IntakeFile) {
    setFailed('');
    try {
      if (!(await downloadFile(`/contact/${request._id}/files/${file._id}`, file.name))) throw new Error('download');
    } catch {
      setFailed('intake.files.downloadFailed');
    }
  }

  const matter = request.kind === 'matter';
  const counterparties = Array.isArray(full?.counterparties) ? full.counterparties.map(String) : [];
  return (
    <div className="space-y-4" data-testid="intake-panel">
      {failed && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t(failed)}
        </p>
      )}
      {matter && full && (
        <>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <dt className="font-semibold text-slate-700">{t('contacts.company')}</dt>
            <dd className="col-span-2">{String(full.company ?? '')}</dd>
            <dt className="font-semibold text-slate-700">{t('contacts.tin')}</dt>
            <dd className="col-span-2">{String(full.tin || '—')}</dd>
            <dt className="font-semibold text-slate-700">{t('contacts.counterparties')}</dt>
            <dd className="col-span-2">{counterparties.length ? counterparties.join('; ') : '—'}</dd>
          </dl>
          <section aria-labelledby="conflicts-title" className="rounded-md border border-amber-300 bg-amber-50 p-3">
            {/* The count is the title ("3 possible conflicts"): the list below says each. */}
            <h3 id="conflicts-title" className="font-semibold text-slate-900">
              {conflictCount(full.conflicts?.length ?? 0, lang)}
            </h3>
            <p className="mt-1 text-xs text-slate-700">{t('intake.conflicts.intro')}</p>
            {full.conflicts?.length ? (
              <ol className="mt-2 space-y-2 text-sm" data-testid="conflicts">
                {full.conflicts.map((conflict, index) => {
                  const serious = SERIOUS.has(conflict.hit);
                  return (
                    <li key={`${conflict._id}-${index}`} className={`rounded border-l-4 bg-white p-2 ${serious ? 'border-red-700' : 'border-amber-500'}`}>
                      <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold ${serious ? 'text-red-800' : 'text-amber-900'}`}>
                        {serious && (
                          <span data-testid="conflict-serious" className="inline-flex items-center gap-1 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
                            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
                            {t('intake.conflicts.serious')}
                          </span>
                        )}
                        <span data-testid="conflict-hit">{conflictHit(conflict.hit, lang)}</span>
                      </p>
                      <p className="mt-1 break-words text-slate-900">
                        <span className="font-semibold">
                          {t(`intake.ours.${conflict.ours}`)} «{conflict.matched}»
                        </span>{' '}
                        {conflict.theirs === 'client' || conflict.theirs === 'opposing' ? t(`intake.theirs.${conflict.theirs}`, { title: conflict.context }) : t(`intake.theirs.${conflict.theirs}`, { date: conflict.context })}: «{conflict.name}»
                      </p>
                      <p className="text-xs text-slate-700">{t(`intake.reason.${conflict.reason}`)}</p>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-slate-800">{t('intake.conflicts.none')}</p>
            )}
          </section>
        </>
      )}
      <section aria-labelledby="files-title">
        <h3 id="files-title" className="text-sm font-semibold text-slate-700">
          {/* An applicant's CV is theirs alone: never said to be a client's document. */}
          {t(request.kind === 'application' ? 'intake.files.cv' : 'intake.files.title')}
        </h3>
        {!full ? (
          !failed && <Loading />
        ) : full.files.length ? (
          <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="intake-files">
            {full.files.map((file) => (
              <li key={file._id} className="flex flex-wrap items-center justify-between gap-2 p-2">
                <span className="flex min-w-0 items-center gap-2">
                  <FileText className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
                  <span className="min-w-0">
                    {/* A long file name breaks anywhere; what is said of it breaks between words. */}
                    <span className="break-all">{file.name}</span>
                    <span className="block text-xs text-slate-600">
                      {formatFileSize(file.size, lang)} · {formatMoment(file.createdAt, lang, timeZone)} ·{' '}
                      <span className={file.scan === 'clean' ? 'text-green-800' : 'text-amber-800'}>{t(`intake.scan.${file.scan}`)}</span>
                    </span>
                  </span>
                </span>
                <button type="button" className={buttonClass.secondary} onClick={() => download(file)} aria-label={`${t('intake.files.download')}: ${file.name}`}>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {t('intake.files.download')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t('intake.files.none')}</p>
        )}
      </section>
      {request.kind !== 'application' && (
        <section aria-labelledby="link-title" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <h3 id="link-title" className="font-semibold text-slate-900">
            {t('intake.link.title')}
          </h3>
          <p className="mt-1 text-slate-700">{t('intake.link.intro')}</p>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="link-days" className="block text-xs font-medium text-slate-800">
                {t('intake.link.days')}
              </label>
              <input id="link-days" type="number" min={1} max={30} value={days} onChange={(event) => setDays(Math.min(30, Math.max(1, Number(event.target.value) || 1)))} className={`${inputClass} mt-0 w-24`} />
            </div>
            <button type="button" className={buttonClass.secondary} disabled={working} onClick={() => makeLink(false)}>
              <LinkIcon className="h-4 w-4" aria-hidden="true" />
              {t('intake.link.create')}
            </button>
            {mail && request.email ? (
              <button type="button" className={buttonClass.primary} disabled={working} onClick={() => makeLink(true)}>
                <Send className="h-4 w-4" aria-hidden="true" />
                {t('intake.link.send')}
              </button>
            ) : null}
          </div>
          {link && (
            <div className="mt-3 space-y-2" data-testid="upload-link">
              <p role="status">
                {link.sentTo ? `${t('intake.link.sent', { email: link.sentTo })} ` : ''}
                {t('intake.link.ready', { date: formatMoment(link.expiresAt, lang, timeZone) })}
              </p>
              <div className="flex flex-wrap gap-2">
                <input readOnly value={link.url} aria-label={t('intake.link.title')} className={`${inputClass} mt-0 min-w-0 flex-1 font-mono text-xs`} onFocus={(event) => event.target.select()} />
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => {
                    void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
                  }}
                >
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  {copied ? t('intake.link.copied') : t('intake.link.copy')}
                </button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
