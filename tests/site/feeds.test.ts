import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* What feed readers and channel bots get: RSS 2.0 and Atom of news and the blog, in every language. */

const BASE = 'https://lawfirm.test';
const PREFIX: Record<string, string> = { uz: '', ru: '/ru', en: '/en' };
const LISTS = new Set(['rss.channel.item', 'feed.entry', 'feed.entry.link']);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, path) => LISTS.has(String(path)) });
/** Plain text as an RSS title or description carries it: escaped as HTML (then as XML), so a reader shows it as text. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('news and blog feeds', () => {
  let app: TestApp;
  let token: string;
  const get = async (path: string) => {
    const response = await fetch(app.url + path, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  /** The published articles of a kind, newest first, as the API lists them. */
  const published = async (kind: string) => (await app.api(`/api/${kind}?limit=20`)).body.data as Array<{ slug: string; title: Record<string, string>; excerpt: Record<string, string> }>;

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  describe.each(['uz', 'ru', 'en'])('in %s', (lang) => {
    it.each(['news', 'blog'])('%s as RSS 2.0 with absolute links, dates, excerpts and the share image', async (kind) => {
      const response = await get(`${PREFIX[lang]}/${kind}/feed.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      expect(XMLValidator.validate(response.text)).toBe(true);
      const channel = parser.parse(response.text).rss.channel;
      expect(channel.language).toBe(lang);
      expect(channel.link).toBe(`${BASE}${PREFIX[lang]}/${kind}`);
      expect(channel['atom:link']['@href']).toBe(`${BASE}${PREFIX[lang]}/${kind}/feed.xml`);
      const articles = await published(kind);
      expect(channel.item.map((item: { link: string }) => item.link)).toEqual(articles.map((article) => `${BASE}${PREFIX[lang]}/${kind}/${article.slug}`));
      const [first] = channel.item;
      expect(first.title).toBe(asHtml(articles[0].title[lang] || articles[0].title.uz));
      expect(first.description).toBe(asHtml(articles[0].excerpt[lang] || articles[0].excerpt.uz));
      expect(first.guid['#text']).toBe(first.link);
      expect(new Date(first.pubDate).toUTCString()).toBe(first.pubDate);
      expect(first.enclosure['@type']).toBe('image/jpeg');
      // Demo articles have no picture: their share card is drawn from the title, in the feed's language.
      expect(first.enclosure['@url']).toMatch(new RegExp(`^https://lawfirm\\.test/covers/${lang}/${kind}/[0-9a-f]{24}-\\d+\\.jpg$`));
      const image = await fetch(app.url + first.enclosure['@url'].slice(BASE.length));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
    });

    it.each(['news', 'blog'])('%s as Atom with ids, times and authors', async (kind) => {
      const response = await get(`${PREFIX[lang]}/${kind}/atom.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(XMLValidator.validate(response.text)).toBe(true);
      const feed = parser.parse(response.text).feed;
      expect(feed['@xml:lang']).toBe(lang);
      expect(feed.id).toBe(`${BASE}${PREFIX[lang]}/${kind}/atom.xml`);
      expect(feed.author.name).toMatch(/Adliya Partners|Адлия Партнерс/);
      const articles = await published(kind);
      expect(feed.entry.map((entry: { id: string }) => entry.id)).toEqual(articles.map((article) => `${BASE}${PREFIX[lang]}/${kind}/${article.slug}`));
      for (const entry of feed.entry) {
        expect(new Date(entry.published).toISOString()).toBe(entry.published);
        expect(new Date(entry.updated).toISOString()).toBe(entry.updated);
        expect(entry.summary['@type']).toBe('text');
        expect(entry.summary['#text'].length).toBeGreaterThan(10);
      }
      expect(feed.entry[0].link.map((link: Record<string, string>) => link['@rel'])).toEqual(['alternate', 'enclosure']);
    });

    it('announces the feeds on the list and on an article, with absolute addresses', async () => {
      const [article] = await published('news');
      for (const path of [`${PREFIX[lang]}/news`, `${PREFIX[lang]}/news/${article.slug}`]) {
        const { text } = await get(path);
        const feeds = links(text, 'alternate').filter((link) => link.type);
        expect(feeds.map((link) => [link.type, link.href])).toEqual([
          ['application/rss+xml', `${BASE}${PREFIX[lang]}/news/feed.xml`],
          ['application/atom+xml', `${BASE}${PREFIX[lang]}/news/atom.xml`],
        ]);
        expect(feeds[0].title).toContain('(RSS)');
      }
      const blog = links((await get(`${PREFIX[lang]}/blog`)).text, 'alternate').filter((link) => link.type);
      expect(blog.map((link) => link.href)).toEqual([`${BASE}${PREFIX[lang]}/blog/feed.xml`, `${BASE}${PREFIX[lang]}/blog/atom.xml`]);
    });
  });

  it('leaves drafts out, shows a new article at once, and escapes what editors type', async () => {
    const before = (await get('/news/feed.xml')).text;
    expect(before).not.toContain('qoralama');
    const created = await app.api('/api/news', {
      token,
      body: { title: { uz: 'Soliq & bojxona: <yangi> "tartib"' }, excerpt: { uz: 'Qisqa & aniq' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, slug: 'soliq-bojxona-tartib' },
    });
    expect(created.status).toBe(201);
    const after = await get('/news/feed.xml');
    expect(XMLValidator.validate(after.text)).toBe(true);
    const [first] = parser.parse(after.text).rss.channel.item;
    expect(after.text).toContain('<title>Soliq &amp;amp; bojxona: &amp;lt;yangi&amp;gt; &quot;tartib&quot;</title>');
    expect(first.title).toBe('Soliq &amp; bojxona: &lt;yangi&gt; "tartib"');
    expect(first.link).toBe(`${BASE}/news/soliq-bojxona-tartib`);
    // The article itself, as its page shows it: HTML, escaped in the XML.
    expect(first['content:encoded']).toBe('<p>Matn</p>');
    expect(parser.parse((await get('/news/atom.xml')).text).feed.entry[0].content['#text']).toBe('<p>Matn</p>');
  });

  it('gives a reader markup written in a title or an excerpt as the words themselves, in RSS and Atom', async () => {
    const created = await app.api('/api/news', {
      token,
      body: { title: { uz: 'Yangi <img src=x onerror=alert(1)> qoida' }, excerpt: { uz: 'Qisqacha <a href="https://evil.example">bu yerda</a> & boshqalar' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, slug: 'yangi-img-qoida' },
    });
    expect(created.status).toBe(201);
    const rss = (await get('/news/feed.xml')).text;
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(rss).toContain('<title>Yangi &amp;lt;img src=x onerror=alert(1)&amp;gt; qoida</title>');
    expect(rss).toContain('<description>Qisqacha &amp;lt;a href=&quot;https://evil.example&quot;&amp;gt;bu yerda&amp;lt;/a&amp;gt; &amp;amp; boshqalar</description>');
    // What a reader gets from the XML is HTML whose text is the title: no element in it.
    const item = parser.parse(rss).rss.channel.item.find((entry: { link: string }) => entry.link === `${BASE}/news/yangi-img-qoida`);
    expect(item.title).toBe('Yangi &lt;img src=x onerror=alert(1)&gt; qoida');
    expect(item.description).not.toMatch(/<[a-z]/i);
    // Atom names its texts as text, which a reader shows as such; XML escaping once is right there.
    const atom = (await get('/news/atom.xml')).text;
    expect(atom).toContain('<title type="text">Yangi &lt;img src=x onerror=alert(1)&gt; qoida</title>');
    expect(atom).toContain('<summary type="text">Qisqacha &lt;a href=&quot;https://evil.example&quot;&gt;bu yerda&lt;/a&gt; &amp; boshqalar</summary>');
  });

  it('sends the default language’s prefix to the plain address, and knows no other language', async () => {
    const prefixed = await get('/uz/news/feed.xml');
    expect(prefixed.status).toBe(301);
    expect(prefixed.headers.get('location')).toBe('/news/feed.xml');
    expect((await get('/xx/news/feed.xml')).status).toBe(404);
  });
});
