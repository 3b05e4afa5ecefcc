import { data } from 'react-router';
import { isAppError } from '../../../domain/shared/errors.ts';
import { servicesContext } from '../../context.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass, fieldErrors, subscriptionInput, TopicsAndLanguage, type SubscriptionErrors } from '../../site/subscription-form.tsx';
import { Done, LinkDoesNotWork, linkFound, linkNotFound, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/subscribe-preferences';

/** Every alert's settings link: the topics and the language of the alerts, changed without an account. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const subscriber = await services.subscriptions.open(params.token);
  if (!subscriber) return linkNotFound();
  const topics = await services.subscriptions.topics(lang);
  return linkFound({ email: subscriber.email, language: subscriber.language, chosen: subscriber.topics, topics, stopped: subscriber.state === 'unsubscribed', token: params.token });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { language, topics } = subscriptionInput(await request.formData());
  try {
    await services.subscriptions.setPreferences(params.token, { language, topics });
    const none: SubscriptionErrors = {};
    return data({ saved: true, errors: none, topics }, { headers: PRIVATE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ saved: false, errors: fieldErrors(error.details ?? []), topics }, { status: error.status, headers: PRIVATE });
  }
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return privateMeta(matches, loaderData?.found ? 'preferences.title' : 'subscriptionLink.title');
}

export default function Preferences({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useSite();
  if (!loaderData.found) return <LinkDoesNotWork />;
  return (
    <SubscriptionPage title={t('preferences.title')}>
      <p className="text-lg text-slate-800">{t('preferences.text', { email: loaderData.email })}</p>
      {loaderData.stopped && <p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">{t('preferences.stopped')}</p>}
      {actionData?.saved && <Done>{t('preferences.saved')}</Done>}
      <form method="post" noValidate className="space-y-6">
        <TopicsAndLanguage topics={loaderData.topics} chosen={actionData?.topics ?? loaderData.chosen} language={loaderData.language} errors={actionData?.errors ?? {}} idPrefix="preferences" />
        <button type="submit" className={buttonClass}>
          {t('preferences.save')}
        </button>
      </form>
      <a href={href(`/unsubscribe/${loaderData.token}`)} className="inline-block font-semibold text-brand-700 underline">
        {t('unsubscribe.title')}
      </a>
    </SubscriptionPage>
  );
}
