import { data, redirect } from 'react-router';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { SiteConfigRecord } from '../../domain/site-config/site-config-service.ts';
import type { AppServices } from '../../server/app-services.ts';

export interface SiteLanguage {
  code: string;
  nativeName: string;
  flag: string;
  rtl: boolean;
}

export interface SiteData {
  lang: string;
  defaultLanguage: string;
  dir: 'ltr' | 'rtl';
  languages: SiteLanguage[];
  translations: Record<string, string>;
  config: SiteConfigRecord;
  footerServices: StoredRecord[];
  publicUrl: string;
  /** The page's path without the language prefix, for hreflang and the switcher. */
  path: string;
  year: number;
}

/** The page's language: the URL prefix, or the default language when there is none. */
export async function resolveLanguage(services: AppServices, requested: string | undefined, request: Request) {
  const [languages, defaultLanguage] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
  const url = new URL(request.url);
  if (requested === defaultLanguage) {
    // The default language has no prefix: /uz/news is /news.
    throw redirect(url.pathname.replace(new RegExp(`^/${requested}(?=/|$)`), '') + url.search || '/', 301);
  }
  if (requested && !languages.some((language) => language.code === requested)) throw data(null, { status: 404 });
  const lang = requested ?? defaultLanguage;
  const path = requested ? url.pathname.replace(new RegExp(`^/${requested}(?=/|$)`), '') || '/' : url.pathname;
  return { lang, defaultLanguage, languages, path };
}

export async function loadSiteData(services: AppServices, requested: string | undefined, request: Request): Promise<SiteData> {
  const { lang, defaultLanguage, languages, path } = await resolveLanguage(services, requested, request);
  const [config, activeServices] = await Promise.all([services.siteConfig.get(), services.services.list({ lang, admin: false })]);
  const current = languages.find((language) => language.code === lang);
  return {
    lang,
    defaultLanguage,
    dir: current?.rtl ? 'rtl' : 'ltr',
    languages: languages.map((language) => ({
      code: language.code as string,
      nativeName: language.nativeName as string,
      flag: language.flag as string,
      rtl: Boolean(language.rtl),
    })),
    translations: (current?.translations as Record<string, string>) ?? {},
    config,
    footerServices: activeServices.slice(0, 6),
    publicUrl: services.config.publicUrl,
    path,
    year: new Date().getFullYear(),
  };
}

/** What a page loader needs: the services and the page's language (same rules as the layout). */
export async function pageContext(services: AppServices, requested: string | undefined, request: Request) {
  const { lang, defaultLanguage } = await resolveLanguage(services, requested, request);
  return { services, lang, defaultLanguage };
}
