import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { pageMeta } from '../../site/seo.tsx';
import { ServiceCard } from '../../site/service-card.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ListPage } from '../../site/list-page.tsx';
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
  const { text, config } = site;
  const texts = config.sections.services;
  const shown = loaderData.failed ? [] : loaderData.services;
  return (
    <ListPage path="/services" title={text(texts.title)} subtitle={text(texts.subtitle)} failed={loaderData.failed} error={text(texts.errorText)} retry={text(texts.retryText)} empty={shown.length === 0 && text(texts.noResultsText)}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((service) => (
          <li key={service._id}>
            <ServiceCard service={service} heading="h2" />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
