import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAN_MAKE_REPLICA, ensureReplica, onReplica, pauseReplay, replicaUrl, startReplica, stopReplica } from '../helpers/pg-replica.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * DATABASE_REPLICA_URL against a real streaming replica of the test cluster (a second PostgreSQL
 * cluster on port 5433 made by pg_basebackup; tests/helpers/pg-replica.ts): visitors' uncached
 * reads come from the replica, an editor's reads and a visitor's read right after a write from the
 * primary, a lagging or stopped replica is left until it recovers, and /api/ready says which.
 */

const until = async (what: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!CAN_MAKE_REPLICA)('visitors read from a PostgreSQL streaming replica', () => {
  let app: TestApp;
  let token: string;
  let primary: pg.Client;
  let id: string;
  const replica = () => app.services.database.replica!;
  const ready = async () => (await app.api('/api/ready')).body.data as { status: string; replica?: string; replicaLagSeconds?: number | null };
  /** A visitor's read neither the page cache nor the answers kept in memory can answer. */
  const visitorTitle = async () => {
    app.services.cache.clear();
    app.services.forgetTexts('news');
    const response = await app.api(`/api/news/${id}?lang=ru`);
    expect(response.status).toBe(200);
    return response.body.data.title.ru as string;
  };
  /** The title written straight into the primary, behind the app's back (no write noted, no notice). */
  const writeBehindTheAppsBack = (title: string) => primary.query(`update ${app.schema}.news set title = $1 where id = $2`, [JSON.stringify({ uz: title, ru: title }), id]);

  /** A transaction committed on the primary and replayed by the replica. */
  const replayedNow = async () => {
    // A real commit (an id alone writes no commit time): while it is behind, a replica's lag is the age of its last replayed commit.
    await primary.query(`create table if not exists ${app.schema}.replica_probe (at text)`);
    await primary.query(`insert into ${app.schema}.replica_probe values (now()::text)`);
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await until(async () => Number(onReplica(`select pg_wal_lsn_diff('${rows[0].lsn}'::pg_lsn, pg_last_wal_replay_lsn())`)) <= 0);
  };

  beforeAll(async () => {
    await ensureReplica();
    app = await startTestApp('postgres', {
      env: { DATABASE_REPLICA_URL: replicaUrl(), REPLICA_READ_AFTER_WRITE_SECONDS: '1', REPLICA_MAX_LAG_SECONDS: '4' },
      replicaCheckMs: 150,
    });
    token = await app.login();
    const created = await app.api('/api/news', {
      token,
      body: { title: { uz: 'Birinchi', ru: 'Первая' }, excerpt: { uz: 'Q', ru: 'К' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Soliq', ru: 'Налоги' }, published: true },
    });
    expect(created.status).toBe(201);
    id = created.body.data._id;
    primary = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await primary.connect();
    await until(async () => (await ready()).replica === 'ok');
  }, 180_000);

  afterAll(async () => {
    try {
      onReplica('select pg_wal_replay_resume()');
    } catch {
      // stopped: started again below
    }
    await primary?.end();
    await app?.close();
  });

  it('answers a visitor\'s uncached read from the replica, and a signed-in read from the primary', async () => {
    await sleep(3000); // past the read-after-write window of the article's creation, with room for the lag measured below
    await until(async () => (await ready()).replica === 'ok');
    const before = replica().reads();
    expect(await visitorTitle()).toBe('Первая');
    expect(replica().reads()).toBeGreaterThan(before);

    // The replica stops replaying; the primary changes without the app knowing: a visitor still
    // sees the replica's copy (proof it answered), an editor sees the primary's.
    await replayedNow(); // a transaction replayed just before the pause keeps the measured lag small
    await pauseReplay();
    await writeBehindTheAppsBack('Изменено в основной');
    await sleep(300);
    expect(await visitorTitle()).toBe('Первая');
    const edited = await app.api(`/api/news/${id}?admin=true`, { token });
    expect(edited.body.data.title.ru).toBe('Изменено в основной');

    onReplica('select pg_wal_replay_resume()');
    await until(async () => (await ready()).replicaLagSeconds === 0);
    await sleep(1200);
    expect(await visitorTitle()).toBe('Изменено в основной');
  });

  it('answers a visitor from the primary right after a write on this instance (read your writes)', async () => {
    await pauseReplay();
    try {
      const saved = await app.api(`/api/news/${id}`, { method: 'PUT', token, body: { title: { uz: 'Yangilandi', ru: 'Обновлена' } } });
      expect(saved.status).toBe(200);
      const before = replica().reads();
      expect(await visitorTitle()).toBe('Обновлена');
      // Still behind and paused: whatever time passes, the replica is not asked while it has not replayed the write.
      await sleep(1500);
      expect(await visitorTitle()).toBe('Обновлена');
      expect(replica().reads()).toBe(before);
    } finally {
      onReplica('select pg_wal_replay_resume()');
    }
    await until(async () => (await ready()).replicaLagSeconds === 0);
  });

  it('leaves a lagging replica until it catches up, and says so at /api/ready', async () => {
    await pauseReplay();
    try {
      await writeBehindTheAppsBack('Отстаёт');
      await until(async () => (await ready()).replica === 'lagging', 10_000);
      const state = await ready();
      expect(state.status).toBe('ready');
      expect(state.replicaLagSeconds).toBeGreaterThan(4);
      const before = replica().reads();
      expect(await visitorTitle()).toBe('Отстаёт');
      expect(replica().reads()).toBe(before);
    } finally {
      onReplica('select pg_wal_replay_resume()');
    }
    await until(async () => (await ready()).replica === 'ok');
  });

  it('serves visitors from the primary while the replica is down, and uses it again once it is back', async () => {
    await stopReplica();
    try {
      await until(async () => (await ready()).replica === 'down', 10_000);
      const state = await ready();
      expect(state.status).toBe('ready');
      expect(state.replicaLagSeconds).toBeNull();
      const started = Date.now();
      expect(await visitorTitle()).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await startReplica();
    }
    await until(async () => (await ready()).replica === 'ok', 30_000);
    await sleep(1200);
    const before = replica().reads();
    await visitorTitle();
    expect(replica().reads()).toBeGreaterThan(before);
  });
});
