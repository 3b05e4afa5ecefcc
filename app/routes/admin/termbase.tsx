import { BookMarked, Download, Pencil, Search, Trash, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { can } from '../../../domain/access/permissions.ts';
import type { ImportReport } from '../../../domain/terms/term-exchange.ts';
import type { Term } from '../../../domain/terms/term-schema.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, downloadFile, loadScreen } from '../../admin/api.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { Badge, buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/termbase';

/*
 * The termbase (API-4.md "The translation desk"): translators look a term up while they work
 * (any form, any language, Uzbek in either script); editors and administrators add, change and
 * delete terms and bring a TBX or CSV file in, seeing what it would change before it is written.
 */

export async function clientLoader() {
  return loadScreen(async () => (await api<Term[]>('/terms')).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

type Draft = { id?: string; version?: number; forms: Record<string, string>; note: string; doNotTranslate: boolean };
const EMPTY: Draft = { forms: {}, note: '', doNotTranslate: false };
type Pending = { file: string; format: 'tbx' | 'csv'; content: string; report: ImportReport };

/** The screen's state: the search, the term being written, the file waiting to be imported. */
function useTermbase(initial: Term[] | null) {
  const { t, problem } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const [q, setQ] = useState('');
  const [terms, setTerms] = useState<Term[] | null>(initial);
  const [total, setTotal] = useState(initial?.length ?? 0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const asked = useRef(0);

  async function search(text: string) {
    const round = ++asked.current;
    try {
      const found = (await api<Term[]>(`/terms${text.trim() ? `?q=${encodeURIComponent(text.trim())}` : ''}`)).data;
      if (round !== asked.current) return;
      setTerms(found);
      if (!text.trim()) setTotal(found.length);
    } catch (caught) {
      if (round === asked.current) setError(problem(caught, 'common.error'));
    }
  }
  // Looked up as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => void search(q), 200);
    return () => clearTimeout(timer);
  }, [q]);

  async function act(work: () => Promise<string | undefined>) {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const done = await work();
      if (done) setNotice(done);
      await search(q);
    } catch (caught) {
      setError(problem(caught, 'common.saveError'));
    } finally {
      setBusy(false);
    }
  }

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const entries = Object.fromEntries(
      Object.entries(draft.forms)
        .map(([lang, text]) => [lang, text.split('\n').map((form) => form.trim()).filter(Boolean)] as const)
        .filter(([, forms]) => forms.length),
    );
    if (!Object.keys(entries).length) return setError(t('termbase.needForm'));
    void act(async () => {
      const body = { entries, note: draft.note, doNotTranslate: draft.doNotTranslate, ...(draft.version ? { version: draft.version } : {}) };
      if (draft.id) await api(`/terms/${draft.id}`, { method: 'PUT', body });
      else await api('/terms', { body });
      setDraft(null);
      return t('termbase.saved');
    });
  };

  const remove = async (term: Term) => {
    const name = Object.values(term.entries)[0]?.[0] ?? '';
    if (!(await ask({ message: t('termbase.confirmDelete', { term: name }), confirm: t('common.delete'), danger: true }))) return;
    await act(async () => {
      await api(`/terms/${term._id}`, { method: 'DELETE' });
      return t('termbase.deleted');
    });
  };

  const download = (format: 'tbx' | 'csv') =>
    act(async () => {
      if (!(await downloadFile(`/terms/export?format=${format}`, `termbase.${format}`))) throw new Error(t('common.error'));
      return undefined;
    });

  /** A chosen file is first tried (a dry run): its report waits for "Import these changes". */
  const choose = (file: File | undefined) =>
    file &&
    act(async () => {
      const format = /\.(tbx|xml)$/i.test(file.name) ? 'tbx' : 'csv';
      const content = await file.text();
      if (fileRef.current) fileRef.current.value = '';
      const report = (await api<ImportReport>('/terms/import?dryRun=true', { body: { format, content } })).data;
      setPending({ file: file.name, format, content, report });
      return undefined;
    });

  const apply = () =>
    pending &&
    act(async () => {
      const report = (await api<ImportReport>('/terms/import', { body: { format: pending.format, content: pending.content } })).data;
      setPending(null);
      return t('termbase.imported', { added: report.added.length, changed: report.changed.length });
    });

  return { q, setQ, terms, total, draft, setDraft, pending, setPending, error, notice, busy, fileRef, confirmDialog, save, remove, download, choose, apply };
}

type Screen = ReturnType<typeof useTermbase>;

/** Adding a term or changing one: a box per site language, one form a line. */
function TermForm({ screen }: { screen: Screen }) {
  const { t, languages, languageName } = useAdmin();
  const { draft, setDraft, busy, save } = screen;
  if (!draft) return null;
  return (
    <Dialog title={draft.id ? t('termbase.editing') : t('termbase.add')} open onClose={() => setDraft(null)} wide>
      <form onSubmit={save} className="grid gap-4" id="term-form">
        <p className="text-sm text-slate-600">{t('termbase.formsHint')}</p>
        <div className="grid gap-4 md:grid-cols-3">
          {languages.map((language) => (
            <div key={language.code}>
              <label htmlFor={`term-${language.code}`} className="block text-sm font-medium text-slate-800">
                {language.code.toUpperCase()} · {languageName(language.code)}
              </label>
              <textarea id={`term-${language.code}`} rows={3} lang={language.code} value={draft.forms[language.code] ?? ''} onChange={(event) => setDraft({ ...draft, forms: { ...draft.forms, [language.code]: event.target.value } })} className={inputClass} />
            </div>
          ))}
        </div>
        <div>
          <label htmlFor="term-note" className="block text-sm font-medium text-slate-800">
            {t('termbase.note')}
          </label>
          <textarea id="term-note" rows={2} value={draft.note} onChange={(event) => setDraft({ ...draft, note: event.target.value })} className={inputClass} />
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={draft.doNotTranslate} onChange={(event) => setDraft({ ...draft, doNotTranslate: event.target.checked })} />
          <span>
            <span className="font-medium">{t('termbase.doNotTranslate')}</span>
            <span className="block text-slate-600">{t('termbase.doNotTranslateHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => setDraft(null)}>
            <X className="h-4 w-4" aria-hidden="true" />
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** What an imported file would change, before anything is written. */
function ImportPreview({ screen }: { screen: Screen }) {
  const { t } = useAdmin();
  const { pending, setPending, apply, busy } = screen;
  if (!pending) return null;
  const { report } = pending;
  const nothing = !report.added.length && !report.changed.length;
  const names = (list: string[]) => (list.length ? <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{list.slice(0, 50).join(' · ')}{list.length > 50 ? ' …' : ''}</p> : null);
  return (
    <section aria-labelledby="import-preview" data-testid="import-preview" className="my-4 rounded-xl border border-brand-200 bg-white p-5 shadow-sm">
      <h2 id="import-preview" className="text-lg font-semibold text-brand-900">
        {t('termbase.dryRunTitle', { file: pending.file })}
      </h2>
      {nothing ? (
        <p className="mt-2 text-slate-700">{t('termbase.dryRunNothing')}</p>
      ) : (
        <div className="mt-2 space-y-2">
          <div>
            <p className="font-medium text-slate-900">{t('termbase.dryRunAdded', { count: report.added.length })}</p>
            {names(report.added)}
          </div>
          <div>
            <p className="font-medium text-slate-900">{t('termbase.dryRunChanged', { count: report.changed.length })}</p>
            {names(report.changed)}
          </div>
          <p className="text-slate-700">{t('termbase.dryRunUnchanged', { count: report.unchanged })}</p>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {!nothing && (
          <button type="button" className={buttonClass.primary} onClick={() => void apply()} disabled={busy}>
            {t('termbase.apply')}
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={() => setPending(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}

function TermList({ screen, manage }: { screen: Screen; manage: boolean }) {
  const { t, languageName } = useAdmin();
  const { terms, q, busy, setDraft, remove } = screen;
  if (!terms) return <Loading />;
  if (!terms.length) return <EmptyList>{q.trim() ? t('termbase.noMatch', { q: q.trim() }) : t('termbase.empty')}</EmptyList>;
  const edit = (term: Term) => setDraft({ id: term._id, version: term.version, forms: Object.fromEntries(Object.entries(term.entries).map(([lang, forms]) => [lang, forms.join('\n')])), note: term.note, doNotTranslate: term.doNotTranslate });
  return (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label={t('termbase.title')} data-testid="term-list">
      {terms.map((term) => {
        const name = Object.values(term.entries)[0]?.[0] ?? '';
        return (
          <li key={term._id} className="flex flex-wrap items-start gap-3 p-4 text-sm" data-term={name}>
            <div className="min-w-0 flex-1">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {Object.entries(term.entries).map(([lang, forms]) => (
                <div key={lang} className="contents">
                  <dt className="font-semibold text-slate-600" title={languageName(lang)}>
                    {lang.toUpperCase()}
                  </dt>
                  <dd lang={lang} className="[overflow-wrap:anywhere]">
                    <span className="font-semibold text-slate-900">{forms[0]}</span>
                    <span className="sr-only"> ({t('termbase.preferred')})</span>
                    {forms.length > 1 && <span className="text-slate-600"> · {forms.slice(1).join(' · ')}</span>}
                  </dd>
                </div>
              ))}
            </dl>
            {(term.note || term.doNotTranslate) && (
              <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">
                {term.doNotTranslate && <Badge tone="amber">{t('termbase.doNotTranslate')}</Badge>} {term.note}
              </p>
            )}
            </div>
            {manage && (
              <div className="flex gap-2">
                <button type="button" className={buttonClass.icon} aria-label={`${t('common.edit')}: ${name}`} onClick={() => edit(term)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${name}`} onClick={() => void remove(term)} disabled={busy}>
                  <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function Termbase({ loaderData }: Route.ComponentProps) {
  const { t, user, problem } = useAdmin();
  const screen = useTermbase(loaderData.data);
  const manage = can(user, 'term.manage');
  const { q, setQ, total, error, notice, busy, fileRef, confirmDialog, setDraft, download, choose } = screen;
  const failed = loaderData.failed ? problem(loaderData.problem, 'common.error') : '';
  return (
    <div>
      {confirmDialog}
      <PageTitle
        actions={
          <>
            <button type="button" className={buttonClass.secondary} onClick={() => void download('tbx')} disabled={busy}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('termbase.exportTbx')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => void download('csv')} disabled={busy}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('termbase.exportCsv')}
            </button>
            {manage && (
              <>
                <label className={`${buttonClass.secondary} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}>
                  <Upload className="h-4 w-4" aria-hidden="true" />
                  {t('termbase.import')}
                  <input ref={fileRef} type="file" accept=".tbx,.xml,.csv,text/csv,application/xml" className="sr-only" onChange={(event) => void choose(event.target.files?.[0])} />
                </label>
                <button type="button" className={buttonClass.primary} onClick={() => setDraft(EMPTY)}>
                  <BookMarked className="h-4 w-4" aria-hidden="true" />
                  {t('termbase.add')}
                </button>
              </>
            )}
          </>
        }
      >
        {t('termbase.title')}
      </PageTitle>
      <p className="mb-1 text-slate-700">{t('termbase.intro')}</p>
      {manage && <p className="mb-4 text-sm text-slate-600">{t('termbase.importHint')}</p>}
      {notice && <SuccessNotice message={notice} />}
      {(error || failed) && <ErrorNotice message={error || failed} />}
      <ImportPreview screen={screen} />
      <div className="my-4 rounded-xl bg-white p-4 shadow-sm">
        <label htmlFor="term-search" className="block text-sm font-medium text-slate-800">
          {t('termbase.search')}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input id="term-search" type="search" value={q} onChange={(event) => setQ(event.target.value)} className={`${inputClass} pl-9`} aria-describedby="term-search-hint" autoComplete="off" />
        </div>
        <p id="term-search-hint" className="mt-1 text-xs text-slate-600">
          {t('termbase.searchHint')} {t('termbase.count', { count: total })}
        </p>
      </div>
      <TermList screen={screen} manage={manage} />
      <TermForm screen={screen} />
    </div>
  );
}
