/*
 * The translation memory in the side-by-side editor (API-4.md "The translation desk"; Chromium, the
 * real server, both databases): the cursor in a Russian block shows the memory's matches for the
 * Uzbek block beside it, with their score; "Insert" puts the stored block in, its link to a page of
 * the site kept by reference.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPageAs } from '../helpers/admin-browser.ts';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (words: string, marks?: unknown[]) => ({ type: 'text', text: words, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe.skipIf(!CHROME_PATH).each(DIALECTS)('translation memory in the side-by-side editor on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('offers a match for the block under the cursor with its score, and inserts it with its link by reference', async () => {
    const service = await app.api('/api/services', { token, body: { title: { uz: 'Soliq maslahati', ru: 'Налоговые консультации' }, description: { uz: 'Tavsif' }, slug: 'soliq-xotira' } });
    const serviceId = service.body.data._id as string;
    const link = [{ type: 'link', attrs: { ref: { type: 'services', id: serviceId } } }];
    const sourceBlock = paragraph(text('Hisobotlar har chorakda '), text('soliq xizmatiga', link), text(' topshiriladi.'));
    const translated = await app.api('/api/news', {
      token,
      body: {
        title: { uz: 'Hisobot tartibi', ru: 'Порядок отчётности' },
        excerpt: { uz: 'Qisqacha', ru: 'Кратко' },
        category: { uz: 'Soliq', ru: 'Налоги' },
        content: { uz: doc(sourceBlock), ru: doc(paragraph(text('Отчёты сдаются в '), text('налоговую службу', link), text(' ежеквартально.'))) },
      },
    });
    expect(translated.status, translated.text).toBe(201);
    const fresh = await app.api('/api/news', { token, body: { title: { uz: 'Yangi tartib' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: doc(sourceBlock, paragraph(text('Boshqa gap.'))) }, published: false } });
    expect(fresh.status, fresh.text).toBe(201);
    const remembered = await app.api(`/api/translation-memory?from=uz&to=ru&text=${encodeURIComponent('Hisobotlar har chorakda soliq xizmatiga topshiriladi.')}`, { token });
    expect(remembered.body.data[0], remembered.text).toMatchObject({ score: 100, block: { type: 'paragraph' } });

    const { context, page, errors } = await adminPageAs(browser, token, 'ru');
    await page.goto(`${app.url}/admin/news/${fresh.body.data._id}/edit?lang=ru`);
    const editor = page.locator('#field-content[contenteditable="true"]');
    await editor.waitFor();
    await editor.click();
    const match = page.getByTestId('memory-match').first();
    await page.getByTestId('memory-matches').waitFor({ timeout: 10_000 });
    await match.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${await page.getByTestId('memory-matches').textContent()}`);
    });
    expect(await match.textContent()).toContain('Совпадение 100%');
    expect(await match.textContent()).toContain('Отчёты сдаются в налоговую службу ежеквартально.');
    await match.getByRole('button', { name: /Вставить этот перевод \(100%\) на место блока 1/ }).click();
    await editor.getByText('ежеквартально').waitFor();
    // The link came in as a link to the record, not as text.
    const anchor = editor.locator('a', { hasText: 'налоговую службу' });
    expect(await anchor.count()).toBe(1);
    await context.close();
    expect(errors).toEqual([]);
  });
});
