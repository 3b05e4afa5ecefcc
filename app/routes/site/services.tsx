import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { ServiceCard } from '../../site/service-card.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import { pickText } from '../../../domain/shared/localized.ts';
import type { Route } from './+types/services';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'services', async () => ({ services: await services.records.services.list(listedIn(lang)) }));
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.services;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage) });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, config, t } = site;
  const texts = config.sections.services;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/services' }])} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      <Section>
        {loaderData.failed ? (
          <ErrorBox title={text(texts.errorText)} retry={text(texts.retryText)} />
        ) : loaderData.services.length === 0 ? (
          <EmptyState>{text(texts.noResultsText)}</EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.services.map((service) => (
              <li key={service._id}>
                <ServiceCard service={service} heading="h2" />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
