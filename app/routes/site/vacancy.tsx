import { ArrowLeft, Clock, MapPin } from '../../site/lucide.ts';
import { isAppError } from '../../../domain/shared/errors.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import type { DomainServices } from '../../../domain/app-services.ts';
import { servicesContext } from '../../context.ts';
import { DocumentBody } from '../../site/document-body.tsx';
import { atItsAddress, loadOr, pageLanguagesOf } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/vacancy';
import { SHOWN_AT_PLACEHOLDER } from '../../../domain/contacts/shown-at.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { ApplicationForm, type ApplicationOutcome } from '../../site/application-form.tsx';
import { dayOf } from '../../../domain/shared/days.ts';

type Vacancy = Awaited<ReturnType<DomainServices['records']['vacancies']['get']>>;

/** A vacancy's page; after `closesAt` it says the vacancy is closed (and is no longer indexed), instead of a 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const records = services.records.vacancies;
  return loadOr(services, 'a vacancy', async () => {
    const vacancy = await records.getBySlugOrId(params.key, { admin: false }).catch(async (error: unknown) => {
      if (!isAppError(error) || error.status !== 404) throw error;
      // A vacancy that was public and has closed: its address still answers, and says so.
      const found = await records.getBySlugOrId(params.key, { admin: true });
      if (found.isActive !== true || found.closesAt > new Date().toISOString()) throw error;
      return found;
    });
    atItsAddress(records.type, vacancy, params.key, lang, defaultLanguage);
    const languages = await pageLanguagesOf(services, records.type, vacancy, lang, defaultLanguage);
    const query = new URL(request.url).searchParams;
    // What the visitor typed before the post was refused (server/api/intake-routes.ts), read once.
    const typed = query.get('form') ? await services.keptForms.take(query.get('form') ?? '') : undefined;
    return { ...(await pageData(services, vacancy, lang, defaultLanguage)), languages, application: { ...applicationOutcome(query), typed }, renderedAt: SHOWN_AT_PLACEHOLDER };
  }, (value): Record<string, string> => (value.application.typed ? { 'cache-control': 'no-store' } : {}));
}

/** What an application form's post came back with (server/api/intake-routes.ts): said on the page, no visitor's text in the address. */
function applicationOutcome(query: URLSearchParams): { applied: boolean; problem?: UiTextKey; field?: string; file: string } {
  const file = (query.get('file') ?? '').slice(0, 150);
  if (query.get('applied') === '1') return { applied: true, file };
  const error = query.get('error');
  const field = query.get('field') ?? '';
  const code = query.get('code') ?? '';
  const fieldProblems: Record<string, UiTextKey> = { name: 'contact.required.name', email: code === 'invalid_email' ? 'contact.invalid.email' : 'contact.required.email', consent: 'contact.required.consent' };
  const problems: Record<string, UiTextKey> = {
    wrong_type: 'careers.apply.wrongType',
    too_large: 'upload.error.too_large',
    too_many: 'careers.apply.required.cv',
    no_file: 'careers.apply.required.cv',
    infected: 'upload.error.infected',
    unavailable: 'upload.error.unavailable',
    busy: 'upload.error.busy',
    slow: 'upload.error.slow',
    rate: 'contact.rateLimited',
    too_fast: 'contact.tooFast',
    closed: 'careers.apply.closed',
    failed: 'upload.error.failed',
    field: fieldProblems[field] ?? 'careers.apply.check',
  };
  return { applied: false, problem: error ? (problems[error] ?? 'upload.error.failed') : undefined, field: error === 'field' ? field : error === 'no_file' || error === 'wrong_type' || error === 'too_large' || error === 'infected' ? 'cv' : undefined, file };
}

/** What the page shows of a vacancy (its own page, and its preview before it is public). */
export async function pageData(services: DomainServices, vacancy: Vacancy, lang: string, defaultLanguage: string) {
  const closed = vacancy.closesAt <= new Date().toISOString();
  const html = closed ? '' : await services.records.vacancies.html(vacancy, 'description', lang);
  const { description, ...shown } = vacancy;
  return { vacancy: { ...shown, description: {} }, closed, html, summary: pickText(description, lang, defaultLanguage) };
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site || !loaderData || loaderData.failed) return [];
  const tags = pageMeta(site, { title: pickText(loaderData.vacancy.title, site.lang, site.defaultLanguage), description: loaderData.summary, languages: loaderData.languages });
  return loaderData.closed ? [...tags.filter((tag) => !('name' in tag && tag.name === 'robots')), { name: 'robots', content: 'noindex' }] : tags;
}

export default function VacancyPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const back = (
    <a href={href('/careers')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('careers.back')}
    </a>
  );
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title={t('careers.title')}>{back}</PageHeader>
        <Section>
          <ErrorBox title={t('careers.error')} />
        </Section>
      </>
    );
  }
  return <View data={loaderData} application={{ ...loaderData.application, renderedAt: loaderData.renderedAt }} />;
}

/** The vacancy's page from its data (also inside a preview, where `preview` leaves out the way to apply). */
export function View({ data, preview = false, application }: { data: Awaited<ReturnType<typeof pageData>>; preview?: boolean; application?: ApplicationOutcome }) {
  const site = useSite();
  const { text, t, href, config } = site;
  const { vacancy, closed } = data;
  const back = (
    <a href={href('/careers')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('careers.back')}
    </a>
  );
  const title = text(vacancy.title);
  const path = `/careers/${vacancy.slug}`;
  return (
    <>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('careers.title'), path: '/careers' }, { name: title, path }]),
          ...(closed
            ? []
            : [
                {
                  '@context': 'https://schema.org',
                  '@type': 'JobPosting',
                  title,
                  description: data.html,
                  datePosted: dayOf(vacancy.createdAt, site.timeZone),
                  validThrough: vacancy.closesAt,
                  employmentType: vacancy.employmentType,
                  hiringOrganization: { '@type': 'Organization', '@id': `${site.publicUrl}/#firm`, name: text(config.companyName), sameAs: site.publicUrl },
                  jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: text(vacancy.location), addressCountry: 'UZ' } },
                  url: site.publicUrl + href(path),
                },
              ]),
        ]}
      />
      <PageHeader title={title} subtitle={text(vacancy.practice) || undefined}>
        {back}
      </PageHeader>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            {closed ? (
              <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-lg text-amber-950">
                {t('careers.closed', { date: site.formatDate(vacancy.closesAt) })}
              </p>
            ) : (
              <>
                <DocumentBody html={data.html} />
                {!preview && application && <ApplicationForm action={`${href(path)}/apply`} outcome={application} />}
              </>
            )}
          </div>
          <aside className="order-first h-fit rounded-xl border border-slate-200 p-6 lg:order-none">
            <dl className="space-y-4">
              <div>
                <dt className="text-sm text-slate-600">{t('careers.location')}</dt>
                <dd className="flex items-center gap-2 font-semibold text-brand-900">
                  <MapPin className="h-4 w-4" aria-hidden="true" />
                  {text(vacancy.location)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('careers.employment')}</dt>
                <dd className="font-semibold text-brand-900">{t(`careers.type.${vacancy.employmentType}`)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('careers.deadline')}</dt>
                <dd className="flex items-center gap-2 font-semibold text-brand-900">
                  <Clock className="h-4 w-4" aria-hidden="true" />
                  <time dateTime={vacancy.closesAt}>{site.formatDate(vacancy.closesAt)}</time>
                </dd>
              </div>
            </dl>
            {!closed && !preview && (
              <a href="#apply" className="mt-6 block rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800">
                {t('careers.apply')}
              </a>
            )}
          </aside>
        </div>
      </Section>
    </>
  );
}
