/*
 * No header a visitor sends changes what an address serves to the next visitor: pages are routed
 * from the request's path and PUBLIC_URL only. Each attempt is made first (on an empty cache, so
 * its answer is what gets kept), then a plain visitor asks for the same address.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../helpers/console-guard.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A GET with headers fetch() will not send (Host) and a request target of any shape. */
function get(base: string, target: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1'): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: target, method: 'GET', headers: { host: url.host, ...headers }, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

const EVIL = 'SITE CLOSED call 555';
const EVIL_QUERY = '/ru/search?q=SITE+CLOSED+call+555&x=';

/** What a page is, whoever rendered it: its title, canonical address and first heading. */
const identity = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1],
});

const ATTEMPTS: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'Host with a path', headers: { host: `lawfirm.test${EVIL_QUERY}` } },
  { name: 'Host with a question mark', headers: { host: 'lawfirm.uz?' } },
  { name: 'Host of another site', headers: { host: 'evil.example' } },
  { name: 'X-Forwarded-Host with a path', headers: { 'x-forwarded-host': `evil.example${EVIL_QUERY}` } },
  { name: 'X-Forwarded-Host of another site', headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' } },
  { name: 'X-Original-URL', headers: { 'x-original-url': EVIL_QUERY } },
  { name: 'X-Rewrite-URL', headers: { 'x-rewrite-url': EVIL_QUERY } },
  { name: 'Forwarded', headers: { forwarded: `for=1.2.3.4;host="evil.example${EVIL_QUERY}";proto=http` } },
  { name: 'X-Forwarded-Prefix and Port', headers: { 'x-forwarded-prefix': '/ru/search', 'x-forwarded-port': '1' } },
  { name: 'X-HTTP-Method-Override', headers: { 'x-http-method-override': 'POST' } },
];

describe.each([
  ['without TRUST_PROXY', 'false'],
  ['with TRUST_PROXY', 'true'],
])('the page cache %s', (_name, trustProxy) => {
  let app: TestApp;
  const baseline = new Map<string, ReturnType<typeof identity>>();
  const PATHS = ['/partners', '/ru/news', '/'];

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true, env: { TRUST_PROXY: trustProxy } });
    for (const path of PATHS) {
      const answer = await get(app.url, path);
      expect(answer.status).toBe(200);
      baseline.set(path, identity(answer.body));
    }
    expect(baseline.get('/partners')!.canonical).toBe('https://lawfirm.test/partners');
  });
  afterAll(() => app?.close());

  it.each(ATTEMPTS)('serves every address as it is after a request with $name', async ({ headers }) => {
    for (const path of PATHS) {
      app.services.cache.clear();
      const attempt = await get(app.url, path, headers, '127.0.0.9');
      // Refused (400) or answered as the address itself; never another page, never the words sent.
      if (attempt.status !== 400) {
        expect(identity(attempt.body), path).toEqual(baseline.get(path));
        expect(attempt.body).not.toContain(EVIL);
        expect(attempt.body).not.toContain('evil.example');
      }
      const next = await get(app.url, path);
      expect(next.status, path).toBe(200);
      expect(identity(next.body), path).toEqual(baseline.get(path));
      expect(next.body).not.toContain(EVIL);
      expect(next.body).not.toContain('evil.example');
    }
  });

  it('refuses a Host that is not a host name with a 400', async () => {
    for (const host of [`lawfirm.test${EVIL_QUERY}`, 'lawfirm.uz?', 'lawfirm.uz#x', 'a b', 'lawfirm.uz:99999999', 'user@lawfirm.uz']) {
      const answer = await get(app.url, '/partners', { host });
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    for (const host of ['lawfirm.uz', 'lawfirm.uz:8443', '127.0.0.1', '[::1]:3000', 'www.lawfirm.uz.']) {
      expect((await get(app.url, '/partners', { host })).status, host).toBe(200);
    }
  });

  it('refuses a request target that does not start with a single slash', async () => {
    for (const target of ['//evil.example/ru/search?q=SITE', '/\\evil.example/ru/search', `http://evil.example${EVIL_QUERY}`, '*']) {
      app.services.cache.clear();
      const answer = await get(app.url, target);
      expect(answer.status, target).toBe(400);
      expect(answer.body).not.toContain(EVIL);
    }
    // The refused shapes were never kept: the home page is the home page.
    expect(identity((await get(app.url, '/')).body)).toEqual(baseline.get('/'));
  });

  it('still takes a contact form from its own pages, and refuses one from another site', async () => {
    const own = await fetch(`${app.url}/contact`, { method: 'POST', redirect: 'manual', headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=A' });
    expect(own.status).not.toBe(500);
    expect(own.status).toBeLessThan(500);
    expectConsoleError(); // React Router reports the refused form
    const foreign = await fetch(`${app.url}/contact`, { method: 'POST', redirect: 'manual', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=A' });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
  });

  it('serves /api/docs by Accept each time, whatever was asked for before', async () => {
    for (let round = 0; round < 2; round += 1) {
      const json = await get(app.url, '/api/docs', { accept: 'application/json' });
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.headers.vary).toMatch(/(^|,\s*)accept(\s*,|$)/i);
      const html = await get(app.url, '/api/docs', { accept: 'text/html' });
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.headers.vary).toMatch(/(^|,\s*)accept(\s*,|$)/i);
    }
  });
});
