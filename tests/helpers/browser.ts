import { chromium, type Browser } from 'playwright-core';

/** Set by scripts/test.ts when a Chromium was found; browser tests skip (with a notice) otherwise. */
export const CHROME_PATH = process.env.CHROME_PATH;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
