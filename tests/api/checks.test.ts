/*
 * Checks before publishing (API-3.md), the part built so far: GET /api/{type}/{id}/checks on both
 * databases, for the record and for its working copy — a skipped heading level, link words that say
 * nothing, a lex.uz address that does not look like a document's (a warning; the addresses lawyers
 * cite are accepted, http and www corrected on save), a link to a page visitors cannot open, and
 * languages not translated yet or changed since; errors first.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkAsker } from '../../server/link-asker.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const link = (href: string) => [{ type: 'link', attrs: { href } }];
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const heading = (level: number, words: string) => ({ type: 'heading', attrs: { level }, content: [text(words)] });

describe.each(DIALECTS)('checks before publishing on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app?.close());

  it('finds what to fix in each language, errors first, and nothing in a clean article', async () => {
    const hidden = (await app.api('/api/services', { token, body: { title: { uz: 'Yashirin xizmat' }, description: { uz: 'Tavsif' }, isActive: false } })).body.data;
    const content = {
      type: 'doc',
      content: [
        heading(2, 'Kimlarga taalluqli'),
        heading(4, 'Tafsilotlar'),
        paragraph(text('Qonun matni '), text('bu yerda', link('https://lex.uz/docs/4674902')), text('.')),
        paragraph(text('Eski manzil: '), text('Soliq kodeksi', link('https://lex.uz/uz/search?query=soliq'))),
        paragraph(text('Xizmatimiz', [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }])),
        paragraph(text('Toʻgʻri havola: '), text('Soliq kodeksining 47-moddasi', link('https://lex.uz/docs/4674902#4675543'))),
      ],
    };
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Tekshiruv', ru: 'Проверка' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: content }, published: false } })).body.data;
    const checks = (await app.api(`/api/news/${article._id}/checks`, { token })).body.data as Array<{ lang: string; field: string; code: string; severity: string }>;
    const codes = checks.map((check) => `${check.severity}:${check.code}:${check.lang}:${check.field}`);
    expect(codes[0]).toBe('error:link_to_unpublished:uz:content');
    expect(codes).toContain('warning:bad_law_link:uz:content');
    expect(codes).toContain('warning:heading_order:uz:content');
    expect(codes).toContain('warning:generic_link_text:uz:content');
    // Russian: the title is written, the rest is not.
    expect(codes).toContain('warning:missing_translation:ru:excerpt');
    expect(codes).toContain('warning:missing_translation:ru:content');
    expect(codes).not.toContain('warning:missing_translation:ru:title');
    expect(codes.filter((code) => code.includes('bad_law_link'))).toHaveLength(1);

    const clean = (await app.api('/api/news', { token, body: { title: { uz: 'Toza', ru: 'Чисто', en: 'Clean' }, excerpt: { uz: 'x', ru: 'x', en: 'x' }, category: { uz: 'x', ru: 'x', en: 'x' }, content: { uz: 'Matn', ru: 'Текст', en: 'Text' }, published: false } })).body.data;
    expect((await app.api(`/api/news/${clean._id}/checks`, { token })).body.data).toEqual([]);
  });

  it('checks the working copy with draft=true, and refuses other parameters and readers without a token', async () => {
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Nusxa', ru: 'Копия', en: 'Copy' }, excerpt: { uz: 'x', ru: 'x', en: 'x' }, category: { uz: 'x', ru: 'x', en: 'x' }, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } })).body.data;
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { content: { uz: { type: 'doc', content: [paragraph(text('shu yerda', link('https://lex.uz/ru/docs/111')))] }, ru: 'Текст', en: 'Text' } } });
    expect((await app.api(`/api/news/${article._id}/checks`, { token })).body.data).toEqual([]);
    const copy = (await app.api(`/api/news/${article._id}/checks?draft=true`, { token })).body.data;
    expect(copy.map((check: { code: string }) => check.code)).toContain('generic_link_text');
    expect(copy.map((check: { code: string }) => check.code)).not.toContain('bad_law_link');
    expect((await app.api(`/api/news/${article._id}/checks?draft=yes`, { token })).status).toBe(400);
    expect((await app.api(`/api/news/${article._id}/checks?x=1`, { token })).status).toBe(400);
    expect((await app.api(`/api/news/${article._id}/checks`)).status).toBe(401);
    expect((await app.api('/api/news/0123456789abcdef01234567/checks', { token })).status).toBe(404);
  });

  type Found = { lang: string; field: string; code: string; severity: string };
  const found = async (path: string) => ((await app.api(path, { token })).body.data as Found[]).map((check) => `${check.code}:${check.lang}:${check.field}`);
  const all = { uz: 'x', ru: 'x', en: 'x' };

  it('measures the search snippet in pixels, finds a title another page has, and clears each when fixed', async () => {
    const long = 'Soliq kodeksiga kiritilgan oʻzgartishlar: qoʻshilgan qiymat soligʻi, foyda soligʻi va mol-mulk soligʻi boʻyicha yangi tartib';
    const excerpt = 'Qisqacha: '.repeat(40);
    const article = (await app.api('/api/news', { token, body: { title: { uz: long, ru: 'Налоги', en: 'Taxes' }, excerpt: { uz: excerpt, ru: 'x', en: 'x' }, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } })).body.data;
    const twin = (await app.api('/api/news', { token, body: { title: { uz: 'Boshqa', ru: 'налоги ', en: 'Other' }, excerpt: all, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } })).body.data;
    const checks = (await app.api(`/api/news/${article._id}/checks`, { token })).body.data as Array<Found & { params: { width: number; limit: number } }>;
    const title = checks.find((check) => check.code === 'title_too_long')!;
    expect(title).toMatchObject({ lang: 'uz', field: 'title', severity: 'warning', params: { limit: 600 } });
    expect(title.params.width).toBeGreaterThan(600);
    expect(checks.find((check) => check.code === 'description_too_long')).toMatchObject({ lang: 'uz', field: 'excerpt', params: { limit: 920 } });
    // The same Russian title (case and spaces aside) on another published article.
    expect(await found(`/api/news/${article._id}/checks`)).toContain('duplicate_title:ru:title');
    expect(await found(`/api/news/${twin._id}/checks`)).toContain('duplicate_title:ru:title');

    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { uz: 'Soliq kodeksidagi oʻzgarishlar', ru: 'Налоги в 2027 году', en: 'Taxes' }, excerpt: { uz: 'Qisqacha', ru: 'x', en: 'x' } } });
    const after = await found(`/api/news/${article._id}/checks`);
    expect(after.filter((code) => /title_too_long|description_too_long|duplicate_title/.test(code))).toEqual([]);
    expect(await found(`/api/news/${twin._id}/checks`)).not.toContain('duplicate_title:ru:title');
    // The width is the site's face: 80 narrow letters fit where 40 wide ones do not.
    const narrow = (await app.api('/api/news', { token, body: { title: { uz: 'i'.repeat(80), ru: 'Узко', en: 'Narrow' }, excerpt: all, category: all, content: all } })).body.data;
    const wide = (await app.api('/api/news', { token, body: { title: { uz: 'Ж'.repeat(40), ru: 'Широко', en: 'Wide' }, excerpt: all, category: all, content: all } })).body.data;
    expect(await found(`/api/news/${narrow._id}/checks`)).not.toContain('title_too_long:uz:title');
    expect(await found(`/api/news/${wide._id}/checks`)).toContain('title_too_long:uz:title');
  });

  it('says when a translation is missing or outdated, and clears it when the translator saves', async () => {
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Tarjima', ru: 'Перевод', en: 'Translation' }, excerpt: all, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' }, published: false } })).body.data;
    expect((await found(`/api/news/${article._id}/checks`)).filter((code) => code.includes('translation'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { content: { uz: 'Yangi matn', ru: 'Текст', en: 'Text' }, excerpt: { uz: 'x' } } });
    expect(saved.status).toBe(200);
    const codes = await found(`/api/news/${article._id}/checks`);
    expect(codes).toContain('outdated_translation:ru:content');
    expect(codes).toContain('missing_translation:ru:excerpt');
    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { content: { uz: 'Yangi matn', ru: 'Новый текст', en: 'New text' }, excerpt: { uz: 'x', ru: 'x', en: 'x' } } });
    expect((await found(`/api/news/${article._id}/checks`)).filter((code) => code.includes('translation'))).toEqual([]);
  });

  it('clears the link errors once the link is right or its page is published, and finds a picture stored without alt text', async () => {
    const hidden = (await app.api('/api/services', { token, body: { title: { uz: 'Bojxona', ru: 'Таможня', en: 'Customs' }, description: { uz: 'Tavsif', ru: 'Описание', en: 'Description' }, isActive: false } })).body.data;
    const doc = (href: string) => ({ type: 'doc', content: [heading(2, 'Qism'), heading(3, 'Band'), paragraph(text('Bojxona kodeksi', link(href))), paragraph(text('Xizmat', [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }]))] });
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Havolalar', ru: 'Ссылки', en: 'Links' }, excerpt: all, category: all, content: { uz: doc('https://lex.uz/uz/search?query=bojxona'), ru: 'Текст', en: 'Text' }, published: false } })).body.data;
    expect(await found(`/api/news/${article._id}/checks`)).toEqual(['link_to_unpublished:uz:content', 'bad_law_link:uz:content']);
    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { content: { uz: doc('https://lex.uz/docs/-6445145'), ru: 'Текст', en: 'Text' } } });
    expect(await found(`/api/news/${article._id}/checks`)).toEqual(['link_to_unpublished:uz:content']);
    await app.api(`/api/services/${hidden._id}`, { method: 'PUT', token, body: { isActive: true } });
    expect(await found(`/api/news/${article._id}/checks`)).toEqual([]);

    // A picture without alt text cannot be saved any more; one kept from before (an old backup) is found.
    const picture = { type: 'doc', content: [{ type: 'image', attrs: { src: '/uploads/old-large.webp', alt: '' } }] };
    await app.application.database.db.updateTable('news').set({ content: JSON.stringify({ uz: picture, ru: picture, en: picture }) }).where('id', '=', article._id).execute();
    app.services.cache.clear();
    const codes = await found(`/api/news/${article._id}/checks`);
    expect(codes.slice(0, 3).sort()).toEqual(['image_without_alt:en:content', 'image_without_alt:ru:content', 'image_without_alt:uz:content']);
  });

  it('publishes the lex.uz addresses lawyers cite (a date, acts, a language), corrects http and www quietly, and only warns of a doubtful one', async () => {
    const cited = [
      'https://lex.uz/docs/-6445145?ONDATE=01.01.2026',
      'https://lex.uz/acts/4674902',
      'https://lex.uz/ru/docs/6445145',
      'https://lex.uz/uz/docs/-5841063?ONDATE=01.01.2023#5841452',
      'https://www.lex.uz/docs/4674902',
      'http://lex.uz/docs/-6445145',
      'http://www.lex.uz/ru/docs/111457?ONDATE=15.03.2025',
    ];
    const content = { type: 'doc', content: cited.map((href, index) => paragraph(text(`Qonun ${index + 1}`, link(href)))) };
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Qonunlar', ru: 'Законы', en: 'Laws' }, excerpt: all, category: all, content: { uz: content, ru: content, en: 'Text' } } });
    expect(created.status).toBe(201);
    expect(created.body.data.published).toBe(true);
    const stored = JSON.stringify((await app.api(`/api/news/${created.body.data._id}?admin=true`, { token })).body.data.content.uz);
    for (const href of ['https://lex.uz/docs/-6445145?ONDATE=01.01.2026', 'https://lex.uz/acts/4674902', 'https://lex.uz/docs/4674902', 'https://lex.uz/docs/-6445145', 'https://lex.uz/ru/docs/111457?ONDATE=15.03.2025']) expect(stored).toContain(`"href":"${href}"`);
    expect(stored).not.toMatch(/http:\/\/|www\./);
    expect((await found(`/api/news/${created.body.data._id}/checks`)).filter((code) => code.startsWith('bad_law_link'))).toEqual([]);
    // Public, as corrected.
    const html = (await app.api(`/api/news/${created.body.data._id}?format=html`)).body.data.content.uz;
    expect(html).toContain('<a href="https://lex.uz/docs/-6445145?ONDATE=01.01.2026" rel="noopener">Qonun 1</a>');
    expect(html).toContain('<a href="https://lex.uz/ru/docs/111457?ONDATE=15.03.2025" rel="noopener">Qonun 7</a>');

    // A lex.uz search is no citation: a warning to look at, not a refused publish.
    const doubtful = { type: 'doc', content: [paragraph(text('Soliq kodeksi', link('https://lex.uz/uz/search?query=soliq')))] };
    const warned = await app.api('/api/news', { token, body: { title: { uz: 'Qidiruv', ru: 'Поиск', en: 'Search' }, excerpt: all, category: all, content: { uz: doubtful, ru: 'Текст', en: 'Text' } } });
    expect(warned.status).toBe(201);
    const checks = (await app.api(`/api/news/${warned.body.data._id}/checks`, { token })).body.data as Found[];
    expect(checks).toEqual([expect.objectContaining({ lang: 'uz', field: 'content', code: 'bad_law_link', severity: 'warning', params: { href: 'https://lex.uz/uz/search?query=soliq' } })]);
  });

  it('refuses to publish with an error in the default language (422 checks_failed); an administrator may, with a reason kept in the log', async () => {
    const email = `editor-checks-${dialect}@example.uz`;
    expect((await app.api('/api/auth/users', { token, body: { email, password: 'correct-horse-battery-2', role: 'editor' } })).status).toBe(201);
    const editor = await app.login(email, 'correct-horse-battery-2');
    const hidden = (await app.api('/api/services', { token, body: { title: { uz: 'Litsenziya', ru: 'Лицензия', en: 'Licence' }, description: all, isActive: false } })).body.data;
    const bad = { type: 'doc', content: [paragraph(text('Litsenziya xizmati', [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }]))] };
    const draft = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Eʼlon', ru: 'Объявление', en: 'Notice' }, excerpt: all, category: all, content: { uz: bad, ru: 'Текст', en: 'Text' }, published: false } })).body.data;

    const refused = await app.api(`/api/news/${draft._id}`, { method: 'PUT', token: editor, body: { published: true } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'CHECKS_FAILED', reason: 'checks_failed' });
    expect(refused.body.checks).toEqual([expect.objectContaining({ lang: 'uz', field: 'content', code: 'link_to_unpublished', severity: 'error' })]);
    expect(refused.body.error).toContain('not published');
    expect((await app.api(`/api/news/${draft._id}?admin=true`, { token })).body.data.published).toBe(false);
    // Creating it public is refused the same way, and so is a scheduled publishing.
    expect((await app.api('/api/news', { token: editor, body: { title: { uz: 'Yana' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: bad } } })).status).toBe(422);
    expect((await app.api(`/api/news/${draft._id}`, { method: 'PUT', token: editor, body: { published: true, publishAt: '2099-01-01T00:00:00.000Z' } })).status).toBe(422);
    // An error only in another language does not stop publishing.
    const onlyRu = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Rus tilida xato', ru: 'Ошибка', en: 'Error' }, excerpt: all, category: all, content: { uz: 'Matn', ru: bad, en: 'Text' } } }));
    expect(onlyRu.status).toBe(201);

    // An editor cannot override; an administrator must say why.
    expect((await app.api(`/api/news/${draft._id}`, { method: 'PUT', token: editor, body: { published: true, override: { reason: 'Shoshilinch' } } })).status).toBe(422);
    const noReason = await app.api(`/api/news/${draft._id}`, { method: 'PUT', token, body: { published: true, override: {} } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0]).toMatchObject({ path: 'override.reason', code: 'required' });
    const overridden = await app.api(`/api/news/${draft._id}`, { method: 'PUT', token, body: { published: true, override: { reason: 'Xizmat sahifasi ertaga chiqadi' } } });
    expect(overridden.status).toBe(200);
    const activity = JSON.stringify((await app.api('/api/admin/activity?limit=20', { token })).body.data);
    expect(activity).toContain('published although checks failed (link_to_unpublished) — Xizmat sahifasi ertaga chiqadi');

    // Applying a working copy is publishing too.
    const live = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Jonli', ru: 'Живая', en: 'Live' }, excerpt: all, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } })).body.data;
    expect((await app.api(`/api/news/${live._id}/draft`, { method: 'PUT', token: editor, body: { content: { uz: bad, ru: 'Текст', en: 'Text' } } })).status).toBe(200);
    const apply = await app.api(`/api/news/${live._id}/draft/publish`, { method: 'POST', token: editor });
    expect(apply.status).toBe(422);
    expect(apply.body.checks[0].code).toBe('link_to_unpublished');
    expect((await app.api(`/api/news/${live._id}/draft`, { token })).status).toBe(200);
    expect((await app.api(`/api/news/${live._id}/draft/publish`, { method: 'POST', token, body: { override: { reason: 'Hamkor tasdiqladi' } } })).status).toBe(200);
    expect((await app.api(`/api/news/${live._id}/draft`, { token })).status).toBe(404);
  });

  it('checks a publishing save without reading the other records of its type (its cost does not grow with the site)', async () => {
    const store = app.services.records.news.store;
    const reads: string[] = [];
    const { list, columnWithIds, listTextShapes } = store;
    store.list = (...args) => (reads.push('list'), list.apply(store, args));
    store.columnWithIds = (...args) => (reads.push('columnWithIds'), columnWithIds.apply(store, args));
    store.listTextShapes = (...args) => (reads.push('listTextShapes'), listTextShapes.apply(store, args));
    try {
      const created = await app.api('/api/news', { token, body: { title: { uz: 'Oʻlchov', ru: 'Замер', en: 'Measure' }, excerpt: all, category: all, content: { uz: 'Matn', ru: 'Текст', en: 'Text' } } });
      expect(created.status).toBe(201);
      expect((await app.api(`/api/news/${created.body.data._id}`, { method: 'PUT', token, body: { title: { uz: 'Oʻlchov 2', ru: 'Замер', en: 'Measure' } } })).status).toBe(200);
      expect(reads).toEqual([]);
      // The admin's check of one record reads the titles (one column) to find a duplicate.
      await app.api(`/api/news/${created.body.data._id}/checks`, { token });
      expect(reads).toEqual(['columnWithIds']);
    } finally {
      Object.assign(store, { list, columnWithIds, listTextShapes });
    }
  });

  it('lists every problem of every public record in one report, errors first, and none of a draft', async () => {
    const report = await app.api('/api/checks', { token });
    expect(report.status).toBe(200);
    const items = report.body.data as Array<Found & { type: string; _id: string; title: string }>;
    expect(items.length).toBeGreaterThan(0);
    const firstWarning = items.findIndex((item) => item.severity === 'warning');
    expect(items.slice(firstWarning).every((item) => item.severity === 'warning')).toBe(true);
    expect(items[0]).toMatchObject({ type: 'news', severity: 'error', code: 'link_to_unpublished' });
    // Published although their checks failed (or with an error only in Russian); drafts (the first tests' articles) are not listed.
    expect(items.filter((item) => item.severity === 'error').map((item) => item.title).sort()).toEqual(['Eʼlon', 'Jonli', 'Rus tilida xato']);
    expect(items.some((item) => item.title === 'Tekshiruv' || item.title === 'Havolalar')).toBe(false);
    expect(items.some((item) => item.code === 'duplicate_title')).toBe(false);
    expect(items.filter((item) => item.code === 'title_too_long').map((item) => item.title)).toEqual(['Ж'.repeat(40)]);
    const errors = (await app.api('/api/checks?severity=error', { token })).body.data as Found[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((item) => item.severity === 'error')).toBe(true);
    expect(((await app.api('/api/checks?code=duplicate_title', { token })).body.data as Found[]).every((item) => item.code === 'duplicate_title')).toBe(true);
    expect((await app.api('/api/checks?severity=fatal', { token })).status).toBe(400);
    expect((await app.api('/api/checks?sort=title', { token })).status).toBe(400);
    expect((await app.api('/api/checks')).status).toBe(401);
    // Checks of a type without publishing: 404.
    const contact = await app.api('/api/faqs', { token, body: { question: { uz: 'Savol' }, answer: { uz: 'Javob' } } });
    expect((await app.api(`/api/settings-that-do-not-exist/${contact.body.data?._id}/checks`, { token })).status).toBe(404);
  });
});

describe.each(DIALECTS)('the weekly check of outside links on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let site: http.Server;
  let base: string;
  const asked: string[] = [];
  beforeAll(async () => {
    // The other sites: a page that opens, one gone, one that never answers, one refusing HEAD, a redirect.
    site = http.createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      if (request.url === '/slow') return;
      if (request.url === '/gone') response.writeHead(404).end();
      else if (request.url === '/moved') response.writeHead(301, { location: '/ok' }).end();
      else if (request.url === '/no-head' && request.method === 'HEAD') response.writeHead(405).end();
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    app = await startTestApp(dialect, { env: { LINK_CHECK_PRIVATE: 'true', LINK_CHECK_TIMEOUT_SECONDS: '1', LINK_CHECK_LIMIT: '4' } });
    token = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  async function checked() {
    expect((await app.api('/api/checks/links', { method: 'POST', token })).status).toBe(202);
    for (let wait = 0; wait < 100; wait += 1) {
      const links = (await app.api('/api/checks/links', { token })).body.data;
      if (!links.running) return { links, data: (await app.api('/api/checks', { token })).body.data };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the link check did not end');
  }

  it('asks each linked address within its time limit, at most LINK_CHECK_LIMIT a run, and reports the broken ones', async () => {
    const paths = ['/ok', '/gone', '/slow', '/no-head', '/moved'];
    const content = { type: 'doc', content: paths.map((where) => paragraph(text(`Sahifa ${where}`, link(`${base}${where}`)))) };
    const article = (await app.api('/api/news', { token, body: { title: { uz: 'Tashqi havolalar', ru: 'Ссылки', en: 'Links' }, excerpt: { uz: 'x', ru: 'x', en: 'x' }, category: { uz: 'x', ru: 'x', en: 'x' }, content: { uz: content, ru: 'Текст', en: 'Text' } } })).body.data;
    expect((await app.api('/api/checks/links', { method: 'POST', token: undefined })).status).toBe(401);

    const first = await checked();
    expect(first.links).toMatchObject({ checked: 4, running: false });
    const second = await checked();
    expect(second.links.checked).toBe(5);
    const broken = (second.data as Array<{ _id: string; code: string; params: { href: string; status?: number } }>).filter((item) => item._id === article._id && item.code === 'broken_link');
    expect(broken.map((item) => item.params.href).sort()).toEqual([`${base}/gone`, `${base}/slow`]);
    expect(broken.find((item) => item.params.href.endsWith('/gone'))!.params.status).toBe(404);
    expect(asked).toContain('GET /no-head');
    expect(asked).toContain('HEAD /ok');

    // The link fixed and checked again: nothing is reported.
    const fixed = { type: 'doc', content: ['/ok', '/moved'].map((where) => paragraph(text(`Sahifa ${where}`, link(`${base}${where}`)))) };
    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { content: { uz: fixed, ru: 'Текст', en: 'Text' } } });
    const third = await checked();
    expect(third.links.checked).toBe(2);
    expect((third.data as Array<{ code: string }>).some((item) => item.code === 'broken_link')).toBe(false);
  });

  it('never asks an address on a private network unless told to', async () => {
    const ask = createLinkAsker({ timeoutMs: 1000 });
    const refused = { broken: false, problem: 'not asked: the address is on a private network or is a special-purpose one' };
    const port = new URL(base).port;
    // The test server's own port allowed, so that only the address refuses it.
    expect(await createLinkAsker({ timeoutMs: 1000, ports: [port] })(`${base}/gone`)).toEqual(refused);
    expect(await ask('http://[::1]:9/')).toMatchObject({ broken: false });
    expect(await ask('http://169.254.169.254/latest/meta-data/')).toMatchObject({ broken: false });
    expect(await createLinkAsker({ timeoutMs: 1000, allowPrivate: true })(`${base}/gone`)).toEqual({ status: 404, broken: true });
  });

  it('refuses the special-purpose ranges, this machine’s own addresses and ports other than 80 and 443, checking the address it connects to', async () => {
    const ask = createLinkAsker({ timeoutMs: 1000 });
    const refused = { broken: false, problem: 'not asked: the address is on a private network or is a special-purpose one' };
    const own = Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? []).map((entry) => entry.address);
    for (const address of ['192.0.2.10', '198.18.0.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '100.64.0.1', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[2001:db8::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[fd00::1]', ...own.map((address) => (address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address))]) {
      expect(await ask(`http://${address}/`), address).toEqual(refused);
    }
    expect(await ask('https://example.com:8443/')).toEqual({ broken: false, problem: 'not asked: only ports 80 and 443 are asked' });
    expect(await ask('http://example.com:22/')).toMatchObject({ broken: false });

    // A name is checked as the connection resolves it: one answer with an inside address is refused, the server never asked.
    const port = new URL(base).port;
    const before = asked.length;
    const named = (answers: string[][]) => {
      let calls = 0;
      const resolve = async () => (answers[Math.min(calls++, answers.length - 1)] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      return { ask: createLinkAsker({ timeoutMs: 1000, ports: [port], resolve }), calls: () => calls };
    };
    expect(await named([['127.0.0.1']]).ask(`http://inside.example:${port}/ok`)).toEqual(refused);
    expect(await named([['93.184.215.14', '127.0.0.1']]).ask(`http://mixed.example:${port}/ok`)).toEqual(refused);
    // DNS rebinding: public for the first lookup, loopback after; every lookup is the connection's own, so loopback is never reached.
    const rebinding = named([['93.184.215.14'], ['127.0.0.1']]);
    const answer = await rebinding.ask(`http://rebind.example:${port}/no-head`);
    expect(answer.broken === false ? answer.problem : 'broken').toMatch(/^(not asked|broken)/);
    expect(asked.length).toBe(before);
    // A name whose DNS never answers: given up within the limit.
    const silent = createLinkAsker({ timeoutMs: 1000, ports: [port], dnsTimeoutMs: 300, resolve: () => new Promise(() => {}) });
    const started = Date.now();
    expect(await silent(`http://silent.example:${port}/`)).toEqual({ broken: true, problem: 'no answer from DNS within 0 s' });
    expect(Date.now() - started).toBeLessThan(900);
    // Told to (LINK_CHECK_PRIVATE), the same name reaches the local server through the checked lookup.
    const allowed = createLinkAsker({ timeoutMs: 1000, allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(await allowed(`http://local.example:${port}/gone`)).toEqual({ status: 404, broken: true });
  });
});
