import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * IndexNow (INDEXNOW_KEY): publishing, a change of address, a change while public and unpublishing
 * are announced through the outbox to INDEXNOW_URL — here a local stand-in speaking the protocol of
 * https://www.indexnow.org/documentation (POST JSON { host, key, keyLocation, urlList }; 200/202
 * taken, 429 tried again) — with every address the page has and had; a draft is never announced;
 * /{key}.txt answers the key.
 */

const KEY = 'b5f0c7e3a1d94e2f8a6b3c1d0e9f7a25';
const BASE = 'https://lawfirm.test';

interface Submission {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** The stand-in: keeps what it is sent; answers `busy` times 429 before taking anything. */
async function startIndexNow() {
  const received: Submission[] = [];
  let busy = 0;
  let refused = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/indexnow' || !/^application\/json; charset=utf-8$/i.test(request.headers['content-type'] ?? '')) {
        response.writeHead(400).end();
        return;
      }
      if (busy > 0) {
        busy -= 1;
        refused += 1;
        response.writeHead(429).end();
        return;
      }
      received.push(JSON.parse(body) as Submission);
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/indexnow`,
    received,
    refused: () => refused,
    busyFor(times: number) {
      busy = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async <T,>(what: () => T | undefined, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const found = what();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('IndexNow (%s)', (dialect) => {
  let app: TestApp;
  let token: string;
  let indexNow: Awaited<ReturnType<typeof startIndexNow>>;
  const article = { excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Soliq', ru: 'Налоги' } };
  /** The next submission that names `url`, after the first `after` ones. */
  const naming = (url: string, after: number) => until(() => indexNow.received.slice(after).find((submission) => submission.urlList.includes(url)));

  beforeAll(async () => {
    indexNow = await startIndexNow();
    app = await startTestApp(dialect, { env: { INDEXNOW_KEY: KEY, INDEXNOW_URL: indexNow.url } });
    token = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    await indexNow?.close();
  });

  it('answers the key at /{key}.txt', async () => {
    const response = await fetch(`${app.url}/${KEY}.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(KEY);
    // Another name is no key file (a page of the site, which this test app does not render).
    expect((await fetch(`${app.url}/0000000000000000.txt`)).status).not.toBe(200);
  });

  it('announces a published page in each of its languages, a new address with the old one, and an unpublished page', async () => {
    const before = indexNow.received.length;
    const created = await app.api('/api/news', { token, body: { ...article, title: { uz: 'QQS yangi tartibi', ru: 'Новый порядок НДС' }, slug: 'qqs-tartibi', published: true } });
    expect(created.status, created.text).toBe(201);
    const first = await naming(`${BASE}/news/qqs-tartibi`, before);
    expect(first).toEqual({ host: 'lawfirm.test', key: KEY, keyLocation: `${BASE}/${KEY}.txt`, urlList: [`${BASE}/news/qqs-tartibi`, `${BASE}/ru/news/qqs-tartibi`] });

    const count = indexNow.received.length;
    const moved = await app.api(`/api/news/${created.body.data._id}`, { method: 'PUT', token, body: { slug: 'qqs-2027', version: created.body.data.version } });
    expect(moved.status, moved.text).toBe(200);
    const second = await naming(`${BASE}/news/qqs-2027`, count);
    expect(second.urlList.sort()).toEqual([`${BASE}/news/qqs-2027`, `${BASE}/news/qqs-tartibi`, `${BASE}/ru/news/qqs-2027`, `${BASE}/ru/news/qqs-tartibi`]);

    const third = indexNow.received.length;
    const hidden = await app.api(`/api/news/${created.body.data._id}`, { method: 'PUT', token, body: { published: false, version: moved.body.data.version } });
    expect(hidden.status, hidden.text).toBe(200);
    const last = await naming(`${BASE}/news/qqs-2027`, third);
    expect(last.urlList.sort()).toEqual([`${BASE}/news/qqs-2027`, `${BASE}/ru/news/qqs-2027`]);

    // Changed again while not public: nothing to tell.
    const after = indexNow.received.length;
    expect((await app.api(`/api/news/${created.body.data._id}`, { method: 'PUT', token, body: { title: { uz: 'Qoralama', ru: 'Черновик' }, version: hidden.body.data.version } })).status).toBe(200);
    await sleep(1500);
    expect(indexNow.received.slice(after).some((submission) => submission.urlList.some((url) => url.includes('qqs-2027')))).toBe(false);
  });

  it('never announces a draft, and tries again when IndexNow is busy (429)', async () => {
    const before = indexNow.received.length;
    const draft = await app.api('/api/news', { token, body: { ...article, title: { uz: 'Maxfiy qoralama', ru: 'Секретный черновик' }, slug: 'maxfiy', published: false } });
    expect(draft.status).toBe(201);
    indexNow.busyFor(1);
    const refusedBefore = indexNow.refused();
    const published = await app.api('/api/news', { token, body: { ...article, title: { uz: 'Ochiq maqola', ru: 'Открытая статья' }, slug: 'ochiq', published: true } });
    expect(published.status).toBe(201);
    const sent = await naming(`${BASE}/news/ochiq`, before);
    expect(indexNow.refused()).toBe(refusedBefore + 1);
    expect(sent.urlList).toContain(`${BASE}/ru/news/ochiq`);
    expect(indexNow.received.slice(before).some((submission) => submission.urlList.some((url) => url.includes('maxfiy')))).toBe(false);
  }, 30_000);
});
