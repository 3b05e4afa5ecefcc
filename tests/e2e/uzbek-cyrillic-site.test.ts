import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser } from '../helpers/admin-browser.ts';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The Uzbek Cyrillic site as the firm makes it: the admin's "Oʻzbekcha (kirill)" preset, then
 * "transliterate every empty text" on the translations screen. The frame of its pages — header,
 * top bar, footer, the hero, section titles, "more" links, the <title> — is then Cyrillic, but for
 * the names Uzbek writes in Latin: acronyms, e-mail and web addresses, the brands of the social
 * networks. The firm's name is transliterated like every other Uzbek word, the same everywhere.
 */

/** Latin words a Cyrillic page may show: brands of outside services, and the codes of languages. */
const LATIN_NAMES = new Set(['Telegram', 'Facebook', 'Instagram', 'LinkedIn', 'WhatsApp', 'YouTube']);

/** The Latin words of a text that Uzbek Cyrillic would not write in Latin. */
function latinWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((token) => !/@|\.(uz|com|ru)\b|:\/\//i.test(token))
    .flatMap((token) => token.match(/[A-Za-z][A-Za-zʻʼ‘’'-]*/g) ?? [])
    .filter((word) => !LATIN_NAMES.has(word) && !/^[A-Z]{2,4}(-[A-Z]{2,4})?$/.test(word));
}

describe.skipIf(!CHROME_PATH).each(DIALECTS)('the Uzbek Cyrillic site made in the admin, on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  const { signedIn } = adminBrowser(() => app, () => browser);

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    browser = await launchBrowser();
    const { page, context } = await signedIn(1280);
    await page.goto(`${app.url}/admin/languages`);
    await page.getByRole('button', { name: 'Add Oʻzbekcha (kirill)' }).click();
    await page.getByLabel('Active').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.goto(`${app.url}/admin/translations`);
    await page.getByRole('button', { name: /Transliterate every empty UZ-CYRL text/ }).click();
    await page.getByText(/records got their UZ-CYRL texts/).waitFor({ timeout: 120_000 });
    await context.close();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const open = async (path: string, width = 1280): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(app.url + path);
    return page;
  };

  it('shows the home page frame in Cyrillic: title, header, hours, footer, hero, section titles and "more" links', async () => {
    const page = await open('/uz-cyrl');
    const frame = await page.evaluate(() => {
      const read = (element: Element | null) => (element as HTMLElement | null)?.innerText ?? '';
      const header = document.querySelector('header')!.cloneNode(true) as HTMLElement;
      // The switcher names every other language in its own script, as it should.
      header.querySelectorAll('details[data-languages] ul').forEach((list) => list.remove());
      document.body.append(header);
      const texts = {
        title: document.title,
        header: header.innerText,
        topBar: read(document.querySelector('header > div.bg-brand-900')),
        footer: read(document.querySelector('footer')),
        hero: read(document.querySelector('main > div')),
        headings: [...document.querySelectorAll('main h2')].map(read).join('\n'),
        // The site's own links ("Батафсил →", the hero's buttons); a link out names its source as written.
        more: [...document.querySelectorAll('main a[href^="/"]')].map(read).filter((text) => text.length < 30).join('\n'),
        firm: read(document.querySelector('header a.font-bold')),
      };
      header.remove();
      return texts;
    });
    const latin = Object.fromEntries(Object.entries(frame).map(([part, text]) => [part, latinWords(text)]).filter(([, words]) => words.length));
    expect(latin).toEqual({});
    // The firm's name is one name in every part: transliterated in the header, the hero and the title.
    expect(frame.firm.trim()).toBe('Адлия Партнерс');
    expect(frame.title).toContain('Адлия Партнерс');
    expect(frame.hero).toContain('Адлия Партнерс');
    expect(frame.footer).toContain('Адлия Партнерс');
  });

  it('names the Cyrillic language in its own words, Ўзбекча, beside Latin O‘zbekcha, in the switcher and the admin', async () => {
    const page = await open('/uz-cyrl');
    const switcher = (await page.locator('header details[data-languages] ul').textContent()) ?? '';
    expect(switcher).toContain('Ўзбекча');
    expect(switcher).toContain('O‘zbekcha');
    expect(switcher).not.toMatch(/Uzbek|Cyrillic/);
    const { page: admin, context } = await signedIn(1280);
    await admin.goto(`${app.url}/admin/languages`);
    await admin.getByText('uz-Cyrl', { exact: true }).waitFor();
    expect(await admin.locator('#admin-main ul').last().innerText()).toContain('Ўзбекча');
    await context.close();
  });

  it.each(['uz-cyrl', 'ru'])('keeps the language button on one line at 375 px (%s)', async (path) => {
    const page = await open(`/${path}`, 375);
    const summary = page.locator('header details[data-languages] > summary');
    const lines = await summary.locator('span').first().evaluate((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    // One line of text in the 44 px touch target, not two.
    expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(44);
  });

  it.each([
    ['/', 1024],
    ['/ru', 1024],
    ['/uz-cyrl', 1024],
    ['/ru', 1280],
    ['/uz-cyrl', 1280],
  ])('fits the header with its "More" links on one row, the firm’s name clear of them (%s at %i px)', async (path, width) => {
    const page = await open(path, width);
    const more = page.locator('header nav details[data-dropdown] > summary');
    expect(await more.isVisible()).toBe(true);
    const nav = (await page.locator('header nav').first().boundingBox())!;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(nav.x + nav.width).toBeLessThanOrEqual(width);
    // One row of links, not two.
    expect(nav.height).toBeLessThanOrEqual(44);
    const name = (await page.locator('header a.font-bold span').boundingBox())!;
    expect(name.x + name.width).toBeLessThanOrEqual(nav.x);
    await more.click();
    expect(await page.locator('header nav details[data-dropdown] a').count()).toBe(4);
  });
});
