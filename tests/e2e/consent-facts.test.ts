import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations as wcagViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { requestFrom } from '../helpers/local-address.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Consent as Uzbekistan's personal-data rules ask for it (API-4.md "Uzbek law and the firm's people";
 * docs/privacy-uz.md): every form names the operator and its TIN, the purposes, the data, how long
 * it is kept, who receives it and whether it leaves Uzbekistan, in the page's language; each stored
 * consent keeps exactly those words and facts; an administrator looks them up by e-mail.
 */

const axeViolations = (page: Page) => wcagViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);

/** The text of an element as a browser reads it from the page's HTML (React escapes &, <, >, " and '). */
const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

/** The words a form's consent shows: the box's sentence and each fact, as the page's HTML has them. */
function shownConsent(html: string, box: string, facts: string): string {
  const label = new RegExp(`<label[^>]*for="${box}"[^>]*>([\\s\\S]*?)(?:<span aria-hidden="true">|</label>)`).exec(html)?.[1];
  const list = new RegExp(`<ul id="${facts}"[^>]*>([\\s\\S]*?)</ul>`).exec(html)?.[1];
  if (label === undefined || list === undefined) throw new Error(`no consent ${box} / ${facts} on the page`);
  const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => decode(match[1]));
  return [decode(label), ...items].join(' ');
}

describe.each(DIALECTS)('consent with the operator and the facts on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let topics: string[];
  let sender = 20;
  const from = () => `127.0.0.${(sender += 1)}`;
  const page = async (path: string) => (await fetch(app.url + path)).text();
  const config = async () => (await app.api('/api/site-config')).body.data;
  const putPrivacy = async (privacy: Record<string, unknown>) => {
    const current = await config();
    return app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...current, privacy: { ...current.privacy, ...privacy } } });
  };
  const contact = (body: Record<string, unknown>) =>
    requestFrom(from(), `${app.url}/api/contact`, { body: { name: 'Nodira Saidova', email: 'Nodira@Example.uz', subject: 'Ijara', message: 'Shartnoma haqida', consent: true, ...body } });

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
    admin = await app.login();
    topics = (await app.api('/api/services?limit=2')).body.data.map((service: { _id: string }) => service._id);
    expect((await putPrivacy({ requireConsent: true, retentionDays: 400 })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('names the operator and its TIN, the purposes, the data, the time kept, who receives it and that it stays in Uzbekistan, in uz and ru (contact and subscription forms, privacy page)', async () => {
    const uz = await page('/contact');
    const uzText = shownConsent(uz, 'contact-consent', 'contact-consent-facts');
    expect(uzText).toContain('Shaxsiy ma’lumotlaringiz operatori: “Adliya Partners” MChJ, STIR 301234567, Toshkent, Amir Temur shoh ko‘chasi, 107B, 100084.');
    expect(uzText).toContain('reyestridagi raqami: 2024-0417');
    expect(uzText).toContain('Maqsad: murojaatingizga javob berish.');
    expect(uzText).toContain('Ma’lumotlar: ismingiz, e-pochtangiz, telefoningiz va xabaringiz.');
    expect(uzText).toContain('Saqlash muddati: ko‘pi bilan 400 kun');
    expect(uzText).toContain('Kimga beriladi:');
    expect(uzText).toContain('Ma’lumotlar O‘zbekistondan tashqariga uzatilmaydi.');
    const ru = shownConsent(await page('/ru/contact'), 'contact-consent', 'contact-consent-facts');
    expect(ru).toContain('Оператор ваших персональных данных: ООО «Адлия Партнерс», ИНН 301234567, Ташкент, проспект Амира Темура, 107Б, 100084.');
    expect(ru).toContain('Срок хранения (в днях): не более 400,');
    expect(ru).toContain('Данные не передаются за пределы Узбекистана.');
    // The subscription's form says its own purposes and data.
    const subscribeUz = shownConsent(await page('/subscribe'), 'subscribe-consent', 'subscribe-consent-facts');
    expect(subscribeUz).toContain('STIR 301234567');
    expect(subscribeUz).toContain('Ma’lumotlar: e-pochta manzilingiz, tilingiz va mavzularingiz.');
    const subscribeRu = shownConsent(await page('/ru/subscribe'), 'subscribe-consent', 'subscribe-consent-facts');
    expect(subscribeRu).toContain('Цель: присылать вам правовые новости по выбранным темам.');
    expect(subscribeRu).toContain('ИНН 301234567');
    // A new matter's form: its own purposes.
    expect(shownConsent(await page('/ru/contact?kind=matter'), 'contact-consent', 'contact-consent-facts')).toContain('Цель: проверить конфликт интересов');
    // The privacy page shows the operator.
    const privacy = decode(/<section[^>]*data-operator[\s\S]*?<\/section>/.exec(await page('/ru/privacy'))?.[0] ?? '');
    expect(privacy).toContain('Оператор персональных данных');
    expect(privacy).toContain('ИНН301234567');
    expect(privacy).toContain('Номер в реестре2024-0417');
  });

  it('keeps exactly the words and facts the page showed; a new operator changes new consents, never stored ones', async () => {
    const shown = shownConsent(await page('/ru/contact'), 'contact-consent', 'contact-consent-facts');
    const sent = await contact({ lang: 'ru', email: 'kept@example.uz' });
    expect(sent.status).toBe(201);
    const first = (await app.api(`/api/contact/${sent.body.data._id}`, { token: admin })).body.data.consent;
    expect(first.text).toBe(shown);
    expect(first).toMatchObject({ given: true, language: 'ru', version: expect.stringMatching(/^1-[0-9a-f]{8}$/) });
    expect(first.facts).toMatchObject({ kind: 'contact', operator: { tin: '301234567', name: 'ООО «Адлия Партнерс»', registerNumber: '2024-0417' }, retentionDays: 400, crossBorder: { transfer: false, basis: null, countries: [] } });
    // Words from the visitor are never what is kept: refused (a closed body), or ignored.
    const forged = await contact({ lang: 'ru', email: 'forged@example.uz', text: 'I agree to anything', consentText: 'I agree to anything' });
    expect([201, 400]).toContain(forged.status);
    if (forged.status === 201) expect((await app.api(`/api/contact/${forged.body.data._id}`, { token: admin })).body.data.consent.text).toBe(shown);

    // The firm changes the operator and sends the data abroad on a contract.
    const current = await config();
    const changed = await putPrivacy({ operator: { ...current.privacy.operator, tin: '309876543' }, crossBorder: { transfer: true, basis: 'contract', countries: 'de, kz' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.privacy.crossBorder).toEqual({ transfer: true, basis: 'contract', countries: ['DE', 'KZ'] });
    const shownNow = shownConsent(await page('/ru/contact'), 'contact-consent', 'contact-consent-facts');
    expect(shownNow).toContain('ИНН 309876543');
    expect(shownNow).toContain('Данные передаются за пределы Узбекистана: страны — DE, KZ; основание — договор с вами или в ваших интересах.');
    const later = await contact({ lang: 'ru', email: 'kept@example.uz' });
    const second = (await app.api(`/api/contact/${later.body.data._id}`, { token: admin })).body.data.consent;
    expect(second.text).toBe(shownNow);
    expect(second.version).not.toBe(first.version);
    expect(second.facts.crossBorder).toEqual({ transfer: true, basis: 'contract', countries: ['DE', 'KZ'] });
    // The first consent is as it was.
    expect((await app.api(`/api/contact/${sent.body.data._id}`, { token: admin })).body.data.consent).toEqual(first);

    // A subscription keeps the words of the page it was sent from (lang), made on the server.
    const subscribeShown = shownConsent(await page('/ru/subscribe'), 'subscribe-consent', 'subscribe-consent-facts');
    const subscribed = await requestFrom(from(), `${app.url}/api/subscriptions`, { body: { email: 'Kept@Example.uz', language: 'uz', lang: 'ru', topics: [topics[0]], consent: true } });
    expect(subscribed.status).toBe(202);
    const subscriber = (await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'kept@example.uz');
    expect(subscriber.consent).toMatchObject({ text: subscribeShown, language: 'ru', topics: [topics[0]], facts: { kind: 'subscription', operator: { tin: '309876543' } } });

    // The administrator's look-up: every consent of the address, oldest first, across the stores.
    const found = await app.api('/api/privacy/consents?email=KEPT@example.uz', { token: admin });
    expect(found.status).toBe(200);
    expect(found.body.data.map((consent: { kind: string; text: string }) => [consent.kind, consent.text])).toEqual([
      ['contact', shown],
      ['contact', shownNow],
      ['subscription', subscribeShown],
    ]);
    expect(found.body.data[0]).toMatchObject({ recordId: sent.body.data._id, language: 'ru', version: first.version, facts: first.facts, at: first.at });
    expect((await app.api('/api/privacy/consents?email=nobody@example.uz', { token: admin })).body.data).toEqual([]);
    expect((await app.api('/api/privacy/consents?email=not-an-address', { token: admin })).status).toBe(400);
    expect((await app.api('/api/privacy/consents?email=kept@example.uz')).status).toBe(401);
    expect((await app.api('/api/auth/users', { token: admin, body: { email: 'muharrir@example.uz', password: 'a long editor password 1', role: 'editor' } })).status).toBe(201);
    const editor = await app.login('muharrir@example.uz', 'a long editor password 1');
    expect((await app.api('/api/privacy/consents?email=kept@example.uz', { token: editor })).status).toBe(403);
    expect((await putPrivacy({ crossBorder: { transfer: false, basis: null, countries: [] }, operator: { ...current.privacy.operator } })).status).toBe(200);
  });

  it('refuses a TIN that is not nine digits, a transfer without a basis or countries, and a country that is not a two-letter code', async () => {
    const current = await config();
    const problems = async (privacy: Record<string, unknown>) => {
      const answer = await putPrivacy(privacy);
      expect(answer.status).toBe(400);
      return answer.body.details.map((detail: { path: string }) => detail.path);
    };
    expect(await problems({ operator: { ...current.privacy.operator, tin: '30123456' } })).toEqual(['privacy.operator.tin']);
    expect(await problems({ operator: { ...current.privacy.operator, tin: '30123456X' } })).toEqual(['privacy.operator.tin']);
    expect(await problems({ crossBorder: { transfer: true, basis: null, countries: ['DE'] } })).toEqual(['privacy.crossBorder.basis']);
    expect(await problems({ crossBorder: { transfer: true, basis: 'contract', countries: [] } })).toEqual(['privacy.crossBorder.countries']);
    expect(await problems({ crossBorder: { transfer: true, basis: 'treaty', countries: ['DE'] } })).toEqual(['privacy.crossBorder.basis']);
    expect(await problems({ crossBorder: { transfer: true, basis: 'standards', countries: ['DEU'] } })).toEqual(['privacy.crossBorder.countries.0']);
    // No transfer: no basis needed.
    expect((await putPrivacy({ crossBorder: { transfer: false, basis: null, countries: [] } })).status).toBe(200);
  });

  describe.skipIf(!CHROME_PATH)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('passes axe on the contact page with the consent’s facts, data going abroad, in uz and ru at 375 px', async () => {
      const current = await config();
      expect((await putPrivacy({ crossBorder: { transfer: true, basis: 'standards', countries: ['DE'] }, operator: current.privacy.operator })).status).toBe(200);
      const context = await browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true });
      const tab = await context.newPage();
      const found: Record<string, string[]> = {};
      for (const path of ['/contact', '/ru/contact', '/ru/subscribe', '/ru/privacy']) {
        await tab.goto(app.url + path);
        const violations = await axeViolations(tab);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
      // The facts are what the checkbox is described by.
      await tab.goto(`${app.url}/ru/contact`);
      expect(await tab.locator('#contact-consent').getAttribute('aria-describedby')).toContain('contact-consent-facts');
      expect(await tab.locator('#contact-consent-facts').innerText()).toContain('основание — типовые условия защиты персональных данных');
      await context.close();
      expect((await putPrivacy({ crossBorder: { transfer: false, basis: null, countries: [] } })).status).toBe(200);
    }, 120_000);
  });
});
