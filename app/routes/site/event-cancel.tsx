import { data } from 'react-router';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass } from '../../site/subscription-form.tsx';
import { Done, linkFound, linkNotFound, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/event-cancel';

/** The cancel link of a registration's e-mail: the page asks, its button cancels (a GET changes nothing). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const registration = await services.registrations.open(params.token);
  if (!registration) return linkNotFound();
  const event = await services.records.events.get(registration.eventId, { admin: true }).catch(() => undefined);
  return linkFound({ title: event ? pickText(event.title, lang, defaultLanguage) : '', slug: event?.slug ?? '', cancelled: registration.status === 'cancelled' });
}

export async function action({ context, params }: Route.ActionArgs) {
  const done = await context.get(servicesContext).registrations.cancel(params.token);
  return data({ done }, { status: done ? 200 : 404, headers: PRIVATE });
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);
export function meta({ matches }: Route.MetaArgs) {
  return privateMeta(matches, 'events.cancel.title');
}

export default function EventCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useSite();
  if (!loaderData.found || actionData?.done === false) {
    return (
      <SubscriptionPage title={t('events.cancel.title')}>
        <p role="alert" className="text-lg text-slate-800">
          {t('events.cancel.unknown')}
        </p>
        <a href={href('/events')} className="inline-block font-semibold text-brand-700 underline">
          {t('events.title')}
        </a>
      </SubscriptionPage>
    );
  }
  return (
    <SubscriptionPage title={t('events.cancel.title')}>
      {actionData?.done || loaderData.cancelled ? (
        <Done>{t('events.cancel.done', { title: loaderData.title })}</Done>
      ) : (
        <form method="post" className="space-y-6">
          <p className="text-lg text-slate-800">{t('events.cancel.text', { title: loaderData.title })}</p>
          <button type="submit" className={buttonClass}>
            {t('events.cancel.button')}
          </button>
        </form>
      )}
      {loaderData.slug && (
        <a href={href(`/events/${loaderData.slug}`)} className="inline-block font-semibold text-brand-700 underline">
          {t('events.back')}
        </a>
      )}
    </SubscriptionPage>
  );
}
