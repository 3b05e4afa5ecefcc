/*
 * What a lawyer meets in the document editor besides writing (Chromium, the real server): Ctrl+K
 * for a link, a toolbar that is one Tab stop, a link retyped staying whole, addresses in a footnote
 * linked up to the public page, a check's "Fix" selecting the link or heading it is about, a new
 * article starting as a draft, and a wide table scrolling inside the editor on a phone and side by
 * side.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const link = (href: string) => [{ type: 'link', attrs: { href } }];
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const heading = (level: number, words: string) => ({ type: 'heading', attrs: { level }, content: [text(words)] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const all = { uz: 'x', ru: 'x', en: 'x' };

describe.skipIf(!CHROME_PATH)('the document editor’s details', () => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startTestApp('sqlite', { ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(path: string, width = 1280, language = 'en'): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(([value, lang]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', lang);
    }, [token, language]);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}${path}`);
    await page.locator('#field-content[contenteditable="true"]').waitFor();
    return { page, context };
  }
  const article = async (title: string, content: unknown, ru: unknown = 'Текст') =>
    (await app.api('/api/news', { token, body: { title: { uz: title, ru: `${title} (ru)`, en: `${title} (en)` }, excerpt: all, category: all, content: { uz: content, ru, en: 'Text' }, published: false } })).body.data as { _id: string; slug: string };
  const stored = async (id: string) => (await app.api(`/api/news/${id}?admin=true`, { token })).body.data;

  it('opens the link panel with Ctrl+K and Cmd+K, and is one Tab stop in its toolbar, moved in with the arrows, Home and End', async () => {
    const { page, context } = await open('/admin/news/new');
    // A new article starts as a draft: publishing is a choice.
    expect(await page.getByTestId('publishing').getByRole('radio', { name: /^Draft/ }).isChecked()).toBe(true);
    const editor = page.locator('#field-content');
    await editor.click();
    await page.keyboard.type('Soliq kodeksi');
    await page.keyboard.press('Shift+Home');
    const address = page.getByLabel('Address (https://…, mailto:, tel:)');
    for (const keys of ['Control+k', 'Meta+k']) {
      await page.keyboard.press(keys);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('url');
      await page.keyboard.press('Escape');
      expect(await address.count()).toBe(0);
      // Back in the text, the words still selected.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-content');
    }
    await page.keyboard.press('Control+k');
    await address.fill('https://lex.uz/docs/-6445145?ONDATE=01.01.2026');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('a').getAttribute('href')).toBe('https://lex.uz/docs/-6445145?ONDATE=01.01.2026');

    // Shift+Tab from the text lands on the toolbar once, the next one before it; Tab comes back.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);
    // The link panel hands focus back to the text after it closes: wait for it there first.
    await expect.poll(focused).toBe('field-content');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe('Paragraph');
    // Nothing pulls it back a frame later (the editor's focus command focuses on the next frame).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await focused()).toBe('Paragraph');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=toolbar]')))).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Paragraph');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Heading');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Undo (Ctrl+Z)');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Paragraph');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Undo (Ctrl+Z)');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Subheading');
    expect(await page.locator('[role=toolbar] button[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('field-content');
    // Shift+Tab comes back to the button last used.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Subheading');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a link whole when its words are selected and typed over', async () => {
    const saved = await article('Havola', doc(paragraph(text('Asos: '), text('Soliq kodeksi', link('https://lex.uz/docs/4674902')), text(' (yangi tahrir).'))));
    const { page, context } = await open(`/admin/news/${saved._id}/edit`);
    await page.locator('#field-content a').click();
    await page.keyboard.press('Home');
    for (let letter = 0; letter < 'Asos: '.length; letter += 1) await page.keyboard.press('ArrowRight');
    for (let letter = 0; letter < 'Soliq kodeksi'.length; letter += 1) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('Yangi tahrirdagi Soliq kodeksi');
    // Typing elsewhere afterwards is not linked.
    await page.keyboard.press('End');
    await page.keyboard.type(' Bor.');
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => JSON.stringify((await stored(saved._id)).content.uz)).toContain('Yangi tahrirdagi');
    expect((await stored(saved._id)).content.uz.content[0].content).toEqual([text('Asos: '), text('Yangi tahrirdagi Soliq kodeksi', link('https://lex.uz/docs/4674902')), text(' (yangi tahrir). Bor.')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the addresses written in a footnote, and the public page shows the link', async () => {
    const saved = await article('Snoska', doc(paragraph(text('Soliq stavkasi oʻzgardi.'))));
    const { page, context } = await open(`/admin/news/${saved._id}/edit`);
    await page.locator('#field-content p').click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Footnote', exact: true }).click();
    await page.getByLabel('The note (shown at the end of the text').fill('Qarang: https://lex.uz/docs/-6445145?ONDATE=01.01.2026.');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => JSON.stringify((await stored(saved._id)).content.uz)).toContain('footnote');
    const note = (await stored(saved._id)).content.uz.content[0].content[1];
    expect(note).toEqual({ type: 'footnote', content: [text('Qarang: '), text('https://lex.uz/docs/-6445145?ONDATE=01.01.2026', link('https://lex.uz/docs/-6445145?ONDATE=01.01.2026')), text('.')] });
    expect((await app.api(`/api/news/${saved._id}`, { method: 'PUT', token, body: { published: true } })).status).toBe(200);
    const html = await (await fetch(`${app.url}/news/${saved.slug}`)).text();
    expect(html).toContain('<li id="note-1">Qarang: <a href="https://lex.uz/docs/-6445145?ONDATE=01.01.2026" rel="noopener">https://lex.uz/docs/-6445145?ONDATE=01.01.2026</a>.');
    await context.close();
  });

  it('“Fix” in the checks selects the link or the heading the check is about, in view', async () => {
    const filler = Array.from({ length: 30 }, (_, index) => paragraph(text(`${index + 1}-xatboshi: soliq toʻlovchilar uchun tushuntirish matni.`)));
    const saved = await article('Tekshiruv', doc(heading(2, 'Umumiy qoidalar'), ...filler, heading(4, 'Tafsilotlar'), ...filler, paragraph(text('Qonun matni '), text('bu yerda', link('https://lex.uz/docs/4674902')), text('.'))));
    const { page, context } = await open(`/admin/news/${saved._id}/edit`);
    const panel = page.getByTestId('checks');
    const selected = () => page.evaluate(() => window.getSelection()?.toString());
    const inView = (selector: string) =>
      page.evaluate((css) => {
        const box = document.querySelector(css)!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }, selector);
    await panel.locator('li[data-check="generic_link_text"]').getByRole('button', { name: /^Fix/ }).click();
    await expect.poll(selected).toBe('bu yerda');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-content');
    await expect.poll(() => inView('#field-content a[href="https://lex.uz/docs/4674902"]')).toBe(true);
    await panel.locator('li[data-check="heading_order"]').getByRole('button', { name: /^Fix/ }).click();
    await expect.poll(selected).toBe('Tafsilotlar');
    await expect.poll(() => inView('#field-content h4')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls a five-column table inside the editor: never wider than a 375 px phone, nor than its column side by side', async () => {
    const cell = (words: string, header = false) => ({ type: header ? 'tableHeader' : 'tableCell', content: [paragraph(text(words))] });
    const table = (words: string[]) => doc(paragraph(text('Stavkalar jadvali:')), { type: 'table', content: [{ type: 'tableRow', content: words.map((word) => cell(word, true)) }, { type: 'tableRow', content: words.map((word) => cell(`${word} boʻyicha hisoblangan qiymat`)) }] });
    const saved = await article('Jadval', table(['Daromad', 'Stavka', 'Imtiyoz', 'Muddat', 'Asos']), table(['Доход', 'Ставка', 'Льгота', 'Срок', 'Основание']));
    for (const language of ['uz', 'ru']) {
      const { page, context } = await open(`/admin/news/${saved._id}/edit`, 375, language);
      await page.locator('#field-content table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), language).toBeLessThanOrEqual(375);
      // The table scrolls in its own box.
      expect(await page.locator('#field-content .tableWrapper').evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
      await context.close();
    }
    const { page, context } = await open(`/admin/news/${saved._id}/edit?lang=ru`, 1280);
    expect(await page.getByRole('checkbox', { name: 'Show UZ beside' }).isChecked()).toBe(true);
    await page.locator('#field-content table').waitFor();
    const edges = await page.evaluate(() => ({ editor: document.querySelector('#field-content')!.getBoundingClientRect().right, column: document.querySelector('[data-field="content"]')!.getBoundingClientRect().right, page: document.documentElement.scrollWidth }));
    expect(edges.editor).toBeLessThanOrEqual(edges.column + 1);
    expect(edges.page).toBeLessThanOrEqual(1280);
    expect(errors).toEqual([]);
    await context.close();
  });
});
