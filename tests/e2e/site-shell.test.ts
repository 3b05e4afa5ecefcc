import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.skipIf(!CHROME_PATH)('the site in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { ssr: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders the home page on the server and hydrates it without errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(app.url + '/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules))).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('Yuridik firma');
    expect(problems).toEqual([]);
    await page.close();
  });
});
