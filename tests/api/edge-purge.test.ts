import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeAdapter, EdgeConfig } from '../../server/edge/edge-config.ts';
import { edgeConfigOf } from '../../server/edge/edge-config.ts';
import { createPurger, PurgeFailure } from '../../server/edge/edge-purge.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The CDN adapters (EDGE_PURGE=cloudflare|fastly|bunny) against local stand-ins that speak each
 * vendor's documented purge API and refuse what the vendor refuses: a wrong key, a malformed
 * body, more tags in one call than it takes; and a 429 with Retry-After when told to.
 */

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const CLOUDFLARE_TOKEN = 'cf-token-with-cache-purge-permission';
const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY';
const FASTLY_KEY = 'fastly-token-purge-select';
const BUNNY_ZONE = '1234567';
const BUNNY_KEY = 'bunny-account-api-key-0001';

interface Call {
  at: number;
  tags: string[];
}

/** A vendor's purge endpoint: it records the tags of each accepted call; `refuseWith429` answers the next ones 429. */
async function standIn(vendor: Exclude<EdgeAdapter, 'varnish'>) {
  const calls: Call[] = [];
  const refused: Array<{ at: number; status: number }> = [];
  const state = { refuseWith429: 0, retryAfter: '1' };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const answer = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
        if (status !== 200 && status !== 204) refused.push({ at: Date.now(), status });
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (state.refuseWith429 > 0) {
        state.refuseWith429 -= 1;
        return answer(429, { success: false, errors: [{ code: 10000, message: 'Rate limited' }] }, { 'retry-after': state.retryAfter });
      }
      if (vendor === 'cloudflare') {
        // https://developers.cloudflare.com/api/resources/cache/methods/purge/ — tags: up to 100 a request.
        if (request.method !== 'POST' || request.url !== `/client/v4/zones/${ZONE}/purge_cache`) return answer(404, { success: false, errors: [{ code: 7003, message: 'No route' }] });
        if (request.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`) return answer(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] });
        const parsed = JSON.parse(body || '{}') as { tags?: unknown };
        if (request.headers['content-type'] !== 'application/json' || !Array.isArray(parsed.tags) || parsed.tags.length === 0 || parsed.tags.length > 100) {
          return answer(400, { success: false, errors: [{ code: 1122, message: 'tags: between 1 and 100 a request' }] });
        }
        calls.push({ at: Date.now(), tags: parsed.tags as string[] });
        return answer(200, { success: true, errors: [], messages: [], result: { id: ZONE } });
      }
      if (vendor === 'fastly') {
        // https://www.fastly.com/documentation/reference/api/purging/ — Surrogate-Key: up to 256 keys.
        if (request.method !== 'POST' || request.url !== `/service/${FASTLY_SERVICE}/purge`) return answer(404, { msg: 'Record not found' });
        if (request.headers['fastly-key'] !== FASTLY_KEY) return answer(401, { msg: 'Provided credentials are missing or invalid' });
        const keys = String(request.headers['surrogate-key'] ?? '').split(' ').filter(Boolean);
        if (keys.length === 0 || keys.length > 256) return answer(400, { msg: 'Surrogate-Key: between 1 and 256 keys' });
        calls.push({ at: Date.now(), tags: keys });
        return answer(200, Object.fromEntries(keys.map((key, index) => [key, `108593-1391560174-${index}`])));
      }
      // bunny.net: https://docs.bunny.net/reference/pullzonepublic_purgecachepostbytag — one CacheTag a call.
      if (request.method !== 'POST' || request.url !== `/pullzone/${BUNNY_ZONE}/purgeCache`) return answer(404);
      if (request.headers.accesskey !== BUNNY_KEY) return answer(401);
      const parsed = JSON.parse(body || '{}') as { CacheTag?: unknown };
      if (typeof parsed.CacheTag !== 'string' || !parsed.CacheTag || /[\s,]/.test(parsed.CacheTag)) return answer(400, { Message: 'CacheTag: one tag' });
      calls.push({ at: Date.now(), tags: [parsed.CacheTag] });
      return answer(204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, refused, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

const envFor = (vendor: Exclude<EdgeAdapter, 'varnish'>, url: string): Record<string, string> =>
  vendor === 'cloudflare'
    ? { EDGE_PURGE: vendor, CLOUDFLARE_API_URL: url, CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN }
    : vendor === 'fastly'
      ? { EDGE_PURGE: vendor, FASTLY_API_URL: url, FASTLY_SERVICE_ID: FASTLY_SERVICE, FASTLY_API_KEY: FASTLY_KEY }
      : { EDGE_PURGE: vendor, BUNNY_API_URL: url, BUNNY_PULL_ZONE_ID: BUNNY_ZONE, BUNNY_API_KEY: BUNNY_KEY };

describe('the adapters cut a purge into calls within each vendor’s limits', () => {
  const tags = Array.from({ length: 250 }, (_, index) => `news:${String(index).padStart(24, '0')}`);
  let servers: Array<Awaited<ReturnType<typeof standIn>>> = [];
  afterEach(async () => {
    for (const server of servers) await server.close();
    servers = [];
  });
  const purgerFor = async (vendor: Exclude<EdgeAdapter, 'varnish'>) => {
    const server = await standIn(vendor);
    servers.push(server);
    return { server, purger: createPurger(edgeConfigOf(envFor(vendor, server.url)) as EdgeConfig) };
  };

  it('Cloudflare: 100 tags a request, at most 5 requests a minute (the Free plan’s), the rest told when to come back', async () => {
    const { server, purger } = await purgerFor('cloudflare');
    expect(await purger.purge(tags)).toBe(3);
    expect(server.calls.map((call) => call.tags.length)).toEqual([100, 100, 50]);
    expect(server.calls.flatMap((call) => call.tags)).toEqual(tags);
    await purger.purge(tags.slice(0, 200));
    const over = await purger.purge(['site']).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(PurgeFailure);
    expect((over as PurgeFailure).retryAfterMs).toBeGreaterThan(50_000);
    expect(server.calls).toHaveLength(5);
  });

  it('Fastly: up to 256 surrogate keys a request, in the Surrogate-Key header with Fastly-Key', async () => {
    const { server, purger } = await purgerFor('fastly');
    expect(await purger.purge([...tags, ...tags.map((tag) => `${tag}x`)])).toBe(2);
    expect(server.calls.map((call) => call.tags.length)).toEqual([256, 244]);
  });

  it('bunny.net: one CacheTag a request, with AccessKey', async () => {
    const { server, purger } = await purgerFor('bunny');
    expect(await purger.purge(['site', 'news', 'news:1', 'news'])).toBe(3);
    expect(server.calls.map((call) => call.tags)).toEqual([['site'], ['news'], ['news:1']]);
  });

  it('says what the vendor answered when it refuses: a wrong key, a 429 with its Retry-After', async () => {
    const { server } = await purgerFor('fastly');
    const wrong = createPurger(edgeConfigOf({ ...envFor('fastly', server.url), FASTLY_API_KEY: 'not-the-right-key-1234' }) as EdgeConfig);
    await expect(wrong.purge(['news'])).rejects.toThrow('Fastly answered 401: {"msg":"Provided credentials are missing or invalid"}');
    server.state.refuseWith429 = 1;
    server.state.retryAfter = '7';
    const refused = await createPurger(edgeConfigOf(envFor('fastly', server.url)) as EdgeConfig).purge(['news']).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: expect.stringContaining('Fastly answered 429'), retryAfterMs: 7000 });
  });

  it('refuses a setting that is missing or malformed, naming it', () => {
    expect(edgeConfigOf({})).toBeUndefined();
    expect(() => edgeConfigOf({ EDGE_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: ZONE })).toThrow('EDGE_PURGE=cloudflare needs CLOUDFLARE_API_TOKEN as well.');
    expect(() => edgeConfigOf({ EDGE_PURGE: 'akamai' })).toThrow('EDGE_PURGE must be varnish, cloudflare, fastly or bunny');
    expect(() => edgeConfigOf({ EDGE_PURGE: 'varnish', EDGE_PURGE_URL: 'varnish:6081' })).toThrow('EDGE_PURGE_URL must be one or more http(s) URLs');
    expect(edgeConfigOf({ EDGE_PURGE: 'varnish', EDGE_PURGE_URL: 'http://10.0.0.7:6081/, http://10.0.0.8:6081' })?.varnish?.urls).toEqual(['http://10.0.0.7:6081', 'http://10.0.0.8:6081']);
  });
});

describe.each(DIALECTS)('a write purges its tags through the outbox on %s', (dialect) => {
  for (const vendor of ['cloudflare', 'fastly', 'bunny'] as const) {
    describe(vendor, () => {
      let app: TestApp;
      let server: Awaited<ReturnType<typeof standIn>>;
      let token: string;
      beforeAll(async () => {
        server = await standIn(vendor);
        // A new PostgreSQL site's first writes purge too: Cloudflare's Pro plan (300 a minute) leaves room for the test's.
        app = await startTestApp(dialect, { env: { ...envFor(vendor, server.url), ...(vendor === 'cloudflare' ? { EDGE_PURGES_PER_MINUTE: '300' } : {}) } });
        token = await app.login();
      });
      afterAll(async () => {
        await app?.close();
        await server?.close();
      });

      it('names what a public answer shows and keeps what is personal private', async () => {
        const list = await app.api('/api/news?lang=uz');
        expect(list.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=60');
        expect(list.headers.get('surrogate-key')).toBe('site news');
        expect(list.headers.get('cache-tag')).toBe('site,news');
        expect(list.headers.get('cdn-tag')).toBe(vendor === 'bunny' ? 'site,news' : null);
        const mine = await app.api('/api/news?admin=true', { token });
        expect(mine.headers.get('cache-control')).toBe('private, no-store');
        expect(mine.headers.get('surrogate-key')).toBeNull();
        expect((await app.api('/api/health')).headers.get('cache-control')).toBe('private, no-store');
      });

      it('purges the type and the record after a save, and again after a 429 once its Retry-After passed', async () => {
        const created = await app.api('/api/news', { token, body: { title: { uz: 'Chekka' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } } });
        expect(created.status).toBe(201);
        const id = created.body.data._id as string;
        await expect.poll(() => server.calls.flatMap((call) => call.tags), { timeout: 2000 }).toEqual(expect.arrayContaining(['news', `news:${id}`]));
        const before = server.calls.length;
        server.state.refuseWith429 = 1;
        server.state.retryAfter = '1';
        const saved = await app.api(`/api/news/${id}`, { method: 'PUT', token, body: { excerpt: { uz: 'yangi' } } });
        expect(saved.status).toBe(200);
        await expect.poll(() => server.refused.length, { timeout: 2000 }).toBe(1);
        // The stand-in notes its refusal before the outbox has written what it answered: asked until it has.
        await expect.poll(async () => (await app.api('/api/admin/edge', { token })).body.data, { timeout: 2000 }).toMatchObject({ adapter: vendor, failing: true, pending: 1, lastError: expect.stringContaining('429') });
        // Every tag again (bunny takes one a call: they may arrive one after the other).
        await expect.poll(() => server.calls.slice(before).flatMap((call) => call.tags), { timeout: 5000 }).toEqual(expect.arrayContaining(['news', `news:${id}`]));
        // Retried after the vendor's second, not the outbox's own 5 s.
        const waited = server.calls[before].at - server.refused[0].at;
        expect(waited).toBeGreaterThanOrEqual(900);
        expect(waited).toBeLessThan(4000);
        await expect.poll(async () => (await app.api('/api/admin/edge', { token })).body.data.failing, { timeout: 2000 }).toBe(false);
      });
    });
  }
});

describe.each(DIALECTS)('without EDGE_PURGE on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app?.close());

  it('answers as before: revalidated by every cache, no tags, and GET /api/admin/edge says there is no adapter', async () => {
    const list = await app.api('/api/news?lang=uz');
    expect(list.headers.get('cache-control')).toBe('public, no-cache');
    expect(list.headers.get('surrogate-key')).toBeNull();
    const token = await app.login();
    expect((await app.api('/api/admin/edge', { token })).body.data).toEqual({ adapter: null, lastPurges: [], failing: false, pending: 0, failed: 0, lastSuccess: null, lastError: null });
    expect(app.services.edge).toBeUndefined();
  });
});
