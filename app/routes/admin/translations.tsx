import { useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { uzbekScript } from '../../../domain/languages/uzbek-script.ts';
import { recordTypeNamed, RECORD_TYPES } from '../../../domain/registry.ts';
import { say } from '../../admin/words.ts';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { fieldLabel } from '../../admin/field-labels.ts';
import { cyrillicInterfaceTexts } from '../../admin/interface-texts.tsx';
import { fillLanguage } from '../../../domain/shared/copy-language.ts';
import { withoutMeta } from '../../../domain/shared/validation.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle, Pager, SuccessNotice } from '../../admin/ui.tsx';
import type { Route } from './+types/translations';

type State = 'complete' | 'missing' | 'outdated';
interface Status {
  languages: string[];
  records: Array<{ type: string; _id: string; title: string; states: Record<string, State>; fields: Record<string, string[]>; machine?: Record<string, string[]> }>;
  totals: Record<string, Record<State, number>>;
}

const STATES: State[] = ['missing', 'outdated', 'complete'];
const FILTERS = ['type', 'lang', 'state'] as const;
/** Records per page of the screen; the counts above are of all of them. */
const PAGE_SIZE = 100;

/** Every record × every active language (GET /api/translations/status), filtered by the address (?type=&lang=&state=&page=). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams(FILTERS.flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : [])));
  query.set('limit', String(PAGE_SIZE));
  query.set('page', /^\d{1,6}$/.test(url.searchParams.get('page') ?? '') ? url.searchParams.get('page')! : '1');
  return loadScreen(async () => {
    const [answer, config] = await Promise.all([api<Status>(`/translations/status?${query}`), api<Record<string, unknown>>('/site-config')]);
    return { ...answer.data, config: config.data, page: answer.pagination?.page ?? 1, pages: answer.pagination?.pages ?? 1 };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

const CHIP: Record<State, string> = {
  complete: 'bg-green-100 text-green-900',
  missing: 'bg-red-100 text-red-900',
  outdated: 'bg-amber-100 text-amber-900',
};

export default function Translations({ loaderData }: Route.ComponentProps) {
  const { t, lang, languages: siteLanguages, user, problem, languageName, reloadLanguages } = useAdmin();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const status = loaderData.data;
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const [url] = useSearchParams();
  const chosen = (name: (typeof FILTERS)[number]) => url.get(name) ?? '';
  const label: Record<State, string> = { complete: t('translations.complete'), missing: t('translations.missing'), outdated: t('translations.outdated') };

  function filter(name: (typeof FILTERS)[number] | 'page', value: string) {
    const next = new URLSearchParams(url);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    void navigate({ search: next.size ? `?${next}` : '' });
  }

  /** The record's form, opened on that language. */
  function formOf(type: string, id: string, code: string) {
    const declared = recordTypeNamed(type);
    return declared?.admin.placement === 'page' ? `/admin/${type}/${id}/edit?lang=${encodeURIComponent(code)}` : `/admin/${type}?edit=${id}&lang=${encodeURIComponent(code)}`;
  }

  // Uzbek in both scripts: the empty texts of one can be made from the other in one go (drafts to check).
  const cyrillic = status?.languages.find((code) => uzbekScript(code) === 'cyrillic');
  const latin = siteLanguages.find((language) => uzbekScript(language.code) === 'latin')?.code;
  // Counted over every record, not only this page; read whole when asked to fill them.
  const waiting = cyrillic ? (status?.totals[cyrillic]?.missing ?? 0) : 0;
  const can = abilities(user);
  // The site's own texts (its configuration and interface texts) are filled too, by an administrator.
  const cyrillicLanguage = siteLanguages.find((language) => language.code === cyrillic);
  const latinTexts = siteLanguages.find((language) => language.code === latin)?.translations;
  const missingInterfaceTexts = () => {
    const written = cyrillicLanguage?.translations ?? {};
    return Object.fromEntries(Object.entries(cyrillicInterfaceTexts(latinTexts)).filter(([key]) => !written[key]?.trim()));
  };
  const siteTextsWaiting =
    can.administer && cyrillic && latin && status
      ? Object.keys(missingInterfaceTexts()).length > 0 || JSON.stringify(fillLanguage(withoutMeta(status.config), latin, cyrillic)) !== JSON.stringify(withoutMeta(status.config))
      : false;

  async function transliterateAll() {
    if (!cyrillic || !latin) return;
    setNotice('');
    setActionError('');
    let done = 0;
    try {
      const type = url.get('type');
      const missing = (await api<Status>(`/translations/status?lang=${encodeURIComponent(cyrillic)}&state=missing${type ? `&type=${encodeURIComponent(type)}` : ''}`)).data.records;
      setProgress({ done: 0, total: missing.length });
      for (const record of missing) {
        await api(`/${record.type}/${record._id}/copy-language`, { method: 'POST', body: { from: latin, to: cyrillic, transliterate: true } });
        done += 1;
        setProgress({ done, total: missing.length });
      }
      if (can.administer) {
        // The frame of every page: navigation, footer, hours, section titles, the firm's name.
        await api('/site-config/copy-language', { method: 'POST', body: { from: latin, to: cyrillic, transliterate: true } });
        const interfaceTexts = missingInterfaceTexts();
        if (cyrillicLanguage && Object.keys(interfaceTexts).length) {
          const { _id, code: _fixed, translations, ...rest } = cyrillicLanguage;
          await api(`/languages/${_id}`, { method: 'PUT', body: { ...rest, translations: { ...translations, ...interfaceTexts } } });
          await reloadLanguages();
        }
      }
      setNotice(t('translations.filled', { count: done, to: cyrillic.toUpperCase(), from: latin.toUpperCase() }));
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    } finally {
      setProgress(null);
      await revalidator.revalidate();
    }
  }

  return (
    <div>
      <PageTitle>{t('translations.title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-slate-700">{t('translations.intro')}</p>
      <div className="mb-4 flex flex-wrap gap-4 rounded-xl bg-white p-4 shadow-sm">
        <label className="text-sm font-medium text-slate-800">
          {t('translations.type')}
          <select className={inputClass} value={chosen('type')} onChange={(event) => filter('type', event.target.value)}>
            <option value="">{t('translations.allTypes')}</option>
            {RECORD_TYPES.filter((type) => type.localizedFields.length).map((type) => (
              <option key={type.name} value={type.name}>
                {say(type.admin.title, lang)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('translations.language')}
          <select className={inputClass} value={chosen('lang')} onChange={(event) => filter('lang', event.target.value)}>
            <option value="">{t('translations.allLanguages')}</option>
            {siteLanguages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.code.toUpperCase()} · {languageName(language.code)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('translations.state')}
          <select className={inputClass} value={chosen('state')} onChange={(event) => filter('state', event.target.value)}>
            <option value="">{t('translations.allStates')}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {label[state]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {status && (
        <>
          <ul className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {status.languages.map((code) => (
              <li key={code} className="rounded-xl bg-white p-4 text-sm shadow-sm">
                <p className="font-semibold text-brand-900">
                  {code.toUpperCase()} · {languageName(code)}
                </p>
                <p className="mt-1 text-slate-700">{t('translations.counts', status.totals[code])}</p>
              </li>
            ))}
          </ul>
          {cyrillic && latin && (waiting > 0 || siteTextsWaiting) && can.editLanguage(cyrillic) && (
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <button type="button" className={buttonClass.secondary} disabled={progress !== null} onClick={() => void transliterateAll()}>
                {t('translations.fill', { to: cyrillic.toUpperCase(), from: latin.toUpperCase() })} ({waiting})
              </button>
              {progress && (
                <p role="status" className="text-sm text-slate-700">
                  {t('translations.filling', progress)}
                </p>
              )}
            </div>
          )}
          {status.records.length === 0 ? (
            <EmptyList>{t('translations.empty')}</EmptyList>
          ) : (
            <div className="overflow-x-auto rounded-xl bg-white shadow-sm" tabIndex={0} role="region" aria-label={t('translations.title')}>
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-600">
                    <th scope="col" className="p-3 font-semibold">
                      {t('translations.record')}
                    </th>
                    {status.languages.map((code) => (
                      <th key={code} scope="col" className="p-3 font-semibold">
                        {code.toUpperCase()}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {status.records.map((record) => {
                    const type = recordTypeNamed(record.type);
                    return (
                      <tr key={`${record.type}-${record._id}`} className="border-b border-slate-100">
                        <th scope="row" className="p-3 text-left font-normal">
                          <span className="block font-semibold text-slate-900">{record.title || '—'}</span>
                          <span className="text-slate-600">{type ? say(type.admin.title, lang) : record.type}</span>
                        </th>
                        {status.languages.map((code) => {
                          const state = record.states[code];
                          return (
                            <td key={code} className="p-3">
                              <Link
                                to={formOf(record.type, record._id, code)}
                                className={`inline-block whitespace-nowrap rounded px-2 py-1 text-xs font-semibold hover:underline ${CHIP[state]}`}
                                aria-label={`${t('translations.open', { title: record.title, language: code.toUpperCase() })}: ${label[state]}`}
                                title={record.fields[code]?.map((field) => fieldLabel(field, lang, resourceByKey(record.type)?.labels)).join(', ')}
                              >
                                {label[state]}
                              </Link>
                              <MachineNote fields={record.machine?.[code]} type={record.type} />
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={status.page} pages={status.pages} onPage={(page) => filter('page', String(page))} />
        </>
      )}
    </div>
  );
}

/** Under a language's state: its texts machine translation wrote that nobody confirmed yet (their fields on hover). */
function MachineNote({ fields, type }: { fields: string[] | undefined; type: string }) {
  const { t, lang } = useAdmin();
  if (!fields?.length) return null;
  return (
    <span className="mt-1 block text-xs font-semibold text-amber-900" title={fields.map((field) => fieldLabel(field, lang, resourceByKey(type)?.labels)).join(', ')}>
      {t('mt.marked')}
    </span>
  );
}
