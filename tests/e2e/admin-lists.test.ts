/*
 * Every admin list shows what the database holds after a delete, a restore from the trash and a
 * save, on both databases (issue: a deleted article stayed in /admin/news after "Deleted.").
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.skipIf(!CHROME_PATH).each(DIALECTS)('admin lists after changes on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([value]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', 'uz');
    }, [token]);
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const rows = (title: string) => page.getByRole('button', { name: `O‘chirish: ${title}`, exact: true });
  const open = async (path: string) => {
    await page.goto(app.url + path);
    await page.waitForSelector('#admin-main h1');
  };

  it.each(['news', 'blog', 'team', 'faqs', 'services', 'partners'])('%s: a delete leaves the list at once and after a reload, a restore brings it back, a save shows', async (type) => {
    const listed = (await app.api(`/api/${type}?admin=true&limit=100`, { token })).body.data as Array<Record<string, unknown> & { _id: string; version: number }>;
    const target = listed[0];
    await open(`/admin/${type}`);
    const label = (await page.getByRole('button', { name: /^O‘chirish: / }).first().getAttribute('aria-label'))!.replace('O‘chirish: ', '');
    await rows(label).first().click();
    await page.getByRole('dialog', { name: 'Tasdiqlang' }).getByRole('button', { name: 'O‘chirish', exact: true }).click();
    await expect.poll(() => page.getByRole('status').or(page.getByText('O‘chirildi')).count()).toBeGreaterThan(0);
    await expect.poll(() => rows(label).count()).toBe(0);
    const gone = listed.find((record) => JSON.stringify(record).includes(label.replace(/ \(.*\)$/, ''))) ?? target;
    expect((await app.api(`/api/${type}/${gone._id}?admin=true`, { token })).status).toBe(404);
    await open(`/admin/${type}`);
    expect(await rows(label).count()).toBe(0);

    await open('/admin/trash');
    await page.getByRole('button', { name: new RegExp(`^Tiklash: ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ \\\(.*\\\)$/, '')}`) }).first().click();
    await expect.poll(async () => (await app.api(`/api/${type}/${gone._id}?admin=true`, { token })).status).toBe(200);
    await open(`/admin/${type}`);
    await expect.poll(() => rows(label).count()).toBe(1);
    if (type !== 'news' && type !== 'blog') return;
    // A save shows in the list at once, in place of the old title.
    await page.getByRole('link', { name: `Tahrirlash: ${label}` }).or(page.getByRole('button', { name: `Tahrirlash: ${label}` })).first().click();
    await page.waitForSelector('#field-title');
    // The language tabs name languages in the admin's language (Uzbek here), not in their own.
    expect(await page.getByRole('tab', { name: /^RU · / }).textContent()).toContain('RU · Ruscha');
    // The page address comes right after the title, with the whole link visitors will use.
    const order = await page.locator('[data-field]').evaluateAll((fields) => fields.map((field) => field.getAttribute('data-field')));
    expect(order[order.indexOf('title') + 1]).toBe('slug');
    expect(await page.getByTestId('full-link').textContent()).toBe(`To‘liq havola: ${app.url}/${type}/${await page.inputValue('#field-slug')}`);
    const renamed = `${label.replace(/ \(.*\)$/, '')} — yangilandi`;
    await page.fill('#field-title', renamed);
    await page.locator('form button[type=submit]').click();
    // The save stays on its form (it says so); the list, one click away, shows the new title.
    await page.getByRole('status').filter({ hasText: 'Saqlandi.' }).waitFor();
    await page.getByRole('link', { name: 'Ro‘yxatga qaytish' }).click();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^O‘chirish: ${renamed}`) }).count()).toBe(1);
    expect(await rows(label).count()).toBe(0);
  });
});
