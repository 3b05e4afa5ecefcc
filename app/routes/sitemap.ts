import { servicesContext } from '../context.ts';
import { localePath } from '../site/site-context.tsx';
import type { Route } from './+types/sitemap';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Every public page in every active language, each with its language alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [languages, defaultLanguage, offered, news, blog] = await Promise.all([
    services.languages.list({ admin: false }),
    services.languages.defaultLanguage(),
    services.services.list({ lang: 'uz', admin: false }),
    services.news.list({ lang: 'uz', admin: false }),
    services.blog.list({ lang: 'uz', admin: false }),
  ]);
  const codes = languages.map((language) => language.code as string);
  const base = services.config.publicUrl;
  const pages: Array<{ path: string; modified?: string }> = [
    ...['/', '/services', '/team', '/partners', '/news', '/blog', '/contact'].map((path) => ({ path })),
    ...offered.map((record) => ({ path: `/services/${record.slug as string}`, modified: record.updatedAt })),
    ...news.map((record) => ({ path: `/news/${record.slug as string}`, modified: record.updatedAt })),
    ...blog.map((record) => ({ path: `/blog/${record.slug as string}`, modified: record.updatedAt })),
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

