import { BookOpen, ExternalLink, Handshake, Newspaper, Plus, Users } from 'lucide-react';
import { Link, useRevalidator } from 'react-router';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import type { AdminTextKey } from '../../admin/admin-texts.ts';
import { api, ApiError, loadScreen } from '../../admin/api.ts';
import { shown } from '../../admin/display.ts';
import { formatDay, formatMoment } from '../../admin/time-zone.ts';
import { buttonClass, ErrorNotice, Loading, PageTitle, PhoneLink } from '../../admin/ui.tsx';
import type { Route } from './+types/dashboard';
import { KindBadge } from '../../admin/contact-kind.tsx';
import { ServerWords, type Release } from '../../admin/releases.tsx';

interface Activity {
  _id: string;
  createdAt: string;
  userEmail: string;
  action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'download' | 'refuse' | 'sign-in';
  entity: string;
  summary: string;
}

interface DashboardData {
  counts: Record<'team' | 'news' | 'blog' | 'partners', number>;
  news: StoredRecord[];
  blog: StoredRecord[];
  activity: Activity[] | null;
  upcoming: Upcoming[];
  waiting: Waiting[];
  /** Decisions on this person's work, outside reviewers' opinions with them (GET /api/reviews/news). */
  decisions: Decision[];
  /** New contact requests (editors and administrators; null for a translator). */
  requests: StoredRecord[] | null;
  newRequests: number;
  /** Scheduled releases that could not go out (GET /api/releases?state=failed). */
  failedReleases: Release[];
}

/** A record waiting for this person's review (GET /api/reviews/mine), overdue first. */
interface Waiting {
  type: string;
  _id: string;
  title: string;
  dueAt: string | null;
  overdue: boolean;
}

interface Decision {
  type: string;
  _id: string;
  title: string;
  action: 'approve' | 'request_changes';
  by: { name: string; email: string; outside: boolean };
  at: string;
  comment?: string;
}

interface Upcoming {
  type: string;
  _id: string;
  title: unknown;
  kind: 'publish' | 'unpublish';
  at: string;
  day?: string;
}

async function loadDashboard(): Promise<DashboardData> {
  const [team, news, blog, partners, activity, schedule, waiting, decisions, failedReleases] = await Promise.all([
    // Counted, and the newest titles: what the dashboard shows of them, not their texts (decision 019).
    api<StoredRecord[]>('/team?admin=true&fields=_id'),
    api<StoredRecord[]>('/news?admin=true&view=list&page=1&limit=3'),
    api<StoredRecord[]>('/blog?admin=true&view=list&page=1&limit=3'),
    api<StoredRecord[]>('/partners?admin=true&fields=_id'),
    // Only editors and administrators read the activity log (it names the firm's work): a translator's dashboard has none.
    api<Activity[]>('/admin/activity?limit=8').catch((error: unknown) => (error instanceof ApiError && error.status === 403 ? { data: null } : Promise.reject(error))),
    api<{ upcoming: Upcoming[] }>('/admin/schedule'),
    api<Waiting[]>('/reviews/mine'),
    api<Decision[]>('/reviews/news'),
    api<Release[]>('/releases?state=failed'),
  ]);
  // The newest requests nobody acted on yet (new, or a new matter awaiting its conflict check): what the office answers first (translators do not read them).
  const requests = await api<StoredRecord[]>('/contact?status=waiting&page=1&limit=5').catch((error: unknown) => (error instanceof ApiError && error.status === 403 ? null : Promise.reject(error)));
  return {
    counts: { team: team.data.length, news: news.pagination?.total ?? 0, blog: blog.pagination?.total ?? 0, partners: partners.data.length },
    news: news.data.slice(0, 3),
    blog: blog.data.slice(0, 3),
    activity: activity.data,
    upcoming: schedule.data.upcoming,
    waiting: waiting.data,
    decisions: decisions.data,
    requests: requests?.data ?? null,
    newRequests: requests?.pagination?.total ?? requests?.data.length ?? 0,
    failedReleases: failedReleases.data,
  };
}

const QUICK_ACTIONS: Array<[to: string, label: AdminTextKey]> = [
  ['/admin/team/new', 'dashboard.addTeam'],
  ['/admin/news/new', 'dashboard.addNews'],
  ['/admin/blog/new', 'dashboard.addBlog'],
  ['/admin/partners/new', 'dashboard.addPartner'],
];

export async function clientLoader() {
  return loadScreen(loadDashboard);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** One of the lists that asks for attention (new requests, reviews waiting, decisions): a bordered section. */
function AttentionList({ id, border, heading, testId, children, footer }: { id: string; border: string; heading: string; testId: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <section className={`rounded-xl border ${border} bg-white p-6 shadow-sm`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
        {heading}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100" data-testid={testId}>
        {children}
      </ul>
      {footer}
    </section>
  );
}

/** Scheduled releases that did not go out: why, and a link to each (it changed nothing). */
function FailedReleases({ releases }: { releases: Release[] }) {
  const { t } = useAdmin();
  return (
    <section role="alert" aria-labelledby="failed-releases-heading" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-900 shadow-sm">
      <h2 id="failed-releases-heading" className="text-lg font-semibold">
        {t('release.dashboard')}
      </h2>
      <ul className="mt-3 space-y-2 text-sm" data-testid="failed-releases">
        {releases.map((release) => (
          <li key={release._id} className="[overflow-wrap:anywhere]">
            {t('release.failedShort', { title: release.title })}{' '}
            <Link to={`/admin/releases/${release._id}`} className="font-semibold text-red-900 underline">
              {t('release.openRelease')}
              <span className="sr-only">: {release.title}</span>
            </Link>
            <ServerWords reason={release.reason} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Counts({ counts }: { counts: DashboardData['counts'] }) {
  const { t } = useAdmin();
  const cards: Array<{ key: keyof DashboardData['counts']; label: string; icon: typeof Users }> = [
    { key: 'team', label: t('nav.team'), icon: Users },
    { key: 'news', label: t('nav.news'), icon: Newspaper },
    { key: 'blog', label: t('nav.blog'), icon: BookOpen },
    { key: 'partners', label: t('nav.partners'), icon: Handshake },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Link to={`/admin/${key}`} className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm hover:shadow-md">
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <span>
              <span className="block text-3xl font-bold text-brand-900">{counts[key]}</span>
              <span className="text-slate-700">{label}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function QuickActions() {
  const { t } = useAdmin();
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-900">{t('dashboard.quickActions')}</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {QUICK_ACTIONS.map(([to, label]) => (
          <Link key={to} to={to} className={buttonClass.secondary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t(label)}
          </Link>
        ))}
      </div>
    </section>
  );
}

/** The newest requests nobody acted on yet, with a link to all of them. */
function NewRequests({ requests, total }: { requests: StoredRecord[]; total: number }) {
  const { t, lang, timeZone } = useAdmin();
  const all = (
    <Link to="/admin/contacts?status=waiting" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
      {t('dashboard.allRequests')}
    </Link>
  );
  return (
    <AttentionList id="requests" border="border-accent-500" heading={t('dashboard.newRequests', { count: total })} testId="new-requests" footer={all}>
      {requests.map((item) => (
        <li key={item._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
          <span className="min-w-0">
            <span className="font-semibold text-slate-900">{String(item.name)}</span>
            <span className="block text-slate-700">
              <KindBadge item={item} />
              {String(item.subject)}
            </span>
          </span>
          <span className="flex flex-wrap items-baseline gap-x-3">
            {item.phone ? <PhoneLink phone={String(item.phone)} /> : null}
            <span className="text-slate-600">{formatMoment(String(item.createdAt), lang, timeZone)}</span>
          </span>
        </li>
      ))}
    </AttentionList>
  );
}

function WaitingReviews({ waiting }: { waiting: Waiting[] }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <AttentionList id="waiting" border="border-amber-300" heading={t('dashboard.waiting')} testId="waiting">
      {waiting.map((item) => (
        <li key={`${item.type}-${item._id}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <Link to={`/admin/${item.type}/${item._id}/edit`} className="font-semibold text-brand-700 hover:underline">
            {item.title}
          </Link>
          {item.dueAt && (
            <span className={item.overdue ? 'rounded bg-red-100 px-2 py-0.5 font-semibold text-red-800' : 'text-slate-700'}>
              {t(item.overdue ? 'dashboard.overdue' : 'dashboard.due', { time: formatMoment(item.dueAt, lang, timeZone) })}
            </span>
          )}
        </li>
      ))}
    </AttentionList>
  );
}

function Decisions({ decisions }: { decisions: Decision[] }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <AttentionList id="decisions" border="border-sky-300" heading={t('review.news')} testId="decisions">
      {decisions.map((item) => (
        <li key={`${item.type}-${item._id}-${item.at}`} className="py-2 text-sm">
          <Link to={`/admin/${item.type}/${item._id}/edit`} className="font-semibold text-brand-700 hover:underline">
            {item.title}
          </Link>
          <span className="block text-slate-800">
            <span className="font-semibold">{item.by.name || item.by.email}</span>
            {item.by.outside && <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t('review.outsideShort')}</span>}{' '}
            {t(item.action === 'approve' ? 'review.approvedBy' : 'review.changesAsked')} · <span className="text-slate-600">{formatMoment(item.at, lang, timeZone)}</span>
          </span>
          {item.comment && <q className="block italic text-slate-700">{item.comment}</q>}
        </li>
      ))}
    </AttentionList>
  );
}

function UpcomingMoments({ upcoming }: { upcoming: Upcoming[] }) {
  const { t, lang, defaultLanguage, timeZone } = useAdmin();
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading" className="text-lg font-semibold text-brand-900">
        {t('dashboard.upcoming')}
      </h2>
      {upcoming.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('dashboard.noUpcoming')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="upcoming">
          {upcoming.map((moment) => (
            <li key={`${moment._id}-${moment.kind}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <Link to={`/admin/${moment.type}/${moment._id}/edit`} className="font-semibold text-brand-700 hover:underline">
                  {shown(moment.title, lang, defaultLanguage)}
                </Link>{' '}
                {t(moment.kind === 'publish' ? 'upcoming.publish' : 'upcoming.unpublish')}
              </span>
              {/* A day (a ranking's 1 January) is a date, not 05:00 in Tashkent. */}
              <time dateTime={moment.day ?? moment.at} className="text-slate-700">
                {moment.day ? formatDay(moment.day, lang, timeZone) : formatMoment(moment.at, lang, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Latest({ kind, items }: { kind: 'news' | 'blog'; items: StoredRecord[] }) {
  const { t, lang, defaultLanguage } = useAdmin();
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-900">{t(kind === 'news' ? 'dashboard.latestNews' : 'dashboard.latestBlog')}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('common.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item._id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-slate-800">{shown(item.title, lang, defaultLanguage)}</span>
              <Link to={`/admin/${kind}/${item._id}/edit`} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
                {t('common.edit')}
                <span className="sr-only">: {shown(item.title, lang, defaultLanguage)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentActivity({ activity }: { activity: Activity[] }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-900">{t('dashboard.recentActivity')}</h2>
      {activity.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('dashboard.noActivity')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="activity">
          {activity.map((entry) => (
            <li key={entry._id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span>
                {entry.action === 'publish' || entry.action === 'unpublish' || entry.action === 'refuse' ? (
                  <>
                    {/* A release that failed is logged as refused too: not a client's file. */}
                    {entry.entity === 'releases' && entry.action === 'refuse' ? t('release.activityFailed') : t(`activity.${entry.action}`)} {entry.summary.replace(/ (published|hidden) by schedule$/, '')}
                  </>
                ) : (
                  <>
                    <span className="font-semibold">{entry.userEmail}</span> {t(`activity.${entry.action}`)} {entry.summary}
                  </>
                )}
              </span>
              <time dateTime={entry.createdAt} className="text-slate-600">
                {formatMoment(entry.createdAt, lang, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, user, problem } = useAdmin();
  const can = abilities(user);
  const revalidator = useRevalidator();
  const data = loaderData.data;
  const error = loaderData.failed ? problem(loaderData.problem, 'common.error') : '';
  const load = () => void revalidator.revalidate();
  return (
    <div>
      <PageTitle
        actions={
          <a href="/" target="_blank" rel="noopener" className={buttonClass.secondary}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t('app.viewWebsite')}
          </a>
        }
      >
        {t('dashboard.title')}
      </PageTitle>
      {error && <ErrorNotice message={error} onRetry={load} />}
      {!data && !error && <Loading />}
      {data && (
        <div className="space-y-6">
          {data.failedReleases.length > 0 && <FailedReleases releases={data.failedReleases} />}
          <Counts counts={data.counts} />
          {can.editContent && <QuickActions />}
          {data.requests && data.requests.length > 0 && <NewRequests requests={data.requests} total={data.newRequests} />}
          {data.waiting.length > 0 && <WaitingReviews waiting={data.waiting} />}
          {data.decisions.length > 0 && <Decisions decisions={data.decisions} />}
          <UpcomingMoments upcoming={data.upcoming} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Latest kind="news" items={data.news} />
            <Latest kind="blog" items={data.blog} />
          </div>
          {data.activity && <RecentActivity activity={data.activity} />}
        </div>
      )}
    </div>
  );
}
