import { data } from 'react-router';
import { ConsentFacts, useConsentNotice } from '../../site/consent-facts.tsx';
import { isAppError } from '../../../domain/shared/errors.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { clientAddressContext, servicesContext } from '../../context.ts';
import { } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass, FieldError, fieldErrors, inputClass, subscriptionInput, TopicsAndLanguage, type SubscriptionErrors } from '../../site/subscription-form.tsx';
import { PageHeader } from '../../site/ui.tsx';
import { sectionMeta } from '../../site/list-page.tsx';
import type { Route } from './+types/subscribe';
import { RequiredCheckbox } from '../../site/form-fields.tsx';

interface Outcome {
  sent: boolean;
  values: { email: string; language: string; topics: string[] };
  problem?: UiTextKey;
  errors: SubscriptionErrors;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const offered = await services.subscriptions.topics(lang);
  // An article's "Subscribe" opens the form with the article's topics ticked (?topics=id,id).
  const asked = (new URL(request.url).searchParams.get('topics') ?? '').split(',').filter((id) => /^[0-9a-f]{24}$/.test(id));
  return {
    topics: offered,
    asked,
  };
}

/** The form without JavaScript: POST /api/subscriptions's rules, answered with this page. */
export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const input = subscriptionInput(await request.formData());
  const values = { email: input.email, language: input.language, topics: input.topics };
  try {
    await services.subscriptions.subscribe(input, { address: context.get(clientAddressContext) });
    return data<Outcome>({ sent: true, values, errors: {} }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (!isAppError(error)) {
      services.log.error({ err: error }, 'the subscription form failed');
      return data<Outcome>({ sent: false, values, problem: 'subscribe.failed', errors: {} }, { status: 500 });
    }
    const problem: UiTextKey | undefined = error.status === 503 ? 'subscribe.unavailable' : error.status === 429 ? 'subscribe.tooMany' : error.status >= 500 ? 'subscribe.failed' : undefined;
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
    return data<Outcome>({ sent: false, values, problem, errors: fieldErrors(error.details ?? []) }, { status: error.status, headers });
  }
}

// The form's answer is never cached, and a 429 says when to try again; the page itself as every page.
export const headers = ({ actionHeaders, parentHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : parentHeaders);

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'subscribe');
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, alerts } = useSite();
  const consent = useConsentNotice('subscription');
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const errors = failed?.errors ?? {};
  return (
    <>
      <PageHeader title={t('subscribe.title')} subtitle={t('subscribe.subtitle')} />
      <div className="mx-auto max-w-3xl px-5 py-14 sm:px-8">
        {!alerts ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-900">
            {t('subscribe.unavailable')}
          </p>
        ) : actionData?.sent ? (
          <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-6 text-green-900">
            {t('subscribe.sent')}
          </p>
        ) : (
          <form method="post" noValidate className="space-y-6">
            {failed?.problem && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
                {t(failed.problem)}
              </p>
            )}
            <div>
              <label htmlFor="subscribe-email" className="block text-sm font-medium text-slate-800">
                {t('subscribe.email')}
                <span aria-hidden="true"> *</span>
              </label>
              <input
                id="subscribe-email"
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={320}
                defaultValue={failed?.values.email ?? ''}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby="subscribe-email-error"
                className={inputClass}
              />
              <FieldError id="subscribe-email-error" field="email" errors={errors} />
            </div>
            <TopicsAndLanguage topics={loaderData.topics} chosen={failed?.values.topics ?? loaderData.asked} language={failed?.values.language || lang} errors={errors} idPrefix="subscribe" />
            <div>
              <input type="hidden" name="lang" value={lang} />
              <RequiredCheckbox id="subscribe-consent" name="consent" invalid={Boolean(errors.consent)} describedBy="subscribe-consent-facts subscribe-consent-error" labelClass="text-sm text-slate-800">
                {consent.agreement}
              </RequiredCheckbox>
              <ConsentFacts id="subscribe-consent-facts" notice={consent} />
              <div className="ml-8">
                <FieldError id="subscribe-consent-error" field="consent" errors={errors} />
              </div>
            </div>
            <button type="submit" className={buttonClass}>
              {t('subscribe.submit')}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
