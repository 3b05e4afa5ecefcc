/*
 * What a lawyer met translating a legal alert in the Uzbek and Russian admin (Chromium, the real
 * server, both databases): the Uzbek source beside the Russian editor shown as the page shows it
 * (not flattened), on a phone above the editor; a page to link found by its Uzbek title or its
 * address in the Russian admin, and records in the admin lists likewise; "Fill from UZ" left
 * untranslated marked so in the form and the checks.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (words: string, marks?: unknown[]) => ({ type: 'text', text: words, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const cell = (words: string, header = false) => ({ type: header ? 'tableHeader' : 'tableCell', content: [paragraph(text(words))] });

/** A legal alert as a lawyer writes one: a heading, a footnote, a link, a numbered list with sub-points, a wide table. */
const ALERT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Kimlarga taalluqli')] },
    paragraph(
      text('Yangi tartib '),
      text('2026-yil 1-yanvardan', [{ type: 'bold' }]),
      text(' kuchga kiradi va '),
      text('barcha', [{ type: 'italic' }]),
      text(' korxonalarga taalluqli'),
      { type: 'footnote', content: [text('Vazirlar Mahkamasining 2025-yil 12-dekabrdagi qarori.')] },
      text('. Batafsil: '),
      text('Soliq kodeksi', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/4674902' } }]),
      text('.'),
    ),
    { type: 'orderedList', content: [item(paragraph(text('Hisobotlar har chorakda topshiriladi.')), { type: 'orderedList', content: [item(paragraph(text('Birinchi chorak — 25-aprelgacha.'))), item(paragraph(text('Ikkinchi chorak — 25-iyulgacha.')))] }), item(paragraph(text('Jarimalar ikki baravar oshiriladi.')))] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Stavkalar')] },
    { type: 'table', content: [{ type: 'tableRow', content: ['Daromad turi', 'Stavka', 'Imtiyoz', 'Muddat', 'Huquqiy asos'].map((words) => cell(words, true)) }, { type: 'tableRow', content: ['Dividendlar', '5 %', 'Yoʻq', '2026-yil oxirigacha', 'Soliq kodeksi 381-modda'].map((words) => cell(words)) }] },
    paragraph(text('Savollar boʻlsa, biz bilan bogʻlaning.')),
  ],
};

const BESIDE: Record<string, string> = { ru: 'Показывать UZ рядом', uz: 'UZ matnini yonida ko‘rsatish' };

describe.skipIf(!CHROME_PATH).each(DIALECTS)('translating a legal alert in the admin on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(path: string, width: number, language: string): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(([value, lang]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', lang);
    }, [token, language]);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}${path}`);
    await page.waitForSelector('#admin-main h1');
    return { page, context };
  }
  const alert = async (title: string, extra: Record<string, unknown> = {}) => {
    const created = await app.api('/api/news', { token, body: { title: { uz: title }, excerpt: { uz: 'Korxonalar uchun yangi hisobot tartibi va jarimalar.' }, category: { uz: 'Soliq' }, content: { uz: ALERT }, published: false, ...extra } });
    expect(created.status, created.text).toBe(201);
    return created.body.data as { _id: string; slug: string; version: number };
  };

  it('shows the Uzbek source as the page shows it beside the Russian editor, and above it on a phone', async () => {
    const saved = await alert('Yangi hisobot tartibi: korxonalar nimaga tayyorlanishi kerak');
    for (const language of ['ru', 'uz']) {
      for (const width of [375, 1280]) {
        const { page, context } = await open(`/admin/news/${saved._id}/edit?lang=ru`, width, language);
        await page.locator('#field-content[contenteditable="true"]').waitFor();
        // On a wide screen it is on by itself; on a phone it is asked for.
        const beside = page.getByRole('checkbox', { name: BESIDE[language] });
        expect(await beside.isChecked()).toBe(width >= 1280);
        await beside.check();
        const pane = page.getByTestId('source-blocks');
        await pane.locator('h2').first().waitFor();
        expect(await pane.locator('h2').first().textContent()).toBe('Kimlarga taalluqli');
        expect(await pane.locator('h3').textContent()).toBe('Stavkalar');
        expect(await pane.locator('strong').textContent()).toBe('2026-yil 1-yanvardan');
        expect(await pane.locator('em').textContent()).toBe('barcha');
        expect(await pane.locator('a[href="https://lex.uz/docs/4674902"]').textContent()).toBe('Soliq kodeksi');
        // The list nested and numbered 1, a, b, 2 — not flattened into lines.
        expect(await pane.locator('ol > li > ol > li').count()).toBe(2);
        expect(await pane.locator('ol > li > ol').evaluate((list) => getComputedStyle(list).listStyleType)).toBe('lower-alpha');
        // A table, scrolling sideways in its own box; the page never wider than the screen.
        expect(await pane.locator('table thead th').allTextContents()).toEqual(['Daromad turi', 'Stavka', 'Imtiyoz', 'Muddat', 'Huquqiy asos']);
        expect(await pane.locator('.doc-table').evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${language} ${width}`).toBeLessThanOrEqual(width);
        expect(await pane.locator('.doc-notes li').textContent()).toContain('Vazirlar Mahkamasining 2025-yil 12-dekabrdagi qarori.');
        // Beside the editor on a wide screen, above it on a phone.
        const source = (await pane.boundingBox())!;
        const editor = (await page.locator('#field-content').boundingBox())!;
        if (width >= 1280) {
          expect(source.x + source.width).toBeLessThanOrEqual(editor.x);
          expect(Math.abs(source.y - editor.y)).toBeLessThan(160);
        } else expect(source.y + source.height).toBeLessThanOrEqual(editor.y);
        if (width >= 1280 && language === 'ru') {
          // The note's number scrolls the pane to the note; the form stays where it is.
          await pane.locator('sup a').click();
          await expect.poll(() => pane.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
          expect(page.url()).toBe(`${app.url}/admin/news/${saved._id}/edit?lang=ru`);
        }
        await context.close();
      }
    }
    expect(errors).toEqual([]);
  });

  it('finds a page to link by its Uzbek title or its address in the Russian admin', async () => {
    const service = await app.api('/api/services', { token, body: { title: { uz: 'Xalqaro arbitraj va nizolarni hal qilish', ru: 'Международные споры', en: 'International disputes' }, description: { uz: 'Tavsif', ru: 'Описание', en: 'About' }, isActive: true } });
    expect(service.status, service.text).toBe(201);
    const saved = await alert('Arbitraj boʻyicha yangi qoidalar chiqdi');
    const { page, context } = await open(`/admin/news/${saved._id}/edit?lang=uz`, 1280, 'ru');
    const editor = page.locator('#field-content');
    await editor.locator('p', { hasText: 'Savollar' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const query = page.getByLabel('Или страница этого сайта: несколько слов из её заголовка на любом языке или её адрес');
    const found = page.getByRole('list', { name: 'Найденные страницы' }).getByRole('button');
    // The Uzbek title's words, written with a plain apostrophe or in Cyrillic: the Russian title shown, the Uzbek one under it.
    for (const words of ['arbitraj va nizolarni', 'арбитраж ва низоларни']) {
      await query.fill(words);
      await page.getByRole('button', { name: 'Найти', exact: true }).click();
      await expect.poll(() => found.allTextContents(), { message: words }).toEqual(['Международные спорыUZ: Xalqaro arbitraj va nizolarni hal qilish']);
    }
    // Its address, as copied from the site.
    await query.fill(`xalqaro-arbitraj-va`);
    await page.getByRole('button', { name: 'Найти', exact: true }).click();
    await expect.poll(() => found.allTextContents()).toEqual(['Международные споры']);
    await found.first().click();
    await expect.poll(() => editor.innerHTML()).toContain(`href="#ref:services/${service.body.data._id}"`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds records in the Russian admin lists by their Uzbek title, in either script, and by their address', async () => {
    const service = (await app.api('/api/services', { token, body: { title: { uz: 'Qoʻshimcha litsenziyalar', ru: 'Лицензирование', en: 'Licensing' }, description: { uz: 'Tavsif', ru: 'Описание', en: 'About' }, isActive: true } })).body.data;
    const article = await alert('Litsenziya toʻlovlari oʻzgardi');
    expect((await app.api(`/api/news?admin=true&search=${encodeURIComponent(article.slug)}`, { token })).body.data.map((found: { _id: string }) => found._id)).toEqual([article._id]);
    const rows = (page: Page) => page.locator('tbody tr');
    const { page, context } = await open('/admin/services', 1280, 'ru');
    // Who is signed in is read once: typing a search once asked for it (and the whole screen) without end.
    let signedIn = 0;
    page.on('request', (request) => void (new URL(request.url()).pathname === '/api/auth/me' && (signedIn += 1)));
    for (const words of ["qo'shimcha litsenziya", 'қўшимча', service.slug]) {
      await page.fill('#list-search', words);
      await expect.poll(() => rows(page).allTextContents(), { message: words }).toEqual([expect.stringContaining('Лицензирование')]);
      // The address follows, so the list can be reloaded and shared.
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(words);
    }
    await page.reload();
    await page.waitForSelector('#admin-main h1');
    expect(await page.inputValue('#list-search')).toBe(service.slug);
    expect(await rows(page).allTextContents()).toEqual([expect.stringContaining('Лицензирование')]);
    expect(signedIn).toBe(1);
    await page.goto(`${app.url}/admin/news`);
    await page.waitForSelector('#admin-main h1');
    await page.fill('#list-search', article.slug);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).textContent()).toContain('Litsenziya toʻlovlari oʻzgardi');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks the texts filled from Uzbek and saved as they are as not translated, in the form and the checks', async () => {
    const saved = await alert('Yangi hisobot tartibi kuchga kirishi haqida eslatma');
    const { page, context } = await open(`/admin/news/${saved._id}/edit?lang=ru`, 1280, 'ru');
    await page.locator('#field-content[contenteditable="true"]').waitFor();
    await page.getByRole('button', { name: 'Заполнить пустые тексты из UZ' }).click();
    expect(await page.inputValue('#field-title')).toBe('Yangi hisobot tartibi kuchga kirishi haqida eslatma');
    await page.locator('form button[type=submit]').click();
    await page.getByRole('status').filter({ hasText: 'Сохранено.' }).waitFor();
    await page.reload();
    await page.locator('#field-content[contenteditable="true"]').waitFor();
    await expect.poll(() => page.locator('label[for="field-title"]').textContent()).toContain('Нет перевода');
    expect(await page.locator('#field-content-label').textContent()).toContain('Нет перевода');
    const copies = page.getByTestId('checks').locator('li[data-check="same_as_source"]');
    await expect.poll(() => copies.allTextContents()).toEqual(['Предупреждение', 'Заголовок:', 'Краткое описание:', 'Текст:'].slice(1).map((field) => expect.stringContaining(`${field} Ещё не переведено: текст слово в слово совпадает с текстом на UZ.`)));
    expect(errors).toEqual([]);
    await context.close();
  });
});
