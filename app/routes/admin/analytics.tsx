import { Link, useRevalidator } from 'react-router';
import { CONTACT_STATUSES } from '../../../domain/contacts/contact-schema.ts';
import { formatNumber, useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { shown } from '../../admin/display.ts';
import { ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/analytics';
import { formatDay } from '../../admin/time-zone.ts';

interface Visits {
  total: number;
  byDay: Array<{ day: string; visits: number }>;
  byPage: Array<{ path: string; title: string | null; visits: number }>;
  byLanguage: Record<string, number>;
  byReferrer: Array<{ host: string; visits: number }>;
}

interface Figures {
  visits: Visits;
  views: { news: number; blog: number; topNews: Array<{ _id: string; title: unknown; views: number }>; topBlog: Array<{ _id: string; title: unknown; views: number }> };
  contacts: { byStatus: Record<string, number>; byWeek: Array<{ week: string; count: number }> };
}

const PERIODS = [7, 30, 90] as const;

/** The period of the visit figures from the address (?days=7|30|90), 30 otherwise. */
function periodOf(url: string): number {
  const days = Number(new URL(url).searchParams.get('days'));
  return PERIODS.find((period) => period === days) ?? 30;
}

/** Visits of the public pages over the chosen period, article views, and contact requests by status and by week. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const days = periodOf(request.url);
  return loadScreen(async () => ({ ...(await api<Figures>(`/admin/analytics?days=${days}`)).data, days }));
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { t, lang, defaultLanguage, timeZone, problem } = useAdmin();
  const revalidator = useRevalidator();
  const figures = loaderData.data;
  const error = loaderData.failed ? problem(loaderData.problem, 'common.error') : '';
  const bars = (rows: Array<{ label: string; value: number }>, title: string) => {
    const max = Math.max(1, ...rows.map((row) => row.value));
    return (
      <section className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
        {rows.length === 0 ? (
          <p className="mt-3 text-slate-600">{t('analytics.none')}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {rows.map((row) => (
              <li key={row.label}>
                <div className="flex justify-between gap-3 text-sm">
                  <span className="text-slate-800">{row.label}</span>
                  <span className="font-semibold">{formatNumber(row.value, lang)}</span>
                </div>
                <div className="mt-1 h-2 rounded bg-slate-100" aria-hidden="true">
                  <div className="h-2 rounded bg-brand-700" style={{ width: `${(row.value / max) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };
  const dayLabel = (day: string) => formatDay(`${day}T12:00:00Z`, lang, 'UTC');
  return (
    <div>
      <PageTitle>{t('analytics.title')}</PageTitle>
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {!figures && !error && <Loading />}
      {figures && (
        <div className="space-y-6">
          <section aria-labelledby="visits-title" className="rounded-xl bg-white p-6 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div>
                <h2 id="visits-title" className="text-lg font-semibold text-brand-900">
                  {t('analytics.visits')}
                </h2>
                <p className="mt-1 max-w-xl text-sm text-slate-600">{t('analytics.visitsHelp')}</p>
              </div>
              <nav aria-label={t('analytics.period')} className="flex flex-wrap gap-2">
                {PERIODS.map((days) => (
                  <Link
                    key={days}
                    to={`?days=${days}`}
                    aria-current={figures.days === days ? 'page' : undefined}
                    className={`rounded-md border px-3 py-2 text-sm font-medium ${figures.days === days ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50'}`}
                  >
                    {t('analytics.days', { count: days })}
                  </Link>
                ))}
              </nav>
            </div>
            <p className="mt-4 text-3xl font-bold text-brand-900">{t('analytics.total', { count: figures.visits.total })}</p>
            <VisitChart days={figures.visits.byDay} label={t('analytics.perDay')} dayLabel={dayLabel} dayHeading={t('analytics.day')} visitsHeading={t('analytics.visits')} />
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            {bars(figures.visits.byPage.map((row) => ({ label: row.title ? `${row.title} (${row.path})` : row.path, value: row.visits })), t('analytics.topPages'))}
            {bars(figures.visits.byReferrer.map((row) => ({ label: row.host === 'direct' ? t('analytics.direct') : row.host, value: row.visits })), t('analytics.referrers'))}
            {bars(Object.entries(figures.visits.byLanguage).map(([code, visits]) => ({ label: code.toUpperCase(), value: visits })), t('analytics.languages'))}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            <li className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-3xl font-bold text-brand-900">{formatNumber(figures.views.news, lang)}</p>
              <p className="text-slate-700">{t('analytics.newsViews')}</p>
            </li>
            <li className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-3xl font-bold text-brand-900">{formatNumber(figures.views.blog, lang)}</p>
              <p className="text-slate-700">{t('analytics.blogViews')}</p>
            </li>
          </ul>
          <div className="grid gap-6 lg:grid-cols-2">
            {bars(figures.views.topNews.map((item) => ({ label: shown(item.title, lang, defaultLanguage), value: item.views })), t('analytics.topNews'))}
            {bars(figures.views.topBlog.map((item) => ({ label: shown(item.title, lang, defaultLanguage), value: item.views })), t('analytics.topBlog'))}
            {bars(CONTACT_STATUSES.map((status) => ({ label: t(`contacts.status.${status}`), value: figures.contacts.byStatus[status] ?? 0 })), t('analytics.contactsByStatus'))}
            {bars(figures.contacts.byWeek.map((row) => ({ label: t('analytics.weekOf', { date: formatDay(row.week, lang, timeZone) }), value: row.count })), t('analytics.contactsByWeek'))}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Visits per day as a line over the period, drawn in SVG (no chart library); the same figures are
 * in a table for screen readers and for anyone who wants the numbers.
 */
function VisitChart({ days, label, dayLabel, dayHeading, visitsHeading }: { days: Visits['byDay']; label: string; dayLabel: (day: string) => string; dayHeading: string; visitsHeading: string }) {
  // Drawn in a 100 × 100 box stretched to the width there is (a phone's 300 px or a desk's 900):
  // the line keeps its thickness; the figures and days are text beside it, at their own size.
  const max = Math.max(4, ...days.map((entry) => entry.visits));
  const x = (index: number) => (days.length <= 1 ? 0 : (index * 100) / (days.length - 1));
  const y = (visits: number) => (1 - visits / max) * 100;
  const line = days.map((entry, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(2)} ${y(entry.visits).toFixed(2)}`).join(' ');
  const area = `${line} L${x(days.length - 1).toFixed(2)} 100 L0 100 Z`;
  const ticks = [max, Math.round(max / 2), 0];
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])];
  return (
    <figure className="mt-4" aria-label={label}>
      <div className="flex gap-2">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-slate-600" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="-my-2 leading-4">
              {tick}
            </span>
          ))}
        </div>
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="h-48 min-w-0 flex-1 overflow-visible" role="img" aria-label={label}>
          {ticks.map((tick) => (
            <line key={tick} x1="0" x2="100" y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
          ))}
          <path d={area} fill="#173f70" fillOpacity="0.08" />
          <path d={line} fill="none" stroke="#173f70" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-8 text-xs text-slate-600" aria-hidden="true">
        {labelled.map((index) => (
          <span key={index}>{dayLabel(days[index].day)}</span>
        ))}
      </div>
      <figcaption className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{dayHeading}</th>
              <th scope="col">{visitsHeading}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <td>{dayLabel(entry.day)}</td>
                <td>{entry.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
