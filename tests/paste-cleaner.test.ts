/*
 * The paste cleaner (app/admin/paste.ts) on clipboards as Word 2016 and Google Docs write them
 * (tests/fixtures/paste), run as it is in Chromium: its DOMParser and selectors are the browser's.
 * What the editor then makes of the HTML, and what is saved and published, is tests/e2e/documents.test.ts.
 */
import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_DEPTH } from '../domain/documents/document.ts';
import { CHROME_PATH, launchBrowser } from './helpers/browser.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`fixtures/paste/${name}`, import.meta.url), 'utf8');

describe.skipIf(!CHROME_PATH)('the paste cleaner', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await page.setContent('<!doctype html><title>paste</title>');
    const source = stripTypeScriptTypes(fs.readFileSync(new URL('../app/admin/paste.ts', import.meta.url), 'utf8')).replace(/^export /gm, '');
    await page.addScriptTag({ content: `${source}\nwindow.cleanPastedHtml = cleanPastedHtml;` });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The cleaned HTML, without the line breaks between Word's elements. */
  const clean = async (html: string) => (await page.evaluate(([value, depth]) => (window as unknown as { cleanPastedHtml: (html: string, depth: number) => string }).cleanPastedHtml(value, depth), [html, LIST_DEPTH] as const)).replace(/\n\s*/g, '');

  it('keeps Word’s bold (<b style="mso-bidi-font-weight:normal">), in a table’s header row too, with italic, underline and links', async () => {
    const html = await clean(fixture('word-bold.html'));
    expect(html).toContain('Mijoz <b>ariza beradi</b> va <i>oʻn kun ichida</i> javob oladi.');
    expect(html).toContain('<b>Diqqat:</b>');
    expect(html).toContain('<td><p><b>Daromad</b></p></td><td><p><b>Stavka</b></p></td>');
    expect(html).toContain('Срок <b>не продлевается</b>.');
    // The weight of Arabic text (mso-bidi-font-weight:bold) is not bold.
    expect(html).toContain('</b> muddat <u>uzaytirilmaydi</u>');
    expect(html).toContain('<a href="https://lex.uz/docs/-6445145">Soliq kodeksi</a>');
    expect(html.match(/<b>/g)).toHaveLength(5);
    expect(html).not.toMatch(/style|class|mso-|o:p/);
  });

  it('still unwraps Google Docs’ <b style="font-weight:normal"> and keeps its weight 700', async () => {
    const html = await clean(fixture('google-docs.html'));
    expect(html).not.toMatch(/^<b>/);
    expect(html).toContain('Birinchi xatboshi, <strong>qalin soʻz</strong>');
  });

  it('drops the numbers and bullets Word types before its headings, and moves Heading 1, 2, 3 to levels 2, 3, 4', async () => {
    const html = await clean(fixture('word-headings.html'));
    expect(html).toBe(
      '<h2>Umumiy qoidalar</h2><p>Ushbu tartib barcha mijozlarga tatbiq etiladi.</p><h3>Arizani topshirish</h3><p>Ariza yozma shaklda beriladi.</p><h4>Muddatlar</h4><p>Oʻn ish kuni.</p><h2>Yakuniy qoidalar</h2>',
    );
  });

  it('makes Google Docs’ numbered headings (a heading in a list item) headings without their number, Heading 1 and 2 at levels 2 and 3, the lists between them kept', async () => {
    const html = await clean(fixture('google-docs-numbered-headings.html'));
    expect(html).toBe(
      '<h2>Scope of the agreement</h2><p>The Firm advises the Client on <strong>customs and tax matters</strong> in the Republic of Uzbekistan.</p>' +
        '<h2>Fees and payment</h2><h3>Hourly rates</h3><p>Time is billed in tenths of an hour at these rates:</p><ul><li><p>Partners: 300 USD</p></li><li><p>Associates: 150 USD</p></li></ul>' +
        '<h2>Term</h2><p>This agreement is in force until 31 December 2027.</p>',
    );
  });

  it('keeps the levels of headings without a Heading 1 (our own text copied within the editor)', async () => {
    expect(await clean('<h2>Boʻlim</h2><p>Matn</p><h3>Band</h3><h5>Kichik</h5>')).toBe('<h2>Boʻlim</h2><p>Matn</p><h3>Band</h3><h4>Kichik</h4>');
  });

  it('keeps a Word list that starts on a sub-item nested, folds levels 4 and 5 into 3, keeps a bullet among numbers, and drops an empty item', async () => {
    const html = await clean(fixture('word-lists-partial.html'));
    expect(html).toBe(
      '<ol start="2"><li><p></p><ol><li><p>Soliq organidan maʼlumotnoma</p><ol><li><p>asl nusxasi</p></li><li><p>notarial tasdiqlangan</p></li><li><p>apostil bilan</p></li></ol></li></ol></li><li><p>Davlat boji toʻlanadi</p></li></ol>' +
        '<ul><li><p>kvitansiya saqlanadi</p><ul><li><p>uch yil</p></li></ul></li></ul>',
    );
  });

  it('folds a four-level Google Docs list to three, keeps a list starting on a sub-item and mixing kinds nested, and drops an empty item', async () => {
    const html = await clean(fixture('google-docs-deep.html'));
    expect(html).toMatch(/^<h2>Hujjatlar roʻyxati<\/h2><h3>Yuridik shaxslar uchun<\/h3>/);
    expect(html).toContain(
      '<ul><li><p>Taʼsis hujjatlari</p><ul><li><p>Ustav</p><ul><li><p><strong>Asl nusxa</strong></p></li><li><p>Notarial tasdiq bilan</p></li></ul></li></ul></li><li><p>Guvohnoma</p></li></ul>',
    );
    expect(html).toContain('<ol><li><p></p><ol><li><p>Ishonchnoma</p></li><li><p>Direktor imzosi</p></li></ol></li><li><p>Bank rekvizitlari</p></li></ol>');
    expect(html).not.toMatch(/<li>(<p>)?(<br>)?(<\/p>)?<\/li>/);
  });

  it('folds any other list deeper than a document allows, and drops its empty items', async () => {
    const deep = '<ul><li>1<ul><li>2<ul><li>3<ul><li>4<ul><li>5</li></ul></li></ul></li></ul></li></ul></li><li> </li></ul>';
    expect(await clean(deep)).toBe('<ul><li>1<ul><li>2<ul><li>3</li><li>4</li><li>5</li></ul></li></ul></li></ul>');
  });
});
