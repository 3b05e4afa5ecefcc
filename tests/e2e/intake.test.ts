/*
 * Intake in a real Chromium (API-3.md "Intake"): a new-matter request and its warnings with
 * JavaScript off, the conflicts and the upload link on the staff screen, the client's upload page
 * with JavaScript off (a refusal said, then the files taken once), and an application for a vacancy.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { SAMPLE } from '../helpers/documents.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOTS = process.env.SCREENSHOTS_DIR;

describe.skipIf(!CHROME_PATH)('intake in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token: string;
  const visitor = (width: number) => browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  const shot = async (page: { screenshot(options: { path: string; fullPage: boolean }): Promise<unknown> }, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  const staff = async (lang: 'uz' | 'ru', width: number): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    await context.addInitScript(
      ([value, language]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', language);
      },
      [token, lang],
    );
    return context;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp('sqlite', { demo: true, ssr: true, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
    token = await app.login();
    browser = await launchBrowser();
    // An earlier request whose company the new one should be found to share.
    const earlier = await app.api('/api/contact', { body: { kind: 'matter', name: 'Old Client', email: 'old@example.uz', company: 'Toshkent Agro MChJ', acknowledged: true }, headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(earlier.status, earlier.text).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it.each([
    ['uz', 375, 'Iltimos, ikkala ogohlantirishni o‘qiganingizni belgilang.', 'Rahmat. Manfaatlar to‘qnashuvini tekshirib'],
    ['ru', 1280, 'Пожалуйста, отметьте, что прочитали оба предупреждения.', 'Спасибо. Мы проверим конфликт интересов'],
  ])('takes a new-matter request with JavaScript off only with the warnings acknowledged (%s, %i px)', async (lang, width, refusal, thanks) => {
    const context = await visitor(Number(width));
    const page = await context.newPage();
    await page.goto(`${app.url}${lang === 'uz' ? '' : `/${lang}`}/contact`);
    // The message form offers the new-matter form.
    await page.locator('a[href$="/contact?kind=matter"]').click();
    expect(page.url()).toContain('kind=matter');
    const email = `matter-${lang}@example.uz`;
    await page.locator('#contact-name').fill('Jasur Karimov');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-company').fill('Ташкент Агро');
    await page.locator('#contact-counterparties').fill('Artel Electronics\nXalq banki');
    await shot(page, `matter-form-${lang}-${width}`);
    await page.waitForTimeout(3100);
    await page.locator('main button[type=submit]').click();
    await page.waitForLoadState();
    await expect.poll(() => page.locator('#contact-acknowledged-error').textContent()).toBe(refusal);
    // What was typed is still there.
    expect(await page.locator('#contact-company').inputValue()).toBe('Ташкент Агро');
    await page.locator('#contact-acknowledged').check();
    await page.waitForTimeout(3100);
    await page.locator('main button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('[data-form-success]').textContent()).toContain(thanks);
    const stored = (await app.api(`/api/contact?kind=matter&search=${email}`, { token })).body.data;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ company: 'Ташкент Агро', counterparties: ['Artel Electronics', 'Xalq banki'], status: 'conflict_check', lang });
    await context.close();
  });

  it('shows staff the conflicts, makes the upload link; the client sends files with JavaScript off, once; staff download them', async () => {
    const [request] = (await app.api('/api/contact?kind=matter&search=matter-ru@example.uz', { token })).body.data;
    const admin = await staff('ru', 1280);
    const page = await admin.newPage();
    await page.goto(`${app.url}/admin/contacts?kind=matter`);
    await page.getByRole('button', { name: 'Подробнее: Jasur Karimov' }).first().click();
    const conflicts = page.getByTestId('conflicts');
    await expect.poll(() => conflicts.textContent()).toContain('«Toshkent Agro MChJ»');
    expect(await conflicts.textContent()).toContain('то же название');
    await page.getByRole('button', { name: 'Создать ссылку' }).click();
    const url = (await page.getByTestId('upload-link').locator('input').inputValue()).trim();
    expect(url).toMatch(/\/ru\/upload\/[A-Za-z0-9_-]{43}$/);
    await shot(page, 'admin-intake-ru-1280');

    const client = await visitor(375);
    const upload = await client.newPage();
    const path = new URL(url).pathname;
    await upload.goto(app.url + path);
    expect(await upload.locator('h1').textContent()).toBe('Отправьте документы');
    await shot(upload, 'upload-ru-375');
    // A file that is not what its name says is refused by name; nothing is kept and the link still works.
    await upload.locator('#upload-files').setInputFiles([{ name: 'договор.pdf', mimeType: 'application/pdf', buffer: await SAMPLE.png() }]);
    await upload.locator('main button[type=submit]').click();
    await upload.waitForLoadState();
    expect(await upload.locator('#upload-problem').textContent()).toContain('«договор.pdf» — не PDF, Word, Excel, JPEG или PNG');
    await upload.locator('#upload-files').setInputFiles([
      { name: 'договор.pdf', mimeType: 'application/pdf', buffer: SAMPLE.pdf('Договор аренды') },
      { name: 'Устав.docx', mimeType: 'application/octet-stream', buffer: SAMPLE.docx() },
    ]);
    await upload.locator('main button[type=submit]').click();
    await upload.waitForLoadState();
    expect(await upload.locator('main').textContent()).toContain('Спасибо: ваши файлы получены (2)');
    await upload.goto(app.url + path);
    expect(await upload.locator('main [role=alert]').textContent()).toContain('Эта ссылка уже использована');
    await client.close();

    await page.reload();
    await page.getByRole('button', { name: 'Подробнее: Jasur Karimov' }).first().click();
    const files = page.getByTestId('intake-files');
    await expect.poll(() => files.textContent()).toContain('Устав.docx');
    expect(await files.textContent()).toContain('не проверен на вирусы');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать: договор.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('договор.pdf');
    expect(fs.readFileSync(await download.path()).toString()).toContain('Договор аренды');
    expect((await app.api(`/api/contact/${request._id}`, { token })).body.data.files).toHaveLength(2);
    await admin.close();

    const uz = await staff('uz', 375);
    const phone = await uz.newPage();
    await phone.goto(`${app.url}/admin/contacts?kind=matter`);
    // A new matter's card shows its whole status ("Manfaatlar to‘qnashuvi tekshiruvi"), not cut at the select's edge.
    const select = phone.getByTestId('contact-cards').locator('select').first();
    await select.waitFor();
    const fits = await select.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(element.selectedOptions[0].text).width;
      return { text, room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), shown: element.selectedOptions[0].text };
    });
    expect(fits.shown).toBe('Manfaatlar to‘qnashuvi tekshiruvi');
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await phone.getByRole('button', { name: 'Batafsil: Jasur Karimov' }).first().click();
    await expect.poll(() => phone.getByTestId('conflicts').textContent()).toContain('Toshkent Agro MChJ');
    await shot(phone, 'admin-intake-uz-375');
    await uz.close();
  });

  it('takes an application with its CV from the vacancy page with JavaScript off', async () => {
    const [vacancy] = (await app.api('/api/vacancies')).body.data;
    const context = await visitor(1280);
    const page = await context.newPage();
    await page.goto(`${app.url}/ru/careers/${vacancy.slug}`);
    await page.locator('#apply-name').fill('Дилноза Рахимова');
    await page.locator('#apply-email').fill('dilnoza.apply@example.uz');
    await page.locator('#apply-letter').fill('Хочу работать у вас.');
    await page.locator('#apply-cv').setInputFiles({ name: 'Rahimova.pdf', mimeType: 'application/pdf', buffer: SAMPLE.pdf('CV') });
    await page.locator('#apply-consent').check();
    await shot(page, 'vacancy-apply-ru-1280');
    await page.waitForTimeout(3100);
    await page.locator('#apply button[type=submit]').click();
    await page.waitForLoadState();
    expect(await page.locator('#apply [role=status]').textContent()).toBe('Спасибо: ваш отклик получен. Мы ответим по электронной почте.');
    const [application] = (await app.api('/api/contact?kind=application&search=dilnoza.apply@example.uz', { token })).body.data;
    expect(application).toMatchObject({ kind: 'application', vacancy: vacancy._id, message: 'Хочу работать у вас.', lang: 'ru' });
    expect((await app.api(`/api/contact/${application._id}`, { token })).body.data.files.map((file: { name: string }) => file.name)).toEqual(['Rahimova.pdf']);

    // A CV that is not one is said, on the page, in its language.
    const uz = await visitor(375);
    const again = await uz.newPage();
    await again.goto(`${app.url}/careers/${vacancy.slug}`);
    await again.locator('#apply-name').fill('Aziz');
    await again.locator('#apply-email').fill('aziz.apply@example.uz');
    await again.locator('#apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await SAMPLE.png() });
    await again.locator('#apply-consent').check();
    await again.waitForTimeout(3100);
    await again.locator('#apply button[type=submit]').click();
    await again.waitForLoadState();
    expect(await again.locator('#apply-problem').textContent()).toContain('«cv.pdf» PDF yoki Word fayl emas');
    expect(await again.locator('#apply-cv').getAttribute('aria-invalid')).toBe('true');
    await shot(again, 'vacancy-apply-refused-uz-375');
    await uz.close();
    await context.close();
  });
});
