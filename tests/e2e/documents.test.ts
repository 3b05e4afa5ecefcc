/*
 * A lawyer writes a legal alert in the admin's rich-text editor (Chromium): headings and lists from
 * the keyboard, bold with Ctrl+B, a table with a row added, a footnote, a link to a service picked
 * by its title, a picture from the media library with its alt text. The public page shows each as
 * semantic HTML, loads no script file, and passes axe.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.skipIf(!CHROME_PATH)('writing a legal alert in the document editor', () => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
    browser = await launchBrowser();
    // A picture in the media library to choose.
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d4e89' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'office.png');
    const uploaded = await fetch(`${app.url}/api/upload/single`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([value]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', 'en');
    }, [token]);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('writes every element with the toolbar and the keyboard, and the public page shows them', async () => {
    await page.goto(`${app.url}/admin/news/new`);
    await page.waitForSelector('#admin-main h1');
    await page.fill('#field-title', 'Yangi soliq talablari');
    await page.fill('#field-excerpt', 'Qisqacha');
    await page.fill('#field-category', 'Soliq');
    const editor = page.locator('#field-content');
    await editor.waitFor();
    await editor.click();
    // Markdown-like shortcuts and Ctrl+B.
    await page.keyboard.type('## Kim roʻyxatdan oʻtishi kerak');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Talablar ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('qatʼiy');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' boʻladi.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1. Ariza');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Toʻlov');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A footnote where the cursor is.
    await page.keyboard.type('Manba');
    await page.getByRole('button', { name: 'Footnote', exact: true }).click();
    await page.getByLabel('The note (shown at the end of the text').fill('2026-yil 1-yanvardagi tahrirda.');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // A link to a page of the site, found by its title.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Soliq xizmatimiz');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel('Or a page of this site: a few words of its title in any language, or its address').fill('corporate');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const service = (await app.api('/api/services?lang=en')).body.data.find((candidate: { slug: string }) => candidate.slug === 'corporate');
    expect(service).toBeTruthy();
    await page.getByRole('list', { name: 'Pages found' }).getByRole('button').first().click();
    // The cursor stands after the link: Enter starts a new paragraph.
    await page.keyboard.press('Enter');
    // A table, and a row added to it.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.keyboard.type('Daromad');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Stavka');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Add a row', exact: true }).click();
    // A picture from the library: alt text required.
    await editor.press('Control+End');
    await page.getByRole('button', { name: 'Picture', exact: true }).click();
    await page.getByRole('button', { name: 'office.png' }).first().click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Describe the picture' }).count()).toBe(1);
    await page.getByLabel('What the picture shows (for people who cannot see it)').fill('Idora binosi');
    await page.getByLabel('Caption (optional)').fill('Toshkentdagi idora');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();

    // A new article is a draft until publishing is chosen.
    await page.getByTestId('publishing').getByLabel('Publish now').check();
    await page.locator('form button[type=submit]').click();
    await page.waitForSelector('text=Yangi soliq talablari');
    const saved = (await app.api('/api/news?admin=true&search=talablari', { token })).body.data[0];
    expect(saved).toBeTruthy();
    const doc = saved.content.uz as { content: Array<{ type: string }> };
    const types = JSON.stringify(doc);
    for (const part of ['"heading"', '"bold"', '"orderedList"', '"footnote"', '"table"', '"tableHeader"', '"image"', `"ref":{"type":"services","id":"${service._id}"}`, '"alt":"Idora binosi"']) expect(types).toContain(part);
    // Three rows: the header, the row typed into and the one added.
    expect(JSON.stringify(doc).match(/"tableRow"/g)).toHaveLength(4);

    // Published, the page shows it: semantic HTML, no script file.
    const response = await fetch(`${app.url}/news/${saved.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h2 id="kim-royxatdan-otishi-kerak">Kim roʻyxatdan oʻtishi kerak<\/h2>/);
    expect(html).toContain('<strong>qatʼiy</strong>');
    expect(html).toContain('<ol><li>Ariza</li><li>Toʻlov</li></ol>');
    expect(html).toMatch(new RegExp(`<a href="/services/${service.slug}">Soliq xizmatimiz</a>`));
    expect(html).toContain('<div class="doc-table" role="region" tabindex="0"');
    expect(html).toContain('<th scope="col">Daromad</th>');
    expect(html).toContain('alt="Idora binosi"');
    expect(html).toContain('<figcaption>Toshkentdagi idora</figcaption>');
    expect(html).toContain('<li id="note-1">2026-yil 1-yanvardagi tahrirda.');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(errors).toEqual([]);
  });

  it('nests a list with Tab down to three levels and no deeper', async () => {
    await page.goto(`${app.url}/admin/news/new`);
    await page.waitForSelector('#admin-main h1');
    await page.fill('#field-title', 'Uch daraja');
    await page.fill('#field-excerpt', 'Qisqacha');
    await page.fill('#field-category', 'Soliq');
    await page.locator('#field-content').click();
    await page.keyboard.type('- Bir');
    for (const word of ['Ikki', 'Uch', 'Tort']) {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.type(word);
    }
    await page.locator('form button[type=submit]').click();
    await page.getByText('Uch daraja').first().waitFor();
    const saved = (await app.api('/api/news?admin=true&search=uch%20daraja', { token })).body.data[0];
    const json = JSON.stringify(saved.content.uz);
    expect(json.match(/"bulletList"/g)).toHaveLength(3);
    expect(json).toMatch(/"Uch".*"Tort"/);
  });

  it('rewrites a footnote in place, and shows the Uzbek block beside the Russian block being translated', async () => {
    const paragraph = (text: string, note?: string) => ({ type: 'paragraph', content: [{ type: 'text', text }, ...(note ? [{ type: 'footnote', content: [{ type: 'text', text: note }] }] : [])] });
    const heading = (text: string) => ({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] });
    const created = await app.api('/api/news', {
      token,
      body: {
        title: { uz: 'Izohli maqola', ru: 'Статья со сноской' },
        excerpt: { uz: 'Qisqacha', ru: 'Кратко' },
        category: { uz: 'Soliq', ru: 'Налоги' },
        content: {
          uz: { type: 'doc', content: [heading('Birinchi boʻlim'), paragraph('Birinchi xatboshi.'), paragraph('Ikkinchi xatboshi.', 'Eski izoh')] },
          ru: { type: 'doc', content: [heading('Первый раздел'), paragraph('Первый абзац.'), paragraph('Второй абзац.')] },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    await page.goto(`${app.url}/admin/news/${id}/edit`);
    await page.locator('#field-content .editor-footnote').click();
    await page.getByRole('button', { name: 'Edit the footnote', exact: true }).click();
    const note = page.getByLabel('The note (shown at the end of the text');
    expect(await note.inputValue()).toBe('Eski izoh');
    await note.fill('Yangi izoh: 2026-yil tahriri.');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(async () => JSON.stringify((await app.api(`/api/news/${id}?admin=true`, { token })).body.data.content.uz)).toContain('Yangi izoh: 2026-yil tahriri.');
    const saved = JSON.stringify((await app.api(`/api/news/${id}?admin=true`, { token })).body.data.content.uz);
    expect(saved).not.toContain('Eski izoh');
    expect(saved.match(/"footnote"/g)).toHaveLength(1);
    expect(saved).toContain('Ikkinchi xatboshi.');

    // Side by side: the source's blocks, the one beside the cursor marked.
    await page.goto(`${app.url}/admin/news/${id}/edit`);
    await page.getByRole('tab', { name: /^RU/ }).click();
    // On a wide screen it is on by itself.
    expect(await page.getByRole('checkbox', { name: 'Show UZ beside' }).isChecked()).toBe(true);
    const marked = page.getByTestId('source-blocks').locator('[data-block][aria-current=true]');
    await page.locator('#field-content p', { hasText: 'Второй абзац.' }).click();
    // As the page shows it: the note's number in the text, the note itself at the end.
    await expect.poll(() => marked.textContent()).toBe('Ikkinchi xatboshi.1');
    expect(await page.getByTestId('source-blocks').locator('.doc-notes li').textContent()).toContain('Yangi izoh: 2026-yil tahriri.');
    await page.locator('#field-content h2', { hasText: 'Первый раздел' }).click();
    await expect.poll(() => marked.textContent()).toBe('Birinchi boʻlim');
    expect(await page.getByTestId('source-blocks').locator('[data-block]').count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('passes axe on the article with every element, at 375 px too, and its table scrolls inside its box', async () => {
    const saved = (await app.api('/api/news?admin=true&search=talablari', { token })).body.data[0];
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
      const visitor = await context.newPage();
      await visitor.goto(`${app.url}/news/${saved.slug}`);
      expect(await axeViolations(visitor, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']), `${width}px`).toEqual([]);
      // Nothing wider than the screen: the table's box scrolls, not the page.
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }
  });
  it('fixes a problem from the site report, and publishes past a failed check only with a reason', async () => {
    const all = { uz: 'x', ru: 'x', en: 'x' };
    const long = 'Налоговый кодекс Республики Узбекистан: изменения, которые вступают в силу с первого января, и что нужно сделать компаниям';
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Soliq oʻzgarishlari', ru: long, en: 'Tax changes' }, excerpt: all, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } });
    expect(created.status).toBe(201);
    const article = created.body.data;

    await page.goto(`${app.url}/admin/checks`);
    const item = page.locator('[data-testid="site-checks"] li[data-check="title_too_long"]', { hasText: 'Soliq oʻzgarishlari' });
    await item.waitFor();
    // Said in words, not only a colour.
    expect(await item.textContent()).toContain('Warning');
    await item.getByRole('link', { name: /^Fix/ }).click();
    await page.waitForURL(`**/admin/news/${article._id}/edit?lang=ru&field=title`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-title');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toContain('RU');
    await page.fill('#field-title', 'Налоговый кодекс: что меняется');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.goto(`${app.url}/admin/checks`);
    await page.locator('[data-testid="site-checks"], p:has-text("No problems")').first().waitFor();
    expect(await page.locator('[data-testid="site-checks"] li', { hasText: 'Soliq oʻzgarishlari' }).count()).toBe(0);

    // A draft linking a page visitors cannot open: publishing it is refused with the list; the administrator publishes with a reason.
    const hidden = (await app.api('/api/services', { token, body: { title: all, description: all, isActive: false } })).body.data;
    const bad = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Litsenziya xizmati', marks: [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }] }] }] };
    const draft = (await app.api('/api/news', { token, body: { title: { uz: 'Havola xatosi', ru: 'Ошибка ссылки', en: 'Link error' }, excerpt: all, category: all, content: { uz: bad, ru: 'Текст', en: 'Text' }, published: false } })).body.data;
    await page.goto(`${app.url}/admin/news/${draft._id}/edit`);
    const panel = page.getByTestId('checks');
    await panel.locator('li[data-check="link_to_unpublished"]').waitFor();
    expect(await panel.locator('li[data-check="link_to_unpublished"]').textContent()).toContain('Error');
    await page.getByTestId('publishing').getByLabel('Publish now').check();
    await page.getByRole('button', { name: 'Publish now', exact: true }).click();
    const refused = page.getByTestId('checks-failed');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Not published: fix the errors in UZ first.');
    await refused.getByRole('button', { name: 'Publish anyway' }).click();
    expect(await refused.textContent()).toContain('Write why it is published with these errors.');
    await refused.getByLabel(/Why publish it/).fill('Xizmat sahifasi ertaga chiqadi');
    await refused.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await refused.count()).toBe(0);
    expect((await app.api(`/api/news/${draft._id}?admin=true`, { token })).body.data.published).toBe(true);
    // The browser logs the refused save (422) it was shown; nothing else went wrong.
    expect(errors.filter((message) => !message.includes('status of 422'))).toEqual([]);
  });
});

describe.skipIf(!CHROME_PATH)('pasting from Word, Google Docs and LibreOffice', () => {
  let app: TestApp;
  let browser: Browser;
  let token: string;
  const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/paste/${name}`, import.meta.url), 'utf8');

  beforeAll(async () => {
    app = await startTestApp('sqlite', { ssr: true });
    token = await app.login();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Pastes clipboard HTML into a new article's editor, publishes it and answers the stored document's JSON. */
  async function paste(name: string): Promise<string> {
    return JSON.stringify((await pasted(name)).content.uz);
  }

  /** Pastes clipboard HTML into a new article's editor and publishes it: the article as stored. */
  async function pasted(name: string): Promise<{ slug: string; content: { uz: unknown } }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([value]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('i18nextLng', 'en');
    }, [token]);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/news/new`);
    await page.waitForSelector('#admin-main h1');
    const title = `Paste ${name} ${Date.now()}`;
    await page.fill('#field-title', title);
    await page.fill('#field-excerpt', 'Qisqacha');
    await page.fill('#field-category', 'Soliq');
    const editor = page.locator('#field-content');
    await editor.click();
    await editor.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', element.textContent ?? '');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, fixture(name));
    await page.getByTestId('publishing').getByLabel('Publish now').check();
    await page.locator('form button[type=submit]').click();
    // Saved (the list shows it), or refused: then say what the form said.
    await page.getByText(title).or(page.locator('[role=alert]')).first().waitFor();
    const refused = await page.locator('[role=alert]').allTextContents();
    expect(refused, name).toEqual([]);
    const saved = (await app.api(`/api/news?admin=true&search=${encodeURIComponent(title)}`, { token })).body.data[0];
    await context.close();
    expect(saved, name).toBeTruthy();
    return saved;
  }
  /** The article's public page. */
  const publicPage = async (slug: string) => {
    const response = await fetch(`${app.url}/news/${slug}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  const nothingOfTheirs = (json: string) => {
    for (const left of ['font', 'color', 'Calibri', 'Arial', 'mso-', 'class', 'style', 'SCXW', 'docs-internal', '&nbsp;', '\u00a0\u00a0']) expect(json).not.toContain(left);
  };

  it('keeps Word (desktop) headings, nested numbered lists without typed numbers, marks, links and tables; drops comments and deletions', async () => {
    const json = await paste('word-desktop.html');
    expect(json).toContain('{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Yangi soliq talablari"}]}');
    expect(json).toMatch(/"orderedList".*"Ariza topshirish".*"orderedList".*"Pasport nusxasi".*"orderedList".*"Notarial tasdiq".*"Toʻlovni amalga oshirish"/);
    expect(json).not.toMatch(/"text":"(1|2|a|i)\./);
    expect(json).toContain('{"type":"text","text":"muhim","marks":[{"type":"bold"}]}');
    expect(json).toContain('{"type":"text","text":"shoshilinch","marks":[{"type":"italic"}]}');
    expect(json).toContain('{"type":"text","text":"diqqat","marks":[{"type":"underline"}]}');
    expect(json).toContain('"marks":[{"type":"link","attrs":{"href":"https://lex.uz/docs/4674902"}}]');
    expect(json).toContain('"type":"table"');
    expect(json).toContain('"100 mln gacha"');
    expect(json).toContain('yangi matn');
    for (const gone of ['eski matn', 'Izoh: tekshirish', 'AA1']) expect(json).not.toContain(gone);
    // No empty paragraph from Word's blank line.
    expect(json).not.toContain('{"type":"paragraph"}');
    nothingOfTheirs(json);
  });

  it('keeps Word for the web paragraphs, bullets, marks and links', async () => {
    const json = await paste('word-web.html');
    expect(json).toContain('"qalin","marks":[{"type":"bold"}]');
    expect(json).toMatch(/"bulletList".*"Birinchi band".*"Ikkinchi band","marks":\[\{"type":"italic"\}\]/);
    expect(json).toContain('"href":"https://lex.uz/docs/1"');
    nothingOfTheirs(json);
  });

  it('keeps Google Docs paragraphs apart, its nested list inside its item, bold by weight and links', async () => {
    const json = await paste('google-docs.html');
    expect(json).toContain('"Google Docs sarlavhasi"');
    // The wrapper <b style="font-weight:normal"> is not bold; weight 700 is.
    expect(json).not.toContain('"Birinchi xatboshi, ","marks"');
    expect(json).toContain('{"type":"text","text":"qalin soʻz","marks":[{"type":"bold"}]}');
    expect(json).toMatch(/\{"type":"paragraph","content":\[\{"type":"text","text":"Ikkinchi xatboshi","marks":\[\{"type":"italic"\}\]\}\]\}/);
    expect(json).toMatch(/"orderedList".*"Bir".*"orderedList".*"Ichki band".*"Ikki"/);
    expect(json).toContain('"href":"https://lex.uz/docs/2"');
    expect(json).toContain('"type":"table"');
    nothingOfTheirs(json);
  });

  it('keeps LibreOffice headings, marks, nested bullets, links and tables', async () => {
    const json = await paste('libreoffice.html');
    expect(json).toContain('{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"LibreOffice sarlavhasi"}]}');
    expect(json).toContain('"tagi chizilgan","marks":[{"type":"underline"}]');
    expect(json).toMatch(/"bulletList".*"Band bir".*"bulletList".*"Ichki band".*"Havola"/);
    expect(json).toContain('"href":"https://lex.uz/docs/3"');
    expect(json).toContain('"A1"');
    nothingOfTheirs(json);
  });
  it('keeps Word’s bold (<b style="mso-bidi-font-weight:normal">) up to the public page, in a table’s first row too, with italic, underline and the link', async () => {
    const saved = await pasted('word-bold.html');
    const json = JSON.stringify(saved.content.uz);
    for (const words of ['ariza beradi', 'Diqqat:', 'Daromad', 'Stavka', 'не продлевается']) expect(json).toContain(`{"type":"text","text":"${words}","marks":[{"type":"bold"}]}`);
    nothingOfTheirs(json);
    const html = await publicPage(saved.slug);
    for (const part of ['<strong>ariza beradi</strong>', '<em>oʻn kun ichida</em>', '<strong>Diqqat:</strong> muddat <u>uzaytirilmaydi</u>', '<strong>Daromad</strong>', '<strong>не продлевается</strong>', '<a href="https://lex.uz/docs/-6445145" rel="noopener">Soliq kodeksi</a>']) expect(html).toContain(part);
  });

  it('publishes Word’s numbered headings without their numbers, Heading 1, 2 and bulleted 3 as levels 2, 3 and 4, in the contents too', async () => {
    const saved = await pasted('word-headings.html');
    const html = await publicPage(saved.slug);
    expect(html).toContain('<h2 id="umumiy-qoidalar">Umumiy qoidalar</h2>');
    expect(html).toContain('<h3 id="arizani-topshirish">Arizani topshirish</h3>');
    expect(html).toContain('<h4 id="muddatlar">Muddatlar</h4>');
    expect(html).toContain('<a href="#umumiy-qoidalar">Umumiy qoidalar</a>');
    expect(JSON.stringify(saved.content.uz)).not.toMatch(/"text":"(1\.|1\.1\.|·|\u00a0)/);
  });

  it('publishes a partial Word list as nested as it was (a sub-item first, levels 4 and 5 folded, bullets among numbers), without its empty item', async () => {
    const saved = await pasted('word-lists-partial.html');
    const html = await publicPage(saved.slug);
    expect(html).toContain(
      '<ol start="2"><li><ol><li>Soliq organidan maʼlumotnoma<ol><li>asl nusxasi</li><li>notarial tasdiqlangan</li><li>apostil bilan</li></ol></li></ol></li><li>Davlat boji toʻlanadi</li></ol><ul><li>kvitansiya saqlanadi<ul><li>uch yil</li></ul></li></ul>',
    );
    expect(html).not.toMatch(/<li><\/li>/);
  });

  it('saves a four-level Google Docs list folded to three, keeps its sub-items and mixed kinds nested, and publishes no empty item', async () => {
    const saved = await pasted('google-docs-deep.html');
    const html = await publicPage(saved.slug);
    expect(html).toContain('<ul><li>Taʼsis hujjatlari<ul><li>Ustav<ul><li><strong>Asl nusxa</strong></li><li>Notarial tasdiq bilan</li></ul></li></ul></li><li>Guvohnoma</li></ul>');
    expect(html).toContain('<ol><li><ol><li>Ishonchnoma</li><li>Direktor imzosi</li></ol></li><li>Bank rekvizitlari</li></ol>');
    expect(html).toContain('<h2 id="hujjatlar-royxati">Hujjatlar roʻyxati</h2>');
    expect(html).toContain('<h3 id="yuridik-shaxslar-uchun">Yuridik shaxslar uchun</h3>');
    expect(html).not.toMatch(/<li><\/li>/);
  });
});
