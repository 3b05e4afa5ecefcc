import { Search } from '../../site/lucide.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { ArticleList, CategoryFilter, listHref, pageParameter } from '../../site/article-list.tsx';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/blog';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const url = new URL(request.url);
  const read = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) ?? '';
  const [search, category, tag] = [read('search'), read('category'), read('tag')];
  const page = pageParameter(url);
  return loadOr(services, 'blog posts', async () => {
    const records = services.records.blog;
    const [categories, shown] = await Promise.all([
      records.distinct('category', { lang, admin: false }),
      records.listPage({ ...listedIn(lang), search: search || undefined, category: category || undefined, tag: tag || undefined, page }),
    ]);
    // A page past the last one is no page (an old link after posts were removed).
    if (page > 1 && page > shown.pagination.pages) throw new Response(null, { status: 404 });
    return { categories, search, category, tag, page, pages: shown.pagination.pages, items: shown.data };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.blog;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage), feed: 'blog', page: loaderData && !loaderData.failed ? loaderData.page : 1 });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const texts = config.sections.blog;
  const base = href('/blog');
  const data = loaderData.failed ? { categories: [], search: '', category: '', tag: '', page: 1, pages: 1, items: [] } : loaderData;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/blog' }])} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)}>
        <form method="get" action={base} role="search" data-search className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="blog-search" className="sr-only">
            {t('blog.searchLabel')}
          </label>
          <input
            id="blog-search"
            type="search"
            name="search"
            defaultValue={data.search}
            placeholder={t('blog.searchPlaceholder')}
            maxLength={200}
            className="min-h-12 min-w-0 flex-1 rounded-md border-0 bg-white px-4 text-slate-900 placeholder:text-slate-600"
          />
          {data.category && <input type="hidden" name="category" value={data.category} />}
          <button type="submit" className="inline-flex min-h-12 shrink-0 items-center gap-2 rounded-md bg-amber-400 px-4 font-semibold text-brand-900 hover:bg-amber-300">
            <Search className="h-5 w-5" aria-hidden="true" />
            {t('blog.search')}
          </button>
        </form>
      </PageHeader>
      <Section>
        <CategoryFilter base={base} categories={data.categories} active={data.category} extra={data.search ? { search: data.search } : {}} />
        <ArticleList
          categories={data.categories}
          kind="blog"
          items={data.items}
          page={data.page}
          pages={data.pages}
          failed={loaderData.failed}
          hrefOf={(page) => listHref(base, { search: data.search, category: data.category, tag: data.tag, page })}
          emptyText={data.search ? t('blog.emptySearch', { query: data.search }) : t('blog.empty')}
          errorText={t('blog.error')}
        />
      </Section>
    </>
  );
}
