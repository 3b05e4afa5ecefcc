import { ArrowRight, Clock, MapPin } from '../../site/lucide.ts';
import { servicesContext } from '../../context.ts';
import { createTranslator } from '../../i18n/translator.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/careers';

/** `/careers`: the open vacancies, closing soonest first (a closed one has left the list). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'vacancies', async () => ({
    vacancies: (await services.records.vacancies.list(listedIn(lang))).map(({ _id, slug, title, practice, location, employmentType, closesAt }) => ({ _id, slug, title, practice, location, employmentType, closesAt })),
  }));
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const t = createTranslator(site.lang, site.defaultLanguage, site.translations);
  return pageMeta(site, { title: t('careers.title'), description: t('careers.subtitle') });
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href } = site;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('careers.title'), path: '/careers' }])} />
      <PageHeader title={t('careers.title')} subtitle={t('careers.subtitle')} />
      <Section>
        {loaderData.failed ? (
          <ErrorBox title={t('careers.error')} />
        ) : loaderData.vacancies.length === 0 ? (
          <EmptyState>{t('careers.empty')}</EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {loaderData.vacancies.map((vacancy) => (
              <li key={vacancy._id}>
                <a href={href(`/careers/${vacancy.slug}`)} className="group flex h-full flex-col rounded-xl border border-slate-200 p-6 hover:border-brand-600 hover:shadow-md">
                  {text(vacancy.practice) && <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{text(vacancy.practice)}</p>}
                  <h2 className="mt-1 text-xl font-semibold text-brand-900 group-hover:text-brand-700">{text(vacancy.title)}</h2>
                  <p className="mt-3 flex items-center gap-2 text-slate-700">
                    <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {text(vacancy.location)} · {t(`careers.type.${vacancy.employmentType}`)}
                  </p>
                  <p className="mt-1 flex items-center gap-2 text-slate-700">
                    <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {t('careers.closes', { date: site.formatDate(vacancy.closesAt) })}
                  </p>
                  <span className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-700">
                    {t('common.readMore')}
                    <span className="sr-only">: {text(vacancy.title)}</span>
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
