import { listedIn } from './page-data.ts';
import type { DomainServices } from '../../domain/app-services.ts';
import { localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
import { coverPath, feedPath, previewImage, type FeedFormat } from './seo.tsx';
import type { Article, ArticleKind } from './article.tsx';
import { escapeXml } from './xml.ts';

/** How many of the newest articles a feed carries (what feed readers and channel bots look at). */
const FEED_SIZE = 20;

/** Characters XML 1.0 does not allow, which pasted text can bring. */
const xmlText = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
/**
 * Plain text in an RSS title or description: feed readers take those as HTML, so the text is
 * escaped as HTML, then as XML (`<img>` arrives as the words "<img>", never as a picture).
 */
const rssText = (text: string) => xmlText(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));

/** When an article appeared: a blog post's publication time; a news article's date (its creation time on that day). */
function publishedAt(article: Article): Date {
  if ('publishedAt' in article) return new Date(article.publishedAt);
  const day = article.date.slice(0, 10);
  return article.createdAt.slice(0, 10) === day ? new Date(article.createdAt) : new Date(`${day}T00:00:00Z`);
}

/**
 * A feed of the newest news articles or blog posts in one language, with absolute links, dates,
 * excerpts, the article's HTML, categories, authors and the JPEG share image of each article.
 */
export async function renderFeed(services: DomainServices, kind: ArticleKind, format: FeedFormat, lang: string, defaultLanguage: string): Promise<string> {
  const records = kind === 'news' ? services.records.news : services.records.blog;
  const [config, page] = await Promise.all([services.siteConfig.get(), records.listPage({ ...listedIn(lang), page: 1, limit: FEED_SIZE })]);
  const articles = page.data as Article[];
  const text = (value: Localized | string | undefined) => pickText(value, lang, defaultLanguage);
  const base = services.publicUrl;
  const section = kind === 'news' ? config.sections.news : config.sections.blog;
  const company = text(config.companyName);
  const title = `${text(section.title)} | ${company}`;
  const listUrl = base + localePath(`/${kind}`, lang, defaultLanguage);
  const selfUrl = base + feedPath(kind, format, lang, defaultLanguage);
  // The article itself, as its page shows it (links and pictures made absolute for a feed reader).
  const absolute = (html: string) => html.replace(/ (href|src)="\//g, ` $1="${base}/`);
  const items = await Promise.all(
    articles.map(async (article) => {
      const url = base + localePath(`/${kind}/${article.slug}`, lang, defaultLanguage);
      const author = text(article.author?.name);
      const image = previewImage({ publicUrl: base }, article.image || coverPath(kind, article, lang));
      const html = absolute(await records.html(article, 'content', lang));
      return { url, title: text(article.title), excerpt: text(article.excerpt), html, category: text(article.category), author, image, published: publishedAt(article), updated: new Date(article.updatedAt) };
    }),
  );
  const newest = items.reduce<Date | undefined>((latest, item) => (!latest || item.updated > latest ? item.updated : latest), undefined) ?? new Date(0);

  if (format === 'rss') {
    const entries = items.map((item) =>
      [
        '    <item>',
        `      <title>${rssText(item.title)}</title>`,
        `      <link>${escapeXml(item.url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
        `      <pubDate>${item.published.toUTCString()}</pubDate>`,
        `      <description>${rssText(item.excerpt)}</description>`,
        `      <content:encoded>${xmlText(item.html)}</content:encoded>`,
        ...(item.category ? [`      <category>${xmlText(item.category)}</category>`] : []),
        ...(item.author ? [`      <dc:creator>${xmlText(item.author)}</dc:creator>`] : []),
        // The length of a file we do not read here is unknown: RSS says 0 then.
        ...(item.image ? [`      <enclosure url="${escapeXml(item.image.url)}" length="0" type="${item.image.og ? 'image/jpeg' : 'image/*'}"/>`, `      <media:content url="${escapeXml(item.image.url)}" medium="image"${item.image.og ? ' type="image/jpeg" width="1200" height="630"' : ''}/>`] : []),
        '    </item>',
      ].join('\n'),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
      '  <channel>',
      `    <title>${rssText(title)}</title>`,
      `    <link>${escapeXml(listUrl)}</link>`,
      `    <description>${rssText(text(section.subtitle) || title)}</description>`,
      `    <language>${escapeXml(lang)}</language>`,
      `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
      `    <atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
      ...entries,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
  }
  const entries = items.map((item) =>
    [
      '  <entry>',
      `    <title type="text">${xmlText(item.title)}</title>`,
      `    <id>${escapeXml(item.url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
      `    <published>${item.published.toISOString()}</published>`,
      `    <updated>${item.updated.toISOString()}</updated>`,
      ...(item.author ? [`    <author><name>${xmlText(item.author)}</name></author>`] : []),
      `    <summary type="text">${xmlText(item.excerpt)}</summary>`,
      `    <content type="html">${xmlText(item.html)}</content>`,
      ...(item.category ? [`    <category term="${xmlText(item.category)}"/>`] : []),
      ...(item.image ? [`    <link rel="enclosure" type="${item.image.og ? 'image/jpeg' : 'image/*'}" href="${escapeXml(item.image.url)}"/>`] : []),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(lang)}">`,
    // Atom says what its texts are: plain text, which a reader shows as such (RFC 4287 §3.1.1.1).
    `  <title type="text">${xmlText(title)}</title>`,
    ...(text(section.subtitle) ? [`  <subtitle type="text">${xmlText(text(section.subtitle))}</subtitle>`] : []),
    `  <id>${escapeXml(selfUrl)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(listUrl)}"/>`,
    `  <updated>${newest.toISOString()}</updated>`,
    `  <author><name>${xmlText(company)}</name><uri>${escapeXml(base + '/')}</uri></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
