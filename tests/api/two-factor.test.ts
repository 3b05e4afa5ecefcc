import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { totp } from '../helpers/totp.ts';

const PASSWORD = 'two-factor-password';

describe.each(DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let app: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  const email = 'twofa@example.uz';
  const login = (password = PASSWORD, from = '192.0.2.10') => app.api('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': from } });
  const second = (body: Record<string, unknown>, from = '192.0.2.10') => app.api('/api/auth/login/2fa', { body, headers: { 'x-forwarded-for': from } });

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    const admin = await app.login();
    await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role: 'editor' } });
  });
  afterAll(() => app.close());

  it('sets up with a secret and an otpauth address, turns on only with a right code, and gives ten recovery codes once', async () => {
    const token = (await login()).body.data.token;
    const setup = await app.api('/api/auth/2fa/setup', { method: 'POST', token });
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    secret = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+%3Atwofa%40example\\.uz\\?secret=${secret}&issuer=.+&algorithm=SHA1&digits=6&period=30$`));
    // The secret is stored encrypted, never as given.
    const row = await app.services.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    const wrong = await app.api('/api/auth/2fa/enable', { token, body: { password: PASSWORD, code: '000000' === totp(secret) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect((await app.api('/api/auth/me', { token })).body.data.twoFactor).toBe(false);
    // Turning it on asks for the password again: a right code alone, or a wrong password, is refused.
    const noPassword = await app.api('/api/auth/2fa/enable', { token, body: { code: totp(secret) } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.details[0].path).toBe('password');
    expect((await app.api('/api/auth/2fa/enable', { token, body: { password: 'not-the-password', code: totp(secret) } })).body.details[0].path).toBe('password');
    const enabled = await app.api('/api/auth/2fa/enable', { token, body: { password: PASSWORD, code: totp(secret) } });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await app.api('/api/auth/me', { token })).body.data.twoFactor).toBe(true);
    expect((await app.api('/api/auth/2fa/setup', { method: 'POST', token })).status).toBe(409);
  });

  it('asks for a second step after the password; a code works once, a tampered challenge never', async () => {
    const first = await login();
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body.data.token).toBeUndefined();
    const { challenge } = first.body.data;

    const [payload, signature] = challenge.split('.');
    const forged = Buffer.from(JSON.stringify({ u: JSON.parse(Buffer.from(payload, 'base64url').toString()).u, e: Date.now() + 86_400_000 })).toString('base64url');
    expect((await second({ challenge: `${forged}.${signature}`, code: totp(secret, Date.now() + 30_000) })).status).toBe(401);
    expect((await second({ challenge: 'nonsense', code: totp(secret) })).status).toBe(401);

    // The code used to turn it on was this step's: a code of the next step signs in, once.
    const code = totp(secret, Date.now() + 30_000);
    const signedIn = await second({ challenge, code });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.token).toMatch(/.{40,}/);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const replay = await second({ challenge, code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/wrong or was already used/);
  });

  it('signs in once with each recovery code, and counts wrong codes toward the lock-out', async () => {
    const { challenge } = (await login()).body.data;
    expect((await second({ challenge, recoveryCode: recoveryCodes[0].toUpperCase() })).status).toBe(200);
    expect((await second({ challenge, recoveryCode: recoveryCodes[0] })).status).toBe(401);
    const from = '192.0.2.99';
    const fresh = (await login(PASSWORD, from)).body.data.challenge;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await second({ challenge: fresh, code: '123456' === totp(secret) ? '654321' : '123456' }, from)).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    // Locked for this e-mail, even with the right code.
    expect((await second({ challenge: fresh, code: totp(secret) }, from)).status).toBe(429);
    await app.services.database.db.deleteFrom('login_failures').execute();
  });

  it('turns off only with the password and a code', async () => {
    const { challenge } = (await login()).body.data;
    const token = (await second({ challenge, recoveryCode: recoveryCodes[1] })).body.data.token;
    expect((await app.api('/api/auth/2fa/disable', { token, body: { password: 'wrong-password', recoveryCode: recoveryCodes[2] } })).status).toBe(400);
    expect((await app.api('/api/auth/2fa/disable', { token, body: { password: PASSWORD, code: '000000' } })).status).toBe(400);
    const off = await app.api('/api/auth/2fa/disable', { token, body: { password: PASSWORD, recoveryCode: recoveryCodes[3] } });
    expect(off.status).toBe(200);
    expect((await login()).body.data.token).toMatch(/.{40,}/);
    const activity = (await app.api('/api/admin/activity?limit=20', { token })).body.data as Array<{ summary: string }>;
    expect(activity.map((entry) => entry.summary)).toEqual(expect.arrayContaining([`Account ${email}: two-factor sign-in on`, `Account ${email}: two-factor sign-in off`]));
    await app.services.database.db.deleteFrom('login_failures').execute();
  });

  it('lets an administrator require it for everyone: an account without it may only set it up', async () => {
    const admin = await app.login();
    const config = (await app.api('/api/site-config')).body.data;
    expect(config.security).toEqual({ requireTwoFactor: false });
    expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, security: { requireTwoFactor: true } } })).status).toBe(200);
    try {
      const token = (await login()).body.data.token;
      const refused = await app.api('/api/news?admin=true', { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', reason: 'two_factor_required' });
      expect((await app.api('/api/auth/me', { token })).status).toBe(200);
      const setup = await app.api('/api/auth/2fa/setup', { method: 'POST', token });
      expect(setup.status).toBe(200);
      expect((await app.api('/api/auth/2fa/enable', { token, body: { password: PASSWORD, code: totp(setup.body.data.secret) } })).status).toBe(200);
      expect((await app.api('/api/news?admin=true', { token })).status).toBe(200);
    } finally {
      // The administrator has no second factor now: the requirement is lifted through the service.
      await app.services.siteConfig.update({ ...config, version: undefined, security: { requireTwoFactor: false } });
    }
  });
});
