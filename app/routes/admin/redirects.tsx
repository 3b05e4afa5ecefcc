import { Download, Pencil, Signpost, Trash, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { NotFoundEntry } from '../../../domain/redirects/not-found-log.ts';
import type { Redirect } from '../../../domain/redirects/redirect-service.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, ApiError, downloadFile, loadScreen } from '../../admin/api.ts';
import { localizeIssue } from '../../admin/field-labels.ts';
import { formatMoment } from '../../admin/time-zone.ts';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/redirects';
import { dayIn } from '../../../domain/shared/days.ts';
import { EmptyList } from '../../admin/list-table.tsx';

export async function clientLoader() {
  return loadScreen(async () => {
    const [redirects, notFound] = await Promise.all([api<Redirect[]>('/redirects'), api<NotFoundEntry[]>('/redirects/not-found')]);
    return { redirects: redirects.data, notFound: notFound.data };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

type Draft = { id?: string; version?: number; from: string; to: string; status: 301 | 302 };
const EMPTY: Draft = { from: '', to: '', status: 301 };

/** The screen's state and actions: the redirect being written, saved, deleted; the log's addresses; the CSV. */
function useRedirects() {
  const { t, lang, timeZone, problem } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [actionError, setActionError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const labels = { from: t('redirects.from'), to: t('redirects.to'), status: t('redirects.status') };

  const started = () => {
    setBusy(true);
    setActionError('');
    setNotice('');
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    started();
    setFieldErrors({});
    try {
      const body = { from: draft.from, to: draft.to, status: draft.status, ...(draft.version ? { version: draft.version } : {}) };
      if (draft.id) await api(`/redirects/${draft.id}`, { method: 'PUT', body });
      else await api('/redirects', { body });
      setDraft(EMPTY);
      await revalidator.revalidate();
      setNotice(t('redirects.saved'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.details.length) {
        setFieldErrors(Object.fromEntries(caught.details.map((detail) => [detail.path, localizeIssue(detail, Object.entries(labels).find(([name]) => name === detail.path)?.[1] ?? detail.path, lang, t)])));
        requestAnimationFrame(() => document.querySelector<HTMLElement>('#redirect-form [aria-invalid="true"]')?.focus());
      } else {
        setActionError(problem(caught, 'common.saveError'));
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove(redirect: Redirect) {
    if (!(await ask({ message: t('redirects.confirmDelete', { from: redirect.from }), confirm: t('common.delete'), danger: true }))) return;
    started();
    try {
      await api(`/redirects/${redirect._id}`, { method: 'DELETE' });
      if (draft.id === redirect._id) setDraft(EMPTY);
      await revalidator.revalidate();
      setNotice(t('redirects.deleted'));
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function dismiss(path: string) {
    started();
    try {
      await api('/redirects/not-found', { method: 'DELETE', body: { path } });
      await revalidator.revalidate();
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv() {
    started();
    try {
      if (!(await downloadFile('/redirects/export', `redirects-${dayIn(Date.now(), timeZone)}.csv`))) throw new Error(t('common.error'));
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function importCsv(file: File | undefined) {
    if (!file) return;
    started();
    try {
      const result = await api<{ created: number; updated: number }>('/redirects/import', { body: { csv: await file.text() } });
      await revalidator.revalidate();
      setNotice(t('redirects.imported', result.data));
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const edit = (redirect: Redirect) => {
    setDraft({ id: redirect._id, version: redirect.version, from: redirect.from, to: redirect.to, status: redirect.status });
    setFieldErrors({});
    requestAnimationFrame(() => fromRef.current?.focus());
  };
  const redirectThis = (path: string) => {
    setDraft({ ...EMPTY, from: path });
    setFieldErrors({});
    requestAnimationFrame(() => {
      toRef.current?.scrollIntoView({ block: 'center' });
      toRef.current?.focus();
    });
  };
  return { draft, setDraft, fieldErrors, actionError, notice, busy, fromRef, toRef, fileRef, revalidator, confirmDialog, save, remove, dismiss, exportCsv, importCsv, edit, redirectThis };
}

type RedirectsScreen = ReturnType<typeof useRedirects>;

/** Adding a redirect, or changing the one chosen from the list. */
function RedirectForm({ screen }: { screen: RedirectsScreen }) {
  const { t } = useAdmin();
  const { draft, setDraft, fieldErrors, busy, fromRef, toRef, save } = screen;
  const invalid = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `redirect-${name}-error` } : {});
  const fieldProblem = (name: string) =>
    fieldErrors[name] ? (
      <p id={`redirect-${name}-error`} className="mt-1 text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <form id="redirect-form" onSubmit={save} noValidate className="my-6 grid gap-4 rounded-xl bg-white p-5 shadow-sm md:grid-cols-[1fr_1fr_auto]">
      <h2 className="text-lg font-semibold text-brand-900 md:col-span-3">{draft.id ? t('common.edit') : t('redirects.add')}</h2>
      <div>
        <label htmlFor="redirect-from" className="block text-sm font-medium text-slate-800">
          {t('redirects.from')}
        </label>
        <input ref={fromRef} id="redirect-from" value={draft.from} placeholder="/news/old-title" onChange={(event) => setDraft({ ...draft, from: event.target.value })} className={inputClass} {...invalid('from')} />
        <p className="mt-1 text-xs text-slate-600">{t('redirects.fromHint')}</p>
        {fieldProblem('from')}
      </div>
      <div>
        <label htmlFor="redirect-to" className="block text-sm font-medium text-slate-800">
          {t('redirects.to')}
        </label>
        <input ref={toRef} id="redirect-to" value={draft.to} placeholder="/news/new-title" onChange={(event) => setDraft({ ...draft, to: event.target.value })} className={inputClass} {...invalid('to')} />
        <p className="mt-1 text-xs text-slate-600">{t('redirects.toHint')}</p>
        {fieldProblem('to')}
      </div>
      <div>
        <label htmlFor="redirect-status" className="block text-sm font-medium text-slate-800">
          {t('redirects.status')}
        </label>
        <select id="redirect-status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value === '302' ? 302 : 301 })} className={inputClass}>
          <option value="301">{t('redirects.permanent')}</option>
          <option value="302">{t('redirects.temporary')}</option>
        </select>
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-3">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        {(draft.id || draft.from || draft.to) && (
          <button type="button" className={buttonClass.secondary} onClick={() => setDraft(EMPTY)}>
            <X className="h-4 w-4" aria-hidden="true" />
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function RedirectList({ redirects, screen }: { redirects: Redirect[]; screen: RedirectsScreen }) {
  const { t } = useAdmin();
  const { busy, edit, remove } = screen;
  return redirects.length === 0 ? (
    <EmptyList>{t('redirects.empty')}</EmptyList>
  ) : (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label={t('redirects.title')} data-testid="redirect-list">
      {redirects.map((redirect) => (
        <li key={redirect._id} className="flex flex-wrap items-center gap-3 p-4 text-sm">
          <div className="min-w-0 flex-1">
            <p className="break-all font-mono text-slate-900">{redirect.from}</p>
            <p className="break-all font-mono text-slate-700">
              <span aria-hidden="true">→ </span>
              <span className="sr-only">{t('redirects.to')}: </span>
              {redirect.to}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {t(redirect.status === 302 ? 'redirects.temporary' : 'redirects.permanent')}
              {redirect.automatic && ` · ${t('redirects.automatic')}`}
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" className={buttonClass.icon} aria-label={`${t('common.edit')}: ${redirect.from}`} onClick={() => edit(redirect)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
            <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${redirect.from}`} onClick={() => remove(redirect)} disabled={busy}>
              <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Addresses visitors found missing, each with "redirect this" and "dismiss". */
function NotFoundLog({ entries, screen }: { entries: NotFoundEntry[]; screen: RedirectsScreen }) {
  const { t, lang, timeZone } = useAdmin();
  const { busy, redirectThis, dismiss } = screen;
  return (
    <section aria-labelledby="not-found-heading" className="mt-10">
      <h2 id="not-found-heading" className="text-xl font-bold text-brand-900">
        {t('redirects.notFound')}
      </h2>
      <p className="mb-4 mt-1 text-slate-700">{t('redirects.notFoundIntro')}</p>
      {entries.length === 0 ? (
        <EmptyList>{t('redirects.notFoundEmpty')}</EmptyList>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-labelledby="not-found-heading" data-testid="not-found-list">
          {entries.map((entry) => (
            <li key={entry.path} className="flex flex-wrap items-center gap-3 p-4 text-sm">
              <div className="min-w-0 flex-1">
                <p className="break-all font-mono text-slate-900">{entry.path}</p>
                <p className="text-slate-600">
                  {t('redirects.hits')}: {entry.hits} · {t('redirects.lastSeen')}: <time dateTime={entry.lastSeenAt}>{formatMoment(entry.lastSeenAt, lang, timeZone)}</time>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.secondary} onClick={() => redirectThis(entry.path)} aria-label={`${t('redirects.redirectThis')}: ${entry.path}`}>
                  <Signpost className="h-4 w-4" aria-hidden="true" />
                  {t('redirects.redirectThis')}
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => dismiss(entry.path)} disabled={busy} aria-label={`${t('redirects.dismiss')}: ${entry.path}`}>
                  {t('redirects.dismiss')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Redirects from old addresses (added here, or by the site when a page's address changed) and the
 * addresses visitors found missing, with "redirect this" to send them somewhere useful.
 */
export default function Redirects({ loaderData }: Route.ComponentProps) {
  const { t, problem } = useAdmin();
  const screen = useRedirects();
  const { actionError, notice, busy, fileRef, revalidator, confirmDialog, exportCsv, importCsv } = screen;
  const data = loaderData.data;
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');

  return (
    <div>
      {confirmDialog}
      <PageTitle
        actions={
          <>
            <button type="button" className={buttonClass.secondary} onClick={exportCsv} disabled={busy}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('redirects.export')}
            </button>
            <label className={`${buttonClass.secondary} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {t('redirects.import')}
              <input ref={fileRef} type="file" accept=".csv,text/csv" className="sr-only" onChange={(event) => importCsv(event.target.files?.[0])} />
            </label>
          </>
        }
      >
        {t('redirects.title')}
      </PageTitle>
      <p className="mb-1 text-slate-700">{t('redirects.intro')}</p>
      <p className="mb-4 text-sm text-slate-600">{t('redirects.importHint')}</p>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {!data && !error && <Loading />}

      <RedirectForm screen={screen} />

      {data && (
        <>
          <RedirectList redirects={data.redirects} screen={screen} />
          <NotFoundLog entries={data.notFound} screen={screen} />
        </>
      )}
    </div>
  );
}
