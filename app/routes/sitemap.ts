import { RECORD_TYPES } from '../../domain/registry.ts';
import { servicesContext } from '../context.ts';
import { localePath } from '../site/site-context.tsx';
import { escapeXml } from '../site/xml.ts';
import type { Route } from './+types/sitemap';


/** The pages of the site that are not a record's own page. */
const FIXED_PAGES = ['/', '/services', '/team', '/partners', '/news', '/blog', '/faq', '/contact'];

/** Every public page in every active language, each with its language alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const withPages = RECORD_TYPES.filter((type) => type.publicPath !== undefined && type.slugFrom);
  const [languages, defaultLanguage, ...records] = await Promise.all([
    services.languages.list({ admin: false }),
    services.languages.defaultLanguage(),
    ...withPages.map((type) => services.recordService(type).list({ lang: 'uz', admin: false })),
  ]);
  const codes = languages.map((language) => String(language.code));
  const base = services.publicUrl;
  const pages: Array<{ path: string; modified?: string }> = [
    ...FIXED_PAGES.map((path) => ({ path })),
    ...withPages.flatMap((type, index) => records[index].map((record) => ({ path: `${type.publicPath}/${String(record.slug)}`, modified: record.updatedAt }))),
  ];
  const url = (path: string, code: string) => escapeXml(base + localePath(path, code, defaultLanguage));
  const entries = pages.flatMap((page) =>
    codes.map((code) =>
      [
        '  <url>',
        `    <loc>${url(page.path, code)}</loc>`,
        ...codes.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${url(page.path, other)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path, defaultLanguage)}"/>`,
        ...(page.modified ? [`    <lastmod>${page.modified.slice(0, 10)}</lastmod>`] : []),
        '  </url>',
      ].join('\n'),
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
