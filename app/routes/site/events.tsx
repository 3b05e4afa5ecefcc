import { CalendarDays, MapPin, MonitorPlay } from '../../site/lucide.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn } from '../../site/page-data.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ListPage, ReadMore, sectionMeta } from '../../site/list-page.tsx';
import { EmptyState } from '../../site/ui.tsx';
import type { Route } from './+types/events';

/** `/events`: what is coming, soonest first, then the archive of past events, newest first. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'events', async () => {
    const now = new Date().toISOString();
    const all = (await services.records.events.list(listedIn(lang))).map(({ _id, slug, title, startsAt, endsAt, mode, venue, slidesUrl, recordingUrl }) => ({ _id, slug, title, startsAt, endsAt, mode, venue, past: endsAt <= now, material: Boolean(slidesUrl || recordingUrl) }));
    return { upcoming: all.filter((event) => !event.past), past: all.filter((event) => event.past).reverse() };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'events');
}

type Listed = Extract<Route.ComponentProps['loaderData'], { failed: false }>['upcoming'][number];

function EventCard({ event, heading }: { event: Listed; heading: 'h3' }) {
  const site = useSite();
  const { text, t, href } = site;
  const Title = heading;
  const place = event.mode === 'online' ? t('events.mode.online') : pickText(event.venue, site.lang, site.defaultLanguage);
  return (
    <a href={href(`/events/${event.slug}`)} className="group flex h-full flex-col rounded-xl border border-slate-200 p-6 hover:border-brand-600 hover:shadow-md">
      <p className="flex items-center gap-2 text-sm font-semibold text-accent-700">
        <CalendarDays className="h-4 w-4" aria-hidden="true" />
        <time dateTime={event.startsAt}>{site.formatDateTime(event.startsAt)}</time>
      </p>
      <Title className="mt-2 text-xl font-semibold text-brand-900 group-hover:text-brand-700">{text(event.title)}</Title>
      <p className="mt-2 flex items-center gap-2 text-slate-700">
        {event.mode === 'online' ? <MonitorPlay className="h-4 w-4 shrink-0" aria-hidden="true" /> : <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />}
        {place}
        {event.mode === 'mixed' && ` · ${t('events.mode.mixed')}`}
      </p>
      {event.past && event.material && <p className="mt-2 text-sm text-slate-600">{t('events.material')}</p>}
      <ReadMore name={text(event.title)} />
    </a>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { t } = site;
  return (
    <ListPage path="/events" title={t('events.title')} subtitle={t('events.subtitle')} failed={loaderData.failed} error={t('events.error')}>
      {!loaderData.failed && (
        <>
          <h2 className="mb-6 text-2xl font-bold text-brand-900">{t('events.upcoming')}</h2>
          {loaderData.upcoming.length === 0 ? (
            <EmptyState>{t('events.noneUpcoming')}</EmptyState>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {loaderData.upcoming.map((event) => (
                <li key={event._id}>
                  <EventCard event={event} heading="h3" />
                </li>
              ))}
            </ul>
          )}
          {loaderData.past.length > 0 && (
            <>
              <h2 className="mb-6 mt-14 text-2xl font-bold text-brand-900">{t('events.archive')}</h2>
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {loaderData.past.map((event) => (
                  <li key={event._id}>
                    <EventCard event={event} heading="h3" />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </ListPage>
  );
}
