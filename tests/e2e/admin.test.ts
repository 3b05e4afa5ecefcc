import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteGroupName, siteTextGroup } from '../../app/admin/text-groups.ts';
import { UI_TEXTS } from '../../app/i18n/ui-texts.ts';
import { RESOURCES } from '../../app/admin/resources.ts';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminBrowser } from '../helpers/admin-browser.ts';
import { totp } from '../helpers/totp.ts';

describe.skipIf(!CHROME_PATH)('the admin area in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let token: string;

  const { signedIn, goto } = adminBrowser(() => app, () => browser);

  /** The admin's own confirmation dialog (not the browser's): its confirming button. */
  const confirmIn = (page: Page, name: string) => page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name, exact: true }).click();

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('sends a visitor without a token to the login page, shows Login Error, and signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto(`${app.url}/admin/news`);
    await page.waitForURL('**/admin/login');
    await page.fill('#login-email', ADMIN_EMAIL);
    await page.fill('#login-password', 'wrong-password-here');
    await page.click('button[type=submit]');
    const box = page.getByRole('alert');
    await expect.poll(() => box.textContent(), { timeout: 10_000 }).toContain('Login Error');
    expect(await box.textContent()).toContain('Invalid email or password');
    await page.fill('#login-password', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    // Signed in, back on the page asked for.
    await page.waitForURL(`${app.url}/admin/news`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/.{40,}/);
    // With a token, the login page goes to the dashboard; an unknown admin path too.
    await page.goto(`${app.url}/admin/login`);
    await page.waitForURL(`${app.url}/admin`);
    await page.goto(`${app.url}/admin/no-such-screen/at/all`);
    await page.waitForURL(`${app.url}/admin`);
    await context.close();
  });

  it('shows the dashboard: counts, quick actions, the newest articles and real recent activity', async () => {
    const stat = (await app.api('/api/stats', { body: { number: 77, label: { uz: 'Faollik sinovi' } }, token })).body.data;
    const { page, context } = await signedIn();
    await goto(page, '/admin');
    const cards = page.locator('#admin-main ul').first();
    expect(await cards.textContent()).toContain('Team');
    for (const to of ['/admin/team/new', '/admin/news/new', '/admin/blog/new', '/admin/partners/new']) expect(await page.locator(`a[href="${to}"]`).count()).toBe(1);
    expect(await page.locator('a[href$="/edit"][href^="/admin/news/"]').count()).toBe(3);
    expect(await page.locator('a[href$="/edit"][href^="/admin/blog/"]').count()).toBe(3);
    await expect.poll(() => page.getByTestId('activity').textContent()).toContain('Faollik sinovi');
    expect(await page.getByRole('link', { name: 'View Website' }).count()).toBeGreaterThan(0);
    await app.api(`/api/stats/${stat._id}`, { method: 'DELETE', token });
    await context.close();
  });

  it('requires a partner’s texts in the language selected in the form too (SPEC.md: the partner form), other forms only in the default one', async () => {
    const { page, context, errors } = await signedIn();
    await goto(page, '/admin/partners/new');
    await page.waitForSelector('form button[type=submit]');
    for (const [field, value] of [['name', 'Ipak Yo‘li Bank'], ['type', 'Bank'], ['location', 'Toshkent'], ['description', 'Hamkor bank']]) await page.fill(`#field-${field}`, value);
    await page.fill('#field-email', 'bank@example.uz');
    await page.getByRole('tab', { name: /^RU/ }).click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('#field-name-error').textContent()).toMatch(/Name \(RU\) is required/);
    expect(await page.locator('#field-name').getAttribute('aria-invalid')).toBe('true');
    for (const [field, value] of [['name', 'Банк Шёлковый путь'], ['type', 'Банк'], ['location', 'Ташкент'], ['description', 'Банк-партнёр']]) await page.fill(`#field-${field}`, value);
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('text=Ipak Yo‘li Bank');
    // The list may show the name before the save's answer is read back: ask until it is kept.
    const saved = async () => (await app.api('/api/partners?admin=true&limit=100', { token })).body.data.find((record: { email: string }) => record.email === 'bank@example.uz');
    await expect.poll(saved).toBeTruthy();
    const partner = await saved();
    expect(partner.name).toMatchObject({ uz: 'Ipak Yo‘li Bank', ru: 'Банк Шёлковый путь' });

    // A statistic's form on the Russian tab still saves with the default language's texts alone.
    await goto(page, '/admin/stats');
    await page.getByRole('button', { name: 'Add new' }).or(page.getByRole('link', { name: 'Add new' })).first().click();
    await page.waitForSelector('form button[type=submit]');
    await page.fill('#field-label', 'Yillik tajriba');
    await page.fill('#field-number', '15');
    await page.getByRole('tab', { name: /^RU/ }).click();
    await page.locator('form button[type=submit]').click();
    const savedStat = async () => (await app.api('/api/stats?admin=true&limit=100', { token })).body.data.find((stat: { label: { uz?: string } }) => stat.label.uz === 'Yillik tajriba');
    await expect.poll(async () => Boolean(await savedStat())).toBe(true);
    await app.api(`/api/stats/${(await savedStat())._id}`, { method: 'DELETE', token });
    await app.api(`/api/partners/${partner._id}`, { method: 'DELETE', token });
    expect(errors).toEqual([]);
    await context.close();
  });

  describe.each(RESOURCES.map((resource) => [resource.key, resource] as const))('%s', (key, resource) => {
    it('is created through the form after its validation messages, edited and deleted', async () => {
      const { page, context, errors } = await signedIn();
      await goto(page, `/admin/${key}`);
      await page.getByRole('button', { name: 'Add new' }).or(page.getByRole('link', { name: 'Add new' })).first().click();
      if (resource.placement === 'page') await page.waitForURL(new RegExp(`/admin/${key}/new$`));
      const firstRequired = resource.fields.find((field) => 'required' in field && field.required)!;
      await page.locator(`#field-${firstRequired.name}`).waitFor();
      // Clear what the defaults filled, then save: every required field says so.
      for (const field of resource.fields) if (field.kind === 'number' && 'required' in field && field.required) await page.fill(`#field-${field.name}`, '');
      // In CI (never here, alone or under load) the industries form twice showed no message after the
      // first click: the press is repeated while no message shows, and a failure says what the page held.
      const message = page.locator(`#field-${firstRequired.name}-error`);
      await expect
        .poll(
          async () => {
            if (!(await message.count())) await page.locator('form button[type=submit]').click();
            return (await message.count()) ? await message.textContent() : `no message on ${page.url()}: ${(await page.locator('[id$="-error"]').allTextContents()).join(' | ')}`;
          },
          { timeout: 15_000, interval: 1000 },
        )
        .toMatch(/is required/);
      expect(await page.locator(`#field-${firstRequired.name}`).getAttribute('aria-invalid')).toBe('true');

      const marker = `E2E ${key} ${Date.now()}`;
      // Fields whose rules a generic text does not meet: a year, an https source, moments in order, a venue.
      const next = new Date().getFullYear() + 1;
      const own: Record<string, string> = { edition: String(next - 1), sourceUrl: 'https://guide.example.uz/e2e', closesAt: `${next}-03-01T18:00`, startsAt: `${next}-03-02T10:00`, endsAt: `${next}-03-02T12:00`, venue: 'Toshkent' };
      for (const field of resource.fields) {
        const value = own[field.name] ?? (!('required' in field) || !field.required ? undefined : field.kind === 'email' ? 'e2e@example.uz' : field.kind === 'number' ? '5' : field.name === resource.titleField ? marker : `${field.name} text`);
        if (value !== undefined) await page.fill(`#field-${field.name}`, value);
      }
      await page.locator('form button[type=submit]').click();
      const saved = page.getByRole('status').filter({ hasText: 'Saved.' });
      if (resource.placement === 'page') {
        // A save stays on the form and says so: a new record's form becomes its edit page.
        await page.waitForURL(new RegExp(`/admin/${key}/[0-9a-f]{24}/edit$`));
        // The edit page has taken over (its title names the record) before anything is typed: the
        // create form said nothing while it was being replaced (CI once typed into it and lost the words).
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(marker);
        await saved.waitFor();
      } else await page.waitForSelector(`text=${marker}`);
      const stored = (await app.api(`/api${resource.path}?admin=true&limit=100`, { token })).body.data.find((record: Record<string, unknown>) => JSON.stringify(record).includes(marker));
      expect(stored).toBeTruthy();

      if (resource.placement !== 'page') {
        await page.getByRole('button', { name: `Edit: ${marker}` }).or(page.getByRole('link', { name: `Edit: ${marker}` })).click();
        await page.waitForSelector('form button[type=submit]');
      }
      await page.fill(`#field-${resource.titleField}`, `${marker} edited`);
      if (resource.placement === 'page') await expect.poll(() => saved.count(), { timeout: 10_000 }).toBe(0);
      await page.locator('form button[type=submit]').click();
      if (resource.placement === 'page') {
        await saved.waitFor();
        expect(await page.inputValue(`#field-${resource.titleField}`)).toBe(`${marker} edited`);
        // The list is one click away.
        await page.getByRole('link', { name: 'Back to the list' }).click();
      }
      await page.waitForSelector(`text=${marker} edited`);
      expect(JSON.stringify((await app.api(`/api${resource.path}/${stored._id}?admin=true`, { token })).body.data)).toContain(`${marker} edited`);

      // Asked in the admin's own dialog: Cancel keeps the record, Delete deletes it.
      await page.getByRole('button', { name: `Delete: ${marker} edited` }).click();
      await confirmIn(page, 'Cancel');
      expect((await app.api(`/api${resource.path}/${stored._id}?admin=true`, { token })).status).toBe(200);
      await page.getByRole('button', { name: `Delete: ${marker} edited` }).click();
      await confirmIn(page, 'Delete');
      await expect.poll(() => page.getByText(`${marker} edited`).count()).toBe(0);
      expect((await app.api(`/api${resource.path}/${stored._id}?admin=true`, { token })).status).toBe(404);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('says what to fix in the admin’s language from the API’s codes, and picks a question’s service from a list', async () => {
    const { page, context, errors } = await signedIn();
    await goto(page, '/admin/faqs');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ru'));
    await goto(page, '/admin/faqs');
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('#field-question-error').textContent()).toBe('Заполните поле «Вопрос» (UZ)');
    await page.fill('#field-question', 'Qancha turadi?');
    await page.fill('#field-answer', 'Bepul.');
    const service = (await app.api('/api/services?lang=ru')).body.data[0];
    await page.selectOption('#field-service', service._id);
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('text=Qancha turadi?');
    const stored = (await app.api('/api/faqs?admin=true', { token })).body.data.find((faq: { question: { uz: string } }) => faq.question.uz === 'Qancha turadi?');
    expect(stored.service).toBe(service._id);
    await app.api(`/api/faqs/${stored._id}`, { method: 'DELETE', token });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a record’s history with what changed, restores an old version, and brings a deleted record back from the trash', async () => {
    const { page, context, errors } = await signedIn();
    const created = (await app.api('/api/news', { body: { title: { uz: 'Tarix: birinchi', en: 'History: first' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' }, date: '2020-01-01' }, token })).body.data;
    // Whatever happens here, the article leaves no trace for the tests after this one.
    const cleanup = () => app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
    try {
      await app.api(`/api/news/${created._id}`, { method: 'PUT', body: { title: { uz: 'Tarix: ikkinchi' }, content: { uz: 'x\n\nQoʻshilgan xatboshi' } }, token });
      await goto(page, `/admin/news/${created._id}/edit`);
      await page.getByRole('button', { name: 'Show the history of this record' }).click();
      const history = page.getByTestId('history');
      await expect.poll(() => history.locator('li').count()).toBe(2);
      await history.locator('li').first().getByRole('button', { name: 'What changed' }).click();
      await expect.poll(() => history.locator('table').textContent()).toContain('Tarix: ikkinchi');
      expect(await history.locator('table').textContent()).toContain('Tarix: birinchi');
      // A document is compared block by block, as words: the added paragraph, never its JSON.
      const contentRow = history.locator('table tr', { hasText: 'Qoʻshilgan xatboshi' });
      expect(await contentRow.locator('th').textContent()).toMatch(/^Content \(UZ\)$/);
      expect(await history.locator('table').textContent()).not.toMatch(/"type"|paragraph/);
      // The article is public: the version comes back as its working copy, and the dialog says exactly what changes.
      await history.locator('li').nth(1).getByRole('button', { name: 'Restore this version' }).click();
      const dialog = page.getByTestId('restore-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Version 1 will become the working copy. Visitors keep seeing the current page until you publish the changes');
      // Version 2 dropped the English title: restoring version 1 brings it back.
      expect(await dialog.locator('ul').first().locator('li').allTextContents()).toEqual(['Title (UZ)', 'Content (UZ)', 'Title (EN)']);
      expect(await dialog.locator('ul').nth(1).locator('li').allTextContents()).toEqual(['whether visitors see the page, and its schedule', 'every version in the history (the restore is saved as a new one)']);
      await dialog.getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(() => page.inputValue('#field-title')).toBe('Tarix: birinchi');
      expect(await page.getByTestId('working-copy').textContent()).toContain('You are editing the working copy');
      expect((await app.api(`/api/news/${created._id}`)).body.data).toMatchObject({ title: { uz: 'Tarix: ikkinchi' }, version: 2 });
      await page.getByRole('button', { name: 'Publish changes', exact: true }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Changes published.' }).count()).toBe(1);
      expect((await app.api(`/api/news/${created._id}?admin=true`, { token })).body.data).toMatchObject({ title: { uz: 'Tarix: birinchi' }, version: 3, published: true, hasDraft: false });

      // Changes saved as a working copy leave the public page as it is until they are published.
      await page.fill('#field-title', 'Tarix: uchinchi');
      await page.getByRole('button', { name: 'Save as a working copy', exact: true }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Working copy saved. The public page has not changed.' }).count()).toBe(1);
      expect((await app.api(`/api/news/${created._id}`)).body.data.title.uz).toBe('Tarix: birinchi');
      // Opened again, the form opens the copy (never the live text to save over it), saying whose it is and what it changes.
      await goto(page, `/admin/news/${created._id}/edit`);
      await expect.poll(() => page.getByTestId('working-copy').textContent()).toContain('Working copy saved by');
      await expect.poll(() => page.getByTestId('copy-differs').textContent()).toBe('Changed in the copy: Title (UZ).');
      await expect.poll(() => page.inputValue('#field-title')).toBe('Tarix: uchinchi');
      await page.getByRole('button', { name: 'Compare with the live text', exact: true }).click();
      expect(await page.getByTestId('copy-comparison').textContent()).toContain('Tarix: birinchi');
      await page.getByRole('button', { name: 'Discard the working copy', exact: true }).click();
      await confirmIn(page, 'Discard the working copy');
      await expect.poll(() => page.inputValue('#field-title')).toBe('Tarix: birinchi');
      expect((await app.api(`/api/news/${created._id}/draft`, { token })).status).toBe(404);

      await app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
      await goto(page, '/admin/trash');
      await page.getByRole('button', { name: 'Restore: Tarix: birinchi' }).click();
      await expect.poll(() => page.getByText('Restored.').isVisible()).toBe(true);
      expect((await app.api(`/api/news/${created._id}?admin=true`, { token })).status).toBe(200);
      await expect.poll(() => page.getByRole('button', { name: 'Restore: Tarix: birinchi' }).count()).toBe(0);
      await cleanup();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      if ((await app.api(`/api/news/${created._id}?admin=true`, { token })).status === 200) await cleanup();
    }
  });

  it('restores a version of a scheduled, translated record: the dialog names what changes and what stays, and nothing else moves', async () => {
    const { page, context, errors } = await signedIn();
    const publishAt = `${new Date().getFullYear() + 1}-03-02T04:00:00.000Z`;
    const created = (await app.api('/api/news', { body: { title: { uz: 'Reja: birinchi' }, excerpt: { uz: 'x' }, content: { uz: 'Birinchi matn' }, category: { uz: 'Qonun' }, publishAt }, token })).body.data;
    try {
      // Translated into Russian after version 1; the Uzbek title changed too.
      const second = await app.api(`/api/news/${created._id}`, { method: 'PUT', body: { title: { uz: 'Reja: ikkinchi', ru: 'План: второй' }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'Birinchi matn', ru: 'Первый текст' }, version: 1 }, token });
      expect(second.status).toBe(200);
      await goto(page, `/admin/news/${created._id}/edit`);
      expect(await page.locator('[data-state]').first().getAttribute('data-state')).toBe('scheduled');
      await page.getByRole('button', { name: 'Show the history of this record' }).click();
      const history = page.getByTestId('history');
      await expect.poll(() => history.locator('li').count()).toBe(2);
      await history.locator('li').nth(1).getByRole('button', { name: 'Restore this version' }).click();
      const dialog = page.getByTestId('restore-dialog');
      await dialog.waitFor();
      // Not public yet: the version is restored as the record itself (no working copy), and says so.
      expect(await dialog.textContent()).toContain('Restore version 1? Its texts become the newest version');
      expect(await dialog.locator('ul').first().locator('li').allTextContents()).toEqual(['Title (UZ)']);
      expect(await dialog.locator('ul').nth(1).locator('li').allTextContents()).toEqual(['whether visitors see the page, and its schedule', 'the texts in Russian (this version has none)', 'every version in the history (the restore is saved as a new one)']);
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await app.api(`/api/news/${created._id}?admin=true`, { token })).body.data.version).toBe(2);
      await history.locator('li').nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await dialog.getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(() => page.inputValue('#field-title')).toBe('Reja: birinchi');
      const restored = (await app.api(`/api/news/${created._id}?admin=true`, { token })).body.data;
      expect(restored).toMatchObject({ version: 3, publishAt, published: true, publicState: 'scheduled', title: { uz: 'Reja: birinchi', ru: 'План: второй' }, content: { ru: expect.anything() } });
      expect(errors).toEqual([]);
    } finally {
      await app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
      await context.close();
    }
  });

  it('keeps my Telegram chat for review notices in Settings, and says why a test cannot be sent', async () => {
    const { page, context, errors } = await signedIn(375);
    try {
      await goto(page, '/admin/settings');
      const section = page.getByRole('region', { name: 'Telegram notices' });
      await section.getByLabel('Your Telegram chat id').fill('@me');
      await section.getByRole('button', { name: 'Save', exact: true }).click();
      expect(await section.locator('#telegram-chat-id-error').textContent()).toContain('A chat id is a number');
      expect(await section.getByLabel('Your Telegram chat id').getAttribute('aria-invalid')).toBe('true');
      await section.getByLabel('Your Telegram chat id').fill('5550001');
      await section.getByRole('button', { name: 'Save', exact: true }).click();
      await section.getByRole('status').filter({ hasText: 'Saved: review requests will come to this chat.' }).waitFor();
      expect((await app.api('/api/auth/me', { token })).body.data.telegramChatId).toBe('5550001');
      // This server has no bot: the test says so, in words that say what to do.
      await section.getByRole('button', { name: 'Send a test message' }).click();
      await section.getByRole('alert').filter({ hasText: 'not connected on this server: ask whoever runs the site' }).waitFor();
      await section.getByLabel('Your Telegram chat id').fill('');
      await section.getByRole('button', { name: 'Save', exact: true }).click();
      await section.getByRole('status').filter({ hasText: 'Telegram notices are off.' }).waitFor();
      expect((await app.api('/api/auth/me', { token })).body.data.telegramChatId).toBeNull();
      expect(errors.filter((message) => !message.includes('status of 409'))).toEqual([]);
    } finally {
      await app.api('/api/auth/me/telegram', { method: 'PUT', body: { chatId: null }, token });
      await context.close();
    }
  });

  it('submits a record for sign-off with a comment and approves it in its form', async () => {
    const { page, context, errors } = await signedIn();
    const created = (await app.api('/api/news', { body: { title: { uz: 'Imzo uchun' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' } }, token })).body.data;
    try {
      await goto(page, `/admin/news/${created._id}/edit`);
      const review = page.getByTestId('review');
      await expect.poll(() => review.locator('h2').textContent()).toBe('Sign-off: not submitted');
      await review.getByLabel('Comment (optional)').fill('Please check the rates table');
      await review.getByRole('button', { name: 'Submit for review', exact: true }).click();
      await expect.poll(() => review.locator('h2').textContent()).toBe('Sign-off: in review');
      await review.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(() => review.locator('h2').textContent()).toBe('Sign-off: approved');
      expect(await review.locator('li').allTextContents()).toEqual([expect.stringMatching(/· admin · submitted for review.*Please check the rates table/), expect.stringMatching(/· admin · approved$/)]);
      expect((await app.api(`/api/news/${created._id}/review`, { token })).body.data.reviewState).toBe('approved');
      // A comment on the Russian text of the content, then resolved: it stays, marked.
      await review.getByLabel('About the field').selectOption({ label: 'Content' });
      await review.getByLabel('Language', { exact: true }).selectOption({ label: 'Russian' });
      await review.getByLabel('Comment', { exact: true }).fill('The rate in the table is 12%, not 15%');
      await review.getByRole('button', { name: 'Add the comment', exact: true }).click();
      const comment = review.locator('li[data-resolved]', { hasText: 'The rate in the table is 12%' });
      await expect.poll(() => comment.textContent()).toContain('Content (RU)');
      await comment.getByRole('button', { name: 'Mark as resolved' }).click();
      await expect.poll(() => comment.getAttribute('data-resolved')).toBe('true');
      expect((await app.api(`/api/news/${created._id}/comments`, { token })).body.data).toMatchObject([{ field: 'content', lang: 'ru', resolved: true }]);
      // Submitted again from the form, asking a named approver by a time in the firm's zone (Tashkent, UTC+5).
      const me = (await app.api('/api/auth/me', { token })).body.data;
      await review.getByRole('button', { name: 'Request changes', exact: true }).click();
      await expect.poll(() => review.locator('h2').textContent()).toBe('Sign-off: changes requested');
      await review.getByLabel('Ask', { exact: true }).selectOption({ value: me._id });
      // A time already past is refused, said, and nothing is submitted.
      await review.getByLabel('Due by (optional)').fill('2020-01-05T18:00');
      await review.getByRole('button', { name: 'Submit for review', exact: true }).click();
      await expect.poll(() => review.getByRole('alert').textContent()).toContain('The due time has passed: choose a time still to come');
      expect(await review.locator('h2').textContent()).toBe('Sign-off: changes requested');
      await review.getByLabel('Due by (optional)').fill('2099-01-05T18:00');
      await review.getByRole('button', { name: 'Submit for review', exact: true }).click();
      await expect.poll(() => review.getByTestId('review-asked').textContent()).toMatch(/^Asked: .+ · due .*2099/);
      expect((await app.api(`/api/news/${created._id}/review`, { token })).body.data).toMatchObject({ reviewState: 'in_review', assignee: me._id, dueAt: '2099-01-05T13:00:00.000Z' });
      // Due a moment from now, then past: the dashboard lists it as waiting, overdue.
      await review.getByRole('button', { name: 'Request changes', exact: true }).click();
      await expect.poll(() => review.locator('h2').textContent()).toBe('Sign-off: changes requested');
      const dueAt = new Date(Date.now() + 1000).toISOString();
      expect((await app.api(`/api/news/${created._id}/review`, { token, body: { action: 'submit', assignee: me._id, dueAt } })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(dueAt) - Date.now() + 50)));
      await goto(page, '/admin');
      await expect.poll(() => page.getByTestId('waiting').textContent()).toMatch(/Imzo uchun\s*overdue since/);
      expect(errors).toEqual([]);
    } finally {
      await app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
      await context.close();
    }
  });

  it('lets an outside reviewer ask for changes from the signed link with JavaScript off', async () => {
    const created = (await app.api('/api/news', { body: { title: { uz: 'Mijoz uchun maqola', ru: 'Статья для клиента' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' } }, token })).body.data;
    try {
      // The link is made in the record's form, on its Russian tab, for a named person.
      const admin = await signedIn();
      await goto(admin.page, `/admin/news/${created._id}/edit`);
      await admin.page.getByRole('tab', { name: /^RU/ }).click();
      await admin.page.locator('summary', { hasText: 'For a reviewer outside the firm' }).click();
      await admin.page.getByRole('button', { name: 'Make their link (a week)' }).click();
      await expect.poll(() => admin.page.getByRole('alert').filter({ hasText: 'Give the reviewer’s name and e-mail address.' }).count()).toBe(1);
      await admin.page.getByLabel('Their name').fill('Ольга Ким');
      await admin.page.getByLabel('Their e-mail').fill('olga@client.uz');
      await admin.page.getByRole('button', { name: 'Make their link (a week)' }).click();
      await expect.poll(() => admin.page.inputValue('#preview-url')).toContain('/ru/preview/');
      const url = await admin.page.inputValue('#preview-url');
      await admin.context.close();
      // A decision is taken while the record is in review.
      expect((await app.api(`/api/news/${created._id}/review`, { token, body: { action: 'submit' } })).status).toBe(200);
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      await page.goto(app.url + new URL(url).pathname);
      expect(await page.locator('h1').first().textContent()).toContain('Статья для клиента');
      expect(await page.getByRole('region', { name: 'Ваше решение' }).textContent()).toContain('Ольга Ким, вас просят просмотреть эту страницу');
      await page.getByLabel('Комментарий (необязательно)').fill('Уточните сумму штрафа');
      await page.getByRole('button', { name: 'Попросить правки' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Спасибо, Ольга Ким' }).count()).toBe(1);
      const review = (await app.api(`/api/news/${created._id}/review`, { token })).body.data;
      // An opinion for the firm's approver: still in review.
      expect(review).toMatchObject({ reviewState: 'in_review' });
      expect(review.history[1]).toMatchObject({ action: 'request_changes', comment: 'Уточните сумму штрафа', by: { name: 'Ольга Ким', outside: true } });
      await context.close();
      // The form's history says whose it is and that it is an opinion.
      const again = await signedIn();
      await goto(again.page, `/admin/news/${created._id}/edit`);
      await expect.poll(() => again.page.getByTestId('review').textContent()).toContain('Ольга Ким <olga@client.uz>');
      expect(await again.page.getByTestId('review').textContent()).toContain('outside reviewer’s opinion, not the approval');
      await again.context.close();
    } finally {
      await app.api(`/api/news/${created._id}`, { method: 'DELETE', token });
    }
  });

  it('shows the site configuration’s history and brings an earlier configuration back', async () => {
    const { page, context, errors } = await signedIn();
    const original = (await app.api('/api/site-config')).body.data;
    try {
      const first = (await app.api('/api/site-config', { method: 'PUT', body: { ...original, companyName: { ...original.companyName, en: 'Firm Before' } }, token })).body.data;
      await app.api('/api/site-config', { method: 'PUT', body: { ...first, companyName: { ...first.companyName, en: 'Firm After' } }, token });
      await goto(page, '/admin/site-config');
      await page.getByRole('button', { name: 'Show the history of this record' }).click();
      const history = page.getByTestId('history');
      await history.locator('li').first().getByRole('button', { name: 'What changed' }).click();
      await expect.poll(() => history.locator('table').textContent()).toContain('Firm After');
      expect(await history.locator('table').textContent()).toContain('Firm Before');
      await history.locator('li').nth(1).getByRole('button', { name: 'Restore this version' }).click();
      await page.getByTestId('restore-dialog').getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(async () => (await app.api('/api/site-config')).body.data.companyName.en).toBe('Firm Before');
      expect(errors).toEqual([]);
    } finally {
      const now = (await app.api('/api/site-config')).body.data;
      await app.api('/api/site-config', { method: 'PUT', body: { ...now, companyName: original.companyName }, token });
      await context.close();
    }
  });

  it('saves every toggle at once: news featured and published, partner active, hero active', async () => {
    const { page, context } = await signedIn();
    const cases: Array<[string, string, string, string]> = [
      ['news', 'Featured', 'featured', 'title'],
      ['news', 'Published', 'published', 'title'],
      ['partners', 'Active', 'isActive', 'name'],
      ['hero', 'Active', 'isActive', 'title'],
    ];
    for (const [key, label, field, titleField] of cases) {
      await goto(page, `/admin/${key}`);
      // A record named in English (the admin reads in English here): a partner added by an earlier test has uz and ru only.
      const record = (await app.api(`/api/${key}?admin=true&limit=100`, { token })).body.data.find((item: Record<string, { en?: string }>) => item[titleField]?.en);
      const name = record[titleField].en;
      const button = page.getByRole('button', { name: `${label}: ${name}:`, exact: false });
      await button.waitFor();
      expect(await button.getAttribute('aria-pressed')).toBe(String(record[field]));
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(!record[field]));
      const after = (await app.api(`/api/${key}/${record._id}?admin=true`, { token })).body.data;
      expect(after[field]).toBe(!record[field]);
    }
    await context.close();
  });

  it('sets a contact request’s status at once, shows its details and exports CSV', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/contacts');
    const request = (await app.api('/api/contact?status=new', { token })).body.data[0];
    await page.locator(`#status-${request._id}`).selectOption('replied');
    await expect.poll(async () => (await app.api(`/api/contact/${request._id}`, { token })).body.data.status).toBe('replied');
    await page.getByRole('button', { name: `Details: ${request.name}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(request.message);
    expect(await dialog.getByRole('link', { name: 'Reply via Email' }).getAttribute('href')).toContain(`mailto:${request.email}`);
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"Received","Kind","Status","From","Email","Phone","Service","Subject","Message","Company","Tax number","Other parties"');
    expect(csv).toContain('"Message","Replied"');
    expect(csv).toContain(request.email);
    expect(csv).toContain('"Replied"');
    await context.close();
  });

  it('shows contact requests as cards on a phone: a call link, opening marks read, deleting asks in its own dialog', async () => {
    // Stored as the form stores it (the visitors' rate limit is not what this test is about).
    const sent = { body: { data: await app.services.contacts.submit({ name: 'Karta Sinov', email: 'karta@example.uz', phone: '+998 90 111 22 33', subject: 'Telefon orqali', message: 'Qo‘ng‘iroq qiling' }) } };
    await app.services.contacts.submit({ kind: 'matter', name: 'Matter Sinov', email: 'matter@example.uz', company: 'Kutayotgan Agro', acknowledged: true });
    const { page, context, errors } = await signedIn(375);
    try {
      // The dashboard lists it first thing: name, subject, the phone to call.
      await goto(page, '/admin');
      const fresh = page.getByTestId('new-requests').locator('li', { hasText: 'Karta Sinov' });
      expect(await fresh.textContent()).toContain('Telefon orqali');
      expect(await fresh.getByRole('link', { name: '+998 90 111 22 33' }).getAttribute('href')).toBe('tel:+998901112233');
      // A new matter waiting for its conflict check is listed there too (it is never "new", but nobody acted on it yet).
      const matter = page.getByTestId('new-requests').locator('li', { hasText: 'Kutayotgan Agro' });
      expect(await matter.textContent()).toContain('New matter');
      await goto(page, '/admin/contacts');
      const card = page.getByTestId('contact-cards').locator('li', { hasText: 'Karta Sinov' });
      await card.waitFor();
      expect(await card.getByRole('link', { name: '+998 90 111 22 33' }).getAttribute('href')).toBe('tel:+998901112233');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await card.getByRole('button', { name: 'Details: Karta Sinov' }).click();
      await expect.poll(async () => (await app.api(`/api/contact/${sent.body.data._id}`, { token })).body.data.status).toBe('read');
      await page.keyboard.press('Escape');
      await card.getByRole('button', { name: 'Delete: Karta Sinov' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('Karta Sinov');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await app.api(`/api/contact/${sent.body.data._id}`, { token })).status).toBe(200);
      await card.getByRole('button', { name: 'Delete: Karta Sinov' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expect.poll(async () => (await app.api(`/api/contact/${sent.body.data._id}`, { token })).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uploads one and several images in the media library, and lists them', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/media');
    const before = (await app.api('/api/upload/list', { token })).body.data.total;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).png().toBuffer();
    await page.getByRole('button', { name: 'Upload images' }).click();
    await page.setInputFiles('#media-files', { name: 'single-e2e.png', mimeType: 'image/png', buffer: png });
    await page.waitForSelector('text=single-e2e.png');
    await page.getByRole('button', { name: 'Upload images' }).click();
    await page.getByLabel('Several images').check();
    await page.setInputFiles('#media-files', [
      { name: 'many-a.png', mimeType: 'image/png', buffer: png },
      { name: 'many-b.png', mimeType: 'image/png', buffer: png },
    ]);
    await page.waitForSelector('text=many-b.png');
    expect((await app.api('/api/upload/list', { token })).body.data.total).toBe(before + 3);
    await page.getByRole('button', { name: 'Upload images' }).click();
    await page.setInputFiles('#media-files', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByRole('dialog').getByRole('alert').textContent()).toContain('Invalid file type. Accepted types: jpeg, jpg, png, gif, webp');
    await page.keyboard.press('Escape');
    // Each of an image's buttons says what it does, not only an icon.
    expect(await page.getByRole('button', { name: 'Copy link: many-a.png' }).innerText()).toBe('Copy link');
    expect(await page.getByRole('button', { name: 'Delete: many-a.png' }).innerText()).toBe('Delete');
    await page.getByRole('button', { name: 'Copy link: many-a.png' }).click();
    await page.waitForSelector('text=URL copied to clipboard!');
    await page.getByRole('button', { name: 'Delete: many-a.png' }).click();
    await confirmIn(page, 'Delete');
    await expect.poll(async () => (await app.api('/api/upload/list', { token })).body.data.total).toBe(before + 2);
    await context.close();
  });

  it('saves the site configuration with its success message', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/site-config');
    await page.fill('#config-companyName', 'Adliya Partners Plus');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Site configuration updated successfully!');
    expect((await app.api('/api/site-config')).body.data.companyName.uz).toBe('Adliya Partners Plus');
    await context.close();
  });

  it('says clearly when someone else saved first, and shows their version beside this one to keep', async () => {
    const member = (await app.api('/api/team?admin=true', { token })).body.data[0];
    const { page, context } = await signedIn();
    await goto(page, `/admin/team/${member._id}/edit`);
    await page.waitForSelector('#field-experience');
    await app.api(`/api/team/${member._id}`, { method: 'PUT', body: { experience: '99', version: member.version }, token });
    await page.fill('#field-experience', '30');
    await page.locator('form button[type=submit]').click();
    // Nothing typed is lost (API-4.md "Conflicts"): theirs beside what was typed, one to keep.
    const clash = page.getByTestId('conflict').locator('[data-clash="experience"]');
    await clash.waitFor();
    expect(await clash.locator('[data-side="theirs"]').textContent()).toContain('99');
    expect(await clash.locator('[data-side="mine"]').textContent()).toContain('30');
    await clash.getByRole('button', { name: 'Keep theirs' }).click();
    await page.getByRole('button', { name: 'Save with these choices' }).click();
    await expect.poll(async () => (await app.api(`/api/team/${member._id}?admin=true`, { token })).body.data.version).toBe(member.version + 2);
    await expect.poll(() => page.inputValue('#field-experience')).toBe('99');
    await context.close();
  });

  it('keeps the default language from being deleted and fixes a code after creation', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/languages');
    const deleteDefault = page.getByRole('button', { name: 'Delete: Uzbek' });
    expect(await deleteDefault.isDisabled()).toBe(true);
    expect(await page.locator('span[title="Cannot delete default language"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit: Russian' }).click();
    expect(await page.locator('#language-code').isDisabled()).toBe(true);
    await page.locator('summary', { hasText: 'Interface texts' }).click();
    // Russian is built in: every text is written; the contact form's words are in their own group.
    expect(await page.getByRole('status').filter({ hasText: 'texts are written' }).count()).toBe(1);
    // Every site text is in the group of the place it is used (the site plan, the record types): none is "Other".
    expect(Object.keys(UI_TEXTS.en).filter((key) => !siteGroupName(siteTextGroup(key)))).toEqual([]);
    expect(await page.locator('details > summary', { hasText: /^Other/ }).count()).toBe(0);
    await page.locator('summary', { hasText: /^Vacancies/ }).click();
    expect(await page.locator('#tr-careers\\.title').isVisible()).toBe(true);
    await page.locator('summary', { hasText: 'Contact page and form' }).click();
    await page.fill('#tr-contact\\.send', 'Отправить заявку');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Saved.');
    const ru = (await app.api('/api/languages')).body.data.find((language: { code: string }) => language.code === 'ru');
    expect(ru.translations['contact.send']).toBe('Отправить заявку');
    await context.close();
  });

  it('pages through a long list of news and of translations, filters starting again from the first page', async () => {
    const made: string[] = [];
    for (let n = 0; n < 100; n += 1) {
      const created = await app.api('/api/news', { token, body: { title: { uz: `Sahifalash ${String(n).padStart(3, '0')}` }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: { uz: 'Sahifalash' }, date: `2020-01-${String((n % 28) + 1).padStart(2, '0')}` } });
      made.push(created.body.data._id);
    }
    const { page, context } = await signedIn();
    try {
      await goto(page, '/admin/news');
      const pages = page.getByRole('navigation', { name: 'Pages' });
      const where = async () => (await pages.textContent()) ?? '';
      expect(await where()).toMatch(/Page 1 of 3/);
      expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
      const firstPage = await page.locator('#admin-main tbody tr').count();
      expect(firstPage).toBe(50);
      await pages.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(where).toMatch(/Page 2 of 3/);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await page.locator('#admin-main tbody').textContent()).toContain('Sahifalash');
      await page.reload();
      await page.waitForSelector('#admin-main h1');
      expect(await where()).toMatch(/Page 2 of 3/);
      // Another filter is another list: from its first page.
      await page.getByLabel('Search').first().fill('Sahifalash 09');
      await expect.poll(() => page.locator('#admin-main tbody tr').count()).toBe(10);
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      expect(await pages.count()).toBe(0);

      await goto(page, '/admin/translations?type=news');
      const translationPages = page.getByRole('navigation', { name: 'Pages' });
      await expect.poll(async () => (await translationPages.textContent()) ?? '').toMatch(/Page 1 of 2/);
      expect(await page.locator('#admin-main tbody tr').count()).toBe(100);
      await translationPages.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(async () => (await translationPages.textContent()) ?? '').toMatch(/Page 2 of 2/);
      expect(await page.locator('#admin-main tbody tr').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
      for (const id of made) await app.api(`/api/news/${id}`, { method: 'DELETE', token });
    }
  });

  it('says what went wrong in the admin’s language, not the server’s English: a taken value, a lost connection', async () => {
    const { page, context } = await signedIn();
    await page.goto(app.url + '/admin');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'uz'));
    await goto(page, '/admin/languages');
    await page.getByRole('button', { name: 'Yangi qo‘shish' }).click();
    await page.fill('#language-code', 'ru');
    await page.fill('#language-name', 'Rus tili');
    await page.fill('#language-nativeName', 'Русский');
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Bu qiymat boshqa yozuvda band. Boshqasini tanlang.' });
    await refused.waitFor();
    expect(await page.locator('#admin-main').textContent()).not.toMatch(/already exists|Language code/);

    // The network goes away: the save says so in Uzbek, and nothing is lost from the form.
    await context.setOffline(true);
    await page.fill('#language-code', 'kk');
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Server bilan aloqa yo‘q. Internetni tekshirib, qaytadan urinib ko‘ring.' }).waitFor();
    expect(await page.inputValue('#language-name')).toBe('Rus tili');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Bekor qilish' }).first().click();
    expect((await app.api('/api/languages', { token })).body.data.map((language: { code: string }) => language.code)).not.toContain('kk');
    await context.close();
  });

  it('adds Oʻzbekcha (kirill) in one click, its interface texts transliterated for review, hidden from visitors until made active', async () => {
    const { page, context, errors } = await signedIn();
    await goto(page, '/admin/languages');
    await page.getByRole('button', { name: 'Add Oʻzbekcha (kirill)' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'interface texts were transliterated from Uzbek (Latin)' }).count()).toBe(1);
    expect(await page.inputValue('#language-code')).toBe('uz-Cyrl');
    expect(await page.inputValue('#language-nativeName')).toBe('Ўзбекча');
    expect(await page.getByRole('checkbox', { name: 'Active', exact: true }).isChecked()).toBe(false);
    expect(await page.locator('#admin-main').textContent()).toContain('A new language stays hidden from visitors until “Active” is ticked.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Saved.');
    const cyrillic = (await app.api('/api/languages', { token })).body.data.find((language: { code: string }) => language.code === 'uz-Cyrl');
    expect(cyrillic.isActive).toBe(false);
    expect(cyrillic.translations['contact.send']).toBe('Хабарни юбориш');
    // Placeholders stay as they are.
    expect(cyrillic.translations['search.none']).toContain('“{query}”');
    expect(Object.keys(cyrillic.translations).length).toBeGreaterThan(170);
    // Not shown to visitors yet; the button is gone now that the language exists.
    expect((await app.api('/api/languages')).body.data.map((language: { code: string }) => language.code)).not.toContain('uz-Cyrl');
    expect(await page.getByRole('button', { name: 'Add Oʻzbekcha (kirill)' }).count()).toBe(0);
    await app.api(`/api/languages/${cyrillic._id}`, { method: 'DELETE', token });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a translator write a new language’s website and admin texts by screen, with English and Uzbek beside and what is left counted, then read the admin in it', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/languages');
    await page.getByRole('button', { name: 'Add new', exact: true }).click();
    await page.fill('#language-code', 'kk');
    await page.fill('#language-name', 'Kazakh');
    await page.fill('#language-nativeName', 'Қазақша');
    await page.locator('summary', { hasText: 'Interface texts' }).click();
    const counted = page.getByRole('status').filter({ hasText: 'not written yet' });
    const total = Number(/of (\d+) texts/.exec((await counted.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(100);
    expect(await counted.textContent()).toContain(`${total} of ${total} texts are not written yet`);
    await page.getByLabel('Find a text', { exact: true }).fill('Skip to main');
    const row = page.locator('li', { has: page.locator('#tr-a11y\\.skipToContent') });
    expect(await row.textContent()).toContain('Skip to main content');
    expect(await row.textContent()).toContain('Asosiy mazmunga o‘tish');
    await page.fill('#tr-a11y\\.skipToContent', 'Негізгі мазмұнға өту');
    expect(await counted.textContent()).toContain(`${total - 1} of ${total}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Saved.');
    let kk = (await app.api('/api/languages', { token })).body.data.find((language: { code: string }) => language.code === 'kk');
    expect(kk.translations['a11y.skipToContent']).toBe('Негізгі мазмұнға өту');
    // Website texts only so far: the admin cannot be read in Kazakh yet.
    const adminLanguage = page.locator('#admin-language');
    expect(await adminLanguage.locator('option').allTextContents()).toEqual(['O‘zbekcha', 'Русский', 'English']);

    // The admin's own texts, the same way.
    await page.getByRole('button', { name: 'Edit: Kazakh' }).click();
    await page.locator('summary', { hasText: 'Interface texts' }).click();
    // A text typed and not saved, seen on its page in a new tab.
    await page.getByLabel('Find a text', { exact: true }).fill('Send Message');
    await page.fill('#tr-contact\\.send', 'Жіберу');
    await page.getByLabel('Page', { exact: true }).selectOption('/contact');
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview with these texts' }).click()]);
    await preview.waitForLoadState();
    expect(await preview.locator('html').getAttribute('lang')).toBe('kk');
    expect(await preview.getByRole('button', { name: 'Жіберу', exact: true }).count()).toBe(1);
    expect(await preview.locator('[role=note]').first().textContent()).toContain('Saqlanmagan interfeys matnlarini oldindan ko‘rish');
    await preview.close();
    await page.getByLabel('Find a text', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Admin area texts' }).click();
    expect(await page.getByRole('button', { name: 'Admin area texts' }).getAttribute('aria-pressed')).toBe('true');
    const adminCount = page.getByRole('status').filter({ hasText: 'the admin area shows them in English' });
    // Written as the admin's language writes numbers (1,001 in English).
    const written = /of ([\d,]+) texts/.exec((await adminCount.textContent()) ?? '')?.[1] ?? '';
    const adminTotal = Number(written.replaceAll(',', ''));
    expect(adminTotal).toBeGreaterThan(300);
    expect(await adminCount.textContent()).toContain(`${written} of ${written} texts are not written yet`);
    await page.locator('details > summary', { hasText: /^Menu/ }).click();
    const contactsRow = page.locator('li', { has: page.locator('#tr-admin\\.nav\\.contacts') });
    expect(await contactsRow.textContent()).toContain('Contact requests');
    expect(await contactsRow.textContent()).toContain('Murojaatlar');
    await page.fill('#tr-admin\\.nav\\.contacts', 'Өтініштер');
    // The names that come with the record types too: the news section.
    await page.getByLabel('Find a text', { exact: true }).fill('words.news');
    await page.fill('#tr-admin\\.words\\.news', 'Жаңалықтар');
    await page.getByLabel('Find a text', { exact: true }).fill('');
    expect(await adminCount.textContent()).toContain(`${(adminTotal - 2).toLocaleString('en')} of ${written}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Saved.');
    kk = (await app.api('/api/languages', { token })).body.data.find((language: { code: string }) => language.code === 'kk');
    expect(kk.translations['admin.nav.contacts']).toBe('Өтініштер');
    expect(kk.translations['admin.words.news']).toBe('Жаңалықтар');
    expect(kk.translations['a11y.skipToContent']).toBe('Негізгі мазмұнға өту');

    // Now staff can read the admin in Kazakh: what is written in Kazakh, the rest in English.
    await expect.poll(() => adminLanguage.locator('option').allTextContents()).toEqual(['O‘zbekcha', 'Русский', 'English', 'Қазақша']);
    await adminLanguage.selectOption('kk');
    const navigation = page.getByRole('navigation').first();
    await expect.poll(() => navigation.textContent()).toContain('Өтініштер');
    expect(await navigation.textContent()).toContain('Жаңалықтар');
    expect(await navigation.textContent()).toContain('Dashboard');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk');
    await page.reload();
    await page.waitForSelector('#admin-main h1');
    expect(await page.getByRole('navigation').first().textContent()).toContain('Өтініштер');
    expect(await page.locator('#admin-language').inputValue()).toBe('kk');
    await app.api(`/api/languages/${kk._id}`, { method: 'DELETE', token });
    await context.close();
  });

  it('shows an event’s registrations on its form', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const event = await app.api('/api/events', { token, body: { title: { uz: 'Panel sinovi seminari' }, description: { uz: 'Seminar' }, venue: { uz: 'Toshkent' }, mode: 'offline', capacity: 10, startsAt: at(10), endsAt: at(10.1) } });
    expect(event.status, event.text).toBe(201);
    const registered = await app.api(`/api/events/${event.body.data._id}/registrations`, { body: { name: 'Sardor Panelov', email: 'sardor.panel@example.uz', language: 'uz', consent: true } });
    expect(registered.status, registered.text).toBe(201);
    const { page, context, errors } = await signedIn();
    await goto(page, `/admin/events/${event.body.data._id}/edit`);
    const panel = page.locator('section[aria-labelledby="event-registrations"]');
    await expect.poll(() => panel.textContent()).toContain('Sardor Panelov · sardor.panel@example.uz');
    expect(await panel.textContent()).not.toContain('could not be read');
    // Nobody confirmed it: staff clear every unconfirmed registration, after a question.
    await panel.getByRole('button', { name: 'Remove all unconfirmed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => panel.textContent()).toContain('Nobody has registered yet.');
    expect((await app.api(`/api/events/${event.body.data._id}/registrations`, { token })).body.data).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out: the token is revoked on the server and the login page shows', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin');
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await app.api('/api/auth/me', { token: stored! })).status).toBe(401);
    await context.close();
  });

  it('sends a save without a token to the login page and keeps nothing half-saved', async () => {
    const member = (await app.api('/api/team?admin=true', { token })).body.data[0];
    const { page, context } = await signedIn();
    await goto(page, `/admin/team/${member._id}/edit`);
    await page.waitForSelector('#field-experience');
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.fill('#field-experience', '12');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/admin/login');
    expect((await app.api(`/api/team/${member._id}`)).body.data.experience).toBe(member.experience);
    await context.close();
  });

  it('adds and removes an administrator in the settings', async () => {
    const { page, context } = await signedIn();
    await goto(page, '/admin/settings');
    await page.fill('#new-email', 'assistant@example.uz');
    await page.fill('#new-name', 'Office Assistant');
    await page.fill('#new-password', 'assistant-password-1');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForSelector('text=assistant@example.uz');
    expect((await app.api('/api/auth/users', { token })).body.data.map((user: { email: string }) => user.email)).toContain('assistant@example.uz');
    await page.getByRole('button', { name: 'Delete: assistant@example.uz' }).click();
    await confirmIn(page, 'Delete');
    await expect.poll(async () => (await app.api('/api/auth/users', { token })).body.data.length).toBe(1);
    await context.close();
  });

  it('works on a 375 px phone with the drawer', async () => {
    const { page, context } = await signedIn(375);
    await goto(page, '/admin');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => menu.evaluate((element) => element === document.activeElement)).toBe(true);
    await menu.click();
    await drawer.getByRole('link', { name: 'Media library' }).click();
    await page.waitForURL('**/admin/media');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('asks for one author (a lawyer, or someone else by name) and computes the reading time unless one is typed', async () => {
    const { page, context, errors } = await signedIn();
    await goto(page, '/admin/blog/new');
    const member = page.locator('#field-author-member');
    await member.waitFor();
    const lawyer = (await app.api('/api/team?admin=true', { token })).body.data[0];
    // Someone else: a name per language; a lawyer: nothing else to type.
    expect(await member.inputValue()).toBe('');
    expect(await page.locator('#field-author').isVisible()).toBe(true);
    await member.selectOption(lawyer._id);
    expect(await page.locator('#field-author').count()).toBe(0);
    await member.selectOption('');
    await page.fill('#field-author', 'Mehmon muallif');
    // Empty: the time is computed from the text when saved (shown as the placeholder); "Use this" puts it in.
    const readTime = page.locator('#field-readTime');
    expect(await readTime.getAttribute('placeholder')).toBe('1 min');
    expect(await page.locator('#field-readTime-computed').textContent()).toContain('computed from the text');
    await page.locator('#field-readTime-computed').getByRole('button', { name: 'Use this' }).click();
    expect(await readTime.inputValue()).toBe('1 min');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes the images a form uploaded and did not keep: replaced before a save, or the form left unsaved', async () => {
    const { page, context, errors } = await signedIn();
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Rasmli xabar' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } } })).body.data;
    const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
    const names = async () => ((await app.api('/api/upload/list', { token })).body.data.images as Array<{ filename: string }>).map((image) => image.filename);
    const field = page.locator('[data-field="image"]');
    const send = async (name: string, colour: string) => {
      await field.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: await png(colour) });
      await expect.poll(async () => (await names()).includes(name)).toBe(true);
      await expect.poll(() => field.locator('img').count()).toBe(1);
    };
    await goto(page, `/admin/news/${article._id}/edit`);
    await send('first-choice.png', '#aa0000');
    await send('second-choice.png', '#00aa00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // The one the record shows stays; the one replaced before the save is gone.
    await expect.poll(async () => (await names()).includes('first-choice.png')).toBe(false);
    expect(await names()).toContain('second-choice.png');
    // Uploaded, then the form left without saving: removed; the saved picture stays.
    await send('left-behind.png', '#0000aa');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmIn(page, 'Leave without saving');
    await expect.poll(async () => (await names()).includes('left-behind.png')).toBe(false);
    expect(await names()).toContain('second-choice.png');
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.image).toMatch(/-large\.webp$/);
    expect(errors).toEqual([]);
    await app.api(`/api/news/${article._id}`, { method: 'DELETE', token });
    await context.close();
  });

  it('offers draft, publish now or schedule: a time means scheduled, and a scheduled article is dated the day it goes live', async () => {
    const { page, context, errors } = await signedIn();
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Dushanba e’loni', en: 'Monday notice' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, published: false, date: '2020-01-01' } })).body.data;
    await goto(page, `/admin/news/${article._id}/edit`);
    const publishing = page.getByTestId('publishing');
    // No "Published" switch beside a time that did nothing while it was off: three actions, the save button says which.
    expect(await page.locator('#field-published').count()).toBe(0);
    expect(await page.locator('#field-publishAt').count()).toBe(0);
    expect(await publishing.getByLabel('Draft').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save as draft' }).waitFor();
    await publishing.getByLabel('Schedule').check();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    // Scheduling without a time is refused beside the field, nothing saved.
    await expect.poll(() => page.locator('#field-publish-at-error').textContent()).toContain('Choose when it goes live');
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.version).toBe(1);
    expect(await page.locator('#field-publish-at').evaluate((input) => input.getAttribute('aria-describedby'))).toContain('zone');
    await expect.poll(() => publishing.locator('#field-publish-at-zone').textContent()).toBe('Time zone: Asia/Tashkent (UTC+05:00).');
    const nextYear = new Date().getUTCFullYear() + 1;
    // 02:30 in Tashkent is the evening before in UTC: the article's date is the firm's day.
    await page.fill('#field-publish-at', `${nextYear}-03-02T02:30`);
    await page.fill('#field-unpublishAt', `${nextYear}-03-01T09:00`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    // Refused by the server, said beside the field, nothing saved.
    await expect.poll(() => page.locator('#field-unpublishAt-error').textContent()).toContain('later than Publish at');
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.version).toBe(1);
    await page.locator('[data-field="unpublishAt"]').getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.publishAt).toBe(`${nextYear}-03-01T21:30:00.000Z`);
    const scheduled = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    expect(scheduled).toMatchObject({ published: true, publicState: 'scheduled', date: `${nextYear}-03-02` });
    await expect.poll(() => page.locator('#field-date').inputValue()).toBe(`${nextYear}-03-02`);
    expect(await publishing.getByLabel('Schedule').isChecked()).toBe(true);
    // Draft clears the time (a time is only ever a schedule); "Publish now" makes it live.
    await publishing.getByLabel('Draft').check();
    expect(await page.locator('#field-publish-at').count()).toBe(0);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data).toMatchObject({ published: false, publishAt: null, publicState: 'draft' });
    await publishing.getByLabel('Publish now').check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.publicState).toBe('published');
    await expect.poll(() => publishing.getByLabel('On the site').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    // Scheduled again for the lists below.
    await publishing.getByLabel('Schedule').check();
    await page.fill('#field-publish-at', `${nextYear}-03-02T09:00`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.publishAt).toBe(`${nextYear}-03-02T04:00:00.000Z`);
    await goto(page, '/admin/news?status=scheduled');
    await expect.poll(() => page.locator('[data-state=scheduled]').first().textContent()).toMatch(/Scheduled\s*· Goes live .*9:00/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await goto(page, '/admin');
    await expect.poll(() => page.getByTestId('upcoming').textContent()).toContain('Monday notice');
    expect(errors).toEqual([]);
    await app.api(`/api/news/${article._id}`, { method: 'DELETE', token });
    await context.close();
  });

  it('makes a preview link a partner can open without signing in, and copies it', async () => {
    const { page, context, errors } = await signedIn();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const draft = (await app.api('/api/blog', { token, body: { title: { uz: 'Hamkor uchun qoralama', en: 'Draft for a partner' }, excerpt: { uz: 'x' }, content: { uz: 'Maxfiy matn' }, category: { uz: 'x' }, author: { name: { uz: 'A' } }, readTime: '5 min', published: false } })).body.data;
    await goto(page, `/admin/blog/${draft._id}/edit`);
    await page.getByRole('button', { name: 'Preview (UZ)' }).click();
    await page.waitForSelector('#preview-url');
    const url = await page.inputValue('#preview-url');
    expect(url).toMatch(/^https:\/\/lawfirm\.test\/preview\//);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.waitForSelector('text=Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const partner = await browser.newContext();
    const reader = await partner.newPage();
    const response = await reader.goto(app.url + new URL(url).pathname);
    expect(response?.status()).toBe(200);
    expect(await reader.locator('h1').textContent()).toContain('Hamkor uchun qoralama');
    expect(await reader.locator('meta[name=robots]').getAttribute('content')).toMatch(/noindex/);
    expect(await reader.getByRole('note').textContent()).toMatch(/Oldindan ko‘rish/);
    await partner.close();
    expect(errors).toEqual([]);
    await app.api(`/api/blog/${draft._id}`, { method: 'DELETE', token });
    await context.close();
  });

  it('redirects a missing address in one click from the not-found list, and refuses a loop beside the field', async () => {
    for (let n = 0; n < 3; n += 1) await fetch(`${app.url}/old-price-list-e2e`);
    await app.services.redirects.flushNotFound();
    const { page, context, errors } = await signedIn();
    await goto(page, '/admin/redirects');
    await page.getByRole('button', { name: 'Redirect this: /old-price-list-e2e' }).click();
    expect(await page.inputValue('#redirect-from')).toBe('/old-price-list-e2e');
    // Focused in the next frame: on a busy machine that comes after the click returns.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('redirect-to');
    await page.fill('#redirect-to', '/services');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForSelector('text=Redirect saved');
    // The lists are read again after the save: the address leaves the not-found list when that arrives.
    await expect.poll(() => page.getByTestId('not-found-list').count()).toBe(0);
    const moved = await fetch(`${app.url}/old-price-list-e2e`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/services');

    await page.fill('#redirect-from', '/services');
    await page.fill('#redirect-to', '/faq');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#redirect-from-error').textContent()).toContain('is a page that is live now');
    expect(await page.locator('#redirect-from').getAttribute('aria-invalid')).toBe('true');

    await page.setInputFiles('input[type=file]', { name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from('from,to,status\n/csv-one,/blog,301\n/csv-two,/team,302\n') });
    await page.waitForSelector('text=Imported: 2 new, 0 changed');
    expect(await page.getByTestId('redirect-list').textContent()).toContain('/csv-two');
    await page.getByRole('button', { name: 'Delete: /csv-two' }).click();
    await confirmIn(page, 'Delete');
    await page.waitForSelector('text=Redirect deleted');
    expect((await fetch(`${app.url}/csv-two`, { redirect: 'manual' })).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where an image is used, deletes it only after showing where, and lets a form pick it from the library', async () => {
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'library-pick.png');
    const sent = await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(sent.status).toBe(201);
    const uploaded = (await sent.json()).data;
    const member = (await app.api('/api/team?admin=true', { token })).body.data[0];
    const { page, context, errors } = await signedIn();
    await goto(page, `/admin/team/${member._id}/edit`);
    await page.getByRole('button', { name: 'Choose from library' }).first().click();
    // The library is read as the chooser opens; narrowed by its filter, as an editor with many images would.
    const picker = page.getByTestId('library-picker');
    await picker.waitFor();
    await page.fill('#library-filter', 'library-pick');
    await expect.poll(() => picker.textContent()).toContain('library-pick.png');
    await page.getByRole('button', { name: /^Use this image: library-pick\.png, 80×60/ }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await app.api(`/api/team/${member._id}?admin=true`, { token })).body.data.image).toBe(uploaded.images.large);

    await goto(page, '/admin/media');
    const tile = page.locator('li', { hasText: 'library-pick.png' });
    await expect.poll(() => tile.textContent()).toContain('Used in: Team');
    await tile.getByRole('button', { name: 'Delete: library-pick.png' }).click();
    // Asked in the admin's own dialog, which says where the image is shown.
    expect(await page.getByRole('dialog', { name: 'Please confirm' }).textContent()).toMatch(/This image is shown in: Team · .*Delete it anyway/);
    await confirmIn(page, 'Delete');
    await expect.poll(async () => (await fetch(app.url + uploaded.images.large)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks lawyers without a photo in the list, with a way straight to adding one, and lets the editor name what they lead', async () => {
    // The demo's lawyers all have their drawn portraits: one of them is without a photo for now.
    const [first] = (await app.api('/api/team?admin=true', { token })).body.data as Array<{ _id: string; version: number }>;
    const cleared = await app.api(`/api/team/${first._id}`, { method: 'PUT', token, body: { image: '', version: first.version } });
    expect(cleared.status, cleared.text).toBe(200);
    const { page, context, errors } = await signedIn(375);
    await goto(page, '/admin/team');
    const team = (await app.api('/api/team', { token })).body.data as Array<{ _id: string; image: string; slug: string; licence: string }>;
    const withoutPhoto = team.filter((member) => !member.image);
    expect(withoutPhoto.length).toBeGreaterThan(0);
    const hints = page.getByRole('link', { name: /^No photo yet: add one/ });
    await expect.poll(() => hints.count()).toBe(withoutPhoto.length);
    await hints.first().click();
    await page.waitForURL(`**/admin/team/${withoutPhoto[0]._id}/edit#field-image`);
    await page.waitForSelector('#field-licence');
    expect(await page.locator('#field-licence').inputValue()).toBe(withoutPhoto[0].licence);
    expect(await page.locator('#field-slug').inputValue()).toBe(withoutPhoto[0].slug);
    // A service's lead lawyer is chosen from the team by name.
    const service = (await app.api('/api/services/slug/family', { token })).body.data;
    const malika = (await app.api('/api/team', { token })).body.data.find((member: { name: { en: string } }) => member.name.en === 'Malika Ergasheva');
    await page.setViewportSize({ width: 1280, height: 900 });
    await goto(page, '/admin/services');
    await page.getByRole('button', { name: 'Edit: Family Law' }).or(page.getByRole('link', { name: 'Edit: Family Law' })).click();
    await page.waitForSelector('#field-lead');
    await page.locator('#field-lead').selectOption({ label: 'Malika Ergasheva' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await app.api(`/api/services/${service._id}?admin=true`, { token })).body.data.lead).toBe(malika._id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the visits of the public pages as a line over 7, 30 or 90 days, with pages, sites and languages', async () => {
    for (let n = 0; n < 3; n += 1) app.services.countVisit('/ru/news', 'https://t.me/lawfirm');
    app.services.countVisit('/team/rustam-aliyev', undefined);
    await app.services.flushVisits();
    const expected = (await app.api('/api/admin/analytics?days=30', { token })).body.data.visits.total;
    const { page, context, errors } = await signedIn(1280);
    await goto(page, '/admin/analytics');
    await expect.poll(() => page.getByText(`${expected} visits`).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Visits per day' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current')).toBe('page');
    const sites = page.locator('section', { has: page.getByRole('heading', { name: 'Where visitors came from' }) });
    expect(await sites.textContent()).toContain('t.me');
    expect(await sites.textContent()).toContain('Direct (typed address, bookmark or an app)');
    // A lawyer's page is named by the lawyer, its address beside.
    const pages = page.locator('section', { has: page.getByRole('heading', { name: 'Most visited pages' }) });
    expect(await pages.textContent()).toMatch(/Rustam\S* Aliyev\S* \(\/team\/rustam-aliyev\)/);
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await page.waitForURL('**/admin/analytics?days=7');
    await expect.poll(() => page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('page');
    // The figures are also a table for screen readers: one row per day of the period.
    await expect.poll(() => page.locator('figure table tbody tr').count()).toBe(7);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a translator only what they may change: their language’s texts, no creating, deleting or settings of others', async () => {
    const email = 'tarjimon@example.uz';
    await app.api('/api/auth/users', { token, body: { email, password: 'tarjimon-password-1', role: 'translator', languages: ['ru'] } });
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Tarjima uchun', en: 'For translation' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } } })).body.data;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const session = await app.login(email, 'tarjimon-password-1');
    await context.addInitScript(([value]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', 'en');
    }, [session]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await goto(page, '/admin/news');
    const navigation = await page.getByRole('navigation', { name: 'Menu' }).first().textContent();
    expect(navigation).toContain('News');
    const menu = page.getByRole('navigation', { name: 'Menu' }).first();
    for (const hidden of ['Contact requests', 'Languages', 'Site configuration', 'Media library', 'Trash', 'Redirects', 'Analytics', 'Alert subscribers']) expect(await menu.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    // Their groups: what they translate, and the languages group with only the translation screen.
    expect(await menu.getByRole('link', { name: 'Translations', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Add new' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit: / }).count() + (await page.getByRole('link', { name: /^Edit: / }).count())).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Delete: / }).count()).toBe(0);
    await goto(page, `/admin/news/${article._id}/edit`);
    await page.waitForSelector('text=You can change the texts in RU');
    expect(await page.locator('#field-title').isDisabled()).toBe(true);
    expect(await page.locator('#field-slug').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: /RU/ }).click();
    expect(await page.locator('#field-title').isDisabled()).toBe(false);
    expect(await page.locator('#field-slug').isDisabled()).toBe(true);
    await page.fill('#field-title', 'Для перевода');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.title.ru).toBe('Для перевода');
    await goto(page, '/admin/settings');
    expect(await page.getByTestId('accounts').count()).toBe(0);
    expect(await page.getByTestId('sessions').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets up two-factor sign-in with a QR code drawn on the page, and then signs in with a code', async () => {
    const email = 'ikki-bosqich@example.uz';
    const password = 'ikki-bosqich-parol';
    await app.api('/api/auth/users', { token, body: { email, password, role: 'editor' } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const session = await app.login(email, password);
    await context.addInitScript(([value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', 'en');
        sessionStorage.setItem('seeded', '1');
      }
    }, [session]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await goto(page, '/admin/settings');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for the authenticator app' });
    await expect.poll(() => qr.isVisible()).toBe(true);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.fill('#totp-on-password', password);
    await page.fill('#totp-confirm', totp(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect.poll(async () => (await page.getByTestId('recovery-codes').locator('li').count())).toBe(10);
    await expect.poll(() => page.getByTestId('two-factor-state').textContent()).toContain('On:');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.fill('#login-email', email);
    await page.fill('#login-password', password);
    await page.click('button[type=submit]');
    await page.waitForSelector('#login-code');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-code');
    await page.fill('#login-code', '000000' === totp(secret, Date.now() + 30_000) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('wrong or was already used');
    await page.fill('#login-code', totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.url}/admin`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an account without two-factor sign-in to set it up when the firm requires it', async () => {
    const email = 'majburiy@example.uz';
    const password = 'majburiy-parol-123';
    await app.api('/api/auth/users', { token, body: { email, password, role: 'editor' } });
    const config = (await app.api('/api/site-config')).body.data;
    await app.services.siteConfig.update({ ...config, version: undefined, security: { requireTwoFactor: true } });
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const session = await app.login(email, password);
      await context.addInitScript(([value]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('i18nextLng', 'ru');
      }, [session]);
      const page = await context.newPage();
      await page.goto(`${app.url}/admin/news`);
      await page.waitForURL('**/admin/settings');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('двухфакторный вход обязателен');
      expect(await page.getByRole('button', { name: 'Настроить двухфакторный вход' }).isVisible()).toBe(true);
      await context.close();
    } finally {
      await app.services.siteConfig.update({ ...config, version: undefined, security: { requireTwoFactor: false } });
    }
  });
  it('shows what is translated, missing or outdated, opens a record on that language, and fills a Cyrillic draft from Uzbek', async () => {
    const cyrillic = await app.api('/api/languages', { method: 'POST', token, body: { code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', isActive: true } });
    expect(cyrillic.status, cyrillic.text).toBe(201);
    try {
      // An article whose Russian is complete (earlier tests add some that have none).
      const complete = (await app.api('/api/translations/status?type=news&lang=ru&state=complete', { token })).body.data.records;
      const article = { _id: complete[0]._id as string };
      // The Uzbek title changes after the Russian one was written: Russian is outdated.
      const current = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
      expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { ...current.title, uz: `${current.title.uz} (yangilangan)` }, version: current.version } })).status).toBe(200);
      const { context, page, errors } = await signedIn();
      await goto(page, '/admin/translations?type=news&state=outdated');
      const row = page.locator('tbody tr', { hasText: `${current.title.uz} (yangilangan)` });
      expect(await row.count()).toBe(1);
      expect(await page.locator('main').textContent()).toContain('UZ-CYRL');
      await row.getByRole('link', { name: /in RU: Outdated/ }).click();
      await page.waitForURL(`**/admin/news/${article._id}/edit?lang=ru`);
      await page.waitForSelector('#field-title');
      expect(await page.getByRole('tab', { name: 'RU · Russian' }).getAttribute('aria-selected')).toBe('true');
      // The marks come with the translation status, asked for after the form shows.
      await expect.poll(() => page.locator('label[for="field-title"]').textContent()).toContain('Outdated');
      // Wide screen: the Uzbek source beside each text being translated.
      expect(await page.getByRole('checkbox', { name: 'Show UZ beside' }).isChecked()).toBe(true);
      expect(await page.locator('div[lang="uz"]').first().textContent()).toBe(`${current.title.uz} (yangilangan)`);
      // Uzbek Cyrillic: every text empty, made from the Uzbek Latin by transliteration, then undone and made again.
      await page.getByRole('tab', { name: /UZ-CYRL/ }).click();
      await page.getByRole('button', { name: 'Transliterate from UZ' }).click();
      const title = await page.inputValue('#field-title');
      // The article's document too, in the editor: its words in Cyrillic.
      await expect.poll(() => page.locator('#field-content').textContent()).toMatch(/[\u0400-\u04FF]{3}/);
      expect(title).toMatch(/^[\u0400-\u04FF0-9 :,.()«»“”"'-]+$/);
      expect(await page.getByRole('status').textContent()).toContain('Check them, then save');
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      expect(await page.inputValue('#field-title')).toBe('');
      await page.getByRole('button', { name: 'Transliterate from UZ' }).click();
      await page.locator('form button[type=submit]').click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const saved = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
      expect(saved.title['uz-Cyrl']).toBe(title);
      expect(JSON.stringify(saved.content['uz-Cyrl'])).toMatch(/"type":"doc".*[\u0400-\u04FF]{3}/);
      // Its author's name too.
      expect(current.author.name.uz).toBeTruthy();
      expect(saved.author.name['uz-Cyrl']).toMatch(/^[\u0400-\u04FF ʼ'-]+$/);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await app.api(`/api/languages/${cyrillic.body.data._id}`, { method: 'DELETE', token });
    }
  });
  it('picks a feature’s icon by sight from named icons, in Uzbek', async () => {
    const { context, page, errors } = await signedIn(375);
    await goto(page, '/admin/features');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'uz'));
    await goto(page, '/admin/features');
    await page.locator('#admin-main button', { hasText: /Qo‘shish|Yangi/ }).first().click();
    const picker = page.getByRole('group', { name: /Belgi/ });
    expect(await picker.getByRole('radio').count()).toBe(16);
    await picker.getByText('Adolat tarozisi').click();
    expect(await picker.getByRole('radio', { name: 'Adolat tarozisi' }).isChecked()).toBe(true);
    await page.fill('#field-title', 'Adolatli narx');
    await page.fill('#field-description', 'Narxlar oldindan aytiladi.');
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => (await app.api('/api/features?admin=true', { token })).body.data.find((feature: { title: { uz: string } }) => feature.title.uz === 'Adolatli narx')?.icon).toBe('Scale');
    expect(errors).toEqual([]);
    await context.close();
  });
});
