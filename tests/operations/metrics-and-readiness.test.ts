import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, DIALECTS } from '../helpers/databases.ts';
import { exited, freePort, SERVER_ENTRY } from '../helpers/processes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { spawn } from 'node:child_process';
import { ROOT } from '../../server/start.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app?.close());
  const scrape = async () => {
    const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.text();
  };

  it('needs its bearer token', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect(await wrong.text()).not.toContain(TOKEN);
  });

  it('counts requests by route and status, with latency, cache hits and misses', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/news', status: '200' };
    const counted = sample(before, 'lexsite_http_requests_total', labels) ?? 0;
    const hits = sample(before, 'lexsite_response_cache_requests_total', { result: 'hit' }) ?? 0;
    const misses = sample(before, 'lexsite_response_cache_requests_total', { result: 'miss' }) ?? 0;
    for (let n = 0; n < 5; n += 1) expect((await fetch(`${app.url}/api/news?lang=ru`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/news/no-such-article`)).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'lexsite_http_requests_total', labels)).toBe(counted + 5);
    expect(sample(after, 'lexsite_http_requests_total', { method: 'GET', route: '/api/news/:id', status: '404' })).toBeGreaterThanOrEqual(1);
    // Six public reads: the first renders, the others mostly come from the cache (a change
    // notice from the database may empty it once).
    const newHits = sample(after, 'lexsite_response_cache_requests_total', { result: 'hit' })! - hits;
    const newMisses = sample(after, 'lexsite_response_cache_requests_total', { result: 'miss' })! - misses;
    expect(newHits + newMisses).toBe(6);
    expect(newHits).toBeGreaterThanOrEqual(2);
    expect(newMisses).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'lexsite_http_request_duration_seconds_count', { method: 'GET', route: '/api/news' })).toBe(counted + 5);
    expect(sample(after, 'lexsite_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/news', le: '+Inf' })).toBe(counted + 5);
  });

  it('reports the database pool, the jobs and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'lexsite_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(dialect === 'postgres' ? 1 : 1);
    expect(sample(text, 'lexsite_db_pool_connections', { state: 'waiting' })).toBe(0);
    // Scheduled publishing is looked at every 300 ms in tests.
    expect(sample(text, 'lexsite_job_runs_total', { job: 'schedule', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'lexsite_job_last_success_timestamp_seconds', { job: 'schedule' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(sample(text, 'lexsite_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE lexsite_http_request_duration_seconds histogram');
  });
});

describe('metrics switched off', () => {
  it('has no /metrics without METRICS_TOKEN', async () => {
    const app = await startTestApp('sqlite');
    try {
      const response = await app.api('/api/health');
      expect(response.status).toBe(200);
      expect(app.services.metrics).toBeUndefined();
      expect((await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).not.toBe(200);
    } finally {
      await app.close();
    }
  });
});

/** Kysely's migration lock on PostgreSQL (see its PostgresAdapter): held, it keeps a starting instance migrating. */
const MIGRATION_LOCK = '3853314791062309107';

describe.skipIf(!process.env.TEST_DATABASE_URL)('readiness while migrations run', () => {
  it('is alive but not ready while its migrations wait or run, then ready and serving', async () => {
    const { schema, drop } = await createPostgresSchema();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-ready-'));
    const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await holder.connect();
    await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url.toString(), DEMO_CONTENT: 'false', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    let released = false;
    try {
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
      const health = await (await fetch(`${base}/api/health`)).json();
      expect(health.data).toMatchObject({ status: 'starting', phase: 'migrating' });
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect((await ready.json()).data).toMatchObject({ status: 'starting', phase: 'migrating' });
      expect((await fetch(`${base}/api/news`)).status).toBe(503);
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Sayt ishga tushmoqda');

      await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
      released = true;
      await expect.poll(async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
      expect((await (await fetch(`${base}/api/health`)).json()).data.status).toBe('ok');
      expect((await fetch(`${base}/api/news`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    } finally {
      if (!released) await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
      await holder.end();
      if (child.exitCode === null) child.kill('SIGKILL');
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
