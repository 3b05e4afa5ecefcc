import { ChevronDown, Clock, Mail, Menu, MessageSquare, Phone, Search, Send } from './lucide.ts';
import type { SiteConfig } from '../../domain/site-config/site-config-schema.ts';
import { LogoMark } from './icons.tsx';
import { localePath } from '../../domain/shared/localized.ts';
import { useSite } from './site-context.tsx';
import type { FrameHtml } from './frame-html.server.tsx';
import type { ReactNode } from 'react';
import { telHref } from '../../domain/shared/phone.ts';

const NAVIGATION: Array<{ path: string; key: keyof SiteConfig['sections']['navigation'] }> = [
  { path: '/', key: 'homeText' },
  { path: '/services', key: 'servicesText' },
  { path: '/team', key: 'teamText' },
  { path: '/partners', key: 'partnersText' },
  { path: '/news', key: 'newsText' },
  { path: '/blog', key: 'blogText' },
  { path: '/contact', key: 'contactText' },
];

/** The lists beyond the main links, under "More" on a wide screen (seven links fill the header at 1024 px), each shown where the site has records of it. */
const MORE: Array<{ path: string; key: 'industries.title' | 'matters.title' | 'events.title' | 'careers.title' }> = [
  { path: '/industries', key: 'industries.title' },
  { path: '/matters', key: 'matters.title' },
  { path: '/events', key: 'events.title' },
  { path: '/careers', key: 'careers.title' },
];

function isCurrent(current: string, path: string): boolean {
  return path === '/' ? current === '/' : current === path || current.startsWith(`${path}/`);
}

/** A configured link: site paths get the page's language prefix, outside links stay unchanged. */
export function useLink() {
  const site = useSite();
  return (link: string) => (link.startsWith('/') ? site.href(link) : link);
}

/**
 * An element's contents: `html` when given — the same contents made before for the page's language
 * and data (app/site/frame-html.server.tsx) — else `children`, rendered now.
 */
export const contentsOf = (html: string | undefined, children: ReactNode) => (html === undefined ? { children } : { dangerouslySetInnerHTML: { __html: html } });

/**
 * The site's header. `kept`: the contents of its top bar and of the menu's search form as made
 * before for the same language and data (app/site/frame-html.server.tsx), given as they are; the
 * rest (the links that mark the current page, the language switcher's addresses of this page) is
 * rendered for each page.
 */
export function SiteHeader({ kept }: { kept?: Pick<FrameHtml, 'topBar' | 'menuSearch'> }) {
  const site = useSite();
  const { t, text, config } = site;
  const link = useLink();
  const navigation = config.sections.navigation;
  const current = site.languages.find((language) => language.code === site.lang);

  const more = MORE.filter((item) => site.moreSections.includes(item.path)).map((item) => ({ path: item.path, label: t(item.key) }));
  const main = NAVIGATION.map((item) => ({ path: item.path, label: text(navigation[item.key]) }));
  const navLink = (item: { path: string; label: string }, className: string) => {
    const active = isCurrent(site.path, item.path);
    return (
      <li key={item.path}>
        <a href={site.href(item.path)} aria-current={active ? 'page' : undefined} className={`${className} ${active ? 'text-brand-700 font-semibold' : 'text-slate-700 hover:text-brand-700'}`}>
          {item.label}
        </a>
      </li>
    );
  };
  const moreCurrent = more.some((item) => isCurrent(site.path, item.path));

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur print:hidden">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand-800 focus:px-4 focus:py-2 focus:text-white">
        {t('a11y.skipToContent')}
      </a>
      <div className="hidden bg-brand-900 text-sm text-white md:block" {...contentsOf(kept?.topBar, <TopBarContent />)} />
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-5 sm:px-8 lg:px-12 py-3 sm:gap-3">
        <a href={site.href('/')} className="mr-auto flex min-w-0 items-center gap-2 rounded text-base font-bold text-brand-800 sm:text-lg">
          <LogoMark className="h-9 w-9 shrink-0" />
          {/* A long name (in Cyrillic, beside longer links) takes two lines rather than run under the menu. */}
          <span className="leading-tight">{text(config.companyName)}</span>
        </a>
        <nav aria-label={t('a11y.mainNavigation')} className="hidden lg:block">
          <ul className="flex items-center gap-3 text-sm xl:gap-4 xl:text-[15px]">
            {main.map((item) => navLink(item, 'whitespace-nowrap rounded px-1 py-2'))}
            {more.length > 0 && (
              <li>
                <details className="relative" data-dropdown>
                  <summary className={`flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded px-1 py-2 ${moreCurrent ? 'text-brand-700 font-semibold' : 'text-slate-700 hover:text-brand-700'}`}>
                    {t('nav.more')}
                    <ChevronDown className="h-4 w-4" aria-hidden="true" />
                  </summary>
                  <ul className="absolute right-0 z-50 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">{more.map((item) => navLink(item, 'block px-4 py-2 hover:bg-slate-100'))}</ul>
                </details>
              </li>
            )}
          </ul>
        </nav>
        {/* On a phone the top bar is hidden: one tap calls the firm (and the menu holds the search). */}
        <a
          href={telHref(config.contactInfo.phone)}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-md bg-amber-400 text-brand-900 hover:bg-amber-300 md:hidden"
          aria-label={`${t('header.phone')}: ${config.contactInfo.phone}`}
        >
          <Phone className="h-5 w-5" aria-hidden="true" />
        </a>
        <details className="relative" data-dropdown data-languages>
          {/* One line whatever the code's length: "UZ-CYRL" would break at its hyphen on a phone. */}
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-md border border-slate-300 px-2 py-2 text-sm sm:px-3 font-medium text-slate-800 hover:bg-slate-50">
            {/* No flag emoji: many systems draw them as empty boxes or letters. */}
            <span>{site.lang.toUpperCase()}</span>
            <span className="sr-only">{t('a11y.chooseLanguage', { language: current?.nativeName ?? site.lang })}</span>
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          </summary>
          <ul className="absolute right-0 z-50 mt-2 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            {site.languages.map((language) => (
              <li key={language.code}>
                <a
                  href={localePath(site.path, language.code, site.defaultLanguage)}
                  hrefLang={language.code}
                  lang={language.code}
                  data-lang={language.code}
                  aria-current={language.code === site.lang ? 'true' : undefined}
                  className={`flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-100 ${language.code === site.lang ? 'font-semibold text-brand-700' : 'text-slate-800'}`}
                >
                  <span className="w-7 text-xs font-semibold text-slate-500" aria-hidden="true">
                    {language.code.toUpperCase()}
                  </span>
                  {language.nativeName}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <a href={link(config.primaryButton.link)} className="hidden whitespace-nowrap rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-block lg:hidden xl:inline-block">
          {text(config.primaryButton.text)}
        </a>
        <details className="lg:hidden" data-dropdown>
          <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-md border border-slate-300 text-slate-800" aria-label={t('a11y.openMenu')}>
            <Menu className="h-6 w-6" aria-hidden="true" />
          </summary>
          <nav aria-label={t('a11y.mainNavigation')} className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-lg">
            <form
              method="get"
              action={site.href('/search')}
              role="search"
              aria-label={t('search.label')}
              className="mx-auto flex max-w-7xl gap-2 px-5 pt-4 sm:px-8 md:hidden"
              {...contentsOf(kept?.menuSearch, <MenuSearchContent />)}
            />
            <ul className="mx-auto max-w-7xl px-5 sm:px-8 lg:px-12 py-2">
              {[...main, ...more].map((item) => navLink(item, 'block rounded px-2 py-3 text-base'))}
              <li className="py-2 sm:hidden">
                <a href={link(config.primaryButton.link)} className="block rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white">
                  {text(config.primaryButton.text)}
                </a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

/** The top bar's contents (wide screens): phone, e-mail, hours and the search form. */
export function TopBarContent() {
  const { t, text, config, href } = useSite();
  return (
    <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-5 sm:px-8 lg:px-12 py-2">
      <a href={telHref(config.contactInfo.phone)} className="inline-flex items-center gap-2 hover:underline">
        <Phone className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t('header.phone')}: </span>
        {config.contactInfo.phone}
      </a>
      <a href={`mailto:${config.contactInfo.email}`} className="inline-flex items-center gap-2 hover:underline">
        <Mail className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t('header.email')}: </span>
        {config.contactInfo.email}
      </a>
      <span className="inline-flex items-center gap-2 md:ml-auto">
        <Clock className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t('header.hours')}: </span>
        {text(config.contactInfo.workingHours)}
      </span>
      <form method="get" action={href('/search')} role="search" aria-label={t('search.label')} className="flex items-center">
        <SearchFields id="site-search" input="h-8 w-44 rounded-l-md border-0 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-600 lg:w-56" button="flex h-8 w-9 items-center justify-center rounded-r-md bg-amber-400 text-brand-900 hover:bg-amber-300" icon="h-4 w-4" />
      </form>
    </div>
  );
}

/** The phone menu's search form's contents. */
export function MenuSearchContent() {
  return <SearchFields id="menu-search" input="min-h-11 min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600" button="flex min-h-11 min-w-11 items-center justify-center rounded-md bg-amber-400 text-brand-900 hover:bg-amber-300" icon="h-5 w-5" />;
}

/** A search form's label, field and button (the top bar's and the phone menu's), in their own sizes. */
function SearchFields({ id, input, button, icon }: { id: string; input: string; button: string; icon: string }) {
  const { t } = useSite();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <input id={id} type="search" name="q" required minLength={2} maxLength={200} placeholder={t('search.label')} className={input} />
      <button type="submit" className={button}>
        <Search className={icon} aria-hidden="true" />
        <span className="sr-only">{t('search.submit')}</span>
      </button>
    </>
  );
}

/**
 * On a phone, calling, Telegram and the contact form stay one tap away at the foot of the screen
 * (the header scrolls away). Hidden from 768 px, where the top bar shows the phone.
 */
export function PhoneActions({ html }: { html?: string }) {
  const { t } = useSite();
  return (
    <nav
      aria-label={t('phoneBar.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-700 bg-brand-900 text-white shadow-[0_-4px_16px_rgba(0,0,0,0.15)] md:hidden print:hidden"
      {...contentsOf(html, <PhoneActionsContent />)}
    />
  );
}

/** The phone bar's actions: call, Telegram, write. */
export function PhoneActionsContent() {
  const { t, href, config } = useSite();
  const telegram = config.socialMedia.telegram;
  const action = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold';
  return (
    <ul className="flex">
      <li className="flex flex-1">
        <a href={telHref(config.contactInfo.phone)} className={`${action} bg-amber-400 text-brand-900`}>
          <Phone className="h-5 w-5" aria-hidden="true" />
          {t('phoneBar.call')}
        </a>
      </li>
      {telegram && (
        <li className="flex flex-1">
          <a href={telegram} className={action} rel="noopener noreferrer">
            <Send className="h-5 w-5" aria-hidden="true" />
            Telegram
          </a>
        </li>
      )}
      <li className="flex flex-1">
        <a href={href('/contact')} className={action}>
          <MessageSquare className="h-5 w-5" aria-hidden="true" />
          {t('phoneBar.write')}
        </a>
      </li>
    </ul>
  );
}
