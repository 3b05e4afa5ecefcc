import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { freePort } from '../helpers/processes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { totp } from '../helpers/totp.ts';

/*
 * A passkey in Chromium with its virtual authenticator (DevTools' WebAuthn domain: a platform
 * authenticator that keeps resident keys and verifies its user): added from Settings, signed in
 * with on the login page (no code asked though two-factor sign-in is on), its use shown, removed.
 * WebAuthn needs a secure context and a domain for its rpID (an IP address is refused):
 * PUBLIC_URL is http://localhost:<port>, the address the browser opens (the server listens on 127.0.0.1). SCREENSHOTS_DIR=<folder> also saves the screens in uz and ru.
 */

const EMAIL = 'passkey-editor@example.uz';
const PASSWORD = 'passkey-editor-password';
const SHOTS = process.env.SCREENSHOTS_DIR;

describe.skipIf(!CHROME_PATH)('passkeys in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  /** The site as the browser opens it: PUBLIC_URL. */
  let site: string;
  /** The editor's session from before two-factor sign-in was turned on (it stays valid). */
  let editorToken: string;
  /** An account without two-factor sign-in, for the pictures. */
  let shotsToken: string;

  beforeAll(async () => {
    const port = await freePort();
    site = `http://localhost:${port}`;
    app = await startTestApp('sqlite', { ssr: true, port, env: { PUBLIC_URL: site } });
    browser = await launchBrowser();
    const admin = await app.login();
    await app.api('/api/auth/users', { token: admin, body: { email: EMAIL, password: PASSWORD, role: 'editor', name: 'Dilnoza' } });
    // Two-factor sign-in on: a password alone would now ask for a code; a passkey does not.
    editorToken = await app.login(EMAIL, PASSWORD);
    const setup = await app.api('/api/auth/2fa/setup', { method: 'POST', token: editorToken });
    expect((await app.api('/api/auth/2fa/enable', { token: editorToken, body: { password: PASSWORD, code: totp(setup.body.data.secret) } })).status).toBe(200);
    expect((await app.api('/api/auth/login', { body: { email: EMAIL, password: PASSWORD } })).body.data.twoFactorRequired).toBe(true);
    await app.api('/api/auth/users', { token: admin, body: { email: 'shots@example.uz', password: PASSWORD, role: 'editor', name: 'Shots' } });
    shotsToken = await app.login('shots@example.uz', PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A page with its own virtual authenticator; signed in with `token` when given. */
  async function withAuthenticator(language: string, width: number, token?: string): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(
      ([value, lang]) => {
        if (sessionStorage.getItem('seeded')) return;
        if (value) localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', lang);
        sessionStorage.setItem('seeded', '1');
      },
      [token ?? '', language],
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return { context, page, cdp, authenticatorId, errors };
  }

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  it('adds a passkey in Settings, signs in with it without a code, shows its use and removes it', async () => {
    const { context, page, cdp, authenticatorId, errors } = await withAuthenticator('en', 1280, editorToken);
    try {
      await page.goto(`${site}/admin/settings`);
      const section = page.getByTestId('passkeys');
      await section.getByText('You have no passkeys yet.').waitFor();
      // By keyboard: the name, then Enter.
      await section.getByLabel('Name of the passkey').fill('Work laptop');
      await section.getByLabel('Name of the passkey').press('Enter');
      await section.getByText('The passkey is added').waitFor();
      await section.getByText('Work laptop').waitFor();
      await section.getByText('not used yet').waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);
      expect(credentials[0].rpId).toBe('localhost');

      // Sign out, then in with the passkey: no code asked, straight to the dashboard.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/admin\/login$/);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL(/\/admin$/);
      expect(await page.getByLabel('Code from the app').count()).toBe(0);
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect((await app.api('/api/auth/me', { token: token! })).body.data.email).toBe(EMAIL);

      await page.goto(`${site}/admin/settings`);
      await section.getByText(/last used/).waitFor();
      expect(await section.getByText('not used yet').count()).toBe(0);
      const [listed] = (await app.api('/api/auth/passkeys', { token: token! })).body.data;
      expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);

      // Removing asks first: cancelled by Escape it stays; confirmed it goes.
      await section.getByRole('button', { name: 'Remove the passkey “Work laptop”' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('It will no longer sign you in').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await app.api('/api/auth/passkeys', { token: token! })).body.data).toHaveLength(1);
      await section.getByRole('button', { name: 'Remove the passkey “Work laptop”' }).click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await section.getByText('The passkey is removed.').waitFor();
      await section.getByText('You have no passkeys yet.').waitFor();

      // The authenticator still holds the key: the site no longer accepts it.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/admin\/login$/);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByText('This passkey was not accepted').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it.each([
    ['uz', 375],
    ['uz', 1280],
    ['ru', 375],
    ['ru', 1280],
  ])('shows the passkeys in Settings and the passkey button on the login page in %s at %i px', async (language, width) => {
    const { context, page, errors } = await withAuthenticator(language, width);
    try {
      await page.goto(`${site}/admin/login`);
      const button = page.getByRole('button', { name: language === 'uz' ? 'Kirish kaliti bilan kirish' : 'Войти с ключом доступа' });
      await button.waitFor();
      await shoot(page, `login-${language}-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Signed in (an account without a code), add a passkey and look at the list.
      await page.evaluate((value) => localStorage.setItem('token', value), shotsToken);
      await page.goto(`${site}/admin/settings`);
      await page.locator('#passkey-name').fill(language === 'uz' ? 'Ish noutbuki' : 'Рабочий ноутбук');
      await page.locator('#passkey-name').press('Enter');
      await page.getByTestId('passkeys').getByRole('list').waitFor();
      await page.getByTestId('passkeys').scrollIntoViewIfNeeded();
      await shoot(page, `settings-${language}-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
