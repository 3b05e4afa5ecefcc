import { useRevalidator } from 'react-router';
import { CONTACT_STATUSES } from '../../../domain/contacts/contact-schema.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { shown } from '../../admin/display.ts';
import { ErrorNotice, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/analytics';
import { formatDay } from '../../admin/time-zone.ts';

interface Figures {
  views: { news: number; blog: number; topNews: Array<{ _id: string; title: unknown; views: number }>; topBlog: Array<{ _id: string; title: unknown; views: number }> };
  contacts: { byStatus: Record<string, number>; byWeek: Array<{ week: string; count: number }> };
}

/** What the data already holds: article views and contact requests by status and by week. */
export async function clientLoader() {
  return loadScreen(async () => (await api<Figures>('/admin/analytics')).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { t, lang, defaultLanguage, timeZone } = useAdmin();
  const revalidator = useRevalidator();
  const figures = loaderData.data;
  const error = loaderData.failed ? loaderData.message || t('common.error') : '';
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
                  <span className="font-semibold">{row.value}</span>
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
  return (
    <div>
      <PageTitle>{t('analytics.title')}</PageTitle>
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {!figures && !error && <Loading />}
      {figures && (
        <div className="space-y-6">
          <ul className="grid gap-4 sm:grid-cols-2">
            <li className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-3xl font-bold text-brand-900">{figures.views.news}</p>
              <p className="text-slate-700">{t('analytics.newsViews')}</p>
            </li>
            <li className="rounded-xl bg-white p-5 shadow-sm">
              <p className="text-3xl font-bold text-brand-900">{figures.views.blog}</p>
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
