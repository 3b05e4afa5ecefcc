import { Search as SearchIcon } from '../../site/lucide.ts';
import type { ReactNode } from 'react';
import { MIN_QUERY, queryForms } from '../../../domain/search/site-search.ts';
import { searchForm } from '../../../domain/shared/search.ts';
import { servicesContext } from '../../context.ts';
import { createTranslator } from '../../i18n/translator.ts';
import { isUiTextKey, type UiTextKey } from '../../i18n/ui-texts.ts';
import { loadOr } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/search';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  return loadOr(services, 'search results', async () => ({ query, forms: queryForms(query), hits: await services.siteSearch.search(query, lang) }));
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const t = createTranslator(site.lang, site.defaultLanguage, site.translations);
  // Results pages are for people: search engines index the pages they lead to.
  return [...pageMeta(site, { title: t('search.title'), description: t('search.subtitle') }), { name: 'robots', content: 'noindex, follow' }];
}

/** `text` with every place a form of the query occurs marked. */
function Highlighted({ text, forms }: { text: string; forms: string[] }) {
  const folded = searchForm(text);
  const parts: ReactNode[] = [];
  let at = 0;
  while (at < text.length) {
    let next: [number, number] | undefined;
    for (const form of forms) {
      const found = folded.indexOf(form, at);
      if (found >= 0 && (!next || found < next[0])) next = [found, form.length];
    }
    if (!next || next[1] === 0) break;
    if (next[0] > at) parts.push(text.slice(at, next[0]));
    parts.push(
      <mark key={next[0]} className="rounded-sm bg-amber-200 text-slate-900">
        {text.slice(next[0], next[0] + next[1])}
      </mark>,
    );
    at = next[0] + next[1];
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** What a hit is, in the page's language: `search.type.{type}` for every type the search finds (domain/site/site-pages.ts). */
const typeLabel = (type: string): UiTextKey => {
  const key = `search.type.${type}`;
  return isUiTextKey(key) ? key : 'search.title';
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const query = loaderData.failed ? '' : loaderData.query;
  return (
    <>
      <PageHeader title={t('search.title')} subtitle={t('search.subtitle')}>
        <form method="get" action={href('/search')} role="search" aria-label={t('search.title')} data-search className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            {t('search.label')}
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={t('search.placeholder')}
            maxLength={200}
            aria-describedby="search-hint"
            className="min-h-12 min-w-0 flex-1 rounded-md border-0 bg-white px-4 text-slate-900 placeholder:text-slate-600"
          />
          <button type="submit" className="inline-flex min-h-12 shrink-0 items-center gap-2 rounded-md bg-amber-400 px-4 font-semibold text-brand-900 hover:bg-amber-300">
            <SearchIcon className="h-5 w-5" aria-hidden="true" />
            {t('search.submit')}
          </button>
        </form>
        <p id="search-hint" className="mt-3 text-sm text-brand-100">
          {t('search.hint')}
        </p>
      </PageHeader>
      <Section>
        <div aria-live="polite">
          {loaderData.failed ? (
            <ErrorBox title={t('search.error')} />
          ) : !query ? null : [...query].length < MIN_QUERY ? (
            <EmptyState>{t('search.short')}</EmptyState>
          ) : loaderData.hits.length === 0 ? (
            <EmptyState>
              {t('search.none', { query })}{' '}
              <a href={href('/contact')} className="font-semibold text-brand-700 underline">
                {t('search.writeToUs')}
              </a>
            </EmptyState>
          ) : (
            <>
              <p className="mb-6 text-sm font-medium text-slate-600">{t('search.found', { count: loaderData.hits.length })}</p>
              <ol className="max-w-3xl space-y-6">
                {loaderData.hits.map((hit) => (
                  <li key={`${hit.type}-${hit._id}`} className="border-b border-slate-200 pb-6">
                    <p className="text-xs font-semibold uppercase tracking-wide text-accent-700">{t(typeLabel(hit.type))}</p>
                    <h2 className="mt-1 font-display text-xl font-semibold text-brand-900">
                      <a href={hit.url} className="hover:text-brand-700 hover:underline">
                        <Highlighted text={hit.title} forms={loaderData.forms} />
                      </a>
                    </h2>
                    {hit.excerpt && (
                      <p className="mt-2 text-slate-700">
                        <Highlighted text={hit.excerpt} forms={loaderData.forms} />
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      </Section>
    </>
  );
}
