import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { ArticleList, CategoryFilter, listHref, pageParameter } from '../../site/article-list.tsx';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/news';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const url = new URL(request.url);
  const category = url.searchParams.get('category')?.slice(0, 200) ?? '';
  const page = pageParameter(url);
  return loadOr(services, 'news', async () => {
    const records = services.records.news;
    const [categories, shown] = await Promise.all([records.distinct('category', { lang, admin: false }), records.listPage({ ...listedIn(lang), category: category || undefined, page })]);
    // A page past the last one is no page (an old link after articles were removed).
    if (page > 1 && page > shown.pagination.pages) throw new Response(null, { status: 404 });
    return { categories, category, page, pages: shown.pagination.pages, items: shown.data };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.news;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage), feed: 'news', page: loaderData && !loaderData.failed ? loaderData.page : 1 });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const texts = config.sections.news;
  const base = href('/news');
  const data = loaderData.failed ? { categories: [], category: '', page: 1, pages: 1, items: [] } : loaderData;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/news' }])} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      <Section>
        <CategoryFilter base={base} categories={data.categories} active={data.category} />
        <ArticleList
          categories={data.categories}
          kind="news"
          items={data.items}
          page={data.page}
          pages={data.pages}
          failed={loaderData.failed}
          hrefOf={(page) => listHref(base, { category: data.category, page })}
          emptyText={t('news.empty')}
          errorText={t('news.error')}
        />
      </Section>
    </>
  );
}
