import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestProvider, type DirectoryPerson } from '../helpers/oidc-provider.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * In Chromium: the sign-in page's "Sign in with Microsoft" through a real OpenID Connect provider
 * (its own login form and consent) into the admin, in Uzbek; and a lawyer limited to one practice
 * area, who opens an article of another and is told, in Russian, why its form is read-only.
 */

const PUBLIC_URL = 'https://lawfirm.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

describe.skipIf(!CHROME_PATH)('OpenID Connect and practice-area scope, in Chromium', () => {
  const directory = new Map<string, DirectoryPerson>([['alice', { email: 'alice@firm.uz', name: 'Alice Karimova', groups: ['Lawyers Editors'] }]]);
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK, directory);
    app = await startTestApp('sqlite', {
      ssr: true,
      demo: true,
      env: { PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: 'Microsoft', OIDC_ROLES: 'admin=Site admins,editor=Lawyers Editors', OIDC_CREATE_ACCOUNTS: 'true' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await provider?.close();
  });

  /** The site's public address is the proxy in front of the app: its callback reaches the app. */
  async function behindProxy(context: BrowserContext) {
    await context.route(`${PUBLIC_URL}/**`, async (route) => {
      const asked = new URL(route.request().url());
      const cookies = await context.cookies(`${app.url}${asked.pathname}`);
      const answer = await fetch(`${app.url}${asked.pathname}${asked.search}`, { headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') }, redirect: 'manual' });
      const location = answer.headers.get('location') ?? '/admin/login';
      await route.fulfill({ status: 302, headers: { location: new URL(location, app.url).href } });
    });
  }

  it('signs in with the firm’s provider from the sign-in page, in Uzbek', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('i18nextLng', 'uz'));
    await behindProxy(context);
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/admin/login`, { waitUntil: 'networkidle' });
      const button = page.getByRole('link', { name: 'Microsoft orqali kirish' });
      await button.waitFor();
      expect(await page.getByText('yoki elektron pochta va parol bilan').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await button.click();
      // The provider's own pages: its login form, then its consent.
      await page.locator('input[name="login"]').fill('alice');
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/', { timeout: 20_000 });
      expect(page.url()).not.toContain('#');
      expect(await page.evaluate(() => Boolean(localStorage.getItem('token')))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('tells the person why a refused sign-in failed, in Russian', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('i18nextLng', 'ru'));
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/admin/login#oidcError=no_group`, { waitUntil: 'networkidle' });
      await page.getByRole('alert').getByText('Попросите IT-отдел добавить вас в нужную группу', { exact: false }).waitFor();
      expect(await page.getByRole('link', { name: 'Войти через Microsoft' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows a lawyer limited to one practice area why another’s article is read-only, in Russian', async () => {
    const admin = await app.login();
    const services = (await app.api('/api/services?admin=true&limit=50', { token: admin })).body.data as Array<{ _id: string; title: Record<string, string> }>;
    const [mine, other] = services as [(typeof services)[number], (typeof services)[number]];
    const lawyer = await app.api('/api/auth/users', { token: admin, body: { email: 'dilnoza@firm.uz', password: 'a-long-enough-password', role: 'editor' } });
    const alice = lawyer.body.data as { _id: string };
    expect((await app.api(`/api/auth/users/${alice._id}`, { method: 'PUT', token: admin, body: { scope: { services: [mine._id] } } })).status).toBe(200);
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Boshqa soha', ru: 'Другая практика' }, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [other._id] } })).body.data;
    const ours = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Bizning soha', ru: 'Наша практика' }, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [mine._id] } })).body.data;
    // Her session, as a sign-in gives it.
    const token = (await app.services.auth.signInAccount(alice._id, { ip: '127.0.0.1', userAgent: 'test' }))!.token;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((value) => {
      localStorage.setItem('i18nextLng', 'ru');
      localStorage.setItem('token', value);
    }, token);
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/admin/news/${article._id}/edit`, { waitUntil: 'networkidle' });
      const notice = page.getByTestId('out-of-scope');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(mine.title.ru ?? mine.title.uz);
      expect(await page.getByRole('button', { name: 'Сохранить' }).first().isDisabled()).toBe(true);
      await page.goto(`${app.url}/admin/news/${ours._id}/edit`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Сохранить' }).first().waitFor();
      expect(await page.getByTestId('out-of-scope').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Сохранить' }).first().isDisabled()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
