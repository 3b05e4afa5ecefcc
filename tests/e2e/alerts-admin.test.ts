import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { BOT_TOKEN, startBotApi } from '../helpers/bot-api.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The alerts in the admin (API-3.md "Alerts"): the subscribers' screen and an article's sending log. */

describe.skipIf(!CHROME_PATH)('alerts in the admin, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  let token: string;
  let topics: string[];

  async function subscribe(email: string, language: string, chosen: string[], confirm: boolean) {
    expect((await app.api('/api/subscriptions', { body: { email, language, topics: chosen, consent: true } })).status).toBe(202);
    await expect.poll(() => smtp.to(email).length, { timeout: 10_000 }).toBe(1);
    if (!confirm) return;
    const link = /https:\/\/lawfirm\.test(\/[a-z-]*)?\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(smtp.to(email)[0].body)![0].replace('https://lawfirm.test', '');
    expect((await fetch(app.url + link, { method: 'POST', body: new URLSearchParams() })).status).toBe(200);
  }

  async function open(path: string, width: number, lang: string) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    await context.addInitScript(
      ([value, language]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', language);
      },
      [token, lang],
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(app.url + path);
    return { context, page, errors };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    bot = await startBotApi(['-1001234567890', '@adliya_uz']);
    app = await startTestApp('sqlite', { demo: true, ssr: true, env: { SMTP_URL: smtp.url, TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_CHAT_ID: '-1001234567890', TELEGRAM_API_URL: bot.url } });
    browser = await launchBrowser();
    token = await app.login();
    topics = (await app.api('/api/services?limit=2')).body.data.map((service: { _id: string }) => service._id);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
    await bot?.close();
  });

  it('lists subscribers with counts on a phone in Russian, filters them, exports the CSV and removes one after asking', async () => {
    await subscribe('first@client.uz', 'ru', [topics[0]], true);
    await subscribe('second@client.uz', 'uz', [topics[1]], false);
    const { context, page, errors } = await open('/admin/subscribers', 375, 'ru');
    try {
      const list = page.getByTestId('subscribers');
      await expect.poll(() => list.locator('li').count()).toBe(2);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Подписчики правовых новостей');
      expect(await list.locator('li', { hasText: 'first@client.uz' }).textContent()).toContain('подтверждена');
      expect(await list.locator('li', { hasText: 'second@client.uz' }).textContent()).toContain('ждёт подтверждения');
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByLabel('Статус').selectOption({ label: 'ждёт подтверждения' });
      await expect.poll(() => list.locator('li').count()).toBe(1);
      await page.getByLabel('Статус').selectOption({ value: '' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFЭл. почта,Язык,Темы,Статус,Подписка,Подтверждена');
      expect(csv).toContain('second@client.uz');
      // Removing asks first; Cancel keeps the subscriber.
      await list.getByRole('button', { name: 'Удалить: second@client.uz' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('Удалить second@client.uz?');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      expect(await list.locator('li').count()).toBe(2);
      await list.getByRole('button', { name: 'Удалить: second@client.uz' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Удалить', exact: true }).click();
      await expect.poll(() => list.locator('li').count()).toBe(1);
      expect((await app.api('/api/subscriptions', { token })).body.data.map((item: { email: string }) => item.email)).toEqual(['first@client.uz']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows an article’s sending log in its form, in Uzbek', async () => {
    const created = (await app.api('/api/news', { token, body: { title: { uz: 'Yangi qaror', ru: 'Новое постановление' }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [topics[0]], notify: true } })).body.data;
    await expect.poll(async () => (await app.api(`/api/news/${created._id}/alerts`, { token })).body.data.sent, { timeout: 15_000 }).toBe(1);
    const { context, page, errors } = await open(`/admin/news/${created._id}/edit`, 1280, 'uz');
    try {
      const log = page.getByTestId('alert-log');
      await expect.poll(() => log.textContent()).toMatch(/Obunachilarga xat.*yuborildi, obunachilar: 1/);
      // The topics are checkboxes with the practice areas' names; the one chosen is ticked.
      const corporate = page.getByRole('checkbox', { name: 'Korporativ huquq' });
      expect(await corporate.isChecked()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('posts an article to the Uzbek channel from its form on a phone, in Russian: the draft, the edit, the state', async () => {
    const config = (await app.api('/api/site-config', { token })).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, telegram: { channels: { uz: '@adliya_uz' } } } })).status).toBe(200);
    const created = (await app.api('/api/news', { token, body: { title: { uz: 'Kanal uchun xabar', ru: 'Новость для канала' }, excerpt: { uz: 'Qisqa mazmun.' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' } } })).body.data;
    const { context, page, errors } = await open(`/admin/news/${created._id}/edit`, 375, 'ru');
    try {
      const panel = page.getByTestId('channel-posts');
      await panel.getByRole('button', { name: 'Опубликовать в канале' }).click();
      const dialog = page.getByRole('dialog');
      const text = dialog.getByLabel('Текст публикации');
      await expect.poll(() => text.inputValue()).toContain('Kanal uchun xabar');
      expect(await text.inputValue()).toContain('?source=telegram');
      await text.fill('Kanal uchun xabar\n\nO‘zgartirilgan matn.');
      await dialog.getByRole('checkbox').uncheck();
      await dialog.getByRole('button', { name: 'Опубликовать', exact: true }).click();
      await expect.poll(() => panel.locator('li[data-lang="uz"]').textContent(), { timeout: 10_000 }).toContain('опубликовано');
      expect(await panel.getByRole('button', { name: 'Обновить публикацию' }).count()).toBe(1);
      expect(bot.calls.find((call) => call.method === 'sendMessage' && call.params.chat_id === '@adliya_uz')?.params).toMatchObject({ chat_id: '@adliya_uz', text: '<b>Kanal uchun xabar</b>\n\nO‘zgartirilgan matn.', parse_mode: 'HTML' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
