import { servicesContext } from '../../context.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { loadTextPage } from '../../site/loading.server.ts';
import { pageContext } from '../../site/site-data.server.ts';
import { TextPage, textPageMeta } from '../../site/text-page.tsx';
import type { Route } from './+types/text-page';

/** /privacy, /terms, /disclaimer (and under /{lang}/): the page whose slug is the last segment. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const slug = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return loadTextPage(services, slug, lang, defaultLanguage);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return textPageMeta(siteFromMatches(matches), loaderData && !loaderData.failed ? loaderData.page : undefined, loaderData && !loaderData.failed ? loaderData.languages : undefined);
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <TextPage page={loaderData.failed ? null : loaderData.page} html={loaderData.failed ? '' : loaderData.html} />;
}
