/*
 * Documents through the API (API-3.md "Documents"): in and out, format=html|text, refusals with the
 * JSON path and a code (nothing stored), links by reference after a rename and after unpublishing
 * (the cached page too), and pictures in documents counted as in use. On both databases.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const article = (content: unknown) => ({ title: { uz: 'Huquqiy xabar' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: content } });

describe.each(DIALECTS)('documents through the API on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let service: { _id: string; slug: string; version: number };

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    service = (await app.api('/api/services', { token, body: { title: { uz: 'Soliq maslahati', ru: 'Налоговые консультации' }, description: { uz: 'Tavsif' }, slug: 'soliq' } })).body.data;
  });
  afterAll(() => app?.close());

  it.each([
    ['an unknown node', doc({ type: 'script', content: [] }), 'content.uz.content.0.type', 'unknown_node'],
    ['an unknown mark', doc(paragraph(text('x', [{ type: 'color' }]))), 'content.uz.content.0.content.0.marks.0.type', 'unknown_mark'],
    ['a javascript: link', doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))), 'content.uz.content.0.content.0.marks.0.attrs.href', 'unsafe_link'],
    ['a data: link', doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'data:text/html;base64,PHNjcmlwdD4=' } }]))), 'content.uz.content.0.content.0.marks.0.attrs.href', 'unsafe_link'],
    ['a level-1 heading', doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }), 'content.uz.content.0.attrs.level', 'invalid'],
    ['an image without alt', doc({ type: 'image', attrs: { src: '/uploads/2026/11/a-1a2b-large.webp', alt: ' ' } }), 'content.uz.content.0.attrs.alt', 'missing_alt'],
    ['a reference to no record type', doc(paragraph(text('x', [{ type: 'link', attrs: { ref: { type: 'secrets', id: '0123456789abcdef01234567' } } }]))), 'content.uz.content.0.content.0.marks.0.attrs.ref.type', 'bad_reference'],
    ['a link with both an address and a bad reference', doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'https://lex.uz', ref: { type: 'secrets', id: 'not-an-id', extra: '<script>' } } }]))), 'content.uz.content.0.content.0.marks.0.attrs', 'invalid'],
    ['a link with both an address and a good reference', doc(paragraph(text('x', [{ type: 'link', attrs: { href: 'https://lex.uz', ref: { type: 'services', id: '0123456789abcdef01234567' } } }]))), 'content.uz.content.0.content.0.marks.0.attrs', 'invalid'],
    ['a document over its limits', doc(...Array.from({ length: 5001 }, () => paragraph())), 'content.uz.content.5000', 'too_large'],
  ])('refuses %s with a 400 naming the path and code, storing nothing', async (_name, content, path, code) => {
    const before = (await app.api('/api/news?admin=true', { token })).body.pagination.total;
    const refused = await app.api('/api/news', { token, body: article(content) });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({ path, code });
    expect((await app.api('/api/news?admin=true', { token })).body.pagination.total).toBe(before);
  });

  it('takes a list nested four deep as too deep', async () => {
    const item = (inner?: unknown) => ({ type: 'listItem', content: [paragraph(text('x')), ...(inner ? [inner] : [])] });
    const list = (inner?: unknown) => ({ type: 'bulletList', content: [item(inner)] });
    const refused = await app.api('/api/news', { token, body: article(doc(list(list(list(list()))))) });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].code).toBe('too_deep');
  });

  it('answers documents, their HTML and their text; links to a record follow its renames and its visibility, on the cached page too', async () => {
    const content = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Muddatlar')] },
      paragraph(text('Batafsil: '), text('soliq xizmati', [{ type: 'link', attrs: { ref: { type: 'services', id: service._id } } }]), text(' va '), text('lex.uz', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/1' } }])),
    );
    const created = await app.api('/api/news', { token, body: { ...article(content), title: { uz: 'Huquqiy xabar', ru: 'Правовая новость' } } });
    expect(created.status, created.text).toBe(201);
    const news = created.body.data;
    expect(news.content.uz).toEqual(content);
    const html = (await app.api(`/api/news/${news._id}?format=html`)).body.data.content.uz;
    expect(html).toBe('<h2 id="muddatlar">Muddatlar</h2><p>Batafsil: <a href="/services/soliq">soliq xizmati</a> va <a href="https://lex.uz/docs/1" rel="noopener">lex.uz</a></p>');
    expect((await app.api(`/api/news/${news._id}?format=text`)).body.data.content.uz).toBe('Muddatlar\n\nBatafsil: soliq xizmati va lex.uz');
    expect((await app.api(`/api/news?format=text`)).body.data[0].content.uz).toBe('Muddatlar\n\nBatafsil: soliq xizmati va lex.uz');
    expect((await app.api(`/api/news?format=pdf`)).status).toBe(400);
    // A search's page is read apart from the kept lists, without the kept HTML unless format=html asks for it.
    const linked = '<h2 id="muddatlar">Muddatlar</h2><p>Batafsil: <a href="/services/soliq">soliq xizmati</a> va <a href="https://lex.uz/docs/1" rel="noopener">lex.uz</a></p>';
    for (const search of ['/api/news?search=Huquqiy', '/api/news/search?q=Huquqiy']) {
      expect((await app.api(search)).body.data.map((found: { content: unknown }) => found.content)).toEqual([{ uz: content }]);
      expect((await app.api(`${search}&format=html`)).body.data.map((found: { content: { uz: string } }) => found.content.uz)).toEqual([linked]);
      expect((await app.api(`${search}&format=text&lang=ru`)).body.data.map((found: { content: { uz: string } }) => found.content.uz)).toEqual(['Muddatlar\n\nBatafsil: soliq xizmati va lex.uz']);
    }
    // The Russian page shows the Uzbek document (none in Russian yet), its link in Russian.
    const page = async (path: string) => (await fetch(app.url + path)).text();
    expect(await page(`/ru/news/${news.slug}`)).toContain('<a href="/ru/services/soliq">soliq xizmati</a>');
    expect(await page(`/news/${news.slug}`)).toContain('<a href="/services/soliq">soliq xizmati</a>');

    // A visitor's list keeps the article it read (records in memory): the link's HTML follows too.
    const listed = async () => {
      const records = app.services.records.news;
      return records.html((await records.listPage({ lang: 'uz', admin: false, limit: 100 })).data.find((item) => item._id === news._id)!, 'content', 'uz');
    };
    expect(await listed()).toContain('<a href="/services/soliq">');
    // Renamed: the link goes to the new address at once, not through a redirect.
    const renamed = await app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { slug: 'soliq-huquqi' } });
    expect(renamed.status).toBe(200);
    expect(await listed()).toContain('<a href="/services/soliq-huquqi">');
    expect(await page(`/news/${news.slug}`)).toContain('<a href="/services/soliq-huquqi">soliq xizmati</a>');
    expect(await page(`/ru/news/${news.slug}`)).toContain('<a href="/ru/services/soliq-huquqi">soliq xizmati</a>');
    // Hidden: the words stay, the link goes.
    expect((await app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { isActive: false } })).status).toBe(200);
    const hidden = await page(`/news/${news.slug}`);
    expect(hidden).toContain('Batafsil: soliq xizmati va');
    expect(hidden).not.toContain('/services/soliq-huquqi');
    expect((await app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { isActive: true } })).status).toBe(200);
    expect(await page(`/news/${news.slug}`)).toContain('<a href="/services/soliq-huquqi">soliq xizmati</a>');
  });

  it('links to every type with a page per record (an event, an industry, a vacancy), from the registry, and to none without one (a matter)', async () => {
    const made = async (type: string, body: Record<string, unknown>) => {
      const answer = await app.api(`/api/${type}`, { token, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data as { _id: string; slug: string };
    };
    const soon = Date.now() + 20 * 86_400_000;
    const event = await made('events', { title: { uz: 'Havola seminari' }, description: { uz: 'Seminar' }, venue: { uz: 'Toshkent' }, startsAt: new Date(soon).toISOString(), endsAt: new Date(soon + 7_200_000).toISOString() });
    const industry = await made('industries', { title: { uz: 'Havola sohasi' }, description: { uz: 'Soha' } });
    const vacancy = await made('vacancies', { title: { uz: 'Havola yuristi' }, description: { uz: 'Ish' }, location: { uz: 'Toshkent' }, closesAt: new Date(soon).toISOString() });
    const linkTo = (type: string, id: string) => text(type, [{ type: 'link', attrs: { ref: { type, id } } }]);
    const created = await app.api('/api/news', { token, body: article(doc(paragraph(linkTo('events', event._id), text(' '), linkTo('industries', industry._id), text(' '), linkTo('vacancies', vacancy._id)))) });
    expect(created.status, created.text).toBe(201);
    expect((await app.api(`/api/news/${created.body.data._id}?format=html`)).body.data.content.uz).toBe(
      `<p><a href="/events/${event.slug}">events</a> <a href="/industries/${industry.slug}">industries</a> <a href="/careers/${vacancy.slug}">vacancies</a></p>`,
    );
    // A matter is listed, never shown on a page of its own: nothing to link to.
    const matter = await made('matters', { title: { uz: 'Havola ishi' }, summary: { uz: 'Bitim' } });
    const refused = await app.api('/api/news', { token, body: article(doc(paragraph(linkTo('matters', matter._id)))) });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({ path: 'content.uz.content.0.content.0.marks.0.attrs.ref.type', code: 'bad_reference' });
  });

  it('counts a picture in a document as in use, by its field and language', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8962e' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'seal.png');
    const uploaded = await (await fetch(`${app.url}/api/upload/single`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
    const src = uploaded.data.images.large as string;
    const created = await app.api('/api/news', { token, body: { ...article(doc({ type: 'image', attrs: { src, alt: 'Muhr' } })), content: { uz: doc(paragraph(text('Matn'))), ru: doc({ type: 'image', attrs: { src, alt: 'Печать', caption: 'Печать фирмы' } }) } } });
    expect(created.status, created.text).toBe(201);
    const refused = await app.api('/api/upload/delete', { method: 'DELETE', token, body: { imagePath: src } });
    expect(refused.status).toBe(409);
    expect(refused.body.usedBy).toEqual([expect.objectContaining({ type: 'news', _id: created.body.data._id, field: 'content.ru' })]);
  });

  it('still takes a plain string (the first API’s clients) as paragraphs', async () => {
    const created = await app.api('/api/news', { token, body: article('Birinchi.\n\nIkkinchi.') });
    expect(created.status).toBe(201);
    expect(created.body.data.content.uz).toEqual(doc(paragraph(text('Birinchi.')), paragraph(text('Ikkinchi.'))));
    // Required in the default language means a letter of text: an empty document is not enough.
    const empty = await app.api('/api/news', { token, body: article(doc(paragraph())) });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0]).toMatchObject({ path: 'content.uz', code: 'required' });
  });

  it('keeps the HTML made at save with a read record and its copies, never in its JSON, so a page renders no document', async () => {
    const created = (await app.api('/api/news', { token, body: article(doc({ type: 'heading', attrs: { level: 2 }, content: [text('Muddatlar')] }, paragraph(text('Matn.')))) })).body.data;
    const records = app.services.records.news;
    const read = await records.get(created._id, { admin: false });
    // Made at request time the HTML would follow the renderer; kept, it is what the column holds.
    await app.services.database.db.updateTable('news').set({ rendered: JSON.stringify({ html: { content: { uz: '<p>kept at save</p>' } }, text: { content: { uz: 'kept words' } } }) }).where('id', '=', created._id).execute();
    // A write outside the services: what a visitor's reads keep in memory hides it until told (the notice another instance's write gives).
    expect(await records.html(await records.get(created._id, { admin: false }), 'content', 'uz')).toContain('<h2');
    app.services.forgetTexts('news', created._id);
    const again = await records.get(created._id, { admin: false });
    expect(await records.html(again, 'content', 'uz')).toBe('<p>kept at save</p>');
    // The copy a page makes to add the pending views keeps it too.
    expect(await records.html(records.withPendingViews(again), 'content', 'uz')).toBe('<p>kept at save</p>');
    expect(await records.html({ ...again }, 'content', 'uz')).toBe('<p>kept at save</p>');
    expect(JSON.stringify(again)).not.toContain('kept at save');
    expect(JSON.stringify(read)).not.toContain('<h2');
    // The page shows the kept HTML and words (JSON-LD); its data carries no document.
    const page = await (await fetch(`${app.url}/news/${created.slug}`)).text();
    expect(page).toContain('<p>kept at save</p>');
    expect(page).toContain('"articleBody":"kept words"');
    expect(page).not.toContain('"type":"doc"');
  });

  it('reads for an article page only what it shows: its language’s kept HTML and words, never the document', async () => {
    // A Russian title, the text in Uzbek only: the Russian page (a page is in its title's languages) shows the Uzbek document.
    const created = (await app.api('/api/news', { token, body: { ...article(doc({ type: 'heading', attrs: { level: 2 }, content: [text('Muddatlar')] }, paragraph(text('Birinchi gap.')))), title: { uz: 'Huquqiy xabar', ru: 'Правовая новость' } } })).body.data;
    const records = app.services.records.news;
    // Kept at save for every page language: ru, without its own document, shows the default language's.
    const shown = await records.shownIn(created.slug, 'ru');
    expect('content' in shown).toBe(false);
    expect(await records.html(shown, 'content', 'ru')).toContain('<h2');
    expect(await records.text(shown, 'content', 'ru')).toBe('Muddatlar\n\nBirinchi gap.');
    // A document changed under the page (outside the services, then told as another instance's write is): the page still shows what was kept, so it never read it.
    const db = app.services.database.db;
    await db.updateTable('news').set({ content: JSON.stringify({ uz: doc(paragraph(text('Not read by the page.'))) }) }).where('id', '=', created._id).execute();
    app.services.forgetTexts('news', created._id);
    const page = await (await fetch(`${app.url}/ru/news/${created.slug}?kept=1`)).text();
    expect(page).toContain('Muddatlar</h2>');
    expect(page).toContain('"articleBody":"Muddatlar\\n\\nBirinchi gap."');
    expect(page).not.toContain('Not read by the page.');
    // A row kept before the words were (its HTML alone, in the old shape): the page reads the document and shows it.
    await db.updateTable('news').set({ rendered: JSON.stringify({ content: { uz: '<p>old shape</p>' } }) }).where('id', '=', created._id).execute();
    app.services.forgetTexts('news', created._id);
    const old = await (await fetch(`${app.url}/ru/news/${created.slug}?old=1`)).text();
    expect(old).toContain('<p>Not read by the page.</p>');
    expect(old).toContain('"articleBody":"Not read by the page."');
    expect(old).not.toContain('old shape');
    // A language whose code cannot stand in a JSON path is read whole, not put into one.
    expect(await records.text(await records.shownIn(created.slug, 'x"y'), 'content', 'uz')).toBe('Not read by the page.');
  });

  it('keeps an article page’s read until the article is saved, and shows the save at once (ten rounds)', async () => {
    const created = (await app.api('/api/news', { token, body: article(doc(paragraph(text('Round 0.')))) })).body.data;
    const records = app.services.records.news;
    const first = await records.shownIn(created.slug, 'uz');
    // Kept: the same frozen record again, no database read.
    expect(await records.shownIn(created.slug, 'uz')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    let version = created.version;
    for (let round = 1; round <= 10; round += 1) {
      const saved = await app.api(`/api/news/${created._id}`, { method: 'PUT', token, body: { content: { uz: doc(paragraph(text(`Round ${round}.`))) }, version } });
      expect(saved.status).toBe(200);
      version = saved.body.data.version;
      const page = await (await fetch(`${app.url}/news/${created.slug}?round=${round}`)).text();
      expect(page).toContain(`<p>Round ${round}.</p>`);
      expect(page).toContain(`"articleBody":"Round ${round}."`);
    }
    // Hidden: the kept read does not keep it visible.
    expect((await app.api(`/api/news/${created._id}`, { method: 'PUT', token, body: { published: false, version } })).status).toBe(200);
    expect((await fetch(`${app.url}/news/${created.slug}?hidden=1`)).status).toBe(404);
  });
});
