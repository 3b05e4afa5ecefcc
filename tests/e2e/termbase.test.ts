/*
 * The termbase screen in Chromium, on both databases: a Russian-reading translator looks a term
 * up by its Cyrillic Uzbek form and cannot change anything; an editor adds a term through the
 * form, sees what a CSV file would change before it is imported, and deletes a term after
 * confirming. No WCAG violation axe-core can find.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPageAs } from '../helpers/admin-browser.ts';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a long password 123';

describe.skipIf(!CHROME_PATH).each(DIALECTS)('the termbase screen on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let admin: string;
  let translator: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    admin = await app.login();
    await app.api('/api/auth/users', { token: admin, body: { email: 'translator@example.uz', password: PASSWORD, role: 'translator', languages: ['ru'] } });
    translator = await app.login('translator@example.uz', PASSWORD);
    for (const body of [
      { entries: { uz: ['soliq'], ru: ['налог', 'сбор'], en: ['tax'] }, note: 'Umumiy maʼnoda' },
      { entries: { uz: ['bojxona toʻlovi'], ru: ['таможенный платёж'], en: ['customs duty'] } },
      { entries: { uz: ['Lex Partners'] }, doNotTranslate: true },
    ]) expect((await app.api('/api/terms', { token: admin, body })).status).toBe(201);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lets a translator look a term up in either script, reading only', async () => {
    const { page, context, errors } = await adminPageAs(browser, translator, 'ru', 375);
    await page.goto(`${app.url}/admin/termbase`);
    await page.getByRole('heading', { level: 1, name: 'База терминов' }).waitFor();
    const list = page.getByTestId('term-list');
    await expect.poll(() => list.locator('li').count()).toBe(3);
    await page.getByLabel('Найти термин').fill('солиқ');
    await expect.poll(() => list.locator('li').count()).toBe(1);
    expect(await list.locator('li').first().innerText()).toContain('налог');
    await page.getByLabel('Найти термин').fill('пошлина');
    await page.getByText('Нет термина, содержащего «пошлина».').waitFor();
    expect(await page.getByRole('button', { name: 'Добавить термин' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Удалить/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an editor add a term, preview an import and delete a term after confirming', async () => {
    const { page, context, errors } = await adminPageAs(browser, admin, 'uz', 1280);
    await page.goto(`${app.url}/admin/termbase`);
    await page.getByRole('heading', { level: 1, name: 'Atamalar bazasi' }).waitFor();
    await page.getByRole('button', { name: 'Atama qo‘shish' }).click();
    await page.locator('#term-uz').fill('davlat boji');
    await page.locator('#term-ru').fill('государственная пошлина\nгоспошлина');
    await page.getByRole('button', { name: 'Saqlash' }).click();
    await page.getByText('Atama saqlandi.').waitFor();
    const list = page.getByTestId('term-list');
    await expect.poll(() => list.locator('li').count()).toBe(4);
    const stored = (await app.api('/api/terms?q=davlat', { token: admin })).body.data;
    expect(stored[0].entries).toEqual({ uz: ['davlat boji'], ru: ['государственная пошлина', 'госпошлина'] });

    await page.locator('input[type=file]').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from('uz,ru\r\nsoliq,налог|сбор|налоги\r\nijara,аренда\r\n') });
    const preview = page.getByTestId('import-preview');
    await preview.getByText('Yangi atamalar: 1').waitFor();
    await preview.getByText('O‘zgargan atamalar: 1').waitFor();
    expect((await app.api('/api/terms?q=ijara', { token: admin })).body.data).toEqual([]);
    await preview.getByRole('button', { name: 'Shu o‘zgarishlarni import qilish' }).click();
    await page.getByText('Import qilindi: 1 ta yangi, 1 ta o‘zgargan.').waitFor();
    expect((await app.api('/api/terms?q=ijara', { token: admin })).body.data).toHaveLength(1);

    await page.getByRole('button', { name: 'O‘chirish: ijara' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'O‘chirish' }).click();
    await page.getByText('Atama o‘chirildi.').waitFor();
    expect((await app.api('/api/terms?q=ijara', { token: admin })).body.data).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no WCAG violations axe-core can find', async () => {
    // axe's script is injected: the page's Content Security Policy is bypassed for it.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addInitScript(([value]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', 'ru');
    }, [translator]);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/termbase`);
    await page.getByTestId('term-list').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
