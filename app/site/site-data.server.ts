import { listedIn } from './page-data.ts';
import { frameHtml, type FrameHtml } from './frame-html.server.tsx';
import { forThePageOnly } from './loading.server.ts';
import { data, redirect } from 'react-router';
import type { Service } from '../../domain/services/services.ts';
import type { SiteConfigRecord } from '../../domain/site-config/site-config-service.ts';
import type { DomainServices } from '../../domain/app-services.ts';
import { TEXT_PREVIEW_HEADER } from '../../domain/languages/text-previews.ts';
import { languageSegment } from '../../domain/shared/localized.ts';
import { recordTypeNamed } from '../../domain/registry.ts';

interface SiteLanguage {
  code: string;
  nativeName: string;
  rtl: boolean;
}

export interface SiteData {
  lang: string;
  defaultLanguage: string;
  dir: 'ltr' | 'rtl';
  languages: SiteLanguage[];
  translations: Record<string, string>;
  /** The legal alerts by e-mail are open (SMTP is set up): the invitations show. */
  alerts: boolean;
  /** Rendered with interface texts not saved yet (POST /api/languages/preview): says so on the page. */
  textPreview: boolean;
  config: SiteConfigRecord;
  /** The footer's links: a name and an address each (a whole service is its documents in every language). */
  footerServices: Array<Pick<Service, '_id' | 'slug' | 'title'>>;
  /** Slugs of the active pages of text (the footer links the legal ones). */
  pageSlugs: string[];
  /** The lists beyond the header's main links that have something public to show (`/industries`, `/careers`): the header's "More". */
  moreSections: string[];
  publicUrl: string;
  /** The firm's time zone: dates are shown in it. */
  timeZone: string;
  /** The page's path without the language prefix, for hreflang and the switcher. */
  path: string;
  year: number;
  /** The footer's and the phone bar's contents, made once for this language and what they show. */
  frame?: FrameHtml;
}

/**
 * The page's language: the URL prefix, or the default language when there is none. A first
 * segment that is no language is a 404 for the pages below it; the layout (`lenient`) renders it
 * in the default language, so that a missing page keeps the site's header and footer.
 */
async function resolveLanguage(services: DomainServices, requested: string | undefined, request: Request, options: { lenient?: boolean } = {}) {
  const [active, defaultLanguage] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
  // A preview of unsaved texts may be of a language not shown to visitors yet.
  const preview = services.textPreviews.get(request.headers.get(TEXT_PREVIEW_HEADER));
  const previewed = preview && !active.some((language) => language.code === preview.code) ? (await services.languages.list({ admin: true })).find((language) => language.code === preview.code) : undefined;
  const languages = previewed ? [...active, previewed] : active;
  const url = new URL(request.url);
  // A language's addresses use its code in lowercase (/uz-cyrl/); another case is sent there.
  const language = requested ? languages.find((candidate) => languageSegment(String(candidate.code)) === requested.toLowerCase()) : undefined;
  if (requested && language && requested !== languageSegment(String(language.code))) {
    throw redirect(`/${languageSegment(String(language.code))}${url.pathname.slice(requested.length + 1)}${url.search}`, 301);
  }
  // The default language has no prefix: /uz/news is /news. The rest is kept on this site:
  // leading slashes or backslashes would make "//host" an address elsewhere.
  if (language && language.code === defaultLanguage) {
    const rest = url.pathname.slice(requested!.length + 1).replace(/^[/\\]+/, '');
    throw redirect(`/${rest}${url.search}`, 301);
  }
  const known = !requested || language !== undefined;
  if (!known && !options.lenient) throw data(null, { status: 404 });
  const lang = language ? String(language.code) : defaultLanguage;
  const path = requested && known ? url.pathname.slice(requested.length + 1) || '/' : url.pathname;
  return { lang, defaultLanguage, languages, path, known, preview: preview?.code === lang ? preview : undefined };
}

/** The record types whose lists the header offers under "More", in its order. */
const MORE_TYPES = ['industries', 'matters', 'events', 'vacancies'] as const;

/** The paths of those lists with at least one public record (kept answers: no query on most pages). */
async function sectionsWithRecords(services: DomainServices, lang: string): Promise<string[]> {
  const found = await Promise.all(
    MORE_TYPES.map(async (name) => {
      const type = recordTypeNamed(name);
      const records = await services.records[name].list({ lang, admin: false }).catch((error: unknown) => {
        services.log.error({ err: error }, `could not read the ${name} for the header`);
        return [];
      });
      return records.length && type?.publicPath ? [type.publicPath] : [];
    }),
  );
  return found.flat();
}

export async function loadSiteData(services: DomainServices, requested: string | undefined, request: Request): Promise<SiteData> {
  const { lang, defaultLanguage, languages, path, preview } = await resolveLanguage(services, requested, request, { lenient: true });
  const [config, activeServices, pageSlugs, moreSections] = await Promise.all([
    services.siteConfig.get(),
    // The footer's list is a convenience: when it cannot be read the page still renders (its own
    // loader says what failed), with the footer's "no services" text.
    services.records.services.list(listedIn(lang)).catch((error: unknown) => {
      services.log.error({ err: error }, 'could not load the footer’s services');
      return [];
    }),
    services.records.pages.publicSlugs(),
    sectionsWithRecords(services, lang),
  ]);
  const current = languages.find((language) => language.code === lang);
  const site: Omit<SiteData, 'frame'> = {
    lang,
    defaultLanguage,
    dir: current?.rtl ? 'rtl' : 'ltr',
    languages: languages.map((language) => ({
      code: language.code,
      nativeName: language.nativeName,
      rtl: Boolean(language.rtl),
    })),
    translations: preview?.translations ?? current?.translations ?? {},
    textPreview: Boolean(preview),
    alerts: services.subscriptions.ready,
    config,
    footerServices: activeServices.slice(0, 6).map(({ _id, slug, title }) => ({ _id, slug, title })),
    pageSlugs,
    moreSections,
    publicUrl: services.publicUrl,
    timeZone: services.timeZone,
    path,
    year: new Date().getFullYear(),
  };
  return forThePageOnly({ ...site, frame: frameHtml(site) });
}

/** What a page loader needs: the services and the page's language (the layout's rules). */
export async function pageContext(services: DomainServices, requested: string | undefined, request: Request, options: { lenient?: boolean } = {}) {
  const { lang, defaultLanguage, known } = await resolveLanguage(services, requested, request, options);
  return { services, lang, defaultLanguage, known };
}
