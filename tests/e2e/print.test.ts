/*
 * An alert and a lawyer's profile on paper (API-4.md "Uzbek law and the firm's people"), as
 * Chromium prints them: with print media, the site's menu, phone bar, footer, forms and calls to
 * act are not shown; a link to a law shows its address; the notes are the last thing of the
 * article; the profile is a one-page bio. The PDFs (and print-media pictures of them, to look at)
 * are kept in PRINT_OUT (default: a folder in the system's temporary one, named in the log).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (words: string, marks?: unknown[]) => ({ type: 'text', text: words, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const LAW = 'https://lex.uz/docs/4674902';

/** A legal alert as a lawyer writes one: a heading, a footnote, a link to the law. */
const ALERT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Kimlarga taalluqli')] },
    paragraph(
      text('Yangi tartib 2026-yil 1-yanvardan kuchga kiradi'),
      { type: 'footnote', content: [text('Vazirlar Mahkamasining 2025-yil 12-dekabrdagi qarori.')] },
      text('. Batafsil: '),
      text('Soliq kodeksi', [{ type: 'link', attrs: { href: LAW } }]),
      text('.'),
    ),
    paragraph(text('Savollar boʻlsa, biz bilan bogʻlaning.')),
  ],
};

/** Pages in a PDF Chromium wrote: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pagesIn = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;

describe.skipIf(!CHROME_PATH).each(DIALECTS)('printing an alert and a profile (%s)', (dialect) => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  const out = process.env.PRINT_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'print-'));

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
    fs.mkdirSync(out, { recursive: true });
    console.log(`printed pages in ${out}`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The page at `address` as a printer sees it. */
  async function printed(address: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.emulateMedia({ media: 'print' });
    const response = await page.goto(app.url + address);
    expect(response?.status(), address).toBe(200);
    await page.evaluate(() => document.fonts.ready);
    return page;
  }

  /** Saves the PDF and an A4-wide picture of the print media, for a person to look at. */
  async function keep(page: Page, name: string): Promise<Buffer> {
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync(path.join(out, `${name}-${dialect}.pdf`), pdf);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: path.join(out, `${name}-${dialect}.png`), fullPage: true });
    return pdf;
  }

  /** What of the site's frame, forms and calls to act is still shown on paper (should be nothing). */
  const frameShown = (page: Page) =>
    page.evaluate(() => {
      const shown = (element: Element) => getComputedStyle(element).display !== 'none' && element.checkVisibility();
      const named: Array<[string, Element | null]> = [
        ['menu', document.querySelector('header')],
        ['footer', document.querySelector('footer')],
        ['phone bar', document.querySelector('nav.fixed')],
      ];
      return [
        ...named.filter(([, element]) => !element || shown(element)).map(([name]) => name),
        ...[...document.querySelectorAll('form')].filter(shown).map((form) => `form ${form.getAttribute('action')}`),
        ...[...document.querySelectorAll('a[href^="https://t.me/share"], a[href*="/contact"]')].filter((link) => link.closest('main') && shown(link)).map((link) => `link ${link.getAttribute('href')}`),
      ];
    });

  it('prints an alert without the menu, forms or footer, the law’s address after its link and the notes at the end', async () => {
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Yangi hisobot tartibi: korxonalar nimaga tayyorlanishi kerak' }, excerpt: { uz: 'Korxonalar uchun yangi hisobot tartibi va jarimalar.' }, category: { uz: 'Soliq' }, tags: ['soliq'], content: { uz: ALERT }, published: true } });
    expect(created.status, created.text).toBe(201);
    const page = await printed(`/news/${created.body.data.slug}`);
    // On the screen the frame is there: print media is what hides it.
    expect(await page.evaluate(() => matchMedia('print').matches)).toBe(true);
    expect(await page.locator('form').count()).toBeGreaterThan(0);
    expect(await frameShown(page)).toEqual([]);
    const law = await page.evaluate((href) => {
      const link = document.querySelector(`main a[href="${href}"]`);
      return link ? getComputedStyle(link, '::after').content : null;
    }, LAW);
    expect(law).toBe(`" (${LAW})"`);
    // After the notes, nothing of the article is shown (tags, sharing, the alerts' form, related articles are left out).
    const after = await page.evaluate(() => {
      const notes = document.querySelector('main .doc-notes');
      if (!notes || !notes.checkVisibility()) return ['no notes'];
      return [...document.querySelectorAll('main *')]
        .filter((element) => notes.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING && !notes.contains(element))
        .filter((element) => element.checkVisibility() && (element as HTMLElement).innerText?.trim())
        .map((element) => `${element.tagName} ${(element as HTMLElement).innerText.trim().slice(0, 40)}`);
    });
    expect(after).toEqual([]);
    expect(await page.locator('main .doc-notes li').first().innerText()).toContain('Vazirlar Mahkamasining');
    // The title prints dark on white (the navy band's white words would vanish without backgrounds).
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe('rgb(0, 0, 0)');
    const pdf = await keep(page, 'alert');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesIn(pdf)).toBeGreaterThanOrEqual(1);
  });

  it('prints a lawyer’s profile as a one-page bio: a small portrait, the contacts and the card’s QR code', async () => {
    const member = (await app.api('/api/team?limit=1')).body.data[0] as { slug: string; email: string; phone: string };
    const page = await printed(`/ru/team/${member.slug}`);
    expect(await frameShown(page)).toEqual([]);
    const facts = await page.evaluate(() => {
      const portrait = document.querySelector('main img, main [data-portrait]');
      const qr = document.querySelector('main figure svg');
      return {
        portrait: portrait ? portrait.getBoundingClientRect().width : 0,
        qr: qr ? qr.checkVisibility() : false,
        text: (document.querySelector('main') as HTMLElement).innerText,
      };
    });
    // 36 mm at 96 px to the inch: about 136 px.
    expect(facts.portrait).toBeGreaterThan(0);
    expect(facts.portrait).toBeLessThanOrEqual(140);
    expect(facts.qr).toBe(true);
    expect(facts.text).toContain(member.email);
    expect(facts.text).toContain(member.phone);
    const pdf = await keep(page, 'profile');
    expect(pagesIn(pdf)).toBe(1);
  });
});
