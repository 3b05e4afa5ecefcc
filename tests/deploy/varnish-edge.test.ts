import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema } from '../helpers/databases.ts';
import { exited, freePort, startServerProcess } from '../helpers/processes.ts';
import { startVarnish, VARNISHD } from '../helpers/varnish.ts';

/*
 * deploy/varnish/default.vcl (xkey) with a real varnishd in front of two instances on one
 * PostgreSQL database, the instances purging it by tag (EDGE_PURGE=varnish). A second Varnish
 * (EDGE_PURGE_URL names both) is reached through a stand-in of its purge listener that can refuse.
 */

const ADMIN = { email: 'it@lawfirm.uz', password: 'deployment-password' };
const METRICS_TOKEN = 'varnish-edge-metrics-token';
type Instance = Awaited<ReturnType<typeof startServerProcess>>;
type Varnish = Awaited<ReturnType<typeof startVarnish>>;

/** The second Varnish's purge listener as the instances reach it: it refuses while `refusing` is above zero. */
function purgeRelay(target: () => number) {
  const state = { refusing: 0, seen: [] as Array<{ tags: string; status: number }> };
  const server = http.createServer((request, response) => {
    const tags = String(request.headers['xkey-purge'] ?? '');
    if (state.refusing > 0) {
      state.refusing -= 1;
      state.seen.push({ tags, status: 503 });
      response.writeHead(503).end('Backend fetch failed');
      return;
    }
    const forwarded = http.request({ host: '127.0.0.1', port: target(), method: request.method, path: request.url, headers: { 'xkey-purge': tags } }, (answer) => {
      state.seen.push({ tags, status: answer.statusCode! });
      response.writeHead(answer.statusCode!);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.writeHead(502).end());
    forwarded.end();
  });
  return { server, state };
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !VARNISHD)('Varnish with xkey in front of two instances, purged by tag (deploy/varnish/default.vcl)', () => {
  let first: Instance;
  let second: Instance;
  let varnish: Varnish;
  let other: Varnish;
  let relay: ReturnType<typeof purgeRelay>;
  let relayPort: number;
  let dropSchema: () => Promise<void>;
  let token: string;
  const folders: string[] = [];
  let articles: Array<{ _id: string; slug: string }>;

  const get = async (base: string, pathname: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(base + pathname, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', ...headers } });
    return { status: answer.status, headers: answer.headers, text: await answer.text(), cache: answer.headers.get('x-cache') };
  };
  const withToken = { 'content-type': 'application/json', authorization: '' };

  beforeAll(async () => {
    const { schema, drop } = await createPostgresSchema();
    dropSchema = drop;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const varnishPort = await freePort();
    relayPort = await freePort();
    let otherPort = 0;
    relay = purgeRelay(() => otherPort);
    await new Promise<void>((resolve) => relay.server.listen(relayPort, '127.0.0.1', resolve));
    const folder = (prefix: string) => {
      const made = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      folders.push(made);
      return made;
    };
    const env = {
      DATABASE_URL: url.toString(),
      PUBLIC_URL: 'https://lawfirm.uz',
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CONTENT: 'true',
      DOCUMENT_KEY: Buffer.alloc(32, 7).toString('base64'),
      EDGE_PURGE: 'varnish',
      EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort},http://127.0.0.1:${relayPort}`,
    };
    // Both Varnish servers first: the purges of the new site's first writes reach them (the instances' probes pass once they are up).
    const ports = [await freePort(), await freePort()];
    const backends: [string, string] = [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`];
    varnish = await startVarnish(backends, varnishPort);
    other = await startVarnish(backends);
    otherPort = other.port;
    [first, second] = await Promise.all([startServerProcess({ ...env, DATA_DIR: folder('lexsite-edge-one-') }, ports[0]), startServerProcess({ ...env, DATA_DIR: folder('lexsite-edge-two-') }, ports[1])]);
    // Varnish sees both healthy (its probes every half second), and nothing failed to be purged since the start.
    for (let tries = 0; (await fetch(`${varnish.url}/api/health`)).status !== 200; tries += 1) {
      if (tries > 100) throw new Error(`Varnish does not see the instances:\n${varnish.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await (await fetch(`${first.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json();
    token = login.data.token;
    withToken.authorization = `Bearer ${token}`;
    articles = (await (await fetch(`${first.url}/api/news?lang=ru&limit=3`)).json()).data;
    expect(articles.length).toBe(3);
    const start = (await (await fetch(`${first.url}/api/admin/edge`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(start, JSON.stringify(start)).toMatchObject({ adapter: 'varnish', failing: false, pending: 0, failed: 0 });
  }, 180_000);

  afterAll(async () => {
    await varnish?.stop();
    await other?.stop();
    await new Promise((resolve) => relay?.server.close(resolve));
    for (const instance of [first, second]) {
      if (!instance) continue;
      instance.child.kill('SIGTERM');
      await exited(instance.child);
    }
    await dropSchema?.();
    for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
  });

  /** Saves an article's Russian title on `instance`; answers the new title. */
  async function retitle(instance: Instance, id: string, words: string): Promise<string> {
    const current = (await (await fetch(`${instance.url}/api/news/${id}?admin=true`, { headers: { authorization: withToken.authorization } })).json()).data;
    const title = { ...current.title, ru: `${words} ${Date.now()}` };
    const saved = await fetch(`${instance.url}/api/news/${id}`, { method: 'PUT', headers: withToken, body: JSON.stringify({ title, version: current.version }) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return title.ru;
  }

  it('answers visitors with s-maxage and the tags of what a page shows, and a visitor’s second read is a Varnish hit', async () => {
    const page = `/ru/news/${articles[0].slug}`;
    const origin = await get(first.url, page);
    expect(origin.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=60');
    const keys = origin.headers.get('surrogate-key')!.split(' ');
    expect(keys).toContain('site');
    expect(keys).toContain(`news:${articles[0]._id}`);
    expect(origin.headers.get('cache-tag')).toBe(keys.join(','));
    const api = await get(first.url, '/api/services?lang=ru');
    expect(api.headers.get('surrogate-key')).toContain('services');

    expect((await get(varnish.url, page)).cache).toBe('MISS');
    const again = await get(varnish.url, page);
    expect(again.cache).toBe('HIT');
    expect(again.status).toBe(200);
    // The tags stay between the origin and Varnish; the browser still asks again each time.
    expect(again.headers.get('surrogate-key')).toBeNull();
    expect(again.headers.get('cache-control')).toContain('max-age=0');
  });

  it('keeps nothing personal: the admin, a token’s reads, the contact page’s per-visit form', async () => {
    for (let n = 0; n < 2; n += 1) {
      const contact = await get(varnish.url, '/ru/contact');
      expect(contact.status).toBe(200);
      expect(contact.cache).toBe('MISS');
      expect(contact.headers.get('cache-control')).toBe('private, no-store');
      const signedIn = await get(varnish.url, '/api/news?lang=ru', { authorization: `Bearer ${token}` });
      expect(signedIn.cache).toBe('MISS');
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      expect((await get(varnish.url, '/api/admin/edge', { authorization: `Bearer ${token}` })).cache).toBe('MISS');
    }
    const anonymousAdmin = await get(first.url, '/api/admin/edge');
    expect(anonymousAdmin.status).toBe(401);
    expect(anonymousAdmin.headers.get('cache-control')).toBe('private, no-store');
  });

  it('purges the saved article and its lists within a second of a save on one instance, and nothing else', async () => {
    const [saved, untouched] = articles;
    const affected = [`/ru/news/${saved.slug}`, '/ru/news', '/news', '/api/news?lang=ru', '/sitemap.xml'];
    // Every article page shows the latest articles ("read more"), so the saved one's new title: it goes too.
    // The demo's home page shows no news (its tags say what it shows): it stays, as do a blog post and other pages.
    affected.push(`/ru/news/${untouched.slug}`);
    const post = (await (await fetch(`${first.url}/api/blog?lang=ru&limit=1`)).json()).data[0];
    const unaffected = [`/ru/blog/${post.slug}`, '/ru', '/ru/faq', '/ru/services', '/api/services?lang=ru'];
    for (const page of [...affected, ...unaffected]) {
      await get(varnish.url, page);
      expect((await get(varnish.url, page)).cache, page).toBe('HIT');
    }
    const title = await retitle(first, saved._id, 'Yangilangan');
    const savedAt = Date.now();
    await expect.poll(async () => (await get(varnish.url, affected[0])).text.includes(title), { timeout: 1000, interval: 25 }).toBe(true);
    expect(Date.now() - savedAt).toBeLessThan(1000);
    for (const page of affected.slice(1)) expect((await get(varnish.url, page)).cache, page).toBe('MISS');
    expect((await get(varnish.url, '/api/news?lang=ru')).text).toContain(title);
    for (const page of unaffected) expect((await get(varnish.url, page)).cache, page).toBe('HIT');
  });

  it('purges the home pages with a figure they show, added on the other instance, and nothing else', async () => {
    const affected = ['/ru', '/en', '/api/stats'];
    const unaffected = [`/ru/news/${articles[1].slug}`, '/ru/news', '/ru/faq', '/ru/services'];
    for (const page of [...affected, ...unaffected]) {
      await get(varnish.url, page);
      expect((await get(varnish.url, page)).cache, page).toBe('HIT');
    }
    const created = await fetch(`${second.url}/api/stats`, { method: 'POST', headers: withToken, body: JSON.stringify({ number: 4242, label: { uz: 'Yangi raqam', ru: 'Новая цифра' } }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const savedAt = Date.now();
    await expect.poll(async () => (await get(varnish.url, '/ru')).text.includes('Новая цифра'), { timeout: 1000, interval: 25 }).toBe(true);
    expect(Date.now() - savedAt).toBeLessThan(1000);
    for (const page of affected.slice(1)) expect((await get(varnish.url, page)).cache, page).toBe('MISS');
    for (const page of unaffected) expect((await get(varnish.url, page)).cache, page).toBe('HIT');
  });

  it('retries a purge the second Varnish refused at first, and shows it at GET /api/admin/edge meanwhile', async () => {
    const page = `/ru/news/${articles[2].slug}`;
    await get(other.url, page);
    expect((await get(other.url, page)).cache).toBe('HIT');
    const seenBefore = relay.state.seen.length;
    relay.state.refusing = 1;
    const title = await retitle(second, articles[2]._id, 'Qayta');
    // The first Varnish has it at once; the second still shows the old page until the retry reaches it.
    await expect.poll(async () => (await get(varnish.url, page)).text.includes(title), { timeout: 1000, interval: 25 }).toBe(true);
    await expect.poll(() => relay.state.seen.some((seen) => seen.status === 503), { timeout: 2000 }).toBe(true);
    const stale = await get(other.url, page);
    expect(stale.cache).toBe('HIT');
    expect(stale.text).not.toContain(title);
    const answer = await (await fetch(`${first.url}/api/admin/edge`, { headers: { authorization: withToken.authorization } })).json();
    const failing = answer.data;
    expect(failing, JSON.stringify(answer)).toMatchObject({ adapter: 'varnish', failing: true });
    expect(failing.lastError).toContain('503');
    expect(failing.lastPurges[0]).toMatchObject({ status: 'pending', tags: expect.arrayContaining([`news:${articles[2]._id}`]) });
    // The outbox's first wait is 5 s.
    await expect.poll(async () => (await get(other.url, page)).text.includes(title), { timeout: 15_000, interval: 250 }).toBe(true);
    expect(relay.state.seen.slice(seenBefore).filter((seen) => seen.tags.includes(`news:${articles[2]._id}`)).map((seen) => seen.status)).toEqual([503, 200]);
    const healed = (await (await fetch(`${second.url}/api/admin/edge`, { headers: { authorization: withToken.authorization } })).json()).data;
    expect(healed.failing).toBe(false);
    expect(healed.lastPurges[0].status).toBe('sent');
    const metrics = await (await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/lexsite_edge_purges_total\{outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/lexsite_edge_purges_total\{outcome="sent"\} [1-9]/);
  }, 30_000);

  it('purges a list when a scheduled article goes live', async () => {
    const publishAt = new Date(Date.now() + 3000).toISOString();
    const created = await fetch(`${first.url}/api/news`, {
      method: 'POST',
      headers: withToken,
      body: JSON.stringify({ title: { uz: 'Rejadagi xabar', ru: 'Запланированная новость' }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'x', ru: 'x' }, category: { uz: 'x' }, slug: 'edge-on-schedule', publishAt }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // The create's own purge goes out through the outbox a moment later: kept once it has.
    await expect.poll(async () => (await get(varnish.url, '/api/news?lang=ru&limit=100')).cache, { timeout: 10_000, interval: 250 }).toBe('HIT');
    const before = await get(varnish.url, '/api/news?lang=ru&limit=100');
    expect(before.text).not.toContain('edge-on-schedule');
    // Each instance looks for moments every 10 s; the one that claims it purges.
    await expect.poll(async () => (await get(varnish.url, '/api/news?lang=ru&limit=100')).text.includes('edge-on-schedule'), { timeout: 25_000, interval: 250 }).toBe(true);
  }, 40_000);

  it('answers over 95 % of 10,000 mixed visitor requests from Varnish', async () => {
    const pages = [
      ...articles.map((article) => `/ru/news/${article.slug}`),
      ...articles.map((article) => `/news/${article.slug}`),
      '/ru', '/en', '/ru/news', '/news', '/ru/faq', '/faq', '/ru/services', '/services', '/ru/team', '/team',
      '/api/news?lang=ru', '/api/services?lang=ru', '/api/site-config', '/api/languages', '/ru/blog', '/sitemap.xml',
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const target = new URL(varnish.url);
    const one = (pathname: string) =>
      new Promise<string>((resolve, reject) => {
        const outgoing = http.get({ host: target.hostname, port: target.port, path: pathname, agent, headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0', 'accept-encoding': 'gzip' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(`${response.statusCode} ${String(response.headers['x-cache'])}`));
        });
        outgoing.on('error', reject);
      });
    const outcomes = new Map<string, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 10_000) {
          const pathname = pages[next++ % pages.length];
          const outcome = await one(pathname);
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    agent.destroy();
    const hits = [...outcomes].filter(([outcome]) => outcome.endsWith('HIT')).reduce((sum, [, count]) => sum + count, 0);
    expect([...outcomes.keys()].filter((outcome) => !outcome.startsWith('200')), JSON.stringify([...outcomes])).toEqual([]);
    expect(hits / 10_000, JSON.stringify([...outcomes])).toBeGreaterThan(0.95);
  }, 120_000);
});
