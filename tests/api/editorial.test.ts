import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { metaContent, wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title: { uz: title, ru: `${title} (ru)` },
  excerpt: { uz: `${title} haqida` },
  content: { uz: `${title} matni` },
  category: { uz: 'Yangilik' },
  ...extra,
});

describe.each(DIALECTS)('editorial work on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const page = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { redirect: 'manual', headers });
  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  describe('scheduling', () => {
    it('hides a record until publishAt and after unpublishAt: on lists, pages, the sitemap and search, and says its state to the admin', async () => {
      const soon = (await app.api('/api/news', { token, body: article('Dushanba xabari', { slug: 'monday-news', publishAt: inMinutes(60) }) })).body.data;
      const gone = (await app.api('/api/news', { token, body: article('Eski aksiya', { slug: 'old-offer', unpublishAt: inMinutes(-5), publishAt: inMinutes(-60) }) })).body.data;
      const live = (await app.api('/api/news', { token, body: article('Bugungi xabar', { slug: 'today-news', publishAt: inMinutes(-1), unpublishAt: inMinutes(600) }) })).body.data;
      const draft = (await app.api('/api/news', { token, body: article('Qoralama', { slug: 'draft-news', published: false }) })).body.data;
      expect(soon.publishAt).toMatch(/Z$/);

      const publicList = (await app.api('/api/news?limit=100')).body.data.map((item: { slug: string }) => item.slug);
      expect(publicList).toContain('today-news');
      for (const hidden of ['monday-news', 'old-offer', 'draft-news']) expect(publicList).not.toContain(hidden);
      expect((await app.api('/api/news/slug/monday-news')).status).toBe(404);
      expect((await app.api(`/api/news/${gone._id}`)).status).toBe(404);
      expect((await page('/news/monday-news')).status).toBe(404);
      expect((await page('/news/today-news')).status).toBe(200);
      const { text: sitemap } = await wholeSitemap(app.url, app.services.publicUrl);
      expect(sitemap).toContain('/news/today-news');
      expect(sitemap).not.toContain('/news/monday-news');
      expect((await app.api('/api/news/search?q=Dushanba')).body.data).toHaveLength(0);

      const states = async (status?: string) =>
        Object.fromEntries(((await app.api(`/api/news?admin=true&limit=100${status ? `&status=${status}` : ''}`, { token })).body.data as Array<{ slug: string; publicState: string }>).map((item) => [item.slug, item.publicState]));
      expect(await states()).toMatchObject({ 'monday-news': 'scheduled', 'old-offer': 'expired', 'today-news': 'published', 'draft-news': 'draft' });
      expect(Object.keys(await states('scheduled'))).toEqual(['monday-news']);
      expect(Object.keys(await states('expired'))).toEqual(['old-offer']);
      expect(Object.keys(await states('published'))).toEqual(['today-news']);
      expect(Object.keys(await states('draft'))).toEqual(['draft-news']);
      const upcoming = (await app.api('/api/admin/schedule', { token })).body.data;
      expect(upcoming.timeZone).toBe('Asia/Tashkent');
      expect(upcoming.upcoming.map((moment: { _id: string; kind: string }) => `${moment._id}:${moment.kind}`)).toEqual([`${soon._id}:publish`, `${live._id}:unpublish`]);
      for (const record of [soon, gone, live, draft]) await app.api(`/api/news/${record._id}`, { method: 'DELETE', token });
    });

    it('publishes on time: a cached list and page change within seconds of publishAt, and the activity says so once', async () => {
      const services = (await app.api('/api/services', { token, body: { title: { uz: 'Soliq nizolari' }, description: { uz: 'Soliq nizolari bo‘yicha yordam' }, slug: 'tax-disputes', publishAt: new Date(Date.now() + 2500).toISOString() } })).body.data;
      // Warm the caches while it is still scheduled.
      for (let n = 0; n < 2; n += 1) {
        expect((await app.api('/api/services')).body.data.map((item: { slug: string }) => item.slug)).not.toContain('tax-disputes');
        expect((await page('/services/tax-disputes')).status).toBe(404);
        expect(await (await page('/services')).text()).not.toContain('Soliq nizolari');
      }
      await expect.poll(async () => (await app.api('/api/services')).body.data.map((item: { slug: string }) => item.slug), { timeout: 10_000 }).toContain('tax-disputes');
      await expect.poll(async () => await (await page('/services')).text()).toContain('Soliq nizolari');
      expect((await page('/services/tax-disputes')).status).toBe(200);
      await expect
        .poll(async () => ((await app.api('/api/admin/activity?limit=50', { token })).body.data as Array<{ action: string; entityId: string }>).filter((entry) => entry.action === 'publish' && entry.entityId === services._id).length)
        .toBe(1);
      await app.api(`/api/services/${services._id}`, { method: 'DELETE', token });
    });

    it('keeps a list’s total only until a record is written or a scheduled moment passes', async () => {
      // Scheduled moments not looked for during the test: the kept totals end by themselves, at their time.
      const quiet = await startTestApp(dialect, { scheduleCheckMs: 3_600_000 });
      try {
        const admin = await quiet.login();
        const list = async (status: string) => {
          const answer = (await quiet.api(`/api/news?admin=true&status=${status}&limit=100`, { token: admin })).body;
          // The total is of the rows the list shows, whatever was kept.
          expect(answer.pagination.total).toBe(answer.data.length);
          return answer.data.map((item: { slug: string }) => item.slug) as string[];
        };
        expect(await list('published')).toEqual(await list('published'));
        // The category buttons a visitor sees, kept the same way.
        const categories = () => quiet.services.records.news.distinct('category', { lang: 'uz', admin: false });
        expect(await categories()).toEqual(await categories());
        const soon = (await quiet.api('/api/news', { token: admin, body: { ...article('Tez orada', { slug: 'counted-soon', publishAt: new Date(Date.now() + 1500).toISOString() }), category: { uz: 'Kelajak' } } })).body.data;
        expect(await list('published')).not.toContain('counted-soon');
        expect(await list('scheduled')).toContain('counted-soon');
        expect(await categories()).not.toContain('Kelajak');
        await expect.poll(() => list('published'), { timeout: 8000, interval: 100 }).toContain('counted-soon');
        expect(await list('scheduled')).not.toContain('counted-soon');
        expect(await categories()).toContain('Kelajak');
        const draft = (await quiet.api('/api/news', { token: admin, body: article('Hisobdagi qoralama', { slug: 'counted-draft', published: false }) })).body.data;
        expect(await list('draft')).toContain('counted-draft');
        await quiet.api(`/api/news/${draft._id}`, { method: 'DELETE', token: admin });
        expect(await list('draft')).not.toContain('counted-draft');
        await quiet.api(`/api/news/${soon._id}`, { method: 'DELETE', token: admin });
        expect(await list('published')).not.toContain('counted-soon');
        expect(await categories()).not.toContain('Kelajak');
      } finally {
        await quiet.close();
      }
    });

    it('keeps the records a visitor reads only until one of their type is written, and frozen', async () => {
      const records = app.services.records.services;
      const created = (await app.api('/api/services', { token, body: { title: { uz: 'Bojxona' }, description: { uz: 'Bojxona masalalari' }, slug: 'customs-kept' } })).body.data;
      const read = async () => ({
        list: (await records.list({ lang: 'uz', admin: false })).find((item) => item._id === created._id)?.title,
        page: (await records.listPage({ lang: 'uz', admin: false, limit: 100 })).data.find((item) => item._id === created._id)?.title,
        one: (await records.get(created._id, { admin: false })).title,
      });
      expect(await read()).toEqual({ list: { uz: 'Bojxona' }, page: { uz: 'Bojxona' }, one: { uz: 'Bojxona' } });
      // Kept: the same objects again, which a reader cannot change for the next one.
      const kept = await records.get(created._id, { admin: false });
      expect(await records.get(created._id, { admin: false })).toBe(kept);
      expect(() => Object.assign(kept.title as object, { uz: 'Boshqa' })).toThrow(TypeError);
      const updated = await app.api(`/api/services/${created._id}`, { method: 'PUT', token, body: { ...created, title: { uz: 'Bojxona va savdo' } } });
      expect(updated.status).toBe(200);
      expect(await read()).toEqual({ list: { uz: 'Bojxona va savdo' }, page: { uz: 'Bojxona va savdo' }, one: { uz: 'Bojxona va savdo' } });
      // Hidden by a write: the visitor's read says so at once, the admin's shows it.
      await app.api(`/api/services/${created._id}`, { method: 'PUT', token, body: { ...updated.body.data, isActive: false } });
      expect((await records.list({ lang: 'uz', admin: false })).map((item) => item._id)).not.toContain(created._id);
      await expect(records.get(created._id, { admin: false })).rejects.toMatchObject({ status: 404 });
      expect((await records.get(created._id, { admin: true })).title).toEqual({ uz: 'Bojxona va savdo' });
      await app.api(`/api/services/${created._id}`, { method: 'DELETE', token });
    });

    it('drops a cached answer made from kept answers when a record it read is written (the category buttons, the sitemap index)', async () => {
      const other = await startTestApp(dialect, { ssr: true });
      try {
        const admin = await other.login();
        const read = async (path: string) => {
          const response = await fetch(other.url + path);
          return { cached: response.headers.get('x-cache') === 'hit', text: await response.text() };
        };
        const categories = '/api/news/categories?lang=uz';
        // Read once: what the answers are made of is kept in memory, and the answers are cached.
        for (const path of [categories, '/sitemap.xml']) expect((await read(path)).cached).toBe(false);
        // Only the cache is emptied (a write elsewhere): the next answers are made from what is kept, and cached again.
        const config = (await other.api('/api/site-config', { token: admin })).body.data;
        expect((await other.api('/api/site-config', { method: 'PUT', token: admin, body: config })).status).toBe(200);
        for (const path of [categories, '/sitemap.xml']) {
          expect((await read(path)).cached).toBe(false);
          // On PostgreSQL this instance also hears its own change notice, a moment later, and empties the cache once more.
          await expect.poll(async () => (await read(path)).cached, { timeout: 5000, interval: 100 }).toBe(true);
        }
        // A new article drops both: they read the news, even though not from the database this time.
        await other.api('/api/news', { token: admin, body: { ...article('Yangi yo‘nalish', { slug: 'new-direction' }), category: { uz: 'Yoʻnalish' } } });
        const after = await read(categories);
        expect(after.cached).toBe(false);
        expect(JSON.parse(after.text).data).toContain('Yoʻnalish');
        expect((await read('/sitemap.xml')).cached).toBe(false);
      } finally {
        await other.close();
      }
    });

    it('refuses a wrong publishAt and an unpublishAt before it, changing nothing', async () => {
      const post = { title: { uz: 'X' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, author: { name: { uz: 'A' } }, readTime: '5 min' };
      const wrongFormat = await app.api('/api/blog', { token, body: { ...post, publishAt: '30.11.2026 09:00' } });
      expect(wrongFormat.status).toBe(400);
      expect(wrongFormat.body.details[0]).toMatchObject({ path: 'publishAt', code: 'invalid_date' });
      expect(wrongFormat.body.error).toMatch(/time zone, such as 2026-11-30T09:00:00\+05:00/);
      const noZone = await app.api('/api/blog', { token, body: { ...post, publishAt: '2026-11-30T09:00' } });
      expect(noZone.status).toBe(400);
      const created = (await app.api('/api/news', { token, body: article('Tartib', { publishAt: '2026-12-01T09:00:00+05:00' }) })).body.data;
      expect(created.publishAt).toBe('2026-12-01T04:00:00.000Z');
      const backwards = await app.api(`/api/news/${created._id}`, { method: 'PUT', token, body: { unpublishAt: '2026-12-01T08:59:00+05:00' } });
      expect(backwards.status).toBe(400);
      expect(backwards.body.details[0]).toMatchObject({ path: 'unpublishAt', code: 'before_publish' });
      expect((await app.api(`/api/news/${created._id}?admin=true`, { token })).body.data).toMatchObject({ version: 1, unpublishAt: null });
      const cleared = await app.api(`/api/news/${created._id}`, { method: 'PUT', token, body: { publishAt: null } });
      expect(cleared.body.data).toMatchObject({ publishAt: null, publicState: 'published' });
      await app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
    });

    it('computes a blog post’s reading time from its text when it is left empty, and keeps a typed one', async () => {
      const words = (count: number) => Array.from({ length: count }, (_, index) => `so‘z${index}`).join(' ');
      const post = (extra: Record<string, unknown>) => app.api('/api/blog', { token, body: { ...article('O‘qish vaqti'), author: { name: { uz: 'A' } }, ...extra } });
      const computed = (await post({ content: { uz: words(900), ru: words(20) } })).body.data;
      expect(computed.readTime).toBe('5 min');
      // A save that empties it computes it again from the text as it is now.
      const shorter = (await app.api(`/api/blog/${computed._id}`, { method: 'PUT', token, body: { readTime: '', content: { uz: words(100) } } })).body.data;
      expect(shorter.readTime).toBe('1 min');
      const typed = (await post({ readTime: '12 min' })).body.data;
      expect(typed.readTime).toBe('12 min');
      // A text of 200,000 characters in one word is counted in one pass.
      const long = (await post({ content: { uz: 'x'.repeat(200_000) } })).body.data;
      expect(long.readTime).toBe('1 min');
      for (const id of [computed._id, typed._id, long._id]) await app.api(`/api/blog/${id}`, { method: 'DELETE', token });
    });

    it('dates a scheduled article by the moment it goes live (the firm’s day), not the day it was written', async () => {
      const year = new Date().getUTCFullYear() + 1;
      // 01:30 in Tashkent on 2 March is still 1 March in UTC.
      const news = (await app.api('/api/news', { token, body: article('Kechiktirilgan', { date: '2020-01-01', publishAt: `${year}-03-02T01:30:00+05:00` }) })).body.data;
      expect(news).toMatchObject({ date: `${year}-03-02`, publicState: 'scheduled' });
      const moved = (await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { publishAt: `${year}-04-10T10:00:00+05:00` } })).body.data;
      expect(moved.date).toBe(`${year}-04-10`);
      // A blog post's date is a moment: it becomes the moment itself.
      const post = (await app.api('/api/blog', { token, body: { ...article('Rejadagi maqola'), author: { name: { uz: 'A' } }, readTime: '5 min', publishAt: `${year}-03-02T09:00:00+05:00` } })).body.data;
      expect(post.publishedAt).toBe(`${year}-03-02T04:00:00.000Z`);
      // Published now, the date is left as the editor set it.
      const now = (await app.api('/api/news', { token, body: article('Hozirgi', { date: '2026-11-14' }) })).body.data;
      expect(now.date).toBe('2026-11-14');
      for (const [path, id] of [['news', news._id], ['blog', post._id], ['news', now._id]]) await app.api(`/api/${path}/${id}`, { method: 'DELETE', token });
    });
  });

  describe('preview links', () => {
    it('opens a draft as saved, in any language, without signing in, never cached nor indexed', async () => {
      const draft = (await app.api('/api/blog', { token, body: { title: { uz: 'Maxfiy qoralama', ru: 'Секретный черновик' }, excerpt: { uz: 'x' }, content: { uz: 'Hamkor uchun matn' }, category: { uz: 'Maqola' }, author: { name: { uz: 'Aziza' } }, readTime: '5 min', slug: 'secret-draft', published: false } })).body.data;
      expect((await page('/blog/secret-draft')).status).toBe(404);
      const created = await app.api('/api/preview', { token, body: { type: 'blog', id: draft._id, lang: 'ru' } });
      expect(created.status).toBe(201);
      const { url, path, expiresAt } = created.body.data;
      expect(url).toBe(`https://lawfirm.test${path}`);
      expect(path).toMatch(/^\/ru\/preview\/[\w-]+\.[\w-]{43}$/);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
      for (let n = 0; n < 2; n += 1) {
        const response = await page(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
        const html = await response.text();
        expect(html).toContain('Секретный черновик');
        expect(metaContent(html, 'robots')).toMatch(/noindex/);
        expect(html).not.toMatch(/rel="canonical"/);
      }
      const inUzbek = await (await page(path.replace(/^\/ru/, ''))).text();
      expect(inUzbek).toContain('Maxfiy qoralama');
      // A save shows in the preview at once.
      await app.api(`/api/blog/${draft._id}`, { method: 'PUT', token, body: { title: { uz: 'Yangilangan qoralama' } } });
      expect(await (await page(path.replace(/^\/ru/, ''))).text()).toContain('Yangilangan qoralama');
      await app.api(`/api/blog/${draft._id}`, { method: 'DELETE', token });
      expect((await page(path)).status).toBe(404);
    });

    it('answers a tampered, malformed or expired link with the 404 page, and refuses bad requests', async () => {
      const news = (await app.api('/api/news', { token, body: article('Ko‘rib chiqish', { published: false }) })).body.data;
      const { path } = (await app.api('/api/preview', { token, body: { type: 'news', id: news._id } })).body.data;
      expect((await page(path)).status).toBe(200);
      const [payload, signature] = path.replace('/preview/', '').split('.');
      const otherPayload = Buffer.from(JSON.stringify({ t: 'news', i: news._id, e: Math.floor(Date.now() / 1000) + 10 * 365 * 86400 })).toString('base64url');
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [`/preview/${otherPayload}.${signature}`, `/preview/${payload}.${flipped}`, '/preview/nonsense', `/preview/${payload}`]) {
        const response = await page(bad);
        expect(response.status, bad).toBe(404);
        expect(metaContent(await response.text(), 'robots')).toMatch(/noindex/);
      }
      const expired = await app.services.previews.create({ type: 'news', id: news._id }, undefined, Date.now() - 2 * 60 * 60_000);
      expect((await page(`/preview/${expired.token}`)).status).toBe(404);

      expect((await app.api('/api/preview', { body: { type: 'news', id: news._id } })).status).toBe(401);
      expect((await app.api('/api/preview', { token, body: { type: 'team', id: news._id } })).status).toBe(400);
      expect((await app.api('/api/preview', { token, body: { type: 'news', id: news._id, lang: 'xx' } })).status).toBe(400);
      expect((await app.api('/api/preview', { token, body: { type: 'news', id: 'a'.repeat(24) } })).status).toBe(404);
      await app.api(`/api/news/${news._id}`, { method: 'DELETE', token });
    });
  });

  describe('redirects', () => {
    it('leaves a 301 from every old address in every language when a slug changes, in one hop, and a new page wins', async () => {
      // A language whose code has capitals: its addresses are /uz-cyrl/….
      const cyrillic = await app.api('/api/languages', { method: 'POST', token, body: { code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', isActive: true } });
      expect(cyrillic.status).toBe(201);
      const news = (await app.api('/api/news', { token, body: article('Ko‘chish', { slug: 'first-name' }) })).body.data;
      const second = (await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { slug: 'second-name' } })).body.data;
      expect((await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { slug: 'third-name', version: second.version } })).status).toBe(200);
      for (const [from, to] of [
        ['/news/first-name', '/news/third-name'],
        ['/news/second-name', '/news/third-name'],
        ['/ru/news/first-name', '/ru/news/third-name'],
        ['/en/news/second-name?utm=telegram', '/en/news/third-name?utm=telegram'],
        ['/uz-cyrl/news/first-name', '/uz-cyrl/news/third-name'],
      ]) {
        const response = await page(from);
        expect(response.status, from).toBe(301);
        expect(response.headers.get('location'), from).toBe(to);
      }
      const list = (await app.api('/api/redirects', { token })).body.data as Array<{ from: string; to: string; automatic: boolean }>;
      expect(list.filter((entry) => entry.to === '/news/third-name').map((entry) => entry.from).sort()).toEqual(['/news/first-name', '/news/second-name']);
      // A record that takes an old address gets it: the page wins, the redirect goes.
      const newcomer = (await app.api('/api/news', { token, body: article('Yangi', { slug: 'first-name' }) })).body.data;
      expect((await page('/news/first-name')).status).toBe(200);
      expect(((await app.api('/api/redirects', { token })).body.data as Array<{ from: string }>).map((entry) => entry.from)).not.toContain('/news/first-name');
      // Back to an old name: no loop, and the name it left redirects.
      await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { slug: 'second-name' } });
      expect((await page('/news/second-name')).status).toBe(200);
      expect((await page('/news/third-name')).headers.get('location')).toBe('/news/second-name');
      for (const record of [news, newcomer]) await app.api(`/api/news/${record._id}`, { method: 'DELETE', token });
      await app.api(`/api/languages/${cyrillic.body.data._id}`, { method: 'DELETE', token });
    });

    it('keeps redirects by hand: add, edit, delete, CSV both ways; refuses loops, live pages and bad paths', async () => {
      const create = (body: unknown) => app.api('/api/redirects', { token, body });
      const made = await create({ from: '/old-about', to: '/contact' });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ from: '/old-about', to: '/contact', status: 301, automatic: false });
      expect((await page('/old-about')).headers.get('location')).toBe('/contact');
      expect((await page('/ru/old-about')).headers.get('location')).toBe('/ru/contact');

      const chained = await create({ from: '/older-about', to: '/old-about', status: 302 });
      expect(chained.body.data.to).toBe('/contact');
      expect((await page('/older-about')).status).toBe(302);

      const first = await create({ from: '/loop-a', to: '/loop-b' });
      expect(first.status).toBe(201);
      const backToStart = await create({ from: '/loop-b', to: '/loop-a' });
      expect(backToStart.status).toBe(400);
      expect(backToStart.body.error).toMatch(/loop/);
      const second = await create({ from: '/loop-c', to: '/loop-a' });
      expect(second.body.data.to).toBe('/loop-b');
      // Chains collapse: a → c where c → b is stored as a → b, one hop.
      const collapsed = await app.api(`/api/redirects/${first.body.data._id}`, { method: 'PUT', token, body: { to: '/loop-c' } });
      expect(collapsed.body.data.to).toBe('/loop-b');
      expect((await create({ from: '/same', to: '/same' })).status).toBe(400);
      // An edit is checked as a new one is: with g → h kept (a CSV keeps chains as given), h → i edited to h → g would close a loop.
      expect((await app.api('/api/redirects/import', { token, body: { csv: 'from,to\n/loop-g,/loop-h\n/loop-h,/loop-i\n' } })).status).toBe(200);
      const loopH = (await app.api('/api/redirects', { token })).body.data.find((redirect: { from: string }) => redirect.from === '/loop-h');
      const closing = await app.api(`/api/redirects/${loopH._id}`, { method: 'PUT', token, body: { to: '/loop-g' } });
      expect(closing.status).toBe(400);
      expect(closing.body.details[0]).toMatchObject({ path: 'to', code: 'redirect_loop' });
      expect((await page('/loop-h')).headers.get('location')).toBe('/loop-i');
      const live = await create({ from: '/contact', to: '/services' });
      expect(live.status).toBe(400);
      expect(live.body.error).toMatch(/live now/);
      for (const from of ['//evil.example/x', 'news/x', '/a b', '/x?y=1', '\\evil']) expect((await create({ from, to: '/' })).status, from).toBe(400);
      expect((await create({ from: '/ok-path', to: 'javascript:alert(1)' })).status).toBe(400);
      expect((await create({ from: '/old-about', to: '/faq' })).status).toBe(409);
      expect((await app.api('/api/redirects', { body: { from: '/x', to: '/' } })).status).toBe(401);

      const edited = await app.api(`/api/redirects/${made.body.data._id}`, { method: 'PUT', token, body: { to: 'https://example.uz/about', version: made.body.data.version } });
      expect(edited.status).toBe(200);
      expect((await page('/old-about')).headers.get('location')).toBe('https://example.uz/about');

      const csv = await fetch(`${app.url}/api/redirects/export`, { headers: { authorization: `Bearer ${token}` } });
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      const exported = await csv.text();
      expect(exported).toContain('from,to,status');
      expect(exported).toContain('/old-about,https://example.uz/about,301');

      const bad = await app.api('/api/redirects/import', { token, body: { csv: 'from,to,status\n/import-a,/faq,301\n/import-b,/import-c,301\n/import-c,/import-b,301\n' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/Line 2.*loop/);
      expect(((await app.api('/api/redirects', { token })).body.data as Array<{ from: string }>).map((entry) => entry.from)).not.toContain('/import-a');
      const good = await app.api('/api/redirects/import', { token, body: { csv: 'from,to,status\r\n/import-a,/faq,301\r\n"/import-b","/blog",302\r\n/old-about,/team,301\r\n' } });
      expect(good.body.data).toEqual({ created: 2, updated: 1 });
      expect((await page('/import-b')).status).toBe(302);
      expect((await page('/old-about')).headers.get('location')).toBe('/team');

      for (const entry of (await app.api('/api/redirects', { token })).body.data as Array<{ _id: string }>) {
        expect((await app.api(`/api/redirects/${entry._id}`, { method: 'DELETE', token })).status).toBe(200);
      }
      expect((await page('/old-about')).status).toBe(404);
    });

    it('normalises redirect targets, refuses control characters, and finds loops through stored redirects and the CSV together', async () => {
      const create = (body: unknown) => app.api('/api/redirects', { token, body });
      // The same page with a slash or a query is the same page: a loop.
      expect((await create({ from: '/x-self', to: '/x-self/?a=1' })).status).toBe(400);
      expect((await create({ from: '/x-self', to: '/x-self/' })).status).toBe(400);
      expect((await create({ from: '/x-self', to: '/a/../x-self' })).status).toBe(400);
      // Cyrillic letters are kept percent-encoded and sent as a valid Location.
      const cyrillic = await create({ from: '/eski-narx', to: '/news/янги-нарх?manba=eski' });
      expect(cyrillic.status, cyrillic.text).toBe(201);
      expect(cyrillic.body.data.to).toBe('/news/%D1%8F%D0%BD%D0%B3%D0%B8-%D0%BD%D0%B0%D1%80%D1%85?manba=eski');
      const moved = await page('/eski-narx');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/news/%D1%8F%D0%BD%D0%B3%D0%B8-%D0%BD%D0%B0%D1%80%D1%85?manba=eski');
      const outside = await create({ from: '/eski-sayt', to: 'https://example.uz/янги' });
      expect(outside.body.data.to).toBe('https://example.uz/%D1%8F%D0%BD%D0%B3%D0%B8');
      // A control character is a 400 that names the field, never a stored row and a 500 later.
      for (const [from, to] of [['/ctl-a', '/faq\u0000x'], ['/ctl-b', '/faq\u0007'], ['/ctl-c\u0001', '/faq'], ['/ctl-d', 'https://example.uz/\u001b']]) {
        const refused = await create({ from, to });
        expect(refused.status, JSON.stringify(to)).toBe(400);
        expect(refused.body.details[0].path).toBe(from.startsWith('/ctl-c') ? 'from' : 'to');
      }
      const csvControl = await app.api('/api/redirects/import', { token, body: { csv: '/ctl-e,/faq\u0002\n' } });
      expect(csvControl.status).toBe(400);
      // A CSV line that closes a loop with a redirect already stored is refused, and nothing of the file is kept.
      expect((await create({ from: '/stored-a', to: '/stored-b' })).status).toBe(201);
      const loop = await app.api('/api/redirects/import', { token, body: { csv: '/csv-fine,/faq\n/stored-b,/stored-a\n' } });
      expect(loop.status).toBe(400);
      expect(loop.body.error).toMatch(/Line 2.*loop/);
      const through = await app.api('/api/redirects/import', { token, body: { csv: '/stored-b,/csv-c\n/csv-c,/stored-a/\n' } });
      expect(through.status).toBe(400);
      const froms = ((await app.api('/api/redirects', { token })).body.data as Array<{ from: string }>).map((entry) => entry.from);
      expect(froms).not.toContain('/csv-fine');
      expect(froms).not.toContain('/csv-c');
    });

    it('lists addresses that answered 404, most hit first, and forgets one once it redirects', async () => {
      for (let n = 0; n < 3; n += 1) await page('/old-price-list');
      await page('/wp-login.php');
      await page('/api/nothing-here');
      await app.services.redirects.flushNotFound();
      const log = (await app.api('/api/redirects/not-found', { token })).body.data as Array<{ path: string; hits: number }>;
      expect(log[0]).toMatchObject({ path: '/old-price-list', hits: 3 });
      expect(log.map((entry) => entry.path)).toContain('/wp-login.php');
      expect(log.map((entry) => entry.path)).not.toContain('/api/nothing-here');
      await app.api('/api/redirects', { token, body: { from: '/old-price-list', to: '/services' } });
      expect(((await app.api('/api/redirects/not-found', { token })).body.data as Array<{ path: string }>).map((entry) => entry.path)).not.toContain('/old-price-list');
      expect((await app.api('/api/redirects/not-found', { method: 'DELETE', token, body: { path: '/wp-login.php' } })).status).toBe(200);
      expect(((await app.api('/api/redirects/not-found', { token })).body.data as Array<{ path: string }>).map((entry) => entry.path)).not.toContain('/wp-login.php');
      expect((await app.api('/api/redirects/not-found')).status).toBe(401);
    });

    it('finishes a write of the not-found log already under way before saying it is written (the timer and a caller never interleave)', async () => {
      const paths = Array.from({ length: 40 }, (_, n) => `/gone-${n}`);
      for (const path of paths) app.services.redirects.notFound(path);
      // The timer's write takes all forty and is still writing when another write is asked for.
      const underWay = app.services.redirects.flushNotFound();
      await app.services.redirects.flushNotFound();
      const log = ((await app.api('/api/redirects/not-found', { token })).body.data as Array<{ path: string }>).map((entry) => entry.path);
      for (const path of paths) expect(log).toContain(path);
      await underWay;
      // A redirect made while a write is under way: the address leaves the log and stays out.
      app.services.redirects.notFound('/gone-late');
      const writing = app.services.redirects.flushNotFound();
      await app.api('/api/redirects', { token, body: { from: '/gone-late', to: '/services' } });
      await writing;
      await app.services.redirects.flushNotFound();
      expect(((await app.api('/api/redirects/not-found', { token })).body.data as Array<{ path: string }>).map((entry) => entry.path)).not.toContain('/gone-late');
      for (const path of paths) await app.api('/api/redirects/not-found', { method: 'DELETE', token, body: { path } });
    });

    it('keeps the not-found log bounded whatever a scanner asks for', async () => {
      for (let n = 0; n < 700; n += 1) app.services.redirects.notFound(`/scan/${n}`);
      await app.services.redirects.flushNotFound();
      for (let n = 700; n < 1400; n += 1) app.services.redirects.notFound(`/scan/${n}`);
      await app.services.redirects.flushNotFound();
      const log = (await app.api('/api/redirects/not-found', { token })).body.data as unknown[];
      expect(log.length).toBeLessThanOrEqual(200);
      const { db } = app.services.database;
      const stored = Number((await db.selectFrom('not_found_paths').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
      expect(stored).toBeLessThanOrEqual(1000);
      await db.deleteFrom('not_found_paths').execute();
    });
  });

  describe('media in use', () => {
    const png = () => sharp({ create: { width: 120, height: 80, channels: 3, background: '#1d4e89' } }).png().toBuffer();
    const upload = async (files: Array<{ name: string; data: Buffer; type?: string }>, route = 'multiple', field = 'images') => {
      const form = new FormData();
      for (const file of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
      const response = await fetch(`${app.url}/api/upload/${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.json() };
    };
    const stored = async () => (await app.api('/api/upload/list', { token })).body.data.total as number;

    it('says where an image is used, refuses to delete it unless forced, and deletes an unused one', async () => {
      const image = (await upload([{ name: 'cover.png', data: await png() }], 'single', 'image')).body.data;
      const news = (await app.api('/api/news', { token, body: article('Rasmli', { image: image.images.large }) })).body.data;
      const config = (await app.api('/api/site-config')).body.data;
      const saved = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, offices: [{ name: { uz: 'Bosh ofis' }, address: {}, workingHours: {}, phone: '', email: '', mapUrl: '', isActive: true, order: 0, image: image.images.medium }] } });
      expect(saved.status, saved.text).toBe(200);
      const entry = ((await app.api('/api/upload/list', { token })).body.data.images as Array<{ path: string; usedBy: unknown[] }>).find((item) => item.path === image.path)!;
      expect(entry.usedBy).toEqual(
        expect.arrayContaining([
          { type: 'news', _id: news._id, title: 'Rasmli', field: 'image' },
          { type: 'site-config', _id: '', title: '', field: 'offices.0.image' },
        ]),
      );
      const refused = await app.api('/api/upload/delete', { method: 'DELETE', token, body: { imagePath: image.images.large } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CONFLICT', reason: 'in_use' });
      expect(refused.body.error).toMatch(/Rasmli \(image\)/);
      expect(refused.body.usedBy).toHaveLength(2);
      expect((await fetch(app.url + image.images.large)).status).toBe(200);
      const forced = await app.api('/api/upload/delete', { method: 'DELETE', token, body: { imagePath: image.images.large, force: true } });
      expect(forced.status).toBe(200);
      expect((await fetch(app.url + image.images.large)).status).toBe(404);
      await app.api(`/api/news/${news._id}`, { method: 'DELETE', token });
    });

    it('stores nothing of a multiple upload with one refused file (repeated)', async () => {
      const before = await stored();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrongType = await upload([{ name: 'a.png', data: await png() }, { name: 'b.png', data: await png() }, { name: 'notes.png', data: Buffer.from('plain text') }]);
        expect(wrongType.status).toBe(415);
        const tooLarge = await upload([{ name: 'a.png', data: await png() }, { name: 'huge.png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }, { name: 'c.png', data: await png() }]);
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.body.error).toBe('File size must be less than 5MB');
      }
      expect(await stored()).toBe(before);
      const fine = await upload([{ name: 'a.png', data: await png() }, { name: 'b.png', data: await png() }]);
      expect(fine.status).toBe(201);
      expect(await stored()).toBe(before + 2);
    });

    it('always answers an oversized body with its 413, never a reset connection (repeated)', async () => {
      const big = Buffer.alloc(20 * 1024 * 1024, 7);
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const upload20 = await upload([{ name: 'huge.png', data: big }], 'single', 'image');
        expect(upload20.status).toBe(413);
        const json = await fetch(`${app.url}/api/news`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: { uz: 'x'.repeat(3 * 1024 * 1024) } }) });
        expect(json.status).toBe(413);
        expect((await json.json()).code).toBe('PAYLOAD_TOO_LARGE');
      }
    });
  });
});
