import { data } from 'react-router';
import { servicesContext } from '../../context.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass } from '../../site/subscription-form.tsx';
import { Done, LinkDoesNotWork, linkFound, linkNotFound, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/subscribe-confirm';

/**
 * The confirmation e-mail's link: a page whose button confirms. Opening it confirms nothing (mail
 * scanners follow links); an altered or expired link says so.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const subscriber = await services.subscriptions.openConfirmation(params.token);
  if (!subscriber) return linkNotFound();
  const offered = await services.subscriptions.topics(lang);
  const topics = offered.filter((topic) => subscriber.topics.includes(topic._id)).map((topic) => topic.title);
  return linkFound({ email: subscriber.email, topics, confirmed: subscriber.state === 'confirmed' });
}

export async function action({ context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const confirmed = await services.subscriptions.confirm(params.token);
  return data({ confirmed: Boolean(confirmed) }, { status: confirmed ? 200 : 404, headers: PRIVATE });
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);
// The heading the page shows: after its POST too (the loader runs again and says what the link is now).
export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData?.found) return privateMeta(matches, 'subscriptionLink.title');
  return privateMeta(matches, loaderData.confirmed ? 'confirm.confirmedTitle' : 'confirm.title');
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSite();
  if (!loaderData.found || actionData?.confirmed === false) return <LinkDoesNotWork />;
  const confirmed = actionData?.confirmed || loaderData.confirmed;
  // The heading only: the page's <title> is seo.tsx's (kept apart from this page's words).
  return (
    <SubscriptionPage title={t(confirmed ? 'confirm.confirmedTitle' : 'confirm.title')}>
      {confirmed ? (
        <Done>{t('confirm.done', { email: loaderData.email })}</Done>
      ) : (
        <form method="post" className="space-y-6">
          <p className="text-lg text-slate-800">{t('confirm.text', { email: loaderData.email, topics: loaderData.topics.join(', ') })}</p>
          <button type="submit" className={buttonClass}>
            {t('confirm.button')}
          </button>
        </form>
      )}
    </SubscriptionPage>
  );
}
