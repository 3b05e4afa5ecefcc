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

/** The page numbers a pager shows: the first, the last, and two on each side of the current one; 0 marks a gap. */
function pageNumbers(page: number, pages: number): number[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, index) => (index > 0 && n - shown[index - 1] > 1 ? [0, n] : [n]));
}

/** Numbered links to every page of a list, so that a reader (and a search engine) reaches every article. */
function Pager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const { t } = useSite();
  if (pages <= 1) return null;
  const step = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium';
  return (
    <nav aria-label={t('pages.label')} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 && (
          <li>
            <a href={hrefOf(page - 1)} rel="prev" className={`${step} text-brand-700 hover:bg-brand-50`}>
              ‹ {t('pages.previous')}
            </a>
          </li>
        )}
        {pageNumbers(page, pages).map((n, index) =>
          n === 0 ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={hrefOf(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pages.current', { page: n, pages })}
                className={`${step} ${n === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-700'}`}
              >
                {n}
              </a>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <a href={hrefOf(page + 1)} rel="next" className={`${step} text-brand-700 hover:bg-brand-50`}>
              {t('pages.next')} ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

export function ArticleList({
  kind,
  items,
  page,
  pages,
  failed,
  hrefOf,
  emptyText,
  errorText,
  categories = [],
}: {
  kind: ArticleKind;
  items: Article[];
  page: number;
  pages: number;
  failed: boolean;
  /** The address of a page of this list, with its filters. */
  hrefOf: (page: number) => string;
  emptyText: string;
  errorText: string;
  /** The list's categories: a cover without a picture takes its category's place among them (each category its own look). */
  categories?: string[];
}) {
  const { t, text } = useSite();
  const coverOf = (item: Article) => categories.indexOf(text(item.category));
  const featured = page === 1 ? items.find((item) => item.featured) : undefined;
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
              <ArticleCard article={featured} kind={kind} featured cover={coverOf(featured)} />
            </div>
          )}
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((item, index) => (
              <li key={item._id} id={`item-${index + 1}`}>
                <ArticleCard article={item} kind={kind} cover={coverOf(item)} />
              </li>
            ))}
          </ul>
          {page < pages && (
            <p className="mt-10 text-center">
              <a href={`${hrefOf(page + 1)}#item-1`} className="inline-block rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">
                {t(kind === 'news' ? 'news.loadMore' : 'blog.loadMore')}
              </a>
            </p>
          )}
          <Pager page={page} pages={pages} hrefOf={hrefOf} />
        </>
      )}
    </div>
  );
}

/** The page a list address asks for: a whole number from 1 (anything else is page 1). */
export function pageParameter(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}
