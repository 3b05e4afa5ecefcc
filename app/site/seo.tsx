import { hasJpegPreview, jpegPreview } from '../../domain/media/share-image.ts';
import type { MetaDescriptor } from 'react-router';
import { localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
import type { SiteData } from './site-data.server.ts';
import { createTranslator } from '../i18n/translator.ts';

const OG_LOCALES: Record<string, string> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_US' };
const ogLocale = (code: string) => OG_LOCALES[code] ?? code.replace('-', '_');

/** The typographic share card of a record without a picture (server/http/cover-routes.ts draws it). */
export { coverPath } from '../../domain/media/share-image.ts';

/** An absolute URL of the JPEG preview size of an uploaded image (Telegram shows no WebP), or of a drawn card. */
export function previewImage(site: Pick<SiteData, 'publicUrl'>, image: string | undefined): { url: string; og: boolean } | undefined {
  if (!image) return undefined;
  if (image.startsWith('/covers/')) return { url: site.publicUrl + image, og: true };
  const og = hasJpegPreview(image);
  const path = jpegPreview(image);
  return { url: /^https?:\/\//.test(path) ? path : site.publicUrl + path, og };
}

/** A 404's tab: "Page not found — the firm" in the page's language; never indexed. */
export function notFoundMeta(site: SiteData | undefined): MetaDescriptor[] {
  if (!site) return [{ title: '404' }, { name: 'robots', content: 'noindex' }];
  const t = createTranslator(site.lang, site.defaultLanguage, site.translations);
  return [{ title: `${t('notFound.title')} | ${pickText(site.config.companyName, site.lang, site.defaultLanguage)}` }, { name: 'robots', content: 'noindex' }];
}

export type FeedFormat = 'rss' | 'atom';

/** The address of a feed: `/news/feed.xml` (RSS 2.0), `/ru/blog/atom.xml` (Atom). */
export function feedPath(kind: 'news' | 'blog', format: FeedFormat, lang: string, defaultLanguage: string): string {
  return localePath(`/${kind}/${format === 'rss' ? 'feed' : 'atom'}.xml`, lang, defaultLanguage);
}

export interface PageSeo {
  title?: string;
  description?: string;
  keywords?: string;
  image?: string;
  type?: 'website' | 'article' | 'profile';
  publishedTime?: string;
  tags?: string[];
  /** The page belongs to news or the blog: its RSS and Atom feeds are announced. */
  feed?: 'news' | 'blog';
  /** A later page of a list (?page=2): its own canonical address, so every page is found. */
  page?: number;
  /** A record's page: the languages it is written in (loading.server.ts `pageLanguagesOf`), the only ones it names as alternates. */
  languages?: readonly string[];
}

/** Title, description, canonical, hreflang alternates, Open Graph and Twitter tags for a page. */
export function pageMeta(site: SiteData, seo: PageSeo): MetaDescriptor[] {
  const text = (value: Localized | string | undefined) => pickText(value, site.lang, site.defaultLanguage);
  const company = text(site.config.companyName);
  const title = seo.title ? `${seo.title} | ${company}` : text(site.config.seo.title) || company;
  const description = seo.description || text(site.config.seo.description);
  const keywords = seo.keywords ?? text(site.config.seo.keywords);
  const query = seo.page && seo.page > 1 ? `?page=${seo.page}` : '';
  const url = (lang: string) => site.publicUrl + localePath(site.path, lang, site.defaultLanguage) + query;
  const image = previewImage(site, seo.image);
  const offered = seo.languages ? site.languages.filter((language) => seo.languages!.includes(language.code)) : site.languages;
  const fallback = offered.some((language) => language.code === site.defaultLanguage) ? site.defaultLanguage : (offered[0]?.code ?? site.lang);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: url(site.lang) },
    ...offered.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: language.code, href: url(language.code) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(fallback) },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: company },
    { property: 'og:title', content: seo.title ?? title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url(site.lang) },
    { property: 'og:locale', content: ogLocale(site.lang) },
    ...offered.filter((language) => language.code !== site.lang).map((language) => ({ property: 'og:locale:alternate', content: ogLocale(language.code) })),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title ?? title },
    { name: 'twitter:description', content: description },
  ];
  if (seo.feed) {
    const section = text(seo.feed === 'news' ? site.config.sections.news.title : site.config.sections.blog.title);
    for (const [format, type] of [['rss', 'application/rss+xml'], ['atom', 'application/atom+xml']] as const) {
      const href = site.publicUrl + feedPath(seo.feed, format, site.lang, site.defaultLanguage);
      tags.push({ tagName: 'link', rel: 'alternate', type, title: `${section} | ${company} (${format === 'rss' ? 'RSS' : 'Atom'})`, href });
    }
  }
  if (image) {
    tags.push({ property: 'og:image', content: image.url }, { name: 'twitter:image', content: image.url });
    if (image.og) tags.push({ property: 'og:image:type', content: 'image/jpeg' }, { property: 'og:image:width', content: '1200' }, { property: 'og:image:height', content: '630' });
    if (seo.title) tags.push({ property: 'og:image:alt', content: seo.title });
  }
  if (seo.type === 'article') {
    if (seo.publishedTime) tags.push({ property: 'article:published_time', content: seo.publishedTime });
    for (const tag of seo.tags ?? []) tags.push({ property: 'article:tag', content: tag });
  }
  return tags;
}

const SCRIPT_SAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for a <script> element: nothing in it can close the element or start markup (one pass over an article's words, not five). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => SCRIPT_SAFE[character]);
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}

/** "Mon - Fri: 9:00 AM - 6:00 PM", "Dush – Jum: 9:00 – 18:00" → "Mo-Fr 09:00-18:00". */
function openingHours(text: string): string | undefined {
  const times = [...text.matchAll(/(\d{1,2})[:.](\d{2})\s*(AM|PM)?/gi)].map(([, h, m, half]) => {
    let hour = Number(h) % 12;
    if (!half) hour = Number(h);
    else if (half.toUpperCase() === 'PM') hour += 12;
    return `${String(hour).padStart(2, '0')}:${m}`;
  });
  if (times.length < 2) return undefined;
  const saturday = /\b(sat|shan|сб|суб)/i.test(text);
  return `${saturday ? 'Mo-Sa' : 'Mo-Fr'} ${times[0]}-${times[1]}`;
}

export function breadcrumbList(site: SiteData, items: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: site.publicUrl + localePath(item.path, site.lang, site.defaultLanguage),
    })),
  };
}

export function legalServiceJsonLd(site: SiteData) {
  const text = (value: Localized | string | undefined) => pickText(value, site.lang, site.defaultLanguage);
  const { config } = site;
  const hours = openingHours(pickText(config.contactInfo.workingHours, 'en', site.defaultLanguage));
  const sameAs = Object.values(config.socialMedia).filter((link) => link && !/^https?:\/\/(www\.)?[a-z]+\.com\/?$/.test(link));
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    '@id': `${site.publicUrl}/#firm`,
    name: text(config.companyName),
    description: text(config.companyDescription),
    url: site.publicUrl + localePath('/', site.lang, site.defaultLanguage),
    telephone: config.contactInfo.phone,
    email: config.contactInfo.email,
    address: { '@type': 'PostalAddress', streetAddress: text(config.contactInfo.address), addressCountry: 'UZ' },
    ...(hours ? { openingHours: hours } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(config.offices.length
      ? {
          department: config.offices
            .filter((office) => office.isActive)
            .map((office) => {
              const officeHours = openingHours(pickText(office.workingHours, 'en', site.defaultLanguage));
              return {
                '@type': 'LegalService',
                name: text(office.name),
                address: { '@type': 'PostalAddress', streetAddress: text(office.address), addressCountry: 'UZ' },
                ...(office.phone ? { telephone: office.phone } : {}),
                ...(office.email ? { email: office.email } : {}),
                ...(officeHours ? { openingHours: officeHours } : {}),
                ...(office.image ? { image: previewImage(site, office.image)?.url } : {}),
              };
            }),
        }
      : {}),
  };
}
