import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/databases.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DIALECTS)('sign-in on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('signs in the administrator from ADMIN_EMAIL / ADMIN_PASSWORD and knows who they are', async () => {
    const login = await app.api('/api/auth/login', { body: { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD } });
    // The answer carries a token: no browser or proxy may keep it.
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.status).toBe(200);
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(login.body.data.expiresAt)).toBeGreaterThan(Date.now());
    expect(login.body.data.user).toMatchObject({ email: ADMIN_EMAIL });
    const me = await app.api('/api/auth/me', { token: login.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(ADMIN_EMAIL);
  });

  it('stores tokens only as hashes and passwords only as scrypt hashes', async () => {
    const token = await app.login();
    const sessions = await app.services.database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.some((row) => row.token_hash === token)).toBe(false);
    const users = await app.services.database.db.selectFrom('users').select('password_hash').execute();
    // Tests hash at a low cost (domain/users/passwords.ts); a server, without VITEST, at OWASP's.
    expect(users[0].password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...serverEnv } = process.env;
    const hashed = spawnSync(process.execPath, ['--input-type=module', '-e', "const { hashPassword, verifyPassword } = await import('./domain/users/passwords.ts'); const hash = await hashPassword('correct-horse'); console.log(hash, await verifyPassword('correct-horse', hash));"], { env: serverEnv, encoding: 'utf8' });
    expect(hashed.stdout).toMatch(/^scrypt\$131072\$8\$1\$\S+ true\n$/);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await app.api('/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'not-the-password' } });
    const unknownEmail = await app.api('/api/auth/login', { body: { email: 'nobody@example.uz', password: 'whatever-it-is' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, error: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('refuses the 6th quick failure for one e-mail with 429 and Retry-After, even with the right password', async () => {
    const email = 'locked@example.uz';
    await app.services.auth.createUser({ email, password: 'the-right-password' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await app.api('/api/auth/login', { body: { email, password: `wrong-${attempt}` } });
      expect(response.status).toBe(401);
    }
    const sixth = await app.api('/api/auth/login', { body: { email, password: 'the-right-password' } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failures per client address across many e-mails', async () => {
    const other = await startTestApp(dialect);
    try {
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        expect((await other.api('/api/auth/login', { body: { email: `guess${attempt}@example.uz`, password: 'password-guess' } })).status).toBe(401);
      }
      const next = await other.api('/api/auth/login', { body: { email: 'fresh@example.uz', password: 'password-guess' } });
      expect(next.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('lists the user’s sessions with device and address, ends one at once, and all but this one', async () => {
    const signIn = async (userAgent: string) => {
      const response = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': userAgent }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
      return (await response.json()).data.token as string;
    };
    const laptop = await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36');
    const phone = await signIn('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36');
    const tablet = await signIn('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1');
    const listed = await app.api('/api/auth/sessions', { token: laptop });
    expect(listed.headers.get('cache-control')).toMatch(/no-store/);
    const sessions = listed.body.data as Array<{ _id: string; userAgent: string; ip: string; current: boolean; lastUsedAt: string }>;
    const mine = sessions.filter((session) => /Windows|Android|iPad/.test(session.userAgent));
    expect(mine).toHaveLength(3);
    expect(mine.filter((session) => session.current).map((session) => session.userAgent)).toEqual([expect.stringContaining('Windows')]);
    expect(mine.every((session) => session.ip === '127.0.0.1' && Date.parse(session.lastUsedAt) > 0)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(laptop);

    const phoneSession = mine.find((session) => session.userAgent.includes('Android'))!;
    expect((await app.api(`/api/auth/sessions/${phoneSession._id}`, { method: 'DELETE', token: laptop })).status).toBe(200);
    expect((await app.api('/api/auth/me', { token: phone })).status).toBe(401);
    expect((await app.api('/api/auth/me', { token: tablet })).status).toBe(200);
    expect((await app.api(`/api/auth/sessions/${phoneSession._id}`, { method: 'DELETE', token: laptop })).status).toBe(404);

    const ended = await app.api('/api/auth/sessions/end-others', { method: 'POST', token: laptop });
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await app.api('/api/auth/me', { token: tablet })).status).toBe(401);
    expect((await app.api('/api/auth/me', { token: laptop })).status).toBe(200);
    expect(((await app.api('/api/auth/sessions', { token: laptop })).body.data as unknown[]).length).toBe(1);
    expect((await app.api('/api/auth/sessions')).status).toBe(401);
  });

  it('makes the token a 401 after logout', async () => {
    const token = await app.login();
    expect((await app.api('/api/auth/me', { token })).status).toBe(200);
    const logout = await app.api('/api/auth/logout', { method: 'POST', token });
    expect(logout.status).toBe(200);
    expect((await app.api('/api/auth/me', { token })).status).toBe(401);
    expect((await app.api('/api/stats', { body: { label: { uz: 'x' }, number: 1 }, token })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await app.login();
    await app.services.database.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await app.api('/api/auth/me', { token })).status).toBe(401);
  });

  it('ends a session left unused longer than SESSION_IDLE_HOURS (12 by default), and keeps one in use', async () => {
    const idle = await app.login();
    const busy = await app.login();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    const { db } = app.services.database;
    const sessionOf = async (token: string) => (await app.api('/api/auth/sessions', { token })).body.data.find((session: { current: boolean }) => session.current)._id as string;
    const [idleId, busyId] = [await sessionOf(idle), await sessionOf(busy)];
    await db.updateTable('sessions').set({ last_used_at: hoursAgo(13) }).where('id', '=', idleId).execute();
    await db.updateTable('sessions').set({ last_used_at: hoursAgo(11) }).where('id', '=', busyId).execute();
    const listed = (await app.api('/api/auth/sessions', { token: busy })).body.data as Array<{ _id: string }>;
    expect(listed.map((session) => session._id)).not.toContain(idleId);
    expect((await app.api('/api/auth/me', { token: idle })).status).toBe(401);
    expect((await app.api('/api/auth/me', { token: busy })).status).toBe(200);
    // Its row is gone: the token never works again, even if the clock were turned back.
    expect(await db.selectFrom('sessions').select('id').where('id', '=', idleId).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a made-up token and a missing one', async () => {
    expect((await app.api('/api/auth/me', { token: 'made-up-token' })).status).toBe(401);
    expect((await app.api('/api/auth/me')).status).toBe(401);
  });

  it('lets an administrator add another, who can sign in, and change their own password', async () => {
    const token = await app.login();
    const added = await app.api('/api/auth/users', { body: { email: 'lawyer@example.uz', password: 'a-long-password-1' }, token });
    expect(added.status).toBe(201);
    const duplicate = await app.api('/api/auth/users', { body: { email: 'LAWYER@example.uz', password: 'a-long-password-1' }, token });
    expect(duplicate.status).toBe(409);
    const short = await app.api('/api/auth/users', { body: { email: 'x@example.uz', password: 'short' }, token });
    expect(short.body.details).toEqual([{ path: 'password', message: 'Password must be at least 10 characters long', code: 'too_small', params: { min: 10 } }]);
    const lawyer = await app.login('lawyer@example.uz', 'a-long-password-1');
    const wrong = await app.api('/api/auth/password', { method: 'PUT', body: { currentPassword: 'nope', newPassword: 'another-long-one' }, token: lawyer });
    expect(wrong.status).toBe(400);
    const changed = await app.api('/api/auth/password', { method: 'PUT', body: { currentPassword: 'a-long-password-1', newPassword: 'another-long-one' }, token: lawyer });
    expect(changed.status).toBe(200);
    expect((await app.api('/api/auth/me', { token: lawyer })).status).toBe(401);
    await app.login('lawyer@example.uz', 'another-long-one');
  });
});
