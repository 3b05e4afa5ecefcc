import { ArticleCard, type Article, type ArticleKind } from './article.tsx';
import { useSite } from './site-context.tsx';
import { EmptyState, ErrorBox } from './ui.tsx';

/** Link to a list with its filters; a new filter starts again at page 1. */
export function listHref(base: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

export function CategoryFilter({ base, categories, active, extra = {} }: { base: string; categories: string[]; active: string; extra?: Record<string, string> }) {
  const { t } = useSite();
  if (categories.length === 0) return null;
  const chip = (label: string, value: string) => {
    const current = value === active;
    return (
      <li key={value || '*'}>
        <a href={listHref(base, { ...extra, category: value })} aria-current={current ? 'true' : undefined} className={`inline-block rounded-full border px-4 py-2 text-sm font-medium ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-700 hover:border-brand-700 hover:text-brand-700'}`}>
          {label}
        </a>
      </li>
    );
  };
  return (
    <nav aria-label={t('news.categories')} data-filters className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {chip(t('common.all'), '')}
        {categories.map((category) => chip(category, category))}
      </ul>
    </nav>
  );
}

export function ArticleList({
  kind,
  items,
  total,
  failed,
  moreHref,
  emptyText,
  errorText,
}: {
  kind: ArticleKind;
  items: Article[];
  total: number;
  failed: boolean;
  moreHref: string;
  emptyText: string;
  errorText: string;
}) {
  const { t } = useSite();
  const featured = items.find((item) => item.featured);
  const others = items.filter((item) => item !== featured);
  return (
    <div data-list aria-live="polite">
      <p data-loading-text hidden className="mb-6 text-center text-slate-600">
        {t('common.loading')}
      </p>
      {failed ? (
        <ErrorBox title={errorText} />
      ) : items.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        <>
          {featured && (
            <div className="mb-10">
              <ArticleCard article={featured} kind={kind} featured />
            </div>
          )}
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((item, index) => (
              <li key={item._id} id={`item-${index + 1}`}>
                <ArticleCard article={item} kind={kind} />
              </li>
            ))}
          </ul>
          {total > items.length && (
            <p className="mt-10 text-center">
              <a href={`${moreHref}#item-${others.length + 1}`} className="inline-block rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">
                {t(kind === 'news' ? 'news.loadMore' : 'blog.loadMore')}
              </a>
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function pageParameter(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 && page <= 10 ? page : 1;
}
