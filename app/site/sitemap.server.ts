import { RECORD_TYPES } from '../../domain/registry.ts';
import { SITEMAP_PAGES } from '../../domain/site/site-pages.ts';
import type { DomainServices } from '../../domain/app-services.ts';
import { localePath } from '../../domain/shared/localized.ts';
import { escapeXml } from './xml.ts';

/*
 * The sitemap is an index of files of at most 1,000 addresses (every language of a page counts),
 * each built from one indexed read of slugs and dates: no article's content is read, and the
 * files of a site with 10,000 articles cost what those of a small one cost.
 */

const URLS_PER_FILE = 1000;
const WITH_PAGES = RECORD_TYPES.filter((type) => type.publicPath !== undefined && type.slugFrom);

/** The active languages, and how many pages fit a file when each page is one address per language. */
async function languagesOf(services: DomainServices) {
  const [languages, defaultLanguage] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
  const codes = languages.map((language) => String(language.code));
  return { codes, defaultLanguage, perFile: Math.max(1, Math.floor(URLS_PER_FILE / Math.max(1, codes.length))) };
}

const xmlResponse = (xml: string) => new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });

/** `/sitemap.xml`: the list of sitemap files. */
export async function sitemapIndex(services: DomainServices): Promise<Response> {
  const { perFile } = await languagesOf(services);
  const counts = await Promise.all(WITH_PAGES.map((type) => services.recordService(type).publicCount()));
  const files = ['pages.xml', ...WITH_PAGES.flatMap((type, index) => Array.from({ length: Math.ceil(counts[index] / perFile) }, (_, n) => `${type.name}-${n + 1}.xml`))];
  const entries = files.map((file) => `  <sitemap>\n    <loc>${escapeXml(`${services.publicUrl}/sitemaps/${file}`)}</loc>\n  </sitemap>`);
  return xmlResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`);
}

/** `/sitemaps/pages.xml` or `/sitemaps/{type}-{n}.xml`; undefined for any other name. */
export async function sitemapFile(services: DomainServices, file: string): Promise<Response | undefined> {
  const { codes, defaultLanguage, perFile } = await languagesOf(services);
  // Each page in the languages it is written in: a record's own (record-type.ts `pageLanguages`), every one for the site's pages.
  let pages: Array<{ path: string; modified?: string; languages: string[] }>;
  if (file === 'pages.xml') pages = SITEMAP_PAGES.map((path) => ({ path, languages: codes }));
  else {
    const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
    const type = match ? WITH_PAGES.find((candidate) => candidate.name === match[1]) : undefined;
    if (!match || !type) return undefined;
    const records = await services.recordService(type).publicAddresses(perFile, (Number(match[2]) - 1) * perFile);
    if (!records.length) return undefined;
    pages = records.map((record) => ({ path: `${type.publicPath}/${record.slug}`, modified: record.updatedAt, languages: codes.filter((code) => record.languages.includes(code)) }));
  }
  const base = services.publicUrl;
  const url = (path: string, code: string) => escapeXml(base + localePath(path, code, defaultLanguage));
  const entries = pages.flatMap((page) =>
    page.languages.map((code) =>
      [
        '  <url>',
        `    <loc>${url(page.path, code)}</loc>`,
        // The schema's order: loc, lastmod, then the other namespaces' elements (the alternates).
        ...(page.modified ? [`    <lastmod>${page.modified.slice(0, 10)}</lastmod>`] : []),
        ...page.languages.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${url(page.path, other)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path, page.languages.includes(defaultLanguage) ? defaultLanguage : page.languages[0])}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  );
  return xmlResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`);
}
