import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresSchema, DIALECTS } from './helpers/databases.ts';
import { exited, runScript, startServerProcess } from './helpers/processes.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function databaseEnv(dialect: string): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-ops-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir };
  const { schema, drop } = await createPostgresSchema();
  cleanups.push(drop);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

describe.each(DIALECTS)('operating the server on %s', (dialect) => {
  it('counts article views without a write per visit, from the page cache too, and loses none on SIGTERM', async () => {
    const env = { ...(await databaseEnv(dialect)), ADMIN_EMAIL: 'ops@example.uz', ADMIN_PASSWORD: 'operations-password', DEMO_CONTENT: 'false' };
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.uz', password: 'operations-password' }) });
    const { token } = (await login.json()).data;
    const created = await fetch(`${server.url}/api/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: { uz: 'Ko‘p o‘qilgan' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' } }),
    });
    const article = (await created.json()).data;
    const caches: Array<string | null> = [];
    const reader = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' };
    for (let n = 0; n < 7; n += 1) caches.push((await fetch(`${server.url}/news/${article.slug}`, { headers: reader })).headers.get('x-cache'));
    expect(caches.filter((hit) => hit === 'hit').length).toBeGreaterThanOrEqual(5);
    for (let n = 0; n < 3; n += 1) await fetch(`${server.url}/api/news/${article._id}`);
    // Crawlers and link previews are no readers.
    await fetch(`${server.url}/news/${article.slug}`, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
    await fetch(`${server.url}/news/${article.slug}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
    // Stopped before the next timed write: the views are written on the way out.
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);

    const again = await startServerProcess(env);
    cleanups.push(() => void again.child.kill('SIGKILL'));
    const stored = await fetch(`${again.url}/api/news/${article._id}?admin=true`, { headers: { authorization: `Bearer ${token}` } });
    expect((await stored.json()).data.views).toBe(10);
    again.child.kill('SIGTERM');
    await exited(again.child);
  });

  it('counts visits of public pages without a cookie or a write per visit, from the page cache too, and loses none on SIGTERM', async () => {
    const env = { ...(await databaseEnv(dialect)), ADMIN_EMAIL: 'ops@example.uz', ADMIN_PASSWORD: 'operations-password', DEMO_CONTENT: 'false' };
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const person = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' };
    // Until some answers came from the page cache (a write at start-up may empty it once or twice), every one a visit.
    const caches: Array<string | null> = [];
    while (caches.length < 20 && (caches.length < 6 || caches.filter((hit) => hit === 'hit').length < 3)) {
      const response = await fetch(`${server.url}/ru/news`, { headers: { ...person, referer: 'https://t.me/' } });
      expect(response.headers.get('set-cookie')).toBeNull();
      caches.push(response.headers.get('x-cache'));
    }
    expect(caches.filter((hit) => hit === 'hit').length).toBeGreaterThanOrEqual(3);
    const made = caches.length;
    await fetch(`${server.url}/ru/news`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' } });
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);

    const again = await startServerProcess(env);
    cleanups.push(() => void again.child.kill('SIGKILL'));
    const login = await fetch(`${again.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.uz', password: 'operations-password' }) });
    const { token } = (await login.json()).data;
    const figures = (await (await fetch(`${again.url}/api/admin/analytics?days=1`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(figures.visits).toMatchObject({ total: made, byPage: [{ path: '/ru/news', visits: made }], byLanguage: { ru: made }, byReferrer: [{ host: 't.me', visits: made }] });
    again.child.kill('SIGTERM');
    await exited(again.child);
  });

  it('loses no acknowledged write when stopped with SIGTERM in the middle of writing', async () => {
    const env = { ...(await databaseEnv(dialect)), ADMIN_EMAIL: 'ops@example.uz', ADMIN_PASSWORD: 'operations-password', DEMO_CONTENT: 'false' };
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.uz', password: 'operations-password' }) });
    const { token } = (await login.json()).data;

    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (worker: number) => {
      for (let n = 0; !stop; n += 1) {
        try {
          const response = await fetch(`${server.url}/api/stats`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ number: n, label: { uz: `w${worker}-${n}` } }),
          });
          // Anything but a 201 (a 503 while closing) was not acknowledged and may be lost.
          if (response.status === 201) acknowledged.push((await response.json()).data._id);
        } catch {
          if (server.child.exitCode !== null) return;
        }
      }
    };
    const writers = [1, 2, 3, 4, 5, 6].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    stop = true;
    await Promise.all(writers);
    expect(code).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(acknowledged.length).toBeGreaterThan(10);

    const again = await startServerProcess(env);
    cleanups.push(() => void again.child.kill('SIGKILL'));
    const token2 = (await (await fetch(`${again.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.uz', password: 'operations-password' }) })).json()).data.token;
    const stored = (await (await fetch(`${again.url}/api/stats?admin=true`, { headers: { authorization: `Bearer ${token2}` } })).json()).data.map((s: { _id: string }) => s._id);
    for (const id of acknowledged) expect(stored).toContain(id);
    again.child.kill('SIGTERM');
    await exited(again.child);
  });

  it('manages administrators from the command line, never printing a password', async () => {
    const env = await databaseEnv(dialect);
    const created = await runScript('scripts/admin.ts', ['create', 'Clerk@Example.uz', 'Office', 'Clerk'], env, 'first-long-password\n');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Administrator clerk@example.uz created');
    const again = await runScript('scripts/admin.ts', ['create', 'clerk@example.uz'], env, 'first-long-password\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('An account with this email already exists');
    const weak = await runScript('scripts/admin.ts', ['reset-password', 'clerk@example.uz'], env, 'short\n');
    expect(weak.stderr).toContain('Password must be at least 10 characters long');
    const reset = await runScript('scripts/admin.ts', ['reset-password', 'clerk@example.uz'], env, 'second-long-password\n');
    expect(reset.code).toBe(0);
    const unknown = await runScript('scripts/admin.ts', ['reset-password', 'ghost@example.uz'], env, 'second-long-password\n');
    expect(unknown.stderr).toContain('Account not found');
    for (const output of [created, reset]) expect(output.stdout + output.stderr).not.toMatch(/long-password/);
    // Locked out of two-factor sign-in (app and recovery codes lost): reset from the command line.
    const direct = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, tool: 'test' });
    await direct.db.updateTable('users').set({ totp_secret: 'sealed', recovery_codes: '["x"]' }).where('email', '=', 'clerk@example.uz').execute();
    await direct.close();
    const twoFactor = await runScript('scripts/admin.ts', ['reset-2fa', 'clerk@example.uz'], env);
    expect(twoFactor.code).toBe(0);
    expect(twoFactor.stdout).toContain('Two-factor sign-in of clerk@example.uz is off');
    expect((await runScript('scripts/admin.ts', ['reset-2fa', 'ghost@example.uz'], env)).stderr).toContain('Account not found');

    const server = await startServerProcess({ ...env, DEMO_CONTENT: 'false' });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'clerk@example.uz', password: 'second-long-password' }) });
    expect(login.status).toBe(200);
    expect(server.output()).not.toMatch(/second-long-password/);
    server.child.kill('SIGTERM');
    await exited(server.child);
  });

  it('refuses to start with a bad setting, naming it in one line', async () => {
    const result = await runScript('build/server.js', [], { PORT: '99999' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "99999").');
  });
});
