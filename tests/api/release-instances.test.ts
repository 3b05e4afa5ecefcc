import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TOKEN, startBotApi } from '../helpers/bot-api.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Two app instances on one PostgreSQL database with the same scheduled release: it is applied once
 * (one version of each record names it) and its channel post is queued once, ten times over.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a scheduled release on two instances of one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  let admin: string;

  beforeAll(async () => {
    bot = await startBotApi(['-1001234567890', '@adliya_uz']);
    const env = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_CHAT_ID: '-1001234567890', TELEGRAM_API_URL: bot.url };
    first = await startTestApp('postgres', { env, scheduleCheckMs: 100 });
    second = await startTestApp('postgres', { env, scheduleCheckMs: 100, existing: { dataDir: first.dataDir, schema: first.schema } });
    admin = await first.login();
    const config = (await first.api('/api/site-config', { token: admin })).body.data;
    expect((await first.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, telegram: { channels: { uz: '@adliya_uz' } } } })).status).toBe(200);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await bot?.close();
  });

  it('applies it once and queues its channel post once, whichever instance claims it (10 times)', async () => {
    for (let round = 1; round <= 10; round += 1) {
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const created = await first.api('/api/news', { token: admin, body: { title: { uz: `Qonun ${round}-${n}`, ru: `Закон ${round}-${n}` }, excerpt: { uz: 'Qisqa' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } });
        ids.push(created.body.data._id);
      }
      const at = new Date(Date.now() + 400).toISOString();
      const made = await first.api('/api/releases', {
        token: admin,
        body: { title: `Reja ${round}`, publishAt: at, items: ids.map((id) => ({ type: 'news', id, action: 'publish' })), channelPosts: [{ type: 'news', id: ids[0], lang: 'uz' }] },
      });
      expect(made.status).toBe(201);
      const release = made.body.data._id;
      await expect.poll(async () => (await second.api(`/api/releases/${release}`, { token: admin })).body.data.state, { timeout: 10_000, interval: 100 }).toBe('published');
      for (const id of ids) {
        expect((await second.api(`/api/news/${id}`)).status).toBe(200);
        const versions = (await first.api(`/api/news/${id}/versions`, { token: admin })).body.data as Array<{ release?: { _id: string } }>;
        expect(versions.filter((version) => version.release?._id === release)).toHaveLength(1);
      }
      const { db } = first.services.database;
      const posts = await db.selectFrom('channel_posts').select('id').where('record_id', '=', ids[0]).execute();
      expect(posts).toHaveLength(1);
      expect(await db.selectFrom('outbox').select('id').where('about', '=', `channel-posts/${posts[0].id}`).execute()).toHaveLength(1);
    }
    await expect.poll(() => bot.calls.filter((call) => call.method === 'sendMessage' || call.method === 'sendPhoto').length, { timeout: 10_000 }).toBe(10);
  });
});
