import { servicesContext } from '../../context.ts';
import { ArticlePage, articleMeta } from '../../site/article.tsx';
import { loadArticle } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { pageContext } from '../../site/site-data.server.ts';
import type { Route } from './+types/news-detail';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadArticle(services, services.records.news, params.key, lang, defaultLanguage);
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return articleMeta(siteFromMatches(matches), loaderData && !loaderData.failed ? loaderData.article : undefined, 'news', loaderData && !loaderData.failed ? loaderData.languages : undefined);
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  return <ArticlePage article={loaderData.failed ? null : loaderData.article} html={loaderData.failed ? '' : loaderData.html} body={loaderData.failed ? '' : loaderData.body} kind="news" topics={loaderData.failed ? [] : loaderData.topics} end={loaderData.failed ? undefined : loaderData} />;
}
