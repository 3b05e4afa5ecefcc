import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Sites (or test runs) in their own schemas of one PostgreSQL database hear only their own changes. */

describe.skipIf(!process.env.TEST_DATABASE_URL)('changes in another schema of the same database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp('postgres', { demo: true, ssr: true });
    second = await startTestApp('postgres', { demo: true, ssr: true });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('keep this site’s cached pages; its own change still drops them', async () => {
    const cache = async (app: TestApp) => (await fetch(`${app.url}/services`)).headers.get('x-cache');
    await cache(first);
    expect(await cache(first)).toBe('hit');
    const token = await second.login();
    const service = (await second.api('/api/services?admin=true', { token })).body.data[0];
    expect((await second.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { order: 99, version: service.version } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cache(first)).toBe('hit');
    const own = await first.login();
    const mine = (await first.api('/api/services?admin=true', { token: own })).body.data[0];
    expect((await first.api(`/api/services/${mine._id}`, { method: 'PUT', token: own, body: { order: 98, version: mine.version } })).status).toBe(200);
    expect(await cache(first)).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances of one site on PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  const secondData = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-second-'));
  beforeAll(async () => {
    first = await startTestApp('postgres', { ssr: true });
    second = await startTestApp('postgres', { ssr: true, existing: { dataDir: secondData, schema: first.schema } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    fs.rmSync(secondData, { recursive: true, force: true });
  });

  it('hears a language made on the other instance (its list and its pages), and a save drops only what it showed', async () => {
    const cache = async (pathname: string) => (await fetch(second.url + pathname)).headers.get('x-cache');
    // Kept once the instance has settled (its listener clears everything when it connects).
    for (const pathname of ['/api/services', '/api/faqs']) await expect.poll(() => cache(pathname), { timeout: 5000 }).toBe('hit');
    const token = await first.login();
    // The translation status the second instance keeps in memory follows the first one's writes.
    const other = await second.login();
    const status = async () => (await second.api('/api/translations/status?type=faqs', { token: other })).body.data.records as Array<{ _id: string; states: Record<string, string> }>;
    expect(await status()).toEqual([]);
    const created = await first.api('/api/faqs', { token, body: { question: { uz: 'Savol?' }, answer: { uz: 'Javob.' } } });
    expect(created.status).toBe(201);
    await expect.poll(() => cache('/api/faqs'), { timeout: 5000 }).toBeNull();
    await expect.poll(async () => (await status()).map((row) => `${row._id} ${row.states.ru}`), { timeout: 5000 }).toEqual([`${created.body.data._id} missing`]);
    const faq = created.body.data;
    expect((await first.api(`/api/faqs/${faq._id}`, { method: 'PUT', token, body: { question: { uz: 'Savol?', ru: 'Вопрос?' }, answer: { uz: 'Javob.', ru: 'Ответ.' }, version: faq.version } })).status).toBe(200);
    await expect.poll(async () => (await status()).map((row) => row.states.ru), { timeout: 5000 }).toEqual(['complete']);
    expect(await cache('/api/services')).toBe('hit');
    expect((await first.api('/api/languages', { method: 'POST', token, body: { code: 'kk', name: 'Kazakh', nativeName: 'Қазақша', isActive: true } })).status).toBe(201);
    await expect.poll(async () => ((await second.api('/api/languages')).body.data as Array<{ code: string }>).map((language) => language.code), { timeout: 5000 }).toContain('kk');
    await expect.poll(async () => (await fetch(`${second.url}/kk`)).status, { timeout: 5000 }).toBe(200);
  });
});
