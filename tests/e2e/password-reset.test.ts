import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The sign-in page in the clerk's words: "Forgot your password?" by e-mail, or "ask the administrator". */

describe.skipIf(!CHROME_PATH)('a forgotten password, in Chromium', () => {
  let app: TestApp;
  let plain: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp('sqlite', { ssr: true, env: { SMTP_URL: smtp.url } });
    plain = await startTestApp('sqlite', { ssr: true });
    browser = await launchBrowser();
    const admin = await app.login();
    await app.api('/api/auth/users', { token: admin, body: { email: 'kotiba@example.uz', password: 'the-first-password', role: 'editor', name: 'Kotiba' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await plain?.close();
    await smtp?.close();
  });

  async function page(base: string, width: number, lang: string) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), lang);
    const opened = await context.newPage();
    await opened.goto(`${base}/admin/login`, { waitUntil: 'networkidle' });
    return { context, page: opened };
  }

  it('sends the link from the sign-in page and sets the new password on a phone, in Russian', async () => {
    const { context, page: login } = await page(app.url, 375, 'ru');
    try {
      expect(await login.locator('main').textContent()).not.toMatch(/ADMIN_EMAIL|npm run/);
      await login.getByRole('link', { name: 'Забыли пароль?' }).click();
      // The reset form is shown (the sign-in form has an e-mail field with the same label).
      await login.waitForURL('**/admin/reset');
      await login.getByText('Укажите эл. почту вашей учётной записи', { exact: false }).waitFor();
      await login.getByLabel('Эл. почта').fill('kotiba@example.uz');
      await login.getByRole('button', { name: 'Отправить ссылку' }).click();
      await login.getByText('ссылка уже в пути', { exact: false }).waitFor({ timeout: 15_000 });
      await expect.poll(() => smtp.to('kotiba@example.uz').length, { timeout: 10_000 }).toBe(1);
      const link = /https:\/\/lawfirm\.test(\/admin\/reset\/[A-Za-z0-9_-]{43})/.exec(smtp.to('kotiba@example.uz')[0].body)![1];
      await login.goto(app.url + link, { waitUntil: 'networkidle' });
      await login.getByRole('button', { name: 'Сохранить пароль' }).waitFor();
      await login.getByLabel('Новый пароль (не короче 10 символов)').fill('a-brand-new-password');
      await login.getByLabel('Новый пароль ещё раз').fill('a-different-password');
      await login.getByRole('button', { name: 'Сохранить пароль' }).click();
      await login.getByText('Пароли не совпадают', { exact: false }).waitFor();
      await login.getByLabel('Новый пароль ещё раз').fill('a-brand-new-password');
      await login.getByRole('button', { name: 'Сохранить пароль' }).click();
      await login.getByText('Пароль изменён', { exact: false }).waitFor({ timeout: 15_000 });
      expect(await app.login('kotiba@example.uz', 'a-brand-new-password')).toBeTruthy();
      expect(await login.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });

  it('says to ask the administrator when the site sends no e-mail, in Uzbek', async () => {
    const { context, page: login } = await page(plain.url, 1280, 'uz');
    try {
      await expect.poll(() => login.locator('main').textContent()).toContain('Sayt administratoridan sizga yangi parol o‘rnatib berishini so‘rang');
      expect(await login.getByRole('link', { name: 'Parolni unutdingizmi?' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
