import { data } from 'react-router';
import { servicesContext } from '../../context.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass } from '../../site/subscription-form.tsx';
import { Done, LinkDoesNotWork, linkFound, linkNotFound, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/unsubscribe';

/**
 * Every alert's unsubscribe link: the page asks, its button unsubscribes. A POST to the same address
 * is also the e-mail's one-click unsubscribe (List-Unsubscribe-Post, RFC 8058): no session, no form.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = await pageContext(context.get(servicesContext), params.lang, request);
  const subscriber = await services.subscriptions.open(params.token);
  if (!subscriber) return linkNotFound();
  return linkFound({ email: subscriber.email, stopped: subscriber.state === 'unsubscribed' });
}

export async function action({ context, params }: Route.ActionArgs) {
  const done = await context.get(servicesContext).subscriptions.unsubscribe(params.token);
  return data({ done }, { status: done ? 200 : 404, headers: PRIVATE });
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);
// The heading the page shows: after its POST too (the loader runs again and says what the link is now).
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return privateMeta(matches, loaderData?.found ? 'unsubscribe.title' : 'subscriptionLink.title');
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useSite();
  if (!loaderData.found || actionData?.done === false) return <LinkDoesNotWork />;
  return (
    <SubscriptionPage title={t('unsubscribe.title')}>
      {actionData?.done || loaderData.stopped ? (
        <>
          <Done>{t('unsubscribe.done', { email: loaderData.email })}</Done>
          <a href={href('/subscribe')} className="inline-block font-semibold text-brand-700 underline">
            {t('subscribe.title')}
          </a>
        </>
      ) : (
        <form method="post" className="space-y-6">
          <p className="text-lg text-slate-800">{t('unsubscribe.text', { email: loaderData.email })}</p>
          <button type="submit" className={buttonClass}>
            {t('unsubscribe.button')}
          </button>
        </form>
      )}
    </SubscriptionPage>
  );
}
