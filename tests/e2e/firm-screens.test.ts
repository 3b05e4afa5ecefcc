/*
 * The firm's intake screens in a real Chromium, in Uzbek and Russian, on a phone and a desktop:
 * the inbox's count of possible conflicts (Russian plural forms), the request's hits by kind (the
 * most serious first, marked), the e-mail's link opening its request, an application's CV under
 * its own heading, a matter's other side one name a line, and the public forms without JavaScript
 * (a refused application keeps what was typed; a registration lands on its result).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { SAMPLE } from '../helpers/documents.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOTS = process.env.SCREENSHOTS_DIR;
const DAY = 86_400_000;

describe.skipIf(!CHROME_PATH)('the firm’s intake screens in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token: string;
  let visitorNumber = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${(visitorNumber += 1) % 250}` });
  /** The requests made below, by how many possible conflicts each has. */
  const requests: Record<'one' | 'three' | 'five', string> = { one: '', three: '', five: '' };
  let matterId = '';
  let vacancySlug = '';

  const shot = async (page: Page, name: string, fullPage = true) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
  };
  const staff = async (lang: 'uz' | 'ru', width: number, signed = true): Promise<BrowserContext> => {
    // bypassCSP: axe-core's script is injected where a test asks for it.
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    await context.addInitScript(
      ([value, language]) => {
        if (value && !sessionStorage.getItem('seeded')) localStorage.setItem('token', value);
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('i18nextLng', language);
      },
      [signed ? token : '', lang],
    );
    return context;
  };
  const visitor = (width: number) => browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  /** Nothing wider than the window (a phone never scrolls sideways). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  /** Whether the element is on screen and seen: inside the window, not under the sticky header or the phone's call bar. */
  const inView = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      const seen = (y: number) => element.contains(document.elementFromPoint(box.left + box.width / 2, y));
      return box.top >= 0 && box.bottom <= window.innerHeight && seen(box.top + 4) && seen(box.bottom - 4);
    });
  const matter = async (body: Record<string, unknown>) => {
    const created = await app.api('/api/contact', { body: { kind: 'matter', email: 'client@example.uz', acknowledged: true, ...body }, headers: from() });
    expect(created.status, created.text).toBe(201);
    return created.body.data._id as string;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp('sqlite', { ssr: true, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
    token = await app.login();
    browser = await launchBrowser();
    // A confidential matter of ours: its client and the other side, never public.
    const ours = await app.api('/api/matters', {
      token,
      body: {
        title: { uz: 'Bank aksiyalari', ru: 'Акции банка' },
        summary: { uz: 'Bitim' },
        client: { uz: '“Silk Road Capital” MChJ' },
        opposingParties: ['Turon Savdo Bank', 'Karimov Akmal', 'Orient Logistics', 'Qizilqum Sement', 'Navoiy Kon Metall', 'Chirchiq Kimyo', 'Farg‘ona Neft'],
        confidential: true,
      },
    });
    expect(ours.status, ours.text).toBe(201);
    matterId = ours.body.data._id;
    // Someone who wrote to us before: a prospective client.
    expect((await app.api('/api/contact', { body: { name: 'Farhod Yusupov', email: 'farhod@example.org', subject: 'Maslahat', message: 'Salom' }, headers: from() })).status).toBe(201);
    requests.one = await matter({ name: 'Olim Nazarov', company: 'Karimov Akmal' });
    requests.three = await matter({ name: 'Jasur Rasulov', company: 'Turon Savdo Bank', counterparties: ['Silk Road Capital LLC', 'Farhod Yusupov'] });
    requests.five = await matter({ name: 'Malika Ergasheva', company: 'Yangi Mijoz', counterparties: ['Orient Logistics', 'Qizilqum Sement', 'Navoiy Kon Metall', 'Chirchiq Kimyo', 'Farg‘ona Neft'] });
    const counts = new Map((await app.api('/api/contact?kind=matter', { token })).body.data.map((row: { _id: string; conflictCount: number }) => [row._id, row.conflictCount]));
    expect([counts.get(requests.one), counts.get(requests.three), counts.get(requests.five)]).toEqual([1, 3, 5]);

    const vacancy = await app.api('/api/vacancies', { token, body: { title: { uz: 'Yurist', ru: 'Юрист' }, description: { uz: 'Korporativ amaliyot', ru: 'Корпоративная практика' }, location: { uz: 'Toshkent', ru: 'Ташкент' }, employmentType: 'FULL_TIME', closesAt: '2099-03-01T18:00:00+05:00' } });
    expect(vacancy.status, vacancy.text).toBe(201);
    vacancySlug = vacancy.body.data.slug;
    const application = new FormData();
    for (const [name, value] of Object.entries({ name: 'Dilnoza Rahimova', email: 'dilnoza@example.uz', letter: 'Korporativ huquqda tajribam bor.', consent: 'true', lang: 'uz' })) application.append(name, value);
    application.append('cv', new Blob([new Uint8Array(SAMPLE.pdf('CV'))]), 'Rahimova CV.pdf');
    const applied = await fetch(`${app.url}/api/vacancies/${vacancy.body.data._id}/applications`, { method: 'POST', body: application, headers: from() });
    expect(applied.status, await applied.clone().text()).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it.each([
    ['uz', 375, [['three', '3 ta ehtimoliy manfaatlar to‘qnashuvi'], ['one', '1 ta ehtimoliy manfaatlar to‘qnashuvi']]],
    ['ru', 1280, [['one', '1 возможный конфликт интересов'], ['three', '3 возможных конфликта интересов'], ['five', '5 возможных конфликтов интересов']]],
  ] as const)('counts each new matter’s possible conflicts on its inbox row (%s, %i px)', async (lang, width, expected) => {
    const context = await staff(lang, width);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/contacts?kind=matter`);
    const rows = page.locator(width < 768 ? '[data-testid=contact-cards] > li' : 'table tbody tr');
    await rows.first().waitFor();
    const names = { one: 'Olim Nazarov', three: 'Jasur Rasulov', five: 'Malika Ergasheva' };
    for (const [request, words] of expected) expect(await rows.filter({ hasText: names[request] }).getByTestId('conflict-count').textContent()).toBe(words);
    // Each row's status is read whole ("Проверка конфликта интересов"), not cut at the select's edge.
    const select = rows.first().locator('select');
    const fits = await select.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return { text: context.measureText(element.selectedOptions[0].text).width, room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `inbox-${lang}-${width}`);
    await context.close();
  });

  it.each([
    ['uz', 375, ['Qarama-qarshi tomon — bizning mijozimiz', 'Yangi mijoz bizning ishimizda qarama-qarshi tomon bo‘lgan', 'Bo‘lajak mijoz: avvalgi murojaat qarama-qarshi tomonda']],
    ['ru', 1280, ['Другая сторона — наш клиент', 'Новый клиент был другой стороной в нашем деле', 'Потенциальный клиент: прежнее обращение — на противоположной стороне']],
  ] as const)('opens the request of the e-mail’s link and lists its hits by kind, the most serious first and marked (%s, %i px)', async (lang, width, kinds) => {
    const context = await staff(lang, width);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/contacts?open=${requests.three}`);
    const dialog = page.getByRole('dialog');
    const hits = dialog.getByTestId('conflicts').locator('li');
    await expect.poll(() => hits.count()).toBe(3);
    expect(await dialog.textContent()).toContain('Jasur Rasulov');
    expect(await hits.getByTestId('conflict-hit').allTextContents()).toEqual(kinds);
    // The two hits that would put the firm on both sides say so in words, not in colour alone.
    const serious = lang === 'uz' ? 'Jiddiy' : 'Серьёзный';
    expect(await hits.nth(0).getByTestId('conflict-serious').textContent()).toBe(serious);
    expect(await hits.nth(1).getByTestId('conflict-serious').textContent()).toBe(serious);
    expect(await hits.nth(2).getByTestId('conflict-serious').count()).toBe(0);
    // Each hit reads as a sentence: what of ours matched what of theirs, and where.
    expect(await hits.nth(0).textContent()).toContain(lang === 'uz' ? '«Silk Road Capital LLC»' : '«Silk Road Capital LLC»');
    expect(await hits.nth(0).textContent()).toContain(lang === 'uz' ? '«Bank aksiyalari» ishining mijozi' : 'клиент по делу «Bank aksiyalari»');
    expect(await dialog.locator('h3#conflicts-title').textContent()).toBe(lang === 'uz' ? '3 ta ehtimoliy manfaatlar to‘qnashuvi' : '3 возможных конфликта интересов');
    // Opened from the link as from the list: no longer new.
    await expect.poll(async () => (await app.api(`/api/contact/${requests.three}`, { token })).body.data.status).not.toBe('new');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The dialog scrolls inside itself: its hits as seen.
    await hits.nth(0).scrollIntoViewIfNeeded();
    await shot(page, `request-${lang}-${width}`, false);
    // Labelled, readable and reachable as WCAG 2.2 AA asks (axe-core), the hits' colours included.
    expect(await axeViolations(page)).toEqual([]);
    // The keyboard closes it (Escape) and is back on the inbox.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('says so when the e-mail’s request is no longer there, and shows the list', async () => {
    const context = await staff('ru', 1280);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/contacts?open=gone0000000000000000`);
    await expect.poll(() => page.locator('#admin-main [role=alert]').textContent()).toContain('Это обращение не найдено: возможно, его удалили.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('table tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('brings a signed-out clerk from the e-mail’s link through sign-in to that request', async () => {
    const context = await staff('uz', 1280, false);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/contacts?open=${requests.one}`);
    await page.waitForURL(/\/admin\/login/);
    await page.locator('input[name=email]').fill(ADMIN_EMAIL);
    await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(new RegExp(`/admin/contacts\\?open=${requests.one}$`));
    await expect.poll(() => page.getByRole('dialog').getByTestId('conflicts').textContent()).toContain('«Karimov Akmal»');
    // Only the admin's own pages: any other address remembered goes to the dashboard.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.setItem('afterSignIn', '//example.com/admin');
    });
    await page.goto(`${app.url}/admin/login`);
    await page.locator('input[name=email]').fill(ADMIN_EMAIL);
    await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(`${app.url}/admin`);
    await context.close();
  });

  it.each([
    ['uz', 375, 'Rezyume', 'Mijoz hujjatlari'],
    ['ru', 1280, 'Резюме', 'Документы клиента'],
  ] as const)('shows an application’s CV under its own heading, never among a client’s documents (%s, %i px)', async (lang, width, heading, clients) => {
    const context = await staff(lang, width);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/contacts?kind=application`);
    await page.getByRole('button', { name: lang === 'uz' ? 'Batafsil: Dilnoza Rahimova' : 'Подробнее: Dilnoza Rahimova' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('intake-files').textContent()).toContain('Rahimova CV.pdf');
    expect(await dialog.locator('#files-title').textContent()).toBe(heading);
    expect(await dialog.textContent()).not.toContain(clients);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `application-${lang}-${width}`);
    await context.close();
  });

  it.each([
    ['uz', 375],
    ['ru', 1280],
  ] as const)('saves a matter’s other side one name a line and shows it so again (%s, %i px)', async (lang, width) => {
    const context = await staff(lang, width);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/matters/${matterId}/edit`);
    const field = page.locator('#field-opposingParties');
    await field.waitFor();
    // Labelled, in the admin's language.
    expect(await page.locator('label[for=field-opposingParties]').textContent()).toContain(lang === 'uz' ? 'Qarama-qarshi tomon' : 'Другая сторона');
    const before = (await app.api(`/api/matters/${matterId}?admin=true`, { token })).body.data.opposingParties as string[];
    await expect.poll(() => field.inputValue()).toBe(before.join('\n'));
    const names = lang === 'uz' ? ['“Turon Savdo Bank” ATB', 'Karimov Akmal', 'Orient Logistics'] : ['ООО «Силк Роуд Капитал»', 'Каримов Акмал'];
    await field.fill(`${names[0]}\n\n  ${names[1]}  \n${names.slice(2).join('\n')}\n`);
    await shot(page, `matter-form-${lang}-${width}`);
    await page.locator('form button[type=submit]').first().click();
    await expect.poll(async () => (await app.api(`/api/matters/${matterId}?admin=true`, { token })).body.data.opposingParties, { timeout: 10_000 }).toEqual(names);
    await page.reload();
    await field.waitFor();
    await expect.poll(() => field.inputValue()).toBe(names.join('\n'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it.each([
    ['uz', 375, '', '«cv.pdf» PDF yoki Word fayl emas'],
    ['ru', 1280, '/ru', '«cv.pdf» — не PDF и не Word'],
  ] as const)('keeps name, e-mail, phone and letter when an application without JavaScript is refused for its file (%s, %i px)', async (lang, width, prefix, refusal) => {
    const context = await visitor(width);
    const page = await context.newPage();
    await page.goto(`${app.url}${prefix}/careers/${vacancySlug}`);
    const typed = { name: 'Aziz Karimov', email: `aziz.${lang}@example.uz`, phone: '+998 90 123 45 67', letter: lang === 'uz' ? 'Assalomu alaykum!\nKorporativ huquqda 5 yillik tajribam bor.' : 'Здравствуйте!\nОпыт в корпоративном праве — 5 лет.' };
    for (const [name, value] of Object.entries(typed)) await page.locator(`#apply-${name}`).fill(value);
    await page.locator('#apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await SAMPLE.png() });
    await page.locator('#apply-consent').check();
    await page.waitForTimeout(3100);
    await page.locator('#apply button[type=submit]').click();
    await page.waitForLoadState();
    expect(new URL(page.url()).hash).toBe('#apply');
    expect(await page.locator('#apply-problem').textContent()).toContain(refusal);
    for (const [name, value] of Object.entries(typed)) expect(await page.locator(`#apply-${name}`).inputValue()).toBe(value);
    expect(await page.locator('#apply-consent').isChecked()).toBe(true);
    expect(await page.locator('#apply-cv').inputValue()).toBe('');
    expect(await inView(page, '#apply-problem')).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `vacancy-refused-${lang}-${width}`);
    await context.close();
  });

  it.each([
    ['uz', 375, ''],
    ['ru', 1280, '/ru'],
  ] as const)('lands an event registration without JavaScript on its result, in view (%s, %i px)', async (lang, width, prefix) => {
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const event = await app.api('/api/events', {
      token,
      body: { title: { uz: `Soliq seminari ${lang}`, ru: `Налоговый семинар ${lang}` }, description: { uz: 'Seminar haqida batafsil.', ru: 'Подробно о семинаре.' }, venue: { uz: 'Toshkent', ru: 'Ташкент' }, startsAt: at(10 * DAY), endsAt: at(10 * DAY + 7_200_000), capacity: 10 },
    });
    expect(event.status, event.text).toBe(201);
    const context = await visitor(width);
    const page = await context.newPage();
    const path = `${prefix}/events/${event.body.data.slug}`;
    await page.goto(app.url + path);
    await page.locator('#event-name').fill('Aziz Karimov');
    await page.locator('#event-email').fill(`aziz.event.${lang}@example.uz`);
    await page.locator('#event-consent').check();
    // As long as a person takes at least: the form refuses one sent sooner (the contact form's check).
    await page.waitForTimeout(3100);
    await page.locator('#registration button[type=submit]').click();
    await page.waitForLoadState();
    const url = new URL(page.url());
    expect(url.pathname + url.hash).toBe(`${path}#registration`);
    // The place is held until the e-mail's link confirms it.
    expect(url.searchParams.get('registration')).toBe('held');
    const result = page.locator('#registration [role=status]');
    expect(await result.textContent()).toBeTruthy();
    expect(await inView(page, '#registration [role=status]')).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `event-registered-${lang}-${width}`);
    await context.close();
  });
});
