/*
 * A machine draft in the admin (Chromium, the real server, both databases): beside the Russian
 * texts of an Uzbek alert, "Machine draft" says what goes to Yandex Translate and to whom before
 * anything leaves, writes the translation into the form, marks each field it wrote until a person
 * presses "Confirm"; without a service the button is not there. Yandex is a local stand-in that
 * checks the key and answers in the API's documented shape.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const KEY = 'yandex-api-key-0001';
const SHOTS = process.env.MT_SCREENSHOTS;

async function yandexStandIn() {
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url !== '/translate/v2/translate' || request.headers.authorization !== `Api-Key ${KEY}`) return send(401, { code: 16, message: 'Unknown api key' });
      const { texts } = JSON.parse(raw) as { texts: string[] };
      // "Translated": the words outside tags in capitals.
      send(200, { translations: texts.map((text) => ({ text: text.split(/(<[^>]+>|&[#a-z0-9]+;)/i).map((part, index) => (index % 2 ? part : part.toUpperCase())).join('') })) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const WORDS = {
  uz: { draft: 'Mashina qoralamasi', send: 'Yandex Translatega yuborish', marked: 'Mashina tarjimasi, tasdiqlanmagan', confirm: 'Tasdiqlash' },
  ru: { draft: 'Машинный черновик', send: 'Отправить в Yandex Translate', marked: 'Машинный перевод, не подтверждён', confirm: 'Подтвердить' },
};

describe.skipIf(!CHROME_PATH).each(DIALECTS)('a machine draft in the admin on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  let yandex: Awaited<ReturnType<typeof yandexStandIn>>;
  const errors: string[] = [];

  beforeAll(async () => {
    yandex = await yandexStandIn();
    app = await startTestApp(dialect, { ssr: true, env: { MT_PROVIDER: 'yandex', MT_API_KEY: KEY, MT_API_URL: yandex.url } });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await yandex?.close();
  });

  async function open(id: string, width: number, language: 'uz' | 'ru'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(([value, lang]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', lang);
    }, [token, language]);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/admin/news/${id}/edit?lang=en`);
    await page.waitForSelector('#admin-main h1');
    return page;
  }

  for (const [language, width] of [['uz', 1280], ['ru', 375]] as const) {
    it(`drafts the English texts after saying what leaves the server, marks them, and confirms one (${language}, ${width} px)`, async () => {
      const created = await app.api('/api/news', { token, body: { title: { uz: 'Soliq kodeksiga oʻzgartishlar' }, excerpt: { uz: 'Korxonalar uchun yangi tartib.' }, category: { uz: 'Soliq' }, content: { uz: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Yangi tartib ' }, { type: 'text', text: 'kuchga kiradi', marks: [{ type: 'bold' }] }] }] } }, published: false } });
      expect(created.status, created.text).toBe(201);
      const page = await open(created.body.data._id, width, language);
      const words = WORDS[language];
      await page.getByRole('button', { name: words.draft }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Yandex Translate');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/machine-draft-ask-${language}-${width}.png` });
      await dialog.getByRole('button', { name: words.send }).click();
      // The form reads the record again: every field written is marked, with Confirm.
      const bar = page.getByTestId('machine-draft');
      await expect.poll(() => bar.getByTestId('machine-field').count(), { timeout: 15_000 }).toBe(4);
      expect(await bar.getByText(words.marked).count()).toBe(1);
      await expect.poll(() => page.locator('#field-content').textContent()).toContain('YANGI TARTIB KUCHGA KIRADI');
      expect(await page.locator('#field-content strong').textContent()).toBe('KUCHGA KIRADI');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/machine-draft-marked-${language}-${width}.png` });
      await bar.getByRole('button', { name: words.confirm }).first().click();
      await expect.poll(() => bar.getByTestId('machine-field').count()).toBe(3);
      // The translation status shows the language's texts still machine-made.
      await page.goto(`${app.url}/admin/translations`);
      const row = page.getByRole('row', { name: /Soliq kodeksiga/ }).first();
      await expect.poll(() => row.getByText(words.marked).count(), { timeout: 15_000 }).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/machine-draft-status-${language}-${width}.png` });
      await page.context().close();
    });
  }

  it('offers no machine draft without a translation service', async () => {
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Xizmatsiz' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Matn' }] }] } }, published: false } });
    const translator = app.services.machineTranslation.translator;
    app.services.machineTranslation.translator = undefined;
    try {
      const page = await open(created.body.data._id, 1280, 'uz');
      await page.locator('#field-content').waitFor();
      expect(await page.getByRole('button', { name: WORDS.uz.draft }).count()).toBe(0);
      await page.context().close();
    } finally {
      app.services.machineTranslation.translator = translator;
    }
    expect(errors).toEqual([]);
  });
});
