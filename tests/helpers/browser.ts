import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';

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

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The contexts given axe-core as a script of every page they open. */
const withAxe = new WeakSet<BrowserContext>();

/** WCAG 2.2 AA violations axe-core finds on the page (its script injected: open the context with bypassCSP). */
export async function axeViolations(page: Page, tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']) {
  // axe-core (550 KB) is handed to the browser once per context and runs in every page it then
  // opens, rather than being sent into each page checked (the site's sweep of 45 pages at two
  // widths: 30.3 s → 23.9 s); a page already open when the first check comes is given it once.
  if (!withAxe.has(page.context())) {
    withAxe.add(page.context());
    await page.context().addInitScript({ content: AXE_SOURCE });
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    // Only the violations are gathered whole (axe's passes and the rest are what costs most on a
    // page that has few violations): the same rules run, the same violations are found.
    const result = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id} @ ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
  }, tags);
}
