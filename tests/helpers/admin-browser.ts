import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from './test-app.ts';

/** The admin in a browser for a test file: a signed-in page in English, and going to a screen once it shows. */
export function adminBrowser(app: () => TestApp, browser: () => Browser) {
  /** A signed-in admin page in English (the token stored as the login page would). */
  async function signedIn(width = 1280, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser().newContext({ viewport: { width, height: 900 }, ...options });
    const session = await app().login();
    await context.addInitScript(([value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', 'en');
        sessionStorage.setItem('seeded', '1');
      }
    }, [session]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    page.on('dialog', (dialog) => void dialog.accept());
    return { context, page, errors };
  }
  const goto = async (page: Page, path: string) => {
    await page.goto(app().url + path);
    await page.waitForSelector('#admin-main h1');
  };
  return { signedIn, goto };
}
