import { TEXT_PAGE_SLUGS } from '../pages/pages.ts';
import { RECORD_TYPES } from '../registry.ts';
import type { RecordType } from '../shared/record-type.ts';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';

/*
 * The public site's pages, declared once as record types are: the router (app/routes.ts), the
 * sitemap, the metrics' route names, the text preview's allowed paths, the site search, previews
 * and share cards read this list. A record type's own pages come from its declaration (`site`), so
 * adding a type with pages is adding its module to the registry.
 */

export interface SitePage {
  /** The route's id when its module serves several paths (the text pages). */
  id?: string;
  /** The path after the language prefix: '' (home), 'news', 'news/:key'. */
  path: string;
  /** Its route module under app/. */
  module: string;
  /** Listed in the sitemap's pages.xml (a record type's own pages are listed from its records). */
  sitemap: boolean;
  /** A preview of unsaved interface texts may open it (the site's own pages, not a form's answer). */
  textPreview: boolean;
  /** The record type it lists or shows. */
  type?: string;
  /** One record's page (`publicPath/:key`). */
  detail?: boolean;
  /** The schema.org type its JSON-LD describes. */
  jsonLd?: string;
  /** Linked from the footer's quick links (every record type's list page is). */
  footer?: boolean;
  /**
   * The groups of interface texts it shows beside its section's own (`confirm.*` on
   * `subscribe/confirm/:token`): the translators' screen lists them under the page's section.
   */
  texts?: readonly string[];
}

/** The pages that are not a record type's: the home page, forms, search and the like. */
const FIXED_PAGES: SitePage[] = [
  { path: '', module: 'routes/site/home.tsx', sitemap: true, textPreview: true, jsonLd: 'LegalService', footer: true },
  { path: 'partners', module: 'routes/site/partners.tsx', sitemap: true, textPreview: true, footer: true },
  { path: 'contact', module: 'routes/site/contact.tsx', sitemap: true, textPreview: true },
  { path: 'faq', module: 'routes/site/faq.tsx', sitemap: true, textPreview: true, jsonLd: 'FAQPage', footer: true },
  { path: 'search', module: 'routes/site/search.tsx', sitemap: false, textPreview: true },
  // A signed link to a record's page before it is public (domain/preview/preview-links.ts).
  { path: 'preview/:token', module: 'routes/site/preview.tsx', sitemap: false, textPreview: false, texts: ['review'] },
  // Alerts by e-mail (API-3.md "Alerts"): subscribing, confirming, settings and unsubscribing.
  { path: 'subscribe', module: 'routes/site/subscribe.tsx', sitemap: false, textPreview: true },
  { path: 'subscribe/confirm/:token', module: 'routes/site/subscribe-confirm.tsx', sitemap: false, textPreview: false, texts: ['confirm', 'subscriptionLink'] },
  { path: 'subscribe/preferences/:token', module: 'routes/site/subscribe-preferences.tsx', sitemap: false, textPreview: false, texts: ['preferences'] },
  { path: 'unsubscribe/:token', module: 'routes/site/unsubscribe.tsx', sitemap: false, textPreview: false, texts: ['subscriptionLink'] },
  // The confirmation link of an event registration's first e-mail, and the cancel link of the later ones.
  { path: 'events/confirm/:token', module: 'routes/site/event-confirm.tsx', sitemap: false, textPreview: false },
  { path: 'events/cancel/:token', module: 'routes/site/event-cancel.tsx', sitemap: false, textPreview: false },
  // A client's one-time link for their documents (intake).
  { path: 'upload/:token', module: 'routes/site/upload.tsx', sitemap: false, textPreview: false },
  // The pages of text every footer links (their records are listed in the sitemap as pages of text).
  ...TEXT_PAGE_SLUGS.map((slug) => ({ id: `text-page-${slug}`, path: slug, module: 'routes/site/text-page.tsx', sitemap: false, textPreview: true })),
];

/** A record type's list and record pages, from its declaration. */
function pagesOf(type: RecordType): SitePage[] {
  if (!type.site || !type.publicPath) return [];
  const path = type.publicPath.slice(1);
  const pages: SitePage[] = [];
  if (type.site.list) pages.push({ path, module: type.site.list, sitemap: true, textPreview: true, type: type.name, footer: true });
  if (type.site.detail) pages.push({ path: `${path}/:key`, module: type.site.detail, sitemap: false, textPreview: false, type: type.name, detail: true, jsonLd: type.site.jsonLd });
  return pages;
}

/** Every page of the public site, in the default language's paths (others add /{code}). */
export const SITE_PAGES: readonly SitePage[] = [...FIXED_PAGES, ...RECORD_TYPES.flatMap(pagesOf)];

/** The first segments of the site's own pages ('' for home): what is not one of them may be a language or a page of text. */
const PAGE_SECTIONS: ReadonlySet<string> = new Set(SITE_PAGES.map((page) => page.path.split('/')[0]));

/** The footer's quick links: the home page, each record type's list page, then the other pages marked `footer`. */
export const FOOTER_PAGES: readonly string[] = [
  ...SITE_PAGES.filter((page) => page.footer && page.path === ''),
  ...SITE_PAGES.filter((page) => page.footer && page.type),
  ...SITE_PAGES.filter((page) => page.footer && page.path !== '' && !page.type),
].map((page) => page.path);

/** The sitemap's pages.xml: the site's pages that are not one record's. */
export const SITEMAP_PAGES: readonly string[] = SITE_PAGES.filter((page) => page.sitemap).map((page) => `/${page.path}`);

/** Record types the site search finds: each with a page per record, or a place its hits are shown (`site.hitPath`). */
export const searchedTypes = (): RecordType[] => RECORD_TYPES.filter((type) => type.site?.search && (type.site.detail || type.site.hitPath) && type.searchFields.length > 0);

/** Record types whose pages can be previewed before they are public: a page, and a schedule or a page module that previews. */
export const previewedTypes = (types: readonly RecordType[] = RECORD_TYPES): RecordType[] => types.filter((type) => type.site?.detail && (type.scheduleFields || type.site.preview));

/** Record types whose records share a drawn card when they have no picture of their own. */
export const coveredTypes = (): RecordType[] => RECORD_TYPES.filter((type) => type.site?.cover && type.site.detail);

/** The record type whose records' pages are at `/{section}/{slug}`. */
export const typeWithPagesAt = (section: string | undefined): RecordType | undefined =>
  section ? RECORD_TYPES.find((type) => type.site?.detail && type.publicPath === `/${section}`) : undefined;

/** The sections a preview of interface texts may open (the first segment of a path). */
export const TEXT_PREVIEW_SECTIONS: ReadonlySet<string> = new Set(SITE_PAGES.filter((page) => page.textPreview).map((page) => page.path.split('/')[0]));

/** A path's language segment: a language code in any case (`/UZ-cyrl/` is `/uz-cyrl/`). */
const LANGUAGE_SEGMENT = new RegExp(LANGUAGE_CODE_PATTERN.source, 'i');

/**
 * The path's language segment and the rest. With `languages` (their segments, lowercase) only
 * those count; without, any first segment shaped like a language code that is not a page's.
 */
export function splitLanguage(path: string, languages?: readonly string[]): { segment?: string; rest: string } {
  const clean = path.split(/[?#]/)[0];
  const first = clean.split('/').filter(Boolean)[0];
  const isLanguage = first !== undefined && (languages ? languages.includes(first.toLowerCase()) : LANGUAGE_SEGMENT.test(first) && !PAGE_SECTIONS.has(first));
  if (!isLanguage) return { rest: clean || '/' };
  return { segment: first.toLowerCase(), rest: clean.slice(clean.indexOf(first) + first.length) || '/' };
}

/**
 * A page's route for the metrics, from the declaration: `/`, `/news`, `/news/:slug`,
 * `/subscribe/confirm/:token`; a path no page declares is `/:slug` (a page of text, or not found).
 */
export function metricRoute(url: string): string {
  const segments = splitLanguage(url).rest.split('/').filter(Boolean);
  if (!segments.length) return '/';
  const page = SITE_PAGES.find((candidate) => {
    const parts = candidate.path.split('/').filter(Boolean);
    return parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index]);
  });
  return page ? `/${page.path.replace(':key', ':slug')}` : '/:slug';
}
