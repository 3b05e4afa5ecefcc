import { chromium, type Browser } from 'playwright-core';

/** Set by scripts/test.ts when a Chromium was found; browser tests skip (with a notice) otherwise. */
export const CHROME_PATH = process.env.CHROME_PATH;

/**
 * Chromium as the tests use it. Its pages ask for Uzbek (Accept-Language uz-UZ) unless a test says
 * otherwise: an English browser is sent from / to /en (server/http/language-choice.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'uz-UZ', ...options });
  return browser;
}
