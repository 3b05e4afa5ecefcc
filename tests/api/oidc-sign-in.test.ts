import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { createBrowser, startTestProvider, type DirectoryPerson } from '../helpers/oidc-provider.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * OpenID Connect sign-in (API-4.md "Sign-in that a firm's IT accepts") against a real provider
 * (oidc-provider) on this machine: the browser's way through the provider's login and consent is
 * real HTTP with cookies, and the site's callback verifies what comes back with openid-client.
 */

const PUBLIC_URL = 'https://lawfirm.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

describe.each(DIALECTS)('OpenID Connect sign-in on %s', (dialect) => {
  const directory = new Map<string, DirectoryPerson>([
    ['alice', { email: 'alice@firm.uz', name: 'Alice Karimova', groups: ['Everyone', 'Lawyers Editors'] }],
    ['boss', { email: 'boss@firm.uz', name: 'Bobur Rahimov', groups: ['Site admins'] }],
    ['mallory', { email: 'mallory@firm.uz', name: 'Mallory', groups: ['Everyone'] }],
    ['unverified', { email: 'who@firm.uz', name: 'Who', groups: ['Site admins'], emailVerified: false }],
  ]);
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let app: TestApp;
  const newBrowser = () => createBrowser({ from: PUBLIC_URL, to: app.url });

  /** Presses "Sign in with…", logs in at the provider as `login`: the callback's address, not yet opened. */
  async function toCallback(browser: ReturnType<typeof newBrowser>, login: string) {
    const start = await browser.request(`${app.url}/api/auth/oidc/start`);
    expect(start.response.status).toBe(302);
    expect(start.location).toMatch(/code_challenge_method=S256/);
    expect(start.location).toMatch(/nonce=/);
    return browser.follow(start.location!, login, (url) => url.startsWith(CALLBACK));
  }
  /** The callback opened: where the site sends the browser (the admin's sign-in page with a fragment). */
  async function land(browser: ReturnType<typeof newBrowser>, callback: string) {
    const answer = await browser.request(callback);
    expect(answer.response.status).toBe(302);
    return new URLSearchParams(new URL(answer.location!).hash.slice(1));
  }
  const exchange = (code: string | null) => app.api('/api/auth/oidc/exchange', { body: { code } });
  async function signIn(login: string): Promise<string> {
    const browser = newBrowser();
    const back = await land(browser, await toCallback(browser, login));
    expect(back.get('oidcError')).toBeNull();
    const signedIn = await exchange(back.get('oidc'));
    expect(signedIn.status, signedIn.text).toBe(200);
    return signedIn.body.data.token as string;
  }
  const me = (token: string) => app.api('/api/auth/me', { token });

  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK, directory);
    app = await startTestApp(dialect, {
      env: {
        PUBLIC_URL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Microsoft',
        OIDC_ROLES: 'admin=Site admins,editor=Lawyers Editors',
        OIDC_CREATE_ACCOUNTS: 'true',
        PASSWORD_SIGN_IN: 'false',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it('tells the sign-in page the provider’s name and that passwords are off', async () => {
    const methods = await app.api('/api/auth/sign-in-methods');
    expect(methods.body.data).toEqual({ oidc: { name: 'Microsoft', start: '/api/auth/oidc/start' }, password: false });
  });

  it('signs in a person whose group maps to a role, making the account at the first sign-in, the role following the group', async () => {
    const token = await signIn('alice');
    const who = await me(token);
    expect(who.body.data).toMatchObject({ email: 'alice@firm.uz', name: 'Alice Karimova', role: 'editor' });
    // IT moves her to the administrators' group: the next sign-in makes her one.
    directory.get('alice')!.groups = ['Site admins'];
    expect((await me(await signIn('alice'))).body.data.role).toBe('admin');
    directory.get('alice')!.groups = ['Lawyers Editors'];
    expect((await me(await signIn('alice'))).body.data.role).toBe('editor');
    const log = await app.services.activity.latest(20);
    expect(log.map((entry) => entry.summary)).toContain('Signed in with Microsoft as editor (account created)');
  });

  it('refuses a person in no mapped group, and one whose address the provider did not verify', async () => {
    const browser = newBrowser();
    expect((await land(browser, await toCallback(browser, 'mallory'))).get('oidcError')).toBe('no_group');
    const other = newBrowser();
    expect((await land(other, await toCallback(other, 'unverified'))).get('oidcError')).toBe('email_unverified');
    const users = await app.services.auth.listUsers();
    expect(users.map((user) => user.email)).not.toContain('mallory@firm.uz');
    expect((await app.services.activity.latest(5)).map((entry) => entry.summary)).toContain('Sign-in with Microsoft refused for mallory@firm.uz: in no group that gives a role (its sessions ended)');
  });

  it('refuses a tampered state, a replayed callback and a code used twice', async () => {
    const browser = newBrowser();
    const callback = await toCallback(browser, 'alice');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    expect((await land(browser, tampered.href)).get('oidcError')).toBe('expired');

    const honest = newBrowser();
    const good = await toCallback(honest, 'alice');
    const back = await land(honest, good);
    const code = back.get('oidc');
    expect(code).toBeTruthy();
    // The same answer from the provider again (its state is used up, its cookie gone): refused.
    expect((await land(honest, good)).get('oidcError')).toBe('expired');
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatch(/expired or was used already/);
  });

  it('ends the sessions of a person IT removed from the group, and refuses them', async () => {
    const token = await signIn('alice');
    expect((await me(token)).status).toBe(200);
    directory.get('alice')!.groups = ['Everyone'];
    const browser = newBrowser();
    expect((await land(browser, await toCallback(browser, 'alice'))).get('oidcError')).toBe('no_group');
    expect((await me(token)).status).toBe(401);
    directory.get('alice')!.groups = ['Lawyers Editors'];
  });

  it('with PASSWORD_SIGN_IN=false refuses a password, except to an account an administrator marked break-glass', async () => {
    const refused = await app.api('/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('password_sign_in_off');
    expect(refused.body.error).toMatch(/Sign in with Microsoft/);
    // A wrong password is still just wrong (the refusal tells nothing about an account to a guesser).
    expect((await app.api('/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'not the password at all' } })).status).toBe(401);

    const boss = await signIn('boss');
    const lead = (await app.api('/api/auth/users', { token: boss })).body.data.find((user: { email: string }) => user.email === ADMIN_EMAIL);
    const marked = await app.api(`/api/auth/users/${lead._id}`, { method: 'PUT', token: boss, body: { breakGlass: true } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.breakGlass).toBe(true);
    const allowed = await app.api('/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(allowed.status, allowed.text).toBe(200);
  });
});
