/*
 * The release screens in Chromium, on both databases (issue 51): a release made in the admin,
 * three articles added with the picker in two languages, their readiness, one item that fails its
 * checks refused by name (nothing changes), then a publish now (confirmed) that makes all three
 * public; a failed scheduled release on the dashboard. With SHOTS_DIR, the list, a release with its
 * items and readiness, and the dashboard's notice are photographed at 375 and 1280 px in uz and ru.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser, adminPageAs } from '../helpers/admin-browser.ts';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOTS = process.env.SHOTS_DIR;
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

describe.skipIf(!CHROME_PATH).each(DIALECTS)('the release screens on %s', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let admin: string;
  const admins = adminBrowser(
    () => app,
    () => browser,
  );

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true, scheduleCheckMs: 200 });
    admin = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A news article in Uzbek and Russian, not public; `broken`: its text links to a service visitors cannot see (its checks fail). */
  async function article(title: string, broken = false) {
    let content: unknown = { uz: 'Matn', ru: 'Текст' };
    if (broken) {
      const hidden = (await app.api('/api/services', { token: admin, body: { title: { uz: 'Yashirin', ru: 'Скрытая' }, description: { uz: 'x', ru: 'x' }, isActive: false } })).body.data;
      content = { uz: { type: 'doc', content: [{ type: 'paragraph', content: [text('Xizmat', [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }])] }] }, ru: 'Текст' };
    }
    const made = await app.api('/api/news', { token: admin, body: { title: { uz: title, ru: `${title} (ru)` }, excerpt: { uz: 'Qisqa', ru: 'Кратко' }, category: { uz: 'Soliq', ru: 'Налоги' }, content, published: false } });
    expect(made.status).toBe(201);
    return made.body.data as { _id: string };
  }
  const isPublic = async (id: string) => (await app.api(`/api/news/${id}`)).status === 200;
  const row = (page: Page, id: string) => page.locator(`[data-item="news:${id}"]`);

  /** The picker: the type, a search by title, the record, two languages, then "Add to the release". */
  async function add(page: Page, title: string, id: string) {
    await page.getByLabel('Type').selectOption('news');
    await page.getByLabel('Search by title').fill(title);
    await page.getByRole('button', { name: `Choose “${title}”` }).click();
    for (const language of ['UZ', 'RU']) await page.getByRole('checkbox', { name: new RegExp(`^${language} · `) }).check();
    await page.getByRole('button', { name: 'Add to the release' }).click();
    await row(page, id).waitFor();
  }

  async function shoot(page: Page, name: string, about: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.locator(about).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(SHOTS, `${dialect}-${name}-${width}.png`), fullPage: name !== 'dashboard' });
    }
  }

  it('makes a release, adds three articles in two languages, shows readiness, refuses a failing item by name, then publishes all at once', async () => {
    const articles = await Promise.all(['Soliq kodeksi', 'QQS stavkasi', 'Yangi imtiyozlar'].map((title) => article(title)));
    const broken = await article('Buzilgan havola', true);
    const { page, errors, context } = await admins.signedIn();
    await admins.goto(page, '/admin/releases');
    // The menu names the screen; an empty list says what to do.
    expect(await page.getByRole('navigation', { name: 'Menu' }).first().getByRole('link', { name: 'Releases' }).count()).toBeGreaterThan(0);
    await page.getByText('No releases yet').waitFor();
    await page.getByRole('button', { name: 'New release' }).click();
    await page.getByLabel('Title').fill('Soliq kodeksi 1-yanvar');
    await page.getByRole('button', { name: 'Make the release' }).click();
    await page.waitForURL(/\/admin\/releases\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: /Soliq kodeksi 1-yanvar/ }).waitFor();
    const releaseId = page.url().split('/').pop()!;

    for (const [index, title] of ['Soliq kodeksi', 'QQS stavkasi', 'Yangi imtiyozlar'].entries()) await add(page, title, articles[index]._id);
    await add(page, 'Buzilgan havola', broken._id);
    const stored = (await app.api(`/api/releases/${releaseId}`, { token: admin })).body.data;
    expect(stored.items).toEqual([...articles, broken].map((record) => ({ type: 'news', id: record._id, action: 'publish', languages: ['uz', 'ru'] })));
    // Readiness: three ready; the fourth would be stopped by its checks, said in words.
    for (const record of articles) await row(page, record._id).getByText('Ready', { exact: true }).waitFor();
    await row(page, broken._id).getByText('Would be stopped').waitFor();
    await row(page, broken._id).locator('[data-check="link_to_unpublished"]').waitFor();
    expect(await row(page, broken._id).getByRole('link', { name: /Buzilgan havola/ }).getAttribute('href')).toBe(`/admin/news/${broken._id}/edit`);

    // Publish now: the dialog names how many records and languages; the refusal names the item, nothing changes.
    await page.getByRole('button', { name: 'Publish now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText('Records: 4, languages: 2').waitFor();
    await confirm.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('The release did not go out and nothing was changed').waitFor();
    await row(page, broken._id).getByTestId('refused').getByText('Checks before publishing fail (UZ)').waitFor();
    expect(await page.getByTestId('refused').count()).toBe(1);
    for (const record of [...articles, broken]) expect(await isPublic(record._id)).toBe(false);

    // Take the failing one out (confirmed), then publish the three.
    await row(page, broken._id).getByRole('button', { name: 'Take out: Buzilgan havola' }).click();
    await confirm.getByRole('button', { name: 'Take out' }).click();
    await expect.poll(() => row(page, broken._id).count()).toBe(0);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await confirm.getByText('Records: 3, languages: 2').waitFor();
    await confirm.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('The release is published.').waitFor();
    await page.locator('[data-state="published"]').first().waitFor();
    for (const record of articles) expect(await isPublic(record._id)).toBe(true);
    expect(await isPublic(broken._id)).toBe(false);
    expect((await app.api(`/api/releases/${releaseId}`, { token: admin })).body.data.state).toBe('published');
    // Published: read-only.
    expect(await page.getByRole('button', { name: 'Add to the release' }).count()).toBe(0);
    await admins.goto(page, '/admin/releases');
    await page.locator(`[data-release="${releaseId}"] [data-state="published"]`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a scheduled release that could not go out on the dashboard, with its reason and a link; screens in uz and ru', async () => {
    const good = await article('Rejadagi maqola');
    const bad = await article('Xato maqola', true);
    const items = [good, bad].map((record) => ({ type: 'news', id: record._id, action: 'publish', languages: ['uz', 'ru'] }));
    const failing = (await app.api('/api/releases', { token: admin, body: { title: 'Yanvar relizi', items, publishAt: new Date(Date.now() + 1500).toISOString() } })).body.data._id as string;
    await expect.poll(async () => (await app.api(`/api/releases/${failing}`, { token: admin })).body.data.state, { timeout: 15_000 }).toBe('failed');
    // An open release with a ready item and one that would be stopped, for the pictures.
    const shown = await Promise.all([article('Mehnat kodeksi'), article('Ishlamaydigan havola', true)]);
    const open = (await app.api('/api/releases', { token: admin, body: { title: 'Mehnat kodeksi 1-mart', notes: 'Hammasi birga chiqadi', items: shown.map((record) => ({ type: 'news', id: record._id, action: 'publish', languages: ['uz', 'ru'] })) } })).body.data._id as string;

    for (const language of ['uz', 'ru'] as const) {
      const { page, errors, context } = await adminPageAs(browser, admin, language);
      await page.goto(`${app.url}/admin`);
      const notice = page.getByTestId('failed-releases');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(language === 'uz' ? '“Yanvar relizi” chiqmadi va hech narsani o‘zgartirmadi' : '«Yanvar relizi» не вышел и ничего не изменил');
      expect(await notice.getByRole('link').getAttribute('href')).toBe(`/admin/releases/${failing}`);
      // The activity log says a release failed, not that a client's file was refused.
      await page.getByTestId('activity').getByText(language === 'uz' ? 'Rejalashtirilgan reliz chiqmadi:' : 'Запланированный релиз не вышел:').first().waitFor();
      await shoot(page, `${language}-dashboard`, '#failed-releases-heading');
      await page.goto(`${app.url}/admin/releases`);
      await page.getByTestId('releases').waitFor();
      await shoot(page, `${language}-releases`, '#admin-main');
      await page.goto(`${app.url}/admin/releases/${open}`);
      await page.locator(`[data-item="news:${shown[1]._id}"] [data-check="link_to_unpublished"]`).waitFor();
      await shoot(page, `${language}-release`, '#admin-main');
      await page.goto(`${app.url}/admin/releases/${failing}`);
      await page.getByTestId('release-failed').waitFor();
      // What stops it now, at the record, in the admin's language; the release is read-only until opened again.
      await page.locator(`[data-item="news:${bad._id}"] [data-check="link_to_unpublished"]`).waitFor();
      expect(await page.getByRole('button', { name: language === 'uz' ? 'O‘zgartirish uchun qayta ochish' : 'Открыть снова для изменений' }).count()).toBe(1);
      expect(await page.locator('#release-title').count()).toBe(0);
      await shoot(page, `${language}-release-failed`, '#admin-main');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('sends a release’s texts to an agency as XLIFF and takes the translated file back into working copies, in ru', async () => {
    const made = await app.api('/api/news', { token: admin, body: { title: { uz: 'Agentlik uchun maqola' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: 'Hisobot har chorakda topshiriladi.' }, published: false } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data._id as string;
    const release = (await app.api('/api/releases', { token: admin, body: { title: 'Agentlikka', items: [{ type: 'news', id, action: 'publish' }] } })).body.data._id as string;
    // axe is added to the page below (bypassCSP lets its inline script run).
    const { page, errors, context } = await adminPageAs(browser, admin, 'ru', 1280, { bypassCSP: true });
    await page.goto(`${app.url}/admin/releases/${release}`);
    const panel = page.getByTestId('release-xliff');
    await panel.waitFor();
    expect(await panel.getByLabel('С языка').inputValue()).toBe('uz');
    await panel.getByLabel('На язык').selectOption('ru');
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Скачать XLIFF' }).click()]);
    expect(download.suggestedFilename()).toBe(`release-${release}-uz-ru.xlf`);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('srcLang="uz" trgLang="ru"');
    // What the agency's tool sends back: a target for every segment.
    const translated = xml.replace(/<source>([\s\S]*?)<\/source><\/segment>/g, (_all, source: string) => `<source>${source}</source><target>[ru] ${source}</target></segment>`);
    await panel.locator('input[type=file]').setInputFiles({ name: 'agentlik-ru.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(translated) });
    await panel.getByText('Внесено в рабочие копии:').waitFor();
    expect(await panel.getByText('Внесено в рабочие копии:').textContent()).toMatch(/Внесено в рабочие копии: [1-9]\d*\. Пропущено \(оригинал изменился после скачивания\): 0\. Не принято: 0\./);
    const draft = (await app.api(`/api/news/${id}/draft`, { token: admin })).body.data;
    expect(draft.title.ru).toBe('[ru] Agentlik uchun maqola');
    // Not published: the live record still has no Russian title.
    expect((await app.api(`/api/news/${id}?admin=true`, { token: admin })).body.data.title.ru ?? '').toBe('');
    await shoot(page, 'ru-release-xliff', '[data-testid="release-xliff"]');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
