import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Visit statistics (API-2.md): public pages counted by day, page, language and referring site; no cookie, no address, no crawler. */

const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(DIALECTS)('visit statistics on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const visit = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(app.url + path, { method, redirect: 'manual', headers: { 'user-agent': PERSON, ...headers } });
    await response.arrayBuffer();
    expect(response.headers.get('set-cookie'), path).toBeNull();
    return response.status;
  };
  const analytics = async (query = '') => app.api(`/api/admin/analytics${query}`, { token });

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app?.close());

  it('counts people opening pages, by page, language and the referring site, and nothing else', async () => {
    const lawyer = (await app.api('/api/team')).body.data[0];
    expect(await visit('/', { referer: 'https://t.me/adliyapartners' })).toBe(200);
    expect(await visit('/', { referer: 'https://t.me/adliyapartners/12' })).toBe(200);
    expect(await visit('/ru/news', { referer: 'https://www.google.com/' })).toBe(200);
    expect(await visit('/ru/news')).toBe(200);
    expect(await visit(`/en/team/${lawyer.slug}`, { referer: `${app.url}/en/team` })).toBe(200);
    // Not visits: a crawler, a link preview, a missing page, a HEAD, the API, a feed, the sitemap, the admin area.
    expect(await visit('/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBe(200);
    expect(await visit('/ru/news', { 'user-agent': 'TelegramBot (like TwitterBot)' })).toBe(200);
    expect(await visit('/no-such-page')).toBe(404);
    expect(await visit('/', {}, 'HEAD')).toBe(200);
    expect(await visit('/api/news')).toBe(200);
    expect(await visit('/news/feed.xml')).toBe(200);
    expect(await visit('/sitemap.xml')).toBe(200);
    expect(await visit('/admin/login')).toBe(200);
    await app.services.flushVisits();

    const { status, body } = await analytics('?days=7');
    expect(status).toBe(200);
    const visits = body.data.visits;
    expect(visits.total).toBe(5);
    expect(visits.byDay).toHaveLength(7);
    expect(visits.byDay.at(-1).visits).toBe(5);
    expect(visits.byDay.slice(0, -1).every((day: { visits: number }) => day.visits === 0)).toBe(true);
    // A record's page is named by its title in the page's language; a section by its address only.
    expect(visits.byPage).toEqual([
      { path: '/', title: null, visits: 2 },
      { path: '/ru/news', title: null, visits: 2 },
      { path: `/en/team/${lawyer.slug}`, title: lawyer.name.en ?? lawyer.name.uz, visits: 1 },
    ]);
    expect(visits.byLanguage).toEqual({ uz: 2, ru: 2, en: 1 });
    expect(visits.byReferrer).toEqual([
      { host: 't.me', visits: 2 },
      { host: '127.0.0.1', visits: 1 },
      { host: 'direct', visits: 1 },
      { host: 'google.com', visits: 1 },
    ]);
  });

  it('adds up what was counted between writes, and keeps the period asked for', async () => {
    const before = (await analytics('?days=1')).body.data.visits.total;
    for (let n = 0; n < 3; n += 1) await visit('/ru/contact');
    await app.services.flushVisits();
    await visit('/ru/contact');
    await app.services.flushVisits();
    const after = (await analytics('?days=1')).body.data.visits;
    expect(after.total).toBe(before + 4);
    expect(after.byDay).toHaveLength(1);
    expect((await analytics('?days=366')).body.data.visits.byDay).toHaveLength(366);
    expect((await analytics()).body.data.visits.byDay).toHaveLength(30);
  });

  it('counts the firm’s own links by their source (?source=email, ?source=telegram), from the cache as when rendered', async () => {
    const before = (await analytics('?days=1')).body.data.visits.byReferrer as Array<{ host: string; visits: number }>;
    const count = (list: Array<{ host: string; visits: number }>, host: string) => list.find((item) => item.host === host)?.visits ?? 0;
    // The second of each is served from the cache; an unknown source counts as where it came from.
    for (let n = 0; n < 2; n += 1) expect(await visit('/ru/faq?source=email', { referer: 'https://mail.example.com/' })).toBe(200);
    expect(await visit('/ru/faq?source=telegram')).toBe(200);
    expect(await visit('/ru/faq?source=%3Cscript%3E', { referer: 'https://t.me/x' })).toBe(200);
    await app.services.flushVisits();
    const after = (await analytics('?days=1')).body.data.visits.byReferrer as Array<{ host: string; visits: number }>;
    expect(count(after, 'email') - count(before, 'email')).toBe(2);
    expect(count(after, 'telegram') - count(before, 'telegram')).toBe(1);
    expect(count(after, 't.me') - count(before, 't.me')).toBe(1);
    expect(count(after, 'mail.example.com') - count(before, 'mail.example.com')).toBe(0);
  });

  it('refuses a period outside 1 to 366 days, and visitors without a token', async () => {
    for (const days of ['0', '367', 'abc', '1.5']) {
      const refused = await analytics(`?days=${days}`);
      expect(refused.status, days).toBe(400);
      expect(refused.body.details[0]).toMatchObject({ path: 'days', code: 'invalid' });
    }
    expect((await app.api('/api/admin/analytics')).status).toBe(401);
  });
  it('renders the most visited pages into the empty page cache after a start, without counting them as visits', async () => {
    const article = (await app.api('/api/news?limit=1')).body.data[0];
    const address = `/ru/news/${article.slug}`;
    for (let n = 0; n < 3; n += 1) expect(await visit(address)).toBe(200);
    await app.services.flushVisits();
    const before = (await analytics('?days=7')).body.data.visits.total;
    app.services.cache.clear();
    expect(await app.application.warmCache()).toBeGreaterThanOrEqual(4);
    for (const page of ['/', '/ru', '/en', address]) {
      const response = await fetch(app.url + page, { headers: { 'user-agent': PERSON } });
      expect(response.headers.get('x-cache'), page).toBe('hit');
    }
    await app.services.flushVisits();
    // The four reads just made count; the warming did not.
    expect((await analytics('?days=7')).body.data.visits.total).toBe(before + 4);
  });

  it('sums and ranks article views and counts requests by week from the database, as the records hold them', async () => {
    const { db } = app.application.database;
    const articles = (await app.api('/api/news?admin=true&limit=100', { token })).body.data as Array<{ _id: string }>;
    // Views set where they are kept: one article each 7, 14, 21… views.
    for (const [index, article] of articles.entries()) await db.updateTable('news').set({ views: (index + 1) * 7 }).where('id', '=', article._id).execute();
    for (let n = 0; n < 3; n += 1) expect((await app.api('/api/contact', { method: 'POST', body: { name: `Mijoz ${n}`, email: `mijoz${n}@example.uz`, subject: 'Shartnoma', message: 'Shartnoma boʻyicha savol bor', consent: true }, headers: { 'x-forwarded-for': `198.51.100.${n + 1}` } })).status).toBe(201);
    const { body } = await analytics();
    const expected = articles.map((article, index) => ({ _id: article._id, views: (index + 1) * 7 })).sort((a, b) => b.views - a.views);
    expect(body.data.views.news).toBe(expected.reduce((sum, article) => sum + article.views, 0));
    expect(body.data.views.topNews.map((article: { _id: string; views: number }) => [article._id, article.views])).toEqual(expected.slice(0, 10).map((article) => [article._id, article.views]));
    expect(body.data.views.topNews[0].title).toBeTypeOf('object');
    const requests = (await app.api('/api/contact?limit=100', { token })).body.data as Array<{ _id: string; createdAt: string }>;
    // The requests a page at a time, each with the total (counted with its page), and a search's.
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(requests.length / 2); page += 1) {
      const answer = (await app.api(`/api/contact?limit=2&page=${page}`, { token })).body;
      expect(answer.pagination.total).toBe(requests.length);
      paged.push(...answer.data.map((item: { _id: string }) => item._id));
    }
    expect(paged).toEqual(requests.map((item) => item._id));
    expect((await app.api(`/api/contact?limit=2&page=${requests.length + 1}`, { token })).body.pagination.total).toBe(requests.length);
    const found = (await app.api('/api/contact?search=mijoz1%40example.uz&limit=1', { token })).body;
    expect(found.pagination.total).toBe(1);
    expect(body.data.contacts.byWeek.reduce((sum: number, week: { count: number }) => sum + week.count, 0)).toBe(requests.length);
    const monday = (iso: string) => {
      const day = new Date(iso);
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
    };
    expect(body.data.contacts.byWeek.find((week: { week: string }) => week.week === monday(new Date().toISOString())).count).toBeGreaterThanOrEqual(3);
  });
});
