/*
 * An article's form in the Uzbek and Russian admin, in Chromium, on the demo site: its topics are
 * practice areas and industries under their headings, and an industry ticked stays ticked; with
 * approval on, the publishing choice says what waits for approval (a live record's changes, an unpublished
 * one going live now or at a time), an administrator's what happens at once. Each part is
 * photographed at 375 and 1280 px (SHOTS_DIR, when set).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPageAs } from '../helpers/admin-browser.ts';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-password-1';
const SHOTS = process.env.SHOTS_DIR;

describe.skipIf(!CHROME_PATH)('an article’s topics and publishing choice in the admin, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: string;
  let editor: string;

  /** A signed-in page of the editor (or `who`) in this admin language. */
  async function as(language: 'uz' | 'ru', who?: string) {
    return adminPageAs(browser, who ?? editor, language);
  }
  const open = async (page: Page, to: string) => {
    await page.goto(app.url + to);
    await page.waitForSelector('#admin-main h1');
  };
  /** The part of the form a change is about, at both widths, into SHOTS_DIR. */
  async function shoot(page: Page, name: string, about: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      // The part itself: the lazily loaded text editor above it moves it while the page settles.
      await page.locator(about).first().screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  async function requireApproval(on: boolean) {
    const config = (await app.api('/api/site-config')).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: on } } })).status).toBe(200);
  }
  const liveArticle = async (title: string) =>
    (await app.api('/api/news', { token: admin, body: { title: { uz: title, ru: `${title} (ru)` }, excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, category: { uz: 'Soliq' }, content: { uz: 'Birinchi xatboshi' }, published: true } })).body.data as { _id: string };

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    admin = await app.login();
    expect((await app.api('/api/auth/users', { token: admin, body: { email: 'dilnoza@example.uz', password: PASSWORD, role: 'editor', name: 'Dilnoza Karimova' } })).status).toBe(201);
    editor = await app.login('dilnoza@example.uz', PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lets an editor tick an industry as an article’s topic under its heading, and it stays ticked after saving and reloading', async () => {
    const article = await liveArticle('Quyosh stansiyalari haqida');
    const industry = (await app.api('/api/industries?lang=uz')).body.data.find((item: { title: { uz: string } }) => item.title.uz === 'Energetika va infratuzilma') as { _id: string };
    const { page, context, errors } = await as('uz');
    await open(page, `/admin/news/${article._id}/edit`);
    const topics = page.locator('[data-field=topics]');
    const industries = topics.getByRole('group', { name: 'Sohalar', exact: true });
    const box = industries.getByRole('checkbox', { name: 'Energetika va infratuzilma', exact: true });
    await expect.poll(() => box.count(), { timeout: 10_000 }).toBe(1);
    expect(await topics.getByRole('group', { name: 'Faoliyat yo‘nalishlari', exact: true }).getByRole('checkbox', { name: 'Korporativ huquq', exact: true }).count()).toBe(1);
    await box.check();
    await shoot(page, 'topics-uz', 'div:has(> #field-topics)');
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}`)).body.data.topics, { timeout: 10_000 }).toEqual([industry._id]);
    await page.reload();
    await page.waitForSelector('#admin-main h1');
    await expect.poll(() => box.count(), { timeout: 10_000 }).toBe(1);
    expect(await box.isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // The same field in Russian: both headings, the industry ticked.
    const ru = await as('ru');
    await open(ru.page, `/admin/news/${article._id}/edit`);
    const ticked = ru.page.locator('[data-field=topics]').getByRole('group', { name: 'Отрасли', exact: true }).getByRole('checkbox', { name: 'Энергетика и инфраструктура', exact: true });
    await expect.poll(() => ticked.count(), { timeout: 10_000 }).toBe(1);
    expect(await ticked.isChecked()).toBe(true);
    expect(await ru.page.locator('[data-field=topics]').getByRole('group', { name: 'Направления практики', exact: true }).count()).toBe(1);
    await shoot(ru.page, 'topics-ru', 'div:has(> #field-topics)');
    expect(ru.errors).toEqual([]);
    await ru.context.close();
  });

  it('says with approval on that a live article’s changes go live once approved, not as soon as saved', async () => {
    const article = await liveArticle('Bojxona qoidalari');
    await requireApproval(true);
    try {
      for (const [language, waits, atOnce] of [
        ['uz', 'O‘zgarishlar tasdiqlangach e’lon qilinadi', 'Saqlangan zahoti saytga chiqadi'],
        ['ru', 'Изменения будут опубликованы после утверждения', 'Посетители увидят сразу после сохранения'],
      ] as const) {
        const { page, context, errors } = await as(language);
        await open(page, `/admin/news/${article._id}/edit`);
        const publishing = page.getByTestId('publishing');
        await expect.poll(() => publishing.textContent(), { timeout: 10_000 }).toContain(waits);
        expect(await publishing.textContent()).not.toContain(atOnce);
        await shoot(page, `publishing-approval-${language}`, '[data-testid=publishing]');
        expect(errors).toEqual([]);
        await context.close();
      }
    } finally {
      await requireApproval(false);
    }
  });

  it('says with approval on what each choice does for an article not live yet: published, now or at a time, only once approved', async () => {
    const draft = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Litsenziyalar tartibi', ru: 'Порядок лицензирования' }, excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, category: { uz: 'Soliq' }, content: { uz: 'Birinchi xatboshi' }, published: false } })).body.data as { _id: string };
    const live = await liveArticle('Eksport tartibi');
    await requireApproval(true);
    try {
      for (const [language, text] of [
        [
          'uz',
          {
            now: 'Avval tasdiqlanishi kerak: qoralama sifatida saqlang, quyida ko‘rib chiqishga yuboring va tasdiqlangach e’lon qiling.',
            schedule: 'Avval tasdiqlanishi kerak: tasdiqlangach rejalashtiring',
            liveDraft: 'Sahifa tasdiqlangach saytdan olinadi',
            liveSchedule: 'O‘zgarishlar tasdiqlangach shu vaqtda o‘zi saytga chiqadi',
            atOnce: 'Saqlangan zahoti saytga chiqadi',
            byItself: 'Shu vaqtda o‘zi saytga chiqadi',
          },
        ],
        [
          'ru',
          {
            now: 'Сначала — согласование: сохраните черновик, отправьте его на согласование ниже, а после утверждения опубликуйте.',
            schedule: 'Сначала — согласование: после утверждения запланируйте',
            liveDraft: 'Страница будет снята с сайта после утверждения',
            liveSchedule: 'После утверждения изменения сами появятся на сайте в это время',
            atOnce: 'Посетители увидят сразу после сохранения',
            byItself: 'Появится на сайте само в это время',
          },
        ],
      ] as const) {
        const { page, context, errors } = await as(language);
        const hint = (mode: string) => page.locator(`#publish-${mode}-hint`).textContent();
        await open(page, `/admin/news/${draft._id}/edit`);
        await expect.poll(() => hint('now'), { timeout: 10_000 }).toBe(text.now);
        expect(await hint('schedule')).toContain(text.schedule);
        const publishing = page.getByTestId('publishing');
        expect(await publishing.textContent()).not.toContain(text.atOnce);
        expect(await publishing.textContent()).not.toContain(text.byItself);
        await shoot(page, `publishing-approval-draft-${language}`, '[data-testid=publishing]');

        // A live one: taking it off the site and a time for its changes wait for approval too.
        await open(page, `/admin/news/${live._id}/edit`);
        await expect.poll(() => hint('draft'), { timeout: 10_000 }).toContain(text.liveDraft);
        expect(await hint('schedule')).toContain(text.liveSchedule);
        expect(await publishing.textContent()).not.toContain(text.byItself);
        expect(errors).toEqual([]);
        await context.close();
      }

      // An administrator may publish anyway (with a reason): the choices say what they do at once.
      const { page, context, errors } = await as('uz', admin);
      await open(page, `/admin/news/${draft._id}/edit`);
      await expect.poll(() => page.locator('#publish-now-hint').textContent(), { timeout: 10_000 }).toBe('Saqlangan zahoti saytga chiqadi.');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await requireApproval(false);
    }
  });
});
