import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { links, wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * A site with hundreds of articles: the sitemap index and its files, numbered list pages that
 * reach every article, search and category filters through their indexes (same answers as a
 * scan), and a save that drops only the cached answers it affects.
 */

const ARTICLES = 400;
const CATEGORIES = [
  { uz: 'Soliq', ru: 'Налоги', en: 'Tax' },
  { uz: 'Nizolar', ru: 'Споры', en: 'Disputes' },
  { uz: 'Mehnat', ru: 'Трудовое право', en: 'Employment' },
];
/** Words planted in some articles, to search for: Cyrillic, Latin, LIKE's own signs and a quote. */
const planted = (index: number) => [index % 7 === 0 ? 'ёлочка' : '', index % 11 === 0 ? 'arbitraj' : '', index % 13 === 0 ? '100%_ставка' : '', index % 17 === 0 ? 'say "yes"' : ''].filter(Boolean).join(' ');

/** The addresses of a page's links (&amp; read as &). */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href.replace(/&amp;/g, '&'));

interface News {
  _id: string;
  slug: string;
  version: number;
  date: string;
}

describe.each(DIALECTS)('a site of many articles on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let all: News[];
  const page = async (address: string) => {
    const response = await fetch(app.url + address, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const searchTotal = async (query: string) => (await app.api(`/api/news?search=${encodeURIComponent(query)}&limit=1`)).body.pagination.total as number;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    for (let index = 1; index <= ARTICLES; index += 1) {
      await app.services.records.news.create({
        title: { uz: `Yangilik ${index}`, ru: `Новость ${index}`, en: `News ${index}` },
        excerpt: { uz: `Qisqa ${index} ${planted(index)}`, ru: `Кратко ${index}` },
        content: { uz: `Matn ${index}`, ru: `Текст ${index}` },
        category: CATEGORIES[index % CATEGORIES.length],
        date: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
      });
    }
    all = [];
    for (let apiPage = 1; apiPage <= ARTICLES / 100; apiPage += 1) all.push(...(await app.api(`/api/news?limit=100&page=${apiPage}`)).body.data);
  }, 120_000);
  afterAll(() => app?.close());

  it('lists the articles newest first, the same in the admin', async () => {
    expect(all).toHaveLength(ARTICLES);
    expect(all.map((item) => item.date)).toEqual([...all.map((item) => item.date)].sort().reverse());
    const admin = (await app.api('/api/news?admin=true&limit=20&page=3', { token })).body.data as News[];
    expect(admin.map((item) => item._id)).toEqual(all.slice(40, 60).map((item) => item._id));
  });

  it('splits the sitemap into files of at most 1,000 addresses, each article once per language', async () => {
    const { text, files } = await wholeSitemap(app.url, 'https://lawfirm.test');
    // Three languages: 333 articles (999 addresses) per file.
    expect(files.map((file) => file.loc.replace('https://lawfirm.test', ''))).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/news-1.xml', '/sitemaps/news-2.xml']));
    expect(files.find((file) => file.loc.endsWith('/news-1.xml'))!.urls).toBe(999);
    expect(files.find((file) => file.loc.endsWith('/news-2.xml'))!.urls).toBe((ARTICLES - 333) * 3);
    for (const file of files) expect(file.urls).toBeLessThanOrEqual(1000);
    for (const article of all) {
      expect(text.split(`<loc>https://lawfirm.test/news/${article.slug}</loc>`)).toHaveLength(2);
      expect(text).toContain(`<loc>https://lawfirm.test/ru/news/${article.slug}</loc>`);
    }
    for (const missing of ['news-3.xml', 'news-0.xml', 'nothing.xml', 'users-1.xml']) expect((await page(`/sitemaps/${missing}`)).status).toBe(404);
  });

  it('numbers the list pages so that every article is reached by links, and answers 404 past the last', async () => {
    const last = ARTICLES / 10;
    const first = await page('/ru/news');
    expect(hrefs(first.html)).toEqual(expect.arrayContaining(['/ru/news?page=2', `/ru/news?page=${last}`]));
    const middle = await page('/ru/news?page=20');
    expect(middle.status).toBe(200);
    for (const article of all.slice(190, 200)) expect(middle.html).toContain(`/ru/news/${article.slug}`);
    expect(middle.html).not.toContain(`/ru/news/${all[200].slug}"`);
    expect(hrefs(middle.html)).toEqual(expect.arrayContaining(['/ru/news?page=19', '/ru/news?page=21', '/ru/news', `/ru/news?page=${last}`]));
    expect(middle.html).toContain('aria-current="page"');
    expect(links(middle.html, 'canonical')[0].href).toBe('https://lawfirm.test/ru/news?page=20');
    const end = await page(`/news?page=${last}`);
    for (const article of all.slice(-10)) expect(end.html).toContain(`/news/${article.slug}`);
    expect((await page(`/news?page=${last + 1}`)).status).toBe(404);
    expect((await page('/news?page=abc')).status).toBe(200);
  });

  it('finds the same articles through the search index as by reading every one', async () => {
    const count = (test: (index: number) => boolean) => Array.from({ length: ARTICLES }, (_, n) => n + 1).filter(test).length;
    expect(await searchTotal('ёлочка')).toBe(count((n) => n % 7 === 0));
    expect(await searchTotal('ЁЛОЧ')).toBe(count((n) => n % 7 === 0));
    expect(await searchTotal('arbitraj')).toBe(count((n) => n % 11 === 0));
    expect(await searchTotal('100%_')).toBe(count((n) => n % 13 === 0));
    expect(await searchTotal('%')).toBe(count((n) => n % 13 === 0));
    expect(await searchTotal('0%')).toBe(count((n) => n % 13 === 0));
    expect(await searchTotal('say "yes"')).toBe(count((n) => n % 17 === 0));
    expect(await searchTotal('Новость 399')).toBe(1);
    expect(await searchTotal('no such words')).toBe(0);
    // Pages of a search (ranked, cut and counted where it is found): together every match once, none
    // twice (a rank shared by many articles still orders them the same way on every page), and a
    // page past the end still says the total.
    const found = all.filter((item) => (item as unknown as { excerpt: { uz: string } }).excerpt.uz.includes('arbitraj')).map((item) => item._id);
    const last = Math.ceil(found.length / 8);
    const pages = Array.from({ length: last + 1 }, (_, index) => app.api(`/api/news?search=arbitraj&limit=8&page=${index + 1}`));
    const answers = (await Promise.all(pages)).map((answer) => answer.body);
    const paged = answers.flatMap((answer) => answer.data.map((item: News) => item._id));
    expect(paged).toHaveLength(found.length);
    expect([...paged].sort()).toEqual([...found].sort());
    for (const answer of answers) expect(answer.pagination).toMatchObject({ total: found.length, pages: last });
    expect(answers[last].data).toEqual([]);
    expect((await app.api('/api/news?search=no+such+words&limit=8&page=2')).body.pagination.total).toBe(0);
    // A save changes what is found, and a deleted article is not found.
    const target = all.find((item) => (item as unknown as { excerpt: { uz: string } }).excerpt.uz.includes('arbitraj'))!;
    const saved = await app.api(`/api/news/${target._id}`, { method: 'PUT', token, body: { excerpt: { uz: 'Boshqa matn' }, version: target.version } });
    expect(saved.status).toBe(200);
    expect(await searchTotal('arbitraj')).toBe(count((n) => n % 11 === 0) - 1);
    expect(await searchTotal('boshqa matn')).toBe(1);
    const other = all.find((item) => item._id !== target._id && (item as unknown as { excerpt: { uz: string } }).excerpt.uz.includes('arbitraj'))!;
    expect((await app.api(`/api/news/${other._id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await searchTotal('arbitraj')).toBe(count((n) => n % 11 === 0) - 2);
    all = all.filter((item) => item._id !== other._id);
  });

  it('filters by a category in the reader’s language and lists the category buttons', async () => {
    const expected = all.filter((item) => (item as unknown as { category: { ru: string } }).category.ru === 'Налоги').length;
    const ru = await app.api(`/api/news?lang=ru&category=${encodeURIComponent('Налоги')}&limit=1`);
    expect(ru.body.pagination.total).toBe(expected);
    expect((await app.api(`/api/news?lang=uz&category=soliq&limit=1`)).body.pagination.total).toBe(expected);
    expect((await app.api(`/api/news?lang=uz&category=${encodeURIComponent('Налоги')}&limit=1`)).body.pagination.total).toBe(0);
    expect((await app.api('/api/news/categories?lang=ru')).body.data).toEqual(['Налоги', 'Споры', 'Трудовое право']);
  });

  it('drops on a save only the cached pages and answers that read what it changed', async () => {
    const [a, b] = all;
    const addresses = ['/services', '/ru/faq', `/news/${a.slug}`, `/news/${b.slug}`, '/news', '/api/services', '/api/faqs?lang=ru', '/api/news?lang=ru'];
    for (const address of addresses) await page(address);
    for (const address of addresses) expect((await page(address)).headers.get('x-cache'), address).toBe('hit');
    const current = (await app.api(`/api/news/${b._id}`, { token })).body.data;
    expect((await app.api(`/api/news/${b._id}`, { method: 'PUT', token, body: { title: { uz: 'Yangi sarlavha' }, version: current.version } })).status).toBe(200);
    const after = Object.fromEntries(await Promise.all(addresses.map(async (address) => [address, (await page(address)).headers.get('x-cache')] as const)));
    expect(after).toEqual({
      '/services': 'hit',
      '/ru/faq': 'hit',
      // Another article's page lists news ("Read next"), which any save of an article may change.
      [`/news/${a.slug}`]: null,
      [`/news/${b.slug}`]: null,
      '/news': null,
      '/api/services': 'hit',
      '/api/faqs?lang=ru': 'hit',
      '/api/news?lang=ru': null,
    });
    expect((await page(`/news/${b.slug}`)).html).toContain('Yangi sarlavha');
    // The site configuration is on every page: saving it drops them all.
    const config = (await app.api('/api/site-config', { token })).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, phone: '+998 71 200 00 00' } })).status).toBe(200);
    for (const address of ['/services', '/ru/faq']) expect((await page(address)).headers.get('x-cache')).toBeNull();
  });
  it('gives every page, read from either end of the list, the rows of one sort (ties on the date included)', async () => {
    // 23 articles of one day, older than the rest: the end of the list, read from its own end.
    const tied: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      tied.push((await app.services.records.news.create({ title: { uz: `Bir kun ${index}` }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: CATEGORIES[0], date: '2025-06-01' }))._id);
    }
    // Written in the same moment, as a bulk import can: the id orders them.
    await app.services.database.db.updateTable('news').set({ created_at: '2025-06-01T09:00:00.000Z' }).where('id', 'in', tied.slice(0, 12)).execute();
    try {
      const records = (await app.services.records.news.list({ lang: 'uz', admin: true })) as unknown as Array<{ _id: string; date: string; createdAt: string }>;
      const sorted = records.sort((a, b) => (b.date !== a.date ? (b.date < a.date ? -1 : 1) : b.createdAt !== a.createdAt ? (b.createdAt < a.createdAt ? -1 : 1) : b._id < a._id ? -1 : 1)).map((record) => record._id);
      const shown = new Set(((await app.services.records.news.list({ lang: 'uz', admin: false })) as unknown as News[]).map((record) => record._id));
      for (const limit of [7, 30, 100]) {
        for (const [list, expected] of [
          ['/api/news?', sorted.filter((id) => shown.has(id))],
          ['/api/news?admin=true&', sorted],
        ] as const) {
          const pages = Math.ceil(expected.length / limit);
          const read: string[] = [];
          for (let number = 1; number <= pages; number += 1) {
            const answer = (await app.api(`${list}limit=${limit}&page=${number}`, { token })).body;
            expect(answer.pagination).toMatchObject({ total: expected.length, pages });
            read.push(...answer.data.map((item: News) => item._id));
          }
          expect(read, `${list}limit=${limit}`).toEqual(expected);
          expect((await app.api(`${list}limit=${limit}&page=${pages + 1}`, { token })).body.data).toEqual([]);
        }
      }
    } finally {
      for (const id of tied) await app.services.records.news.remove(id);
    }
  });

  it('answers a search best first, ranked where it is found, in the API, the admin and the site search', async () => {
    const made = [];
    // The older article says the word in its title and excerpt; the newer once, deep in a long text:
    // in list order the newer would come first.
    made.push(
      await app.services.records.news.create({
        title: { uz: 'Zumradqoya haqida', ru: 'Про изумруд' },
        excerpt: { uz: 'Zumradqoya: qisqa', ru: 'Кратко' },
        content: { uz: 'Zumradqoya.', ru: 'Текст' },
        category: CATEGORIES[1],
        date: '2025-06-01',
      }),
    );
    made.push(
      await app.services.records.news.create({
        title: { uz: 'Boshqa yangilik', ru: 'Другая новость' },
        excerpt: { uz: 'Qisqa matn', ru: 'Кратко' },
        content: { uz: `${'Uzun matn haqida gap. '.repeat(60)} zumradqoya`, ru: 'Текст' },
        category: CATEGORIES[1],
        date: '2025-06-02',
      }),
    );
    const [best, other] = made.map((record) => String(record._id));
    try {
      for (const [address, auth] of [
        ['/api/news?search=zumradqoya', undefined],
        [`/api/news?search=${encodeURIComponent('Зумрадқоя')}&limit=1&page=2`, undefined],
        ['/api/news?admin=true&search=ZUMRADQOYA', token],
      ] as const) {
        const body = (await app.api(address, auth ? { token: auth } : {})).body;
        expect(body.pagination.total).toBe(2);
        expect(body.data.map((item: News) => item._id)).toEqual(address.includes('page=2') ? [other] : [best, other]);
      }
      const hits = (await app.api('/api/search?lang=uz&q=zumradqoya')).body.data as Array<{ _id: string }>;
      expect(hits.map((hit) => hit._id)).toEqual([best, other]);
    } finally {
      for (const id of [best, other]) await app.api(`/api/news/${id}`, { method: 'DELETE', token });
    }
  });
});
