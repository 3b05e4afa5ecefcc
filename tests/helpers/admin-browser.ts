import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from './test-app.ts';

/**
 * A page of the admin signed in with `token` and read in `language` (stored as the login page and the
 * language menu store them, once: a later sign-out or choice in the test is not undone on reload).
 */
export async function adminPageAs(browser: Browser, token: string, language: string, width = 1280, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  await context.addInitScript(
    ([value, lang]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', lang);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [token, language],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

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
