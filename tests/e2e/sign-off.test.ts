/*
 * Signing off in the Uzbek and Russian admin, in Chromium, on the demo site: the approval setting
 * and the privacy settings in the site configuration; an editor's live record going through a
 * working copy, an administrator's refusal with "publish anyway, with a reason"; a record opening
 * on its working copy, a save over a colleague's later copy refused with both shown; the
 * approver's comparison and a field's comment beside the field; the author's dashboard. Each
 * screen is photographed at 375 and 1280 px (SHOTS_DIR, when set).
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

describe.skipIf(!CHROME_PATH)('signing off in the admin, in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: string;
  const tokens: Record<string, string> = {};

  /** A signed-in page of this account in this admin language. */
  async function as(token: string, language: 'uz' | 'ru', width = 1280) {
    return adminPageAs(browser, token, language, width);
  }
  const open = async (page: Page, to: string) => {
    await page.goto(app.url + to);
    await page.waitForSelector('#admin-main h1');
  };
  /** The screen around what it is about, at both widths, into SHOTS_DIR. */
  async function shoot(page: Page, name: string, about: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.locator(about).first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  async function account(role: string, name: string, email: string) {
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role, name } })).status).toBe(201);
    return app.login(email, PASSWORD);
  }
  async function requireApproval(on: boolean) {
    const config = (await app.api('/api/site-config')).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: on } } })).status).toBe(200);
  }
  const liveArticle = async (title: string) =>
    (await app.api('/api/news', { token: admin, body: { title: { uz: title, ru: `${title} (ru)` }, excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, category: { uz: 'Soliq' }, content: { uz: 'Birinchi xatboshi' }, published: true } })).body.data as { _id: string; version: number };

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    admin = await app.login();
    tokens.editor = await account('editor', 'Dilnoza Karimova', 'dilnoza@example.uz');
    tokens.colleague = await account('editor', 'Sardor Aliyev', 'sardor@example.uz');
    tokens.approver = await account('approver', 'Нодира Юсупова', 'nodira@example.uz');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lets the administrator turn approval on and set the privacy settings in the site configuration, with messages in Russian', async () => {
    const { page, context, errors } = await as(admin, 'ru');
    await open(page, '/admin/site-config');
    await page.locator('summary', { hasText: 'Публикация, вход и конфиденциальность' }).click();
    await page.getByLabel('Публикация только после согласования', { exact: false }).check();
    expect(await page.getByLabel('Требовать двухфакторный вход для всех учётных записей').count()).toBe(1);
    expect(await page.getByLabel('Запрашивать согласие в форме обращения').count()).toBe(1);
    await page.fill('#config-privacy-policyVersion', '2026-1');
    await page.fill('#config-privacy-retentionDays', '5');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const message = page.locator('#config-privacy-retentionDays-error');
    await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(1);
    expect(await message.textContent()).toMatch(/[а-я]/);
    expect(await page.getByRole('alert').textContent()).toContain('Хранить обращения');
    await shoot(page, 'site-config-ru', '[role=alert]');
    await page.fill('#config-privacy-retentionDays', '400');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect.poll(async () => (await app.api('/api/site-config')).body.data.publishing.requireApproval, { timeout: 10_000 }).toBe(true);
    const saved = (await app.api('/api/site-config')).body.data.privacy;
    expect(saved).toMatchObject({ policyVersion: '2026-1', retentionDays: 400 });
    // An editor reads no such settings.
    const editor = await as(tokens.editor, 'uz');
    await open(editor.page, '/admin/site-config');
    expect(await editor.page.locator('summary', { hasText: 'E’lon qilish, kirish va maxfiylik' }).count()).toBe(0);
    await editor.context.close();
    expect(errors).toEqual([]);
    await context.close();
    await requireApproval(false);
  });

  it('sends an editor’s change of a live record through a working copy, and gives the administrator “publish anyway, with a reason”', async () => {
    const article = await liveArticle('Soliq yangiliklari');
    const other = await liveArticle('Bojxona qoidalari');
    await requireApproval(true);
    try {
      const { page, context, errors } = await as(tokens.editor, 'uz');
      await open(page, `/admin/news/${article._id}/edit`);
      const submit = page.locator('form button[type=submit]');
      await expect.poll(() => submit.textContent(), { timeout: 10_000 }).toBe('Ishchi nusxa sifatida saqlash');
      expect(await page.getByText('E’lon qilish tasdiqdan so‘ng').count()).toBe(1);
      await shoot(page, 'editor-live-uz', '[data-testid=publishing]');
      await page.fill('#field-excerpt', 'Yangi qisqacha');
      await submit.click();
      await expect.poll(async () => (await app.api(`/api/news/${article._id}/draft`, { token: admin })).body.data?.excerpt?.uz, { timeout: 10_000 }).toBe('Yangi qisqacha');
      expect((await app.api(`/api/news/${article._id}`)).body.data.excerpt.uz).toBe('Qisqacha');
      expect(await page.getByRole('button', { name: 'Ko‘rib chiqishga yuborish' }).or(page.getByRole('button', { name: /ko‘rib chiqishga/i })).count()).toBeGreaterThan(0);
      expect(await page.getByText('Rolingiz bunga ruxsat bermaydi').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();

      // The administrator's blue Save is refused for want of approval, and may publish anyway with a reason.
      const boss = await as(admin, 'ru');
      await open(boss.page, `/admin/news/${other._id}/edit`);
      await boss.page.fill('#field-excerpt', 'Срочно');
      await boss.page.locator('form button[type=submit]').click();
      const refusal = boss.page.getByTestId('approval-needed');
      await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(1);
      expect(await refusal.textContent()).toContain('эти изменения ещё не утверждены');
      expect(await boss.page.getByText('Ваша роль не позволяет').count()).toBe(0);
      await shoot(boss.page, 'admin-refused-ru', '[data-testid=approval-needed]');
      await refusal.getByRole('button', { name: 'Опубликовать без согласования, указав причину' }).click();
      expect(await refusal.textContent()).toContain('Напишите, почему публикуете без согласования.');
      await boss.page.fill('#override-reason', 'Решение суда опубликовано сегодня');
      await refusal.getByRole('button', { name: 'Опубликовать без согласования, указав причину' }).click();
      await expect.poll(async () => (await app.api(`/api/news/${other._id}`)).body.data.excerpt.uz, { timeout: 10_000 }).toBe('Срочно');
      expect(JSON.stringify((await app.api('/api/admin/activity?limit=20', { token: admin })).body.data)).toContain('published without approval — Решение суда опубликовано сегодня');
      expect(boss.errors).toEqual([]);
      await boss.context.close();
    } finally {
      await requireApproval(false);
    }
  });

  it('opens a record on its working copy, refuses to save over a colleague’s later copy showing both, and shows the approver a comparison and the author the comments beside the fields', async () => {
    const article = await liveArticle('Mehnat huquqi');
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: tokens.editor, body: { title: { uz: 'Mehnat huquqi (tuzatilgan)', ru: 'Mehnat huquqi (ru)' }, draftVersion: 0 } });

    const { page, context, errors } = await as(tokens.editor, 'uz');
    await open(page, `/admin/news/${article._id}/edit`);
    const banner = page.getByTestId('working-copy');
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain('Ishchi nusxani Dilnoza Karimova saqlagan');
    await expect.poll(() => page.inputValue('#field-title')).toBe('Mehnat huquqi (tuzatilgan)');
    await banner.getByRole('button', { name: 'Saytdagi matn bilan solishtirish' }).click();
    expect(await page.getByTestId('copy-comparison').textContent()).toContain('Mehnat huquqi (tuzatilgan)');

    // A colleague saves the copy meanwhile; the editor's save is refused, both are shown, nothing typed is lost.
    const read = (await app.api(`/api/news/${article._id}/draft`, { token: tokens.colleague })).body.data;
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: tokens.colleague, body: { excerpt: { uz: 'Sardorning qisqachasi', ru: 'Кратко' }, draftVersion: read.draftVersion } })).status).toBe(200);
    await page.fill('#field-title', 'Mehnat huquqi 2026');
    await page.locator('form button[type=submit]').click();
    const clash = page.getByTestId('copy-clash');
    await expect.poll(() => clash.count(), { timeout: 10_000 }).toBe(1);
    expect(await clash.textContent()).toContain('Sardor Aliyev');
    expect(await clash.textContent()).toContain('Sardorning qisqachasi');
    expect(await page.inputValue('#field-title')).toBe('Mehnat huquqi 2026');
    expect((await app.api(`/api/news/${article._id}/draft`, { token: admin })).body.data.excerpt.uz).toBe('Sardorning qisqachasi');
    await shoot(page, 'copy-clash-uz', '[data-testid=working-copy]');
    await clash.getByRole('button', { name: 'Uning nusxasini olish (meniki o‘chadi)' }).click();
    await expect.poll(() => page.inputValue('#field-excerpt')).toBe('Sardorning qisqachasi');
    await page.fill('#field-title', 'Mehnat huquqi 2026');
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/draft`, { token: admin })).body.data.title.uz, { timeout: 10_000 }).toBe('Mehnat huquqi 2026');
    expect((await app.api(`/api/news/${article._id}/draft`, { token: admin })).body.data.excerpt.uz).toBe('Sardorning qisqachasi');
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: tokens.editor, body: { action: 'submit' } })).status).toBe(200);
    expect(errors).toEqual([]);

    // The approver reads what the copy changes against the live page, and comments on a field.
    const approver = await as(tokens.approver, 'ru');
    await open(approver.page, `/admin/news/${article._id}/edit`);
    const comparison = approver.page.getByTestId('copy-comparison');
    await expect.poll(() => comparison.count(), { timeout: 10_000 }).toBe(1);
    const compared = await comparison.textContent();
    expect(compared).toContain('Сейчас на сайте');
    expect(compared).toContain('Mehnat huquqi');
    expect(compared).toContain('Mehnat huquqi 2026');
    expect(compared).toContain('Sardorning qisqachasi');
    await shoot(approver.page, 'approver-compare-ru', '[data-testid=working-copy]');
    const review = approver.page.getByTestId('review');
    await review.locator('select').first().selectOption('excerpt');
    await review.locator('textarea').first().fill('Уточните срок в кратком описании');
    await review.getByRole('button', { name: 'Добавить комментарий' }).click();
    await expect.poll(() => approver.page.getByTestId('field-comments').textContent(), { timeout: 10_000 }).toContain('Уточните срок');
    await review.getByRole('button', { name: 'Попросить правки' }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/review`, { token: admin })).body.data.reviewState, { timeout: 10_000 }).toBe('changes_requested');
    expect(approver.errors).toEqual([]);
    await approver.context.close();

    // The author: the comment beside the field it is about, and the decision on the dashboard.
    await open(page, `/admin/news/${article._id}/edit`);
    const beside = page.locator('[data-field="excerpt"] [data-testid="field-comments"]');
    await expect.poll(() => beside.textContent(), { timeout: 10_000 }).toContain('Уточните срок в кратком описании');
    expect(await beside.textContent()).toContain('Нодира Юсупова');
    await shoot(page, 'field-comment-uz', '[data-field=title]');
    await open(page, '/admin');
    const decisions = page.getByTestId('decisions');
    await expect.poll(() => decisions.textContent(), { timeout: 10_000 }).toContain('Нодира Юсупова');
    expect(await decisions.textContent()).toContain('tuzatishni so‘radi');
    await shoot(page, 'dashboard-uz', '[data-testid=decisions]');
    await context.close();
  });
});
