import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { softAuthenticator } from '../helpers/soft-authenticator.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { totp } from '../helpers/totp.ts';

/*
 * Passkeys over HTTP (API-4.md "Sign-in that a firm's IT accepts"), answered by a software
 * authenticator (tests/helpers/soft-authenticator.ts): registered for oneself, signed in with
 * without a second factor, and every answer a browser of another site, a replay or a clone would
 * send refused. The site is PUBLIC_URL https://lawfirm.test (tests/helpers/test-app.ts).
 */

const ORIGIN = 'https://lawfirm.test';
const PASSWORD = 'passkey-owner-password';

describe.each(DIALECTS)('passkeys on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  const email = 'passkey@example.uz';
  const key = softAuthenticator();
  let passkeyId: string;
  const from = (address: string) => ({ 'x-forwarded-for': address });

  const registrationOptions = async (session: string) => (await app.api('/api/auth/passkeys/register/options', { method: 'POST', token: session, body: {} })).body.data;
  const signInOptions = async (address = '192.0.2.1') => (await app.api('/api/auth/passkeys/login/options', { method: 'POST', headers: from(address) })).body.data;
  const signIn = (response: unknown, address = '192.0.2.1') => app.api('/api/auth/passkeys/login/verify', { body: { response }, headers: from(address) });

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    const admin = await app.login();
    await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role: 'editor', name: 'Nodira' } });
    await app.api('/api/auth/users', { token: admin, body: { email: 'other@example.uz', password: PASSWORD, role: 'editor' } });
    token = await app.login(email, PASSWORD);
    otherToken = await app.login('other@example.uz', PASSWORD);
  });
  afterAll(() => app?.close());

  it('registers a passkey for the signed-in account, for the configured site whatever the Host says', async () => {
    expect((await app.api('/api/auth/passkeys/register/options', { method: 'POST', body: {} })).status).toBe(401);
    const options = (await app.api('/api/auth/passkeys/register/options', { method: 'POST', token, body: {}, headers: { host: 'attacker.example' } })).body.data;
    expect(options.rp.id).toBe('lawfirm.test');
    expect(options.user.name).toBe(email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.pubKeyCredParams.map((parameters: { alg: number }) => parameters.alg)).toEqual([-8, -7, -257]);

    // A name is required; the body is closed.
    const response = key.register(options, ORIGIN);
    expect((await app.api('/api/auth/passkeys/register/verify', { token, body: { name: ' ', response } })).status).toBe(400);
    expect((await app.api('/api/auth/passkeys/register/verify', { token, body: { name: 'Laptop', response, extra: 1 } })).status).toBe(400);

    const added = await app.api('/api/auth/passkeys/register/verify', { token, body: { name: ' Work laptop ', response } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null, deviceType: 'singleDevice', backedUp: false });
    passkeyId = added.body.data._id;
    const listed = await app.api('/api/auth/passkeys', { token });
    expect(listed.body.data).toEqual([added.body.data]);
    expect((await app.api('/api/auth/passkeys', { token: otherToken })).body.data).toEqual([]);
    // Excluded from the next registration (the authenticator says it holds one already).
    expect((await registrationOptions(token)).excludeCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses a registration with a used challenge, another site’s origin, or another account’s challenge', async () => {
    const options = await registrationOptions(token);
    const fresh = softAuthenticator();
    const wrongOrigin = await app.api('/api/auth/passkeys/register/verify', { token, body: { name: 'Phish', response: fresh.register(options, 'https://lawfirm.test.evil.example', 'lawfirm.test') } });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.error).toMatch(/could not be verified/);
    // That answer used the challenge up: the same challenge with the right origin is refused.
    const replayed = await app.api('/api/auth/passkeys/register/verify', { token, body: { name: 'Again', response: fresh.register(options, ORIGIN) } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toMatch(/expired or was already used/);

    // A challenge handed to one account does not register a passkey for another.
    const mine = await registrationOptions(token);
    const theirs = await app.api('/api/auth/passkeys/register/verify', { token: otherToken, body: { name: 'Borrowed', response: softAuthenticator().register(mine, ORIGIN) } });
    expect(theirs.status).toBe(400);
    // Another rpID than the site's host.
    const other = await registrationOptions(token);
    expect((await app.api('/api/auth/passkeys/register/verify', { token, body: { name: 'Other', response: softAuthenticator().register(other, ORIGIN, 'evil.example') } })).status).toBe(400);
    expect((await app.api('/api/auth/passkeys', { token })).body.data).toHaveLength(1);
  });

  it('signs in with the passkey without a second factor, even with two-factor sign-in on; the use is noted and logged', async () => {
    const setup = await app.api('/api/auth/2fa/setup', { method: 'POST', token });
    expect((await app.api('/api/auth/2fa/enable', { token, body: { password: PASSWORD, code: totp(setup.body.data.secret) } })).status).toBe(200);
    expect((await app.api('/api/auth/login', { body: { email, password: PASSWORD } })).body.data.twoFactorRequired).toBe(true);

    const options = await signInOptions();
    expect(options.rpId).toBe('lawfirm.test');
    expect(options.userVerification).toBe('required');
    const signedIn = await signIn(key.authenticate(options, ORIGIN));
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body.data).sort()).toEqual(['expiresAt', 'token', 'user']);
    expect(signedIn.body.data.user).toMatchObject({ email, twoFactor: true });
    expect((await app.api('/api/auth/me', { token: signedIn.body.data.token })).body.data.email).toBe(email);

    const [listed] = (await app.api('/api/auth/passkeys', { token })).body.data;
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
    const activity = await app.services.activity.latest(5);
    expect(activity.find((entry) => entry.action === 'sign-in')).toMatchObject({ userEmail: email, entity: 'users', summary: 'with the passkey “Work laptop”' });
  });

  it('refuses a replayed answer, another origin, an unknown passkey and a counter that did not go up', async () => {
    const options = await signInOptions();
    const answer = key.authenticate(options, ORIGIN);
    expect((await signIn(answer)).status).toBe(200);
    const replayed = await signIn(answer);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toMatch(/expired or was already used/);

    const phished = await signIn(key.authenticate(await signInOptions(), 'https://lawfirm-test.example', { rpId: 'lawfirm.test' }));
    expect(phished.status).toBe(401);
    expect(phished.body.error).toMatch(/could not be verified/);

    const stranger = await signIn(softAuthenticator().authenticate(await signInOptions(), ORIGIN));
    expect(stranger.status).toBe(401);
    expect(stranger.body.error).toMatch(/not registered on this site/);

    // A copy of the key that signs with a counter already seen (a cloned authenticator).
    const cloned = await signIn(key.authenticate(await signInOptions(), ORIGIN, { signCount: 1 }));
    expect(cloned.status).toBe(401);
    // A challenge the server never gave.
    expect((await signIn(key.authenticate({ challenge: 'bm90LWdpdmVu', rpId: 'lawfirm.test' }, ORIGIN))).status).toBe(401);
    // A body that is not a WebAuthn answer.
    expect((await signIn({ ...answer, response: { ...answer.response, extra: 'x' } })).status).toBe(400);
    expect((await app.api('/api/auth/passkeys/login/options', { body: { email } })).status).toBe(400);
  });

  it('lets only its owner rename and remove a passkey; another account’s is not found', async () => {
    expect((await app.api(`/api/auth/passkeys/${passkeyId}`, { method: 'DELETE' })).status).toBe(401);
    expect((await app.api(`/api/auth/passkeys/${passkeyId}`, { method: 'DELETE', token: otherToken })).status).toBe(404);
    expect((await app.api(`/api/auth/passkeys/${passkeyId}`, { method: 'PUT', token: otherToken, body: { name: 'Mine now' } })).status).toBe(404);
    const renamed = await app.api(`/api/auth/passkeys/${passkeyId}`, { method: 'PUT', token, body: { name: 'Office PC' } });
    expect(renamed.body.data.name).toBe('Office PC');
    expect((await app.api(`/api/auth/passkeys/${passkeyId}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await app.api('/api/auth/passkeys', { token })).body.data).toEqual([]);
    expect((await signIn(key.authenticate(await signInOptions(), ORIGIN))).status).toBe(401);
  });

  it('signs nobody in for an account that was removed', async () => {
    const admin = await app.login();
    const session = await app.login('other@example.uz', PASSWORD);
    const theirKey = softAuthenticator();
    const options = await registrationOptions(session);
    expect((await app.api('/api/auth/passkeys/register/verify', { token: session, body: { name: 'Phone', response: theirKey.register(options, ORIGIN) } })).status).toBe(201);
    const users = (await app.api('/api/auth/users', { token: admin })).body.data as Array<{ _id: string; email: string }>;
    await app.api(`/api/auth/users/${users.find((user) => user.email === 'other@example.uz')!._id}`, { method: 'DELETE', token: admin });
    expect((await signIn(theirKey.authenticate(await signInOptions(), ORIGIN))).status).toBe(401);
  });

  it('counts refusals toward the sign-in lock-out of the address', async () => {
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await signIn(softAuthenticator().authenticate(await signInOptions(address), ORIGIN), address)).status).toBe(401);
    }
    const locked = await app.api('/api/auth/passkeys/login/options', { method: 'POST', headers: from(address) });
    expect(locked.status).toBe(429);
    // Another address is not locked out.
    expect((await app.api('/api/auth/passkeys/login/options', { method: 'POST', headers: from('198.51.100.8') })).status).toBe(200);
  });
});
