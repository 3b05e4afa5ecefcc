import { servicesContext } from '../../context.ts';
import { ArticlePage, articleMeta, loadArticle } from '../../site/article.tsx';
import { siteFromMatches } from '../../site/page-data.ts';
import { pageContext } from '../../site/site-data.server.ts';
import type { Route } from './+types/blog-detail';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadArticle(services, services.blog, params.key);
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return articleMeta(siteFromMatches(matches), loaderData?.article, 'blog');
}

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  return <ArticlePage article={loaderData.article} kind="blog" />;
}
