import { data } from 'react-router';
import { servicesContext } from '../../context.ts';
import { FallbackPage, notFoundLinks } from '../../site/fallback-page.tsx';
import { loadTextPage } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { useSite } from '../../site/site-context.tsx';
import { notFoundMeta } from '../../site/seo.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { TextPage, textPageMeta } from '../../site/text-page.tsx';
import type { Route } from './+types/not-found';

/** Any other address: a page of text when one has this slug (/ru/about), else the branded 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  if (segments.length === 1) return loadTextPage(services, segments[0], lang, defaultLanguage);
  throw data(null, { status: 404 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData && !loaderData.failed ? loaderData.page : undefined;
  const site = siteFromMatches(matches);
  return page ? textPageMeta(site, page, loaderData && !loaderData.failed ? loaderData.languages : undefined) : notFoundMeta(site);
}

export default function PageOrNotFound({ loaderData }: Route.ComponentProps) {
  return <TextPage page={loaderData.failed ? null : loaderData.page} html={loaderData.failed ? '' : loaderData.html} />;
}

/** The branded 404 inside the site's header and footer, with the search and the main sections. */
export function ErrorBoundary() {
  const site = useSite();
  return <FallbackPage t={site.t} notFound home={site.href('/')} {...notFoundLinks(site)} />;
}
