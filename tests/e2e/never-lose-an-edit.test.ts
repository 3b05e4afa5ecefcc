/*
 * Never losing an edit (API-4.md, issue 50), in Chromium on the real server and both databases:
 * what is typed survives a killed tab (restore offered, restored and marked), a new record's text
 * stays in the browser; two signed-in people see each other, "Edit anyway" turns the other's form
 * read-only with their text kept in their autosave; a save over a colleague's newer version shows
 * both side by side (a document block by block) and keeps what is chosen from each; a save made
 * while the server cannot be reached is made once when it can.
 * With EDIT_SHOTS=<folder>, the restore offer, presence and the conflict are photographed at 375
 * and 1280 px in Uzbek and Russian.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOTS = process.env.EDIT_SHOTS;
const PASSWORD = 'a long password for Dilnoza 7';
const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (words: string) => ({ type: 'paragraph', content: [text(words)] });
const doc = (...blocks: string[]) => ({ type: 'doc', content: blocks.map(paragraph) });
const wordsOf = (value: unknown) => JSON.stringify(value);

describe.skipIf(!CHROME_PATH).each(DIALECTS)('never losing an edit on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let admin: string;
  let editor: string;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    admin = await app.login();
    const me = (await app.api('/api/auth/me', { token: admin })).body.data as { _id: string };
    expect((await app.api(`/api/auth/users/${me._id}`, { method: 'PUT', token: admin, body: { name: 'Aziz Rahimov' } })).status).toBe(200);
    const created = await app.api('/api/auth/users', { token: admin, body: { email: 'dilnoza@example.uz', name: 'Dilnoza Karimova', password: PASSWORD, role: 'editor' } });
    expect(created.status, created.text).toBe(201);
    editor = await app.login('dilnoza@example.uz', PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    expect(errors).toEqual([]);
  });

  async function open(token: string, where: string, { lang = 'en', width = 1280, context }: { lang?: string; width?: number; context?: BrowserContext } = {}): Promise<{ page: Page; context: BrowserContext }> {
    const own = context ?? (await browser.newContext({ viewport: { width, height: 900 } }));
    if (!context)
      await own.addInitScript(
        ([value, language]) => {
          localStorage.setItem('token', value);
          localStorage.setItem('i18nextLng', language);
        },
        [token, lang],
      );
    const page = await own.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}${where}`);
    await page.locator('#field-title').waitFor();
    return { page, context: own };
  }
  const article = async (title: string, ...blocks: string[]) =>
    (await app.api('/api/news', { token: admin, body: { title: { uz: title, ru: `${title} (ru)`, en: `${title} (en)` }, excerpt: { uz: 'Qisqacha', ru: 'Кратко', en: 'Short' }, category: { uz: 'Qonun' }, content: { uz: doc(...blocks) }, published: false } })).body.data as { _id: string; version: number };
  const stored = async (id: string) => (await app.api(`/api/news/${id}?admin=true`, { token: admin })).body.data as Record<string, unknown> & { version: number; title: Record<string, string>; content: Record<string, unknown>; excerpt: Record<string, string> };
  const autosaved = (page: Page) => expect.poll(() => page.getByTestId('autosave').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
  /** The screen as it is seen, scrolled to what is being shown. */
  const shoot = async (page: Page, name: string, testId: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.getByTestId(testId).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -60));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${dialect}.png`) });
  };

  it('keeps what was typed when the tab is killed, offers it back and marks it; a new record’s text stays in the browser', async () => {
    const created = await article('Soliq kodeksi', 'Birinchi xatboshi.', 'Ikkinchi xatboshi.');
    const first = await open(admin, `/admin/news/${created._id}/edit`);
    await first.page.fill('#field-title', 'Soliq kodeksi: yangi tahrir');
    await first.page.locator('#field-content p').first().click();
    await first.page.keyboard.press('End');
    await first.page.keyboard.type(' Qo‘shimcha gap.');
    await autosaved(first.page);
    expect(await first.page.getByTestId('autosave').textContent()).toMatch(/^Saved as draft \d/);
    // Killed: no save, no "leave?" — the context simply goes.
    await first.context.close();
    expect((await stored(created._id)).title.uz).toBe('Soliq kodeksi');

    for (const [lang, width] of [['uz', 375], ['ru', 1280], ['uz', 1280], ['ru', 375]] as const) {
      if (!SHOTS && (lang !== 'uz' || width !== 375)) continue;
      const look = await open(admin, `/admin/news/${created._id}/edit`, { lang, width });
      await look.page.getByTestId('restore-offer').waitFor();
      await shoot(look.page, `restore-offer-${lang}-${width}`, 'restore-offer');
      await look.context.close();
    }
    const again = await open(admin, `/admin/news/${created._id}/edit`);
    await again.page.getByTestId('restore-offer').getByRole('button', { name: 'Restore' }).click();
    expect(await again.page.inputValue('#field-title')).toBe('Soliq kodeksi: yangi tahrir');
    await expect.poll(() => again.page.locator('#field-content').textContent()).toContain('Birinchi xatboshi. Qo‘shimcha gap.');
    // The restored fields are marked.
    expect(await again.page.locator('[data-field="title"]').getByText('Restored from your unsaved changes').count()).toBe(1);
    expect(await again.page.locator('[data-field="content"]').getByText('Restored from your unsaved changes').count()).toBe(1);
    await again.page.locator('form button[type=submit]').click();
    await again.page.getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    await expect.poll(async () => (await stored(created._id)).title.uz).toBe('Soliq kodeksi: yangi tahrir');
    // Saved for real: the autosave is gone, the next opening offers nothing.
    await expect.poll(async () => (await app.api(`/api/news/${created._id}/autosave`, { token: admin })).status).toBe(404);
    await again.context.close();

    // A new record's form: its text stays in this browser until the first save, and is offered back.
    const fresh = await open(admin, '/admin/news/new');
    await fresh.page.fill('#field-title', 'Hali saqlanmagan maqola');
    await expect.poll(() => fresh.page.getByTestId('autosave').textContent()).toMatch(/^Kept in this browser/);
    await fresh.page.close({ runBeforeUnload: false });
    const back = await open(admin, '/admin/news/new', { context: fresh.context });
    await back.page.getByTestId('restore-offer').getByRole('button', { name: 'Restore' }).click();
    expect(await back.page.inputValue('#field-title')).toBe('Hali saqlanmagan maqola');
    // Signing out with unsaved changes asks first; staying keeps the form and the session.
    await back.page.getByRole('button', { name: 'Logout' }).click();
    await back.page.getByRole('dialog').getByText('You have unsaved changes').waitFor();
    await back.page.getByRole('dialog').getByRole('button', { name: 'Stay on the page' }).click();
    expect(await back.page.inputValue('#field-title')).toBe('Hali saqlanmagan maqola');
    expect(await back.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await back.context.close();
  });

  it('shows two signed-in editors each other, in the list too, and "Edit anyway" turns the other read-only with their text kept', async () => {
    const created = await article('Mehnat kodeksi', 'Matn.');
    await article('Suv kodeksi', 'Matn.');
    const aziz = await open(admin, `/admin/news/${created._id}/edit`);
    await aziz.page.getByRole('tab', { name: /^RU · / }).click();
    await aziz.page.fill('#field-title', 'Трудовой кодекс: правка Азиза');
    // Dilnoza's list shows who has the article open.
    const list = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await list.addInitScript(
      ([value]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', 'en');
      },
      [editor],
    );
    const listPage = await list.newPage();
    await listPage.goto(`${app.url}/admin/news`);
    await expect.poll(() => listPage.locator('tr', { hasText: 'Mehnat kodeksi' }).getByRole('img', { name: 'Aziz Rahimov has this record open' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await listPage.locator('tr', { hasText: 'Suv kodeksi' }).getByRole('img').count()).toBe(0);
    await list.close();

    const dilnoza = await open(editor, `/admin/news/${created._id}/edit`);
    await expect.poll(() => dilnoza.page.getByTestId('presence').textContent(), { timeout: 10_000 }).toContain('Aziz Rahimov is editing Title (RU)');
    // Aziz moves to the excerpt: his next heartbeat tells him who else is here.
    await dilnoza.page.locator('#field-content').click();
    await aziz.page.locator('#field-excerpt').click();
    await expect.poll(() => aziz.page.getByTestId('presence').textContent(), { timeout: 10_000 }).toMatch(/Dilnoza Karimova is editing (Content|Text|Body)/);
    for (const [lang, width] of [['uz', 375], ['ru', 1280], ['uz', 1280], ['ru', 375]] as const) {
      if (!SHOTS) break;
      const look = await open(editor, `/admin/news/${created._id}/edit`, { lang, width });
      await look.page.getByTestId('presence').waitFor({ timeout: 10_000 });
      await shoot(look.page, `presence-${lang}-${width}`, 'presence');
      await look.context.close();
    }

    await dilnoza.page.getByTestId('presence').getByRole('button', { name: 'Edit anyway' }).click();
    await dilnoza.page.getByRole('dialog').getByRole('button', { name: 'Edit anyway' }).click();
    // Aziz's next heartbeat (here: his focus moving) answers who took over.
    await aziz.page.locator('#field-title').click();
    await aziz.page.getByTestId('taken-over').waitFor({ timeout: 25_000 });
    expect(await aziz.page.getByTestId('taken-over').textContent()).toMatch(/^Dilnoza Karimova took over editing at .+; your changes are kept as a draft\.$/);
    expect(await aziz.page.locator('#field-title').evaluate((field) => field.closest('[inert]') !== null)).toBe(true);
    // His text is kept in his autosave (not in the record).
    await expect.poll(async () => wordsOf((await app.api(`/api/news/${created._id}/autosave`, { token: admin })).body.data?.fields), { timeout: 10_000 }).toContain('Трудовой кодекс: правка Азиза');
    expect((await stored(created._id)).title.ru).toBe('Mehnat kodeksi (ru)');
    await aziz.context.close();
    await dilnoza.context.close();
  });

  it('shows a conflicting save side by side, a document block by block, and saves what was chosen from each on top of the newer version', async () => {
    const created = await article('Yer kodeksi', 'Birinchi band.', 'Ikkinchi band.');
    const aziz = await open(admin, `/admin/news/${created._id}/edit`);
    // Dilnoza saves first: the title and the second paragraph.
    const theirs = await app.api(`/api/news/${created._id}`, { method: 'PUT', token: editor, body: { title: { uz: 'Yer kodeksi (Dilnoza)', ru: 'Yer kodeksi (ru)', en: 'Yer kodeksi (en)' }, content: { uz: doc('Birinchi band.', 'Ikkinchi band, Dilnoza tuzatdi.') }, version: created.version } });
    expect(theirs.status, theirs.text).toBe(200);
    // Aziz, on the version he opened: the title, the first paragraph and the excerpt.
    await aziz.page.fill('#field-title', 'Yer kodeksi (Aziz)');
    await aziz.page.fill('#field-excerpt', 'Aziz yozgan qisqacha');
    await aziz.page.locator('#field-content p').first().click();
    await aziz.page.keyboard.press('End');
    await aziz.page.keyboard.type(' Aziz qo‘shdi.');
    await aziz.page.locator('form button[type=submit]').click();
    const conflict = aziz.page.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getByRole('alert').textContent()).toMatch(/^Dilnoza Karimova saved this record \(.+\), after you opened it\./);
    const title = conflict.locator('[data-clash="title.uz"]');
    expect(await title.locator('[data-side="theirs"]').textContent()).toContain('Yer kodeksi (Dilnoza)');
    expect(await title.locator('[data-side="mine"]').textContent()).toContain('Yer kodeksi (Aziz)');
    const body = conflict.locator('[data-clash="content.uz"]');
    expect(await body.locator('[data-block]').count()).toBe(2);
    expect(await conflict.locator('[data-clash="excerpt.uz"]').count()).toBe(0);
    for (const lang of SHOTS ? ['uz', 'ru', 'en'] : []) {
      await aziz.page.setViewportSize({ width: 1280, height: 900 });
      await aziz.page.selectOption('#admin-language', lang);
      if (lang === 'en') break;
      await shoot(aziz.page, `conflict-${lang}-1280`, 'conflict');
      await aziz.page.setViewportSize({ width: 375, height: 900 });
      await shoot(aziz.page, `conflict-${lang}-375`, 'conflict');
    }
    // Theirs for the title, merged by hand; his first paragraph, her second.
    await title.getByRole('button', { name: 'Keep theirs' }).click();
    await title.getByRole('textbox').fill('Yer kodeksi (Dilnoza va Aziz)');
    await body.locator('[data-block="0"]').getByRole('button', { name: 'Keep mine' }).click();
    await body.locator('[data-block="1"]').getByRole('button', { name: 'Keep theirs' }).click();
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await expect.poll(async () => (await stored(created._id)).version).toBe(theirs.body.data.version + 1);
    const saved = await stored(created._id);
    expect(saved.title.uz).toBe('Yer kodeksi (Dilnoza va Aziz)');
    expect(saved.excerpt.uz).toBe('Aziz yozgan qisqacha');
    expect(wordsOf(saved.content.uz)).toContain('Birinchi band. Aziz qo‘shdi.');
    expect(wordsOf(saved.content.uz)).toContain('Ikkinchi band, Dilnoza tuzatdi.');
    expect(await aziz.page.getByTestId('conflict').count()).toBe(0);
    await aziz.page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    // Changes that do not meet go through together, with nothing to choose: her Russian excerpt, his title.
    const hers = await app.api(`/api/news/${created._id}`, { method: 'PUT', token: editor, body: { excerpt: { ...saved.excerpt, ru: 'Кратко от Дильнозы' }, version: saved.version } });
    expect(hers.status, hers.text).toBe(200);
    await aziz.page.fill('#field-title', 'Yer kodeksi (yakuniy)');
    await aziz.page.locator('form button[type=submit]').click();
    await expect.poll(async () => (await stored(created._id)).title.uz).toBe('Yer kodeksi (yakuniy)');
    const both = await stored(created._id);
    expect(both.excerpt.ru).toBe('Кратко от Дильнозы');
    expect(both.version).toBe(hers.body.data.version + 1);
    await aziz.context.close();
  });

  it('says when the server cannot be reached, keeps the text in the browser and saves it once when it comes back', async () => {
    const created = await article('Bojxona kodeksi', 'Matn.');
    const { page, context } = await open(admin, `/admin/news/${created._id}/edit`);
    let cut = false;
    let saves = 0;
    await page.route('**/api/**', async (route) => {
      if (cut) return route.abort('internetdisconnected');
      const url = new URL(route.request().url());
      if (['PUT', 'POST'].includes(route.request().method()) && url.pathname === `/api/news/${created._id}`) saves += 1;
      return route.continue();
    });
    cut = true;
    await page.fill('#field-title', 'Bojxona kodeksi: oflayn');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.getByTestId('autosave').getAttribute('data-state')).toBe('offline');
    expect(await page.getByTestId('autosave').textContent()).toBe('Offline — kept in this browser');
    expect(await page.evaluate((key) => localStorage.getItem(key), `autosave:news:${created._id}`)).toContain('Bojxona kodeksi: oflayn');
    expect(saves).toBe(0);
    cut = false;
    await expect.poll(async () => (await stored(created._id)).title.uz, { timeout: 15_000 }).toBe('Bojxona kodeksi: oflayn');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // Once: no second save after the first went through (the retries stop).
    await page.waitForTimeout(5000);
    expect(saves).toBe(1);
    expect((await stored(created._id)).version).toBe(created.version + 1);
    await context.close();
  });
});
