import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../app/admin/resources.ts';
import { adminBrowser } from '../helpers/admin-browser.ts';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Every admin screen at once: accessibility (axe-core) and no sideways scrolling on a phone in uz
 * and ru. Kept apart from tests/e2e/admin.test.ts so that CI's two workers share the browser work.
 */
describe.skipIf(!CHROME_PATH)('every admin screen in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  const { signedIn, goto } = adminBrowser(() => app, () => browser);

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('has no accessibility violations on any admin screen (axe-core)', async () => {
    // bypassCSP: the page's policy would (rightly) block the injected axe-core script.
    const { page, context } = await signedIn(1280, { bypassCSP: true });
    const news = (await app.api('/api/news?admin=true&limit=1', { token })).body.data[0];
    const found: Record<string, string[]> = {};
    const screens = ['/admin', ...RESOURCES.map((resource) => `/admin/${resource.key}`), '/admin/team/new', `/admin/news/${news._id}/edit`, `/admin/news/${news._id}`, '/admin/contacts', '/admin/languages', '/admin/media', '/admin/site-config', '/admin/settings', '/admin/analytics', '/admin/trash', '/admin/redirects'];
    for (const path of screens) {
      await goto(page, path);
      await page.waitForTimeout(300);
      const violations = await axeViolations(page);
      if (violations.length) found[path] = violations;
    }
    const signedOut = await browser.newContext({ bypassCSP: true });
    const login = await signedOut.newPage();
    await login.goto(`${app.url}/admin/login`);
    await login.waitForSelector('h1');
    const loginViolations = await axeViolations(login);
    if (loginViolations.length) found['/admin/login'] = loginViolations;
    expect(found).toEqual({});
    await signedOut.close();
    await context.close();
    // Some twenty-five screens, each loaded and checked: on two busy cores that takes over a minute.
  }, 180_000);
  it.each(['uz', 'ru'])('never scrolls sideways on a 375 px phone, in %s, on any admin screen', async (lang) => {
    const news = (await app.api('/api/news?admin=true&limit=1', { token })).body.data[0];
    // The forms too: a new blog post (author, reading time) and an article's edit form with its publishing block.
    const screens = ['/admin', ...RESOURCES.map((resource) => `/admin/${resource.key}`), '/admin/contacts', '/admin/trash', '/admin/redirects', '/admin/languages', '/admin/media', '/admin/site-config', '/admin/settings', '/admin/analytics', '/admin/blog/new', `/admin/news/${news._id}/edit`];
    const { page, context } = await signedIn(375);
    await goto(page, '/admin');
    await page.evaluate((code) => localStorage.setItem('i18nextLng', code), lang);
    const wide: string[] = [];
    for (const path of screens) {
      await goto(page, path);
      await page.waitForTimeout(150);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${lang} ${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
    await context.close();
  }, 180_000);

});
