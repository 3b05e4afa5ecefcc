import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../seed/demo.ts';
import type { AppServices } from '../../server/app-services.ts';
import { listenForChanges } from '../../server/change-listener.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startApplication, type Application } from '../../server/start.ts';
import { createPostgresSchema } from '../helpers/databases.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('several app instances on one PostgreSQL database', () => {
  let first: Application;
  let second: Application;
  let drop: () => Promise<void>;
  const urlOf = (application: Application) => {
    const address = application.app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  beforeAll(async () => {
    const postgres = await createPostgresSchema();
    drop = postgres.drop;
    const config = loadConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', DEMO_CONTENT: 'false', DATA_DIR: '/tmp/lexsite-instances' });
    first = await startApplication(config, createLogger('silent'), { schema: postgres.schema, seedDemo: seedDemoContent, scheduleCheckMs: 300 });
    second = await startApplication(config, createLogger('silent'), { schema: postgres.schema, seedDemo: seedDemoContent, scheduleCheckMs: 300 });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('drops every instance’s cache when one of them writes (LISTEN/NOTIFY)', async () => {
    const read = async () => (await fetch(`${urlOf(second)}/api/stats`)).json();
    expect((await read()).data).toEqual([]);
    await read();
    expect(second.services.cache.size()).toBeGreaterThan(0);
    const login = await (await fetch(`${urlOf(first)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json();
    const created = await fetch(`${urlOf(first)}/api/stats`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` }, body: JSON.stringify({ number: 1, label: { uz: 'Bir' } }) });
    expect(created.status).toBe(201);
    await expect.poll(() => second.services.cache.size(), { timeout: 5000 }).toBe(0);
    expect((await read()).data).toHaveLength(1);
  });

  it('adds up the views each instance counted, none lost and none twice', async () => {
    const login = await (await fetch(`${urlOf(first)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
    const article = (await (await fetch(`${urlOf(first)}/api/news`, { method: 'POST', headers, body: JSON.stringify({ title: { uz: 'Ikki nusxa' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } }) })).json()).data;
    for (let n = 0; n < 4; n += 1) await fetch(`${urlOf(first)}/api/news/${article._id}`);
    for (let n = 0; n < 6; n += 1) await fetch(`${urlOf(second)}/api/news/${article._id}`);
    await Promise.all([first.services.flushViews(), second.services.flushViews()]);
    await Promise.all([first.services.flushViews(), second.services.flushViews()]);
    const stored = await (await fetch(`${urlOf(first)}/api/news/${article._id}?admin=true`, { headers })).json();
    expect(stored.data.views).toBe(10);
  });

  it('adds up the visits each instance counted into one row per day, page, language and site', async () => {
    for (let n = 0; n < 3; n += 1) first.services.countVisit('/ru/faq', 'https://t.me/lawfirm');
    for (let n = 0; n < 5; n += 1) second.services.countVisit('/ru/faq', 'https://t.me/other');
    await Promise.all([first.services.flushVisits(), second.services.flushVisits()]);
    const report = await first.services.visitReport(1);
    expect(report.byPage.find((page) => page.path === '/ru/faq')?.visits).toBe(8);
    expect(report.byReferrer.find((row) => row.host === 't.me')?.visits).toBe(8);
    expect(report.byLanguage.ru).toBe(8);
  });

  it('agrees on a scheduled publish: both show it on time, and it is recorded once', async () => {
    const login = await (await fetch(`${urlOf(first)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
    const slugs = async (application: Application) => ((await (await fetch(`${urlOf(application)}/api/news?limit=100`)).json()).data as Array<{ slug: string }>).map((item) => item.slug);
    const created = await fetch(`${urlOf(first)}/api/news`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: { uz: 'Rejali' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, slug: 'on-schedule', publishAt: new Date(Date.now() + 2000).toISOString() }),
    });
    const article = (await created.json()).data;
    // Both instances keep the list without it in their caches.
    for (const application of [first, second]) expect(await slugs(application)).not.toContain('on-schedule');
    for (const application of [first, second]) expect(await slugs(application)).not.toContain('on-schedule');
    await expect.poll(() => slugs(first), { timeout: 10_000 }).toContain('on-schedule');
    await expect.poll(() => slugs(second), { timeout: 10_000 }).toContain('on-schedule');
    await expect
      .poll(async () => {
        const activity = (await (await fetch(`${urlOf(second)}/api/admin/activity?limit=100`, { headers })).json()).data as Array<{ action: string; entityId: string }>;
        return activity.filter((entry) => entry.action === 'publish' && entry.entityId === article._id).length;
      })
      .toBe(1);
    // Still once after both have looked again.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const activity = (await (await fetch(`${urlOf(first)}/api/admin/activity?limit=100`, { headers })).json()).data as Array<{ action: string; entityId: string }>;
    expect(activity.filter((entry) => entry.action === 'publish' && entry.entityId === article._id)).toHaveLength(1);
  });

  it('keeps a working copy from visitors on both instances, and publishes it once, on both, when its time comes', async () => {
    const login = await (await fetch(`${urlOf(first)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
    const created = await (await fetch(`${urlOf(first)}/api/news`, { method: 'POST', headers, body: JSON.stringify({ title: { uz: 'Ikki nusxa' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' } }) })).json();
    const id = created.data._id;
    const title = async (application: Application) => (await (await fetch(`${urlOf(application)}/api/news/${id}`)).json()).data.title.uz;
    // Both instances hold the public answer in their caches when the copy is saved.
    expect([await title(first), await title(second)]).toEqual(['Ikki nusxa', 'Ikki nusxa']);
    const at = new Date(Date.now() + 4000).toISOString();
    expect((await fetch(`${urlOf(first)}/api/news/${id}/draft`, { method: 'PUT', headers, body: JSON.stringify({ title: { uz: 'Ikki nusxa (yangi)' }, publishAt: at }) })).status).toBe(200);
    expect([await title(first), await title(second)]).toEqual(['Ikki nusxa', 'Ikki nusxa']);
    expect((await fetch(`${urlOf(second)}/api/news/${id}/draft/publish`, { method: 'POST', headers, body: '{}' })).status).toBe(202);
    for (const application of [first, second]) await expect.poll(() => title(application), { timeout: 20_000, interval: 250 }).toBe('Ikki nusxa (yangi)');
    // Applied once: one version for the creation, one for the copy.
    const versions = await (await fetch(`${urlOf(first)}/api/news/${id}/versions`, { headers })).json();
    expect(versions.data.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
  });

  it('shows a save made on one instance on the next request to the other, page or API', async () => {
    const login = await (await fetch(`${urlOf(first)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
    const read = async () => (await (await fetch(`${urlOf(second)}/api/site-config`)).json()).data;
    const config = await read();
    await read();
    const saved = await fetch(`${urlOf(first)}/api/site-config`, { method: 'PUT', headers, body: JSON.stringify({ ...config, contactInfo: { ...config.contactInfo, phone: '+998 71 200 00 01' } }) });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await read()).contactInfo.phone, { timeout: 5000 }).toBe('+998 71 200 00 01');
    // A list's total, kept by each instance, is counted again after a write on the other.
    const total = async () => (await (await fetch(`${urlOf(second)}/api/news?admin=true&limit=1`, { headers })).json()).pagination.total as number;
    const before = await total();
    expect(await total()).toBe(before);
    const created = await fetch(`${urlOf(first)}/api/news`, { method: 'POST', headers, body: JSON.stringify({ title: { uz: 'Ikki nusxada' }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' } }) });
    expect(created.status).toBe(201);
    await expect.poll(total, { timeout: 5000 }).toBe(before + 1);
    // A visitor's list and a record by id, kept by the other instance (read past its response
    // cache), show a save on the first one: a change of a title, which changes no total.
    const article = (await created.json()).data;
    const titles = async () => ({
      list: (await second.services.records.news.listPage({ lang: 'uz', admin: false, limit: 5 })).data.find((item) => item._id === article._id)?.title,
      one: (await second.services.records.news.get(article._id, { admin: false })).title,
    });
    expect(await titles()).toEqual(await titles());
    expect((await titles()).list).toEqual({ uz: 'Ikki nusxada' });
    const renamed = await fetch(`${urlOf(first)}/api/news/${article._id}`, { method: 'PUT', headers, body: JSON.stringify({ ...article, title: { uz: 'Yangi sarlavha' } }) });
    expect(renamed.status).toBe(200);
    await expect.poll(titles, { timeout: 5000 }).toEqual({ list: { uz: 'Yangi sarlavha' }, one: { uz: 'Yangi sarlavha' } });
  });

  it('shares the contact limit between instances, counting only accepted requests', async () => {
    const send = (application: Application, email = 'client@example.uz') =>
      fetch(`${urlOf(application)}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mijoz', email, subject: 'Savol', message: 'Salom' }) });
    for (let n = 0; n < 3; n += 1) expect((await send(first, 'not-an-email')).status).toBe(400);
    for (const application of [first, second, first, second, first]) expect((await send(application)).status).toBe(201);
    const refused = await send(second);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await send(first)).status).toBe(429);
  });

  it('ends its listening connection when stopped while the database is still answering its connect (ten rounds)', async () => {
    // A database slow to accept the connection (a network between them): the instance is stopped
    // before the connection is made, and the connection made afterwards must not stay open.
    const name = `lexsite_listener_${process.pid}_${Date.now()}`;
    const made: pg.Client[] = [];
    const database = {
      schema: 'not_used',
      connectListener: async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: name });
        client.on('error', () => {});
        await client.connect();
        made.push(client);
        return client;
      },
    };
    const counter = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await counter.connect();
    const open = async () => (await counter.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1', [name])).rows[0].count;
    try {
      for (let round = 0; round < 10; round += 1) {
        const stop = listenForChanges({ database, logger: createLogger('silent') } as unknown as AppServices);
        await stop();
      }
      // Every connection was made (at the latest a moment after its stop), and none is left open.
      await expect.poll(() => made.length).toBe(10);
      await expect.poll(open, { timeout: 5_000 }).toBe(0);
    } finally {
      for (const client of made) await client.end().catch(() => {});
      await counter.end();
    }
  });
});
