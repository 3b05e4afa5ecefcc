import { data } from 'react-router';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass } from '../../site/subscription-form.tsx';
import { Done, linkFound, linkNotFound, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/event-confirm';

const SAID: Record<'registered' | 'waitlisted' | 'cancelled' | 'closed', UiTextKey> = {
  registered: 'events.confirm.registered',
  waitlisted: 'events.confirm.waitlisted',
  cancelled: 'events.confirm.cancelled',
  closed: 'events.confirm.closed',
};

/**
 * The confirmation link of a registration's first e-mail: a page whose button confirms. Opening it
 * confirms nothing (mail scanners follow links); an altered or replaced link says so.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const registration = await services.registrations.openConfirmation(params.token);
  if (!registration) return linkNotFound();
  const event = await services.records.events.get(registration.eventId, { admin: true }).catch(() => undefined);
  return linkFound({ title: event ? pickText(event.title, lang, defaultLanguage) : '', slug: event?.slug ?? '', status: registration.status });
}

export async function action({ context, params }: Route.ActionArgs) {
  const confirmed = await context.get(servicesContext).registrations.confirm(params.token);
  return data({ status: confirmed?.status }, { status: !confirmed ? 404 : confirmed.status === 'closed' ? 409 : 200, headers: PRIVATE });
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);
export function meta({ matches }: Route.MetaArgs) {
  return privateMeta(matches, 'events.confirm.title');
}

export default function EventConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const back = loaderData.found && loaderData.slug && (
    <a href={href(`/events/${loaderData.slug}`)} className="inline-block font-semibold text-brand-700 underline">
      {t('events.back')}
    </a>
  );
  if (!loaderData.found || (actionData && !actionData.status)) {
    return (
      <SubscriptionPage title={t('events.confirm.title')}>
        <p role="alert" className="text-lg text-slate-800">
          {t('events.confirm.unknown')}
        </p>
        <a href={href('/events')} className="inline-block font-semibold text-brand-700 underline">
          {t('events.title')}
        </a>
      </SubscriptionPage>
    );
  }
  const status = actionData?.status ?? (loaderData.status === 'unconfirmed' ? undefined : loaderData.status);
  return (
    <SubscriptionPage title={t('events.confirm.title')}>
      {status ? (
        status === 'closed' ? (
          <p role="alert" className="text-lg text-slate-800">
            {t(SAID.closed)}
          </p>
        ) : (
          <Done>{t(SAID[status], { title: loaderData.title })}</Done>
        )
      ) : (
        <form method="post" className="space-y-6">
          <p className="text-lg text-slate-800">{t('events.confirm.text', { title: loaderData.title })}</p>
          <button type="submit" className={buttonClass}>
            {t('events.confirm.button')}
          </button>
        </form>
      )}
      {back}
    </SubscriptionPage>
  );
}
