import { data } from 'react-router';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { servicesContext } from '../../context.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass } from '../../site/subscription-form.tsx';
import { Done, PRIVATE, privateMeta, SubscriptionPage } from '../../site/subscription-page.tsx';
import type { Route } from './+types/upload';

/** What a refused upload comes back with (server/api/intake-routes.ts), and what the page says of it. */
const PROBLEMS: Record<string, UiTextKey> = {
  wrong_type: 'upload.error.wrong_type',
  too_large: 'upload.error.too_large',
  too_many: 'upload.error.too_many',
  no_file: 'upload.error.no_file',
  infected: 'upload.error.infected',
  unavailable: 'upload.error.unavailable',
  busy: 'upload.error.busy',
  slow: 'upload.error.slow',
  rate: 'contact.rateLimited',
  failed: 'upload.error.failed',
};
const ACCEPT = '.pdf,.docx,.xlsx,.jpg,.jpeg,.png,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,image/jpeg,image/png';

/**
 * A client's one-time link for their documents (API-3.md "Intake"): a form that works without
 * JavaScript, posted to the server's upload route, which comes back here with what happened.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = await pageContext(context.get(servicesContext), params.lang, request);
  const query = new URL(request.url).searchParams;
  const link = await services.intakeDocuments.linkState(params.token);
  const sent = Number(query.get('sent'));
  const problem = PROBLEMS[query.get('error') ?? ''];
  const file = (query.get('file') ?? '').slice(0, 150);
  const status = link.state === 'unknown' ? 404 : link.state === 'open' || link.state === 'used' ? 200 : 410;
  return data({ state: link.state, expiresAt: link.state === 'open' ? link.expiresAt : '', sent: link.state === 'used' && sent > 0 ? sent : 0, problem, file }, { status, headers: PRIVATE });
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;
export function meta({ matches }: Route.MetaArgs) {
  return privateMeta(matches, 'upload.title');
}

export default function Upload({ loaderData }: Route.ComponentProps) {
  const { t, formatDateTime } = useSite();
  const { state, expiresAt, sent, problem, file } = loaderData;
  if (state !== 'open') {
    const words: UiTextKey = state === 'used' ? 'upload.used' : state === 'expired' ? 'upload.expired' : 'upload.unknown';
    return (
      <SubscriptionPage title={t('upload.title')}>
        {sent > 0 ? <Done>{t('upload.sent', { count: sent })}</Done> : <p role="alert" className="text-lg text-slate-800">{t(words)}</p>}
      </SubscriptionPage>
    );
  }
  return (
    <SubscriptionPage title={t('upload.title')}>
      <p className="text-lg text-slate-800">{t('upload.intro')}</p>
      <p className="text-slate-700">{t('upload.until', { date: formatDateTime(expiresAt) })}</p>
      {problem && (
        <p role="alert" id="upload-problem" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {t(problem, { file })}
        </p>
      )}
      <form method="post" encType="multipart/form-data" className="space-y-6">
        <div>
          <label htmlFor="upload-files" className="block font-medium text-slate-900">
            {t('upload.files')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id="upload-files"
            type="file"
            name="files"
            multiple
            required
            accept={ACCEPT}
            aria-describedby={problem ? 'upload-problem' : undefined}
            className="mt-2 block w-full rounded-md border border-slate-400 p-3 text-slate-900 file:mr-4 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          />
        </div>
        <button type="submit" className={buttonClass}>
          {t('upload.send')}
        </button>
      </form>
    </SubscriptionPage>
  );
}
