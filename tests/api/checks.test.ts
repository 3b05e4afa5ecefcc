/*
 * Checks before publishing (API-3.md), the part built so far: GET /api/{type}/{id}/checks on both
 * databases, for the record and for its working copy — a skipped heading level, link words that say
 * nothing, a lex.uz address that is not a document's, a link to a page visitors cannot open, and
 * languages not translated yet or changed since; errors first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(codes.slice(0, 2).sort()).toEqual(['error:bad_law_link:uz:content', 'error:link_to_unpublished:uz:content']);
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
});
