/*
 * Actions on many records from an admin list, and the Calendar screen, in Chromium on both
 * databases (API-4.md "Releases, the calendar and bulk actions").
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const all = { uz: 'Matn', ru: 'Текст', en: 'Text' };

describe.skipIf(!CHROME_PATH).each(DIALECTS)('bulk actions and the calendar in the admin on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let token: string;

  const signedIn = async (width: number, lang: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(([value, language]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', language);
    }, [token, lang]);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('unpublishes chosen news from the list, says what came of each, and undoes it', async () => {
    const hidden = (await app.api('/api/services', { token, body: { title: { uz: 'Yopiq xizmat' }, description: all, isActive: false } })).body.data;
    const badLink = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Xizmat', marks: [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }] }] }] };
    const make = async (title: string, extra: Record<string, unknown> = {}) =>
      (await app.api('/api/news', { token, body: { title: { uz: title, ru: title }, excerpt: all, category: all, content: all, date: '2099-01-01', ...extra } })).body.data as { _id: string };
    const first = await make('Ommaviy olib tashlash A');
    const second = await make('Ommaviy olib tashlash B');
    const failing = await make('Tekshiruvsiz C', { published: false, content: { ...all, uz: badLink } });

    const { context, page } = await signedIn(1280, 'uz');
    try {
      await page.goto(`${app.url}/admin/news`);
      for (const title of ['Ommaviy olib tashlash A', 'Ommaviy olib tashlash B']) await page.getByRole('checkbox', { name: `Tanlash: ${title}` }).check();
      const bar = page.getByRole('region', { name: 'Tanlangan yozuvlar bilan amallar' });
      await bar.getByText('2 ta tanlandi').waitFor();
      // The bar is reached by the keyboard from the checkbox.
      await page.getByRole('checkbox', { name: 'Tanlash: Ommaviy olib tashlash B' }).focus();
      await bar.getByRole('button', { name: 'E’londan olish' }).click();
      const report = page.locator('[data-bulk-report]');
      await report.getByText('2 ta e’londan olindi').waitFor();
      for (const { _id } of [first, second]) expect((await app.api(`/api/news/${_id}`)).status).toBe(404);

      // Undo publishes them again.
      await report.getByRole('button', { name: 'Qaytarish' }).click();
      await report.getByText(/Qaytarildi\. 2 ta e’lon qilindi/).waitFor();
      for (const { _id } of [first, second]) expect((await app.api(`/api/news/${_id}`)).status).toBe(200);

      // Publishing one that fails its checks with one that passes: one done, one refused and named with why.
      await page.getByRole('checkbox', { name: 'Tanlash: Tekshiruvsiz C' }).check();
      await page.getByRole('checkbox', { name: 'Tanlash: Ommaviy olib tashlash A' }).check();
      await bar.getByRole('button', { name: 'E’lon qilish', exact: true }).click();
      await report.getByText('1 ta e’lon qilindi, 1 tasi rad etildi: tekshiruvdan o‘tmadi').waitFor();
      await report.getByRole('listitem').filter({ hasText: 'Tekshiruvsiz C' }).waitFor();
      expect((await app.api(`/api/news/${failing._id}`)).status).toBe(404);

      // Select all on the page, then clear.
      await page.getByRole('checkbox', { name: 'Shu sahifadagi barcha yozuvlarni tanlash' }).check();
      const chosen = await page.locator('[data-bulk-row]:checked').count();
      expect(chosen).toBeGreaterThan(2);
      await bar.getByRole('button', { name: 'Tanlovni bekor qilish' }).click();
      expect(await page.locator('[data-bulk-row]:checked').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the month as a grid at 1280 px and as a list at 375 px, each entry linking to its record, moved by the keyboard', async () => {
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Taqvimdagi qonun', ru: 'Закон в календаре' }, excerpt: all, category: all, content: all, inForceAt: '2031-03-01' } })).body.data as { _id: string };
    for (const [width, lang] of [[1280, 'ru'], [375, 'uz']] as const) {
      const { context, page } = await signedIn(width, lang);
      try {
        await page.goto(`${app.url}/admin/calendar?date=2031-03-10`);
        await page.getByRole('heading', { name: lang === 'ru' ? 'Март 2031' : 'Mart 2031', exact: true }).waitFor();
        const entry = page.getByRole('link', { name: lang === 'ru' ? /Закон вступает в силу\s*Закон в календаре/ : /Qonun kuchga kiradi\s*Taqvimdagi qonun/ });
        await entry.waitFor();
        expect(await entry.count()).toBe(1);
        if (width === 1280) expect(await page.locator('[data-day="2031-03-01"] [data-calendar-entry="in_force"]').count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The keyboard: → the next month, ← back.
        await page.getByRole('button', { name: lang === 'ru' ? 'Сегодня' : 'Bugun' }).focus();
        await page.keyboard.press('ArrowRight');
        await page.getByRole('heading', { name: lang === 'ru' ? 'Апрель 2031' : 'Aprel 2031', exact: true }).waitFor();
        await page.keyboard.press('ArrowLeft');
        await page.getByRole('heading', { name: lang === 'ru' ? 'Март 2031' : 'Mart 2031', exact: true }).waitFor();
        await entry.click();
        await page.waitForURL(`**/admin/news/${article._id}`);
      } finally {
        await context.close();
      }
    }
  });
});
