import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { ArticleList, CategoryFilter, listHref, pageParameter } from '../../site/article-list.tsx';
import { loadOr } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
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
    const pageSize = records.type.pageSize ?? 10;
    const [categories, shown] = await Promise.all([
      records.distinct('category', { lang, admin: false }),
      records.listPage({ lang, admin: false, category: category || undefined, page: 1, limit: pageSize * page }),
    ]);
    return { categories, category, page, items: shown.data, total: shown.pagination.total };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.news;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage), feed: 'news' });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const texts = config.sections.news;
  const base = href('/news');
  const data = loaderData.failed ? { categories: [], category: '', page: 1, items: [], total: 0 } : loaderData;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/news' }])} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      <Section>
        <CategoryFilter base={base} categories={data.categories} active={data.category} />
        <ArticleList
          kind="news"
          items={data.items}
          total={data.total}
          failed={loaderData.failed}
          moreHref={listHref(base, { category: data.category, page: data.page + 1 })}
          emptyText={t('news.empty')}
          errorText={t('news.error')}
        />
      </Section>
    </>
  );
}
