import { localePath, pickText } from '../../domain/shared/localized.ts';
import type { Translate } from '../i18n/translator.ts';
import type { SiteData } from './site-data.server.ts';
import { LogoMark } from './icons.tsx';

/** Where a 404 sends a visitor on: the site's search and its main sections, in the page's language. */
export function notFoundLinks(data: SiteData): { search: string; sections: Array<{ label: string; href: string }> } {
  const href = (path: string) => localePath(path, data.lang, data.defaultLanguage);
  const navigation = data.config.sections.navigation;
  const sections = [
    { label: pickText(navigation.servicesText, data.lang, data.defaultLanguage), href: href('/services') },
    { label: pickText(navigation.teamText, data.lang, data.defaultLanguage), href: href('/team') },
    { label: pickText(navigation.newsText, data.lang, data.defaultLanguage), href: href('/news') },
    { label: pickText(navigation.contactText, data.lang, data.defaultLanguage), href: href('/contact') },
  ].filter((section) => section.label);
  return { search: href('/search'), sections };
}

/**
 * The branded not-found or error page. Inside the site, a 404 also offers the search and the main
 * sections (`search`, `sections`): a visitor from an old link goes on from here.
 */
export function FallbackPage({
  t,
  notFound,
  home = '/',
  standalone = false,
  search,
  sections = [],
}: {
  t: Translate;
  notFound: boolean;
  home?: string;
  standalone?: boolean;
  search?: string;
  sections?: Array<{ label: string; href: string }>;
}) {
  // Inside the site layout the page already has its <main>.
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper id={standalone ? 'main' : undefined} className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <LogoMark className="h-14 w-14" />
      <p className="mt-6 text-6xl font-bold text-brand-800">{notFound ? '404' : '500'}</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t(notFound ? 'notFound.title' : 'error.title')}</h1>
      <p className="mt-3 text-slate-700">{t(notFound ? 'notFound.text' : 'error.text')}</p>
      {notFound && search && (
        <form method="get" action={search} role="search" className="mt-8 flex w-full max-w-md gap-2">
          <label htmlFor="not-found-search" className="sr-only">
            {t('search.label')}
          </label>
          <input id="not-found-search" type="search" name="q" maxLength={200} placeholder={t('search.placeholder')} className="min-h-12 min-w-0 flex-1 rounded-md border border-slate-400 px-3 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600" />
          <button type="submit" className="min-h-12 rounded-md border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50">
            {t('search.submit')}
          </button>
        </form>
      )}
      {notFound && sections.length > 0 && (
        <nav aria-label={t('notFound.sections')} className="mt-6">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {sections.map((section) => (
              <li key={section.href}>
                <a href={section.href} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={home} className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('notFound.home')}
        </a>
        {!notFound && (
          <a href="" data-retry className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            {t('error.retry')}
          </a>
        )}
      </div>
    </Wrapper>
  );
}
