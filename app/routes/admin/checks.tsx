import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import type { Check } from '../../../domain/checks/document-checks.ts';
import { recordTypeNamed } from '../../../domain/registry.ts';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { checkMessage, SeverityLabel } from '../../admin/checks-panel.tsx';
import { fieldLabel } from '../../admin/field-labels.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { formatMoment } from '../../admin/time-zone.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle } from '../../admin/ui.tsx';
import { say } from '../../admin/words.ts';
import type { Route } from './+types/checks';

type Item = Check & { type: string; _id: string; title: string };
interface Links {
  checkedAt: string | null;
  checked: number;
  broken: number;
  running: boolean;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const severity = new URL(request.url).searchParams.get('severity');
  const query = severity === 'error' || severity === 'warning' ? `?severity=${severity}` : '';
  // The report, and the state of the outside-link check beside it.
  return loadScreen(async () => {
    const [items, links] = await Promise.all([api<Item[]>(`/checks${query}`), api<Links>('/checks/links')]);
    return { items: items.data, links: links.data };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** The site report: every problem of every published page, errors first, each a link to the field to fix. */
export default function Checks({ loaderData }: Route.ComponentProps) {
  const { t, lang, timeZone, user, defaultLanguage, languages, problem } = useAdmin();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [url] = useSearchParams();
  const [actionError, setActionError] = useState('');
  const report = loaderData.data;
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const running = Boolean(report?.links?.running);

  // While the outside links are being checked, the report is read again every few seconds.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  async function checkLinks() {
    setActionError('');
    try {
      await api('/checks/links', { method: 'POST' });
      await revalidator.revalidate();
    } catch (caught) {
      setActionError(problem(caught, 'common.error'));
    }
  }

  /** The record's form on the language and the field to fix. */
  function formOf(item: Item) {
    const query = `lang=${encodeURIComponent(item.lang)}&field=${encodeURIComponent(item.field)}`;
    return recordTypeNamed(item.type)?.admin.placement === 'page' ? `/admin/${item.type}/${item._id}/edit?${query}` : `/admin/${item.type}?edit=${item._id}&${query}`;
  }

  const items = report?.items ?? [];
  const errors = items.filter((item) => item.severity === 'error').length;
  const languageName = (code: string) => languages.find((language) => language.code === code)?.nativeName ?? code.toUpperCase();
  return (
    <div>
      <PageTitle>{t('checks.title')}</PageTitle>
      <p className="mb-4 max-w-3xl text-slate-700">
        {t('checks.reportIntro')} {t('checks.intro', { language: defaultLanguage.toUpperCase() })}
      </p>
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      <div className="mb-4 flex flex-wrap items-end gap-4 rounded-xl bg-white p-4 shadow-sm">
        <label className="text-sm font-medium text-slate-800">
          {t('checks.show')}
          <select className={inputClass} value={url.get('severity') ?? ''} onChange={(event) => void navigate({ search: event.target.value ? `?severity=${event.target.value}` : '' })}>
            <option value="">{t('checks.all')}</option>
            <option value="error">{t('checks.onlyErrors')}</option>
            <option value="warning">{t('checks.onlyWarnings')}</option>
          </select>
        </label>
        <div className="min-w-60 flex-1 text-sm text-slate-700" aria-live="polite">
          {running
            ? t('checks.linksRunning')
            : report?.links?.checkedAt
              ? t('checks.linksChecked', { time: formatMoment(report.links.checkedAt, lang, timeZone), broken: report.links.broken, checked: report.links.checked })
              : t('checks.linksNever')}
        </div>
        {abilities(user).administer && (
          <button type="button" className={buttonClass.secondary} disabled={running} onClick={checkLinks}>
            {t('checks.linksNow')}
          </button>
        )}
      </div>
      {report && items.length > 0 && <p className="mb-2 text-sm font-medium text-slate-800">{t('checks.count', { errors, warnings: items.length - errors })}</p>}
      {report && items.length === 0 && <EmptyList>{t('checks.siteClean')}</EmptyList>}
      {items.length > 0 && (
        <ul data-testid="site-checks" className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
          {items.map((item, index) => {
            const type = recordTypeNamed(item.type);
            const resource = resourceByKey(item.type);
            return (
              <li key={`${item.type}-${item._id}-${item.code}-${item.lang}-${item.field}-${index}`} data-check={item.code} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4 text-sm">
                <SeverityLabel severity={item.severity} />
                <div className="min-w-48 flex-1">
                  <p className="font-semibold text-slate-900">
                    {item.title || '—'} <span className="font-normal text-slate-600">· {type ? say(type.admin.one, lang) : item.type}</span>
                  </p>
                  <p className="text-slate-800 [overflow-wrap:anywhere]">
                    <span className="font-medium">
                      {fieldLabel(item.field, lang, resource?.labels)} ({item.lang.toUpperCase()} · {languageName(item.lang)}):
                    </span>{' '}
                    {checkMessage(item, t, defaultLanguage)}
                  </p>
                </div>
                <Link to={formOf(item)} className="font-semibold text-brand-700 underline" aria-label={`${t('checks.fix')}: ${item.title} — ${fieldLabel(item.field, lang, resource?.labels)} (${item.lang.toUpperCase()})`}>
                  {t('checks.fix')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
