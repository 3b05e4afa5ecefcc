import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Doc } from '../../domain/documents/document.ts';
import { createMachineTranslator } from '../../server/machine-translation/providers.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Machine drafts (API-4.md "The translation desk") through local stand-ins of DeepL, Google Cloud
 * Translation v2 and Yandex Cloud Translate that check what each documented API checks (the path,
 * the auth header, the body's shape and limits) and answer in its documented shape. The stand-ins
 * "translate" by writing every word outside tags in capitals — and leave alone what each API is
 * told to leave alone (DeepL's ignore_tags, Google's translate="no"; Yandex gets placeholders).
 */

const KEY = 'test-key-0001:fx';
const PASSWORD = 'translator-password-1';
const TERM = 'Adliya Partners';

interface Seen {
  provider: string;
  body: Record<string, unknown>;
}

/** Capitals for the words of an HTML text, its tags, entities and protected parts left as they are. */
function shout(html: string, keep: RegExp): string {
  return html
    .split(keep)
    .map((part, index) => (index % 2 ? part : part.split(/(<[^>]+>|&[#a-z0-9]+;)/i).map((piece, inner) => (inner % 2 ? piece : piece.toUpperCase())).join('')))
    .join('');
}

async function standIns() {
  const seen: Seen[] = [];
  const state = { refuse429: 0, calls: 0 };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      state.calls += 1;
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
      if (state.refuse429 > 0) {
        state.refuse429 -= 1;
        return answer(429, { message: 'Too many requests' }, { 'retry-after': '0' });
      }
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method !== 'POST' || !String(request.headers['content-type']).startsWith('application/json')) return answer(400, { message: 'POST JSON' });
      if (url.pathname === '/v2/translate') {
        // https://developers.deepl.com/api-reference/translate — up to 50 texts, DeepL-Auth-Key.
        if (request.headers.authorization !== `DeepL-Auth-Key ${KEY}`) return answer(403, { message: 'Wrong endpoint. Use https://api.deepl.com' });
        const text = body.text as string[];
        if (!Array.isArray(text) || text.length < 1 || text.length > 50 || typeof body.target_lang !== 'string' || !['html', 'xml'].includes(String(body.tag_handling))) return answer(400, { message: "Value for 'text' not supported." });
        seen.push({ provider: 'deepl', body });
        const ignored = (body.ignore_tags as string[] | undefined) ?? [];
        const keep = ignored.includes('x') ? /(<x>[\s\S]*?<\/x>)/ : /(?!)/;
        return answer(200, { translations: text.map((item) => ({ detected_source_language: String(body.source_lang ?? 'UZ'), text: shout(item, keep) })) });
      }
      if (url.pathname === '/language/translate/v2') {
        // https://cloud.google.com/translate/docs/reference/rest/v2/translate — key in the query, q up to 128.
        if (url.searchParams.get('key') !== KEY) return answer(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
        const q = body.q as string[];
        if (!Array.isArray(q) || q.length > 128 || typeof body.target !== 'string' || body.format !== 'html') return answer(400, { error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT' } });
        seen.push({ provider: 'google', body });
        // Into Uzbek the stand-in adds a Latin word (Uzbek is answered in Latin script).
        const suffix = body.target === 'uz' ? ' (soliq)' : '';
        return answer(200, { data: { translations: q.map((item) => ({ translatedText: shout(item, /(<span translate="no">[\s\S]*?<\/span>)/) + suffix })) } });
      }
      if (url.pathname === '/translate/v2/translate') {
        // https://yandex.cloud/en/docs/translate/api-ref/Translation/translate — Api-Key, at most 10,000 characters.
        if (request.headers.authorization !== `Api-Key ${KEY}`) return answer(401, { code: 16, message: 'Unknown api key' });
        const texts = body.texts as string[];
        if (!Array.isArray(texts) || texts.join('').length > 10_000 || typeof body.targetLanguageCode !== 'string' || body.format !== 'HTML') return answer(400, { code: 3, message: 'texts: limit exceeded' });
        seen.push({ provider: 'yandex', body });
        return answer(200, { translations: texts.map((item) => ({ text: shout(item, /(?!)/) })) });
      }
      return answer(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const content: Doc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Soliq kodeksi' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: `${TERM} maslahat beradi: ` },
        { type: 'text', text: 'muhim', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' ' },
        { type: 'text', text: 'kodeks matni', marks: [{ type: 'link', attrs: { href: 'https://lex.uz/docs/4674902' } }] },
        { type: 'footnote', content: [{ type: 'text', text: 'izoh matni' }] },
        { type: 'text', text: ' & boshqalar.' },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'birinchi band' }] }] }] },
  ],
};

describe.each(DIALECTS)('Machine drafts on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let mt: Awaited<ReturnType<typeof standIns>>;
  const newsWith = async (extra: Record<string, unknown> = {}) => {
    const created = await app.api('/api/news', { method: 'POST', token, body: { title: { uz: `${TERM} yangiliklari` }, excerpt: { uz: 'Qisqacha mazmun' }, category: { uz: 'Soliq' }, content: { uz: content }, published: false, ...extra } });
    expect(created.status, created.text).toBe(201);
    return created.body.data as { _id: string; version: number };
  };
  const useProvider = (provider: 'deepl' | 'google' | 'yandex') => {
    app.services.machineTranslation.translator = createMachineTranslator({ provider, apiKey: KEY, apiUrl: mt.url });
  };

  beforeAll(async () => {
    mt = await standIns();
    app = await startTestApp(dialect, { env: { MT_PROVIDER: 'deepl', MT_API_KEY: KEY, MT_API_URL: mt.url } });
    token = await app.login();
    // The termbase's "do not translate" terms, through the interface the termbase fills (none by default).
    app.services.machineTranslation.doNotTranslate = async () => [TERM];
  });
  beforeEach(() => {
    mt.seen.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await mt?.close();
  });

  for (const provider of ['deepl', 'google', 'yandex'] as const) {
    it(`writes a draft through ${provider}, keeping the document's structure, links, footnotes and the "do not translate" term`, async () => {
      useProvider(provider);
      const news = await newsWith();
      const drafted = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'uz', to: 'ru' } });
      expect(drafted.status, drafted.text).toBe(200);
      expect(drafted.body.data).toMatchObject({ into: 'record', lang: 'ru', provider });
      expect(drafted.body.data.fields).toEqual(expect.arrayContaining(['title', 'excerpt', 'category', 'content']));
      expect(mt.seen.map((call) => call.provider)).toEqual([provider]);
      const sent = mt.seen[0].body;
      if (provider === 'deepl') expect(sent).toMatchObject({ source_lang: 'UZ', target_lang: 'RU', tag_handling: 'xml', ignore_tags: ['x'], enable_beta_languages: true });
      if (provider === 'google') expect(sent).toMatchObject({ source: 'uz', target: 'ru', format: 'html' });
      if (provider === 'yandex') {
        expect(sent).toMatchObject({ sourceLanguageCode: 'uz', targetLanguageCode: 'ru', format: 'HTML' });
        // The term never leaves: a placeholder goes instead.
        expect(JSON.stringify(sent)).not.toContain(TERM);
      }
      const record = (await app.api(`/api/news/${news._id}?admin=true`, { token })).body.data;
      expect(record.title.ru).toBe(`${TERM} YANGILIKLARI`);
      expect(record.excerpt.ru).toBe('QISQACHA MAZMUN');
      const doc = record.content.ru as Doc;
      expect(doc.content.map((node) => node.type)).toEqual(['heading', 'paragraph', 'bulletList']);
      expect(doc.content[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'SOLIQ KODEKSI' }] });
      expect(doc.content[1].content).toEqual([
        { type: 'text', text: `${TERM} MASLAHAT BERADI: ` },
        { type: 'text', text: 'MUHIM', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' ' },
        { type: 'text', text: 'KODEKS MATNI', marks: [{ type: 'link', attrs: { href: 'https://lex.uz/docs/4674902' } }] },
        { type: 'footnote', content: [{ type: 'text', text: 'IZOH MATNI' }] },
        { type: 'text', text: ' & BOSHQALAR.' },
      ]);
      expect(doc.content[2].content?.[0].content?.[0].content).toEqual([{ type: 'text', text: 'BIRINCHI BAND' }]);
      // The Uzbek texts are as they were.
      expect(record.content.uz).toEqual(content);
      const marks = await app.api(`/api/news/${news._id}/machine-translate`, { token });
      expect(marks.body.data.marks.map((mark: { field: string }) => mark.field).sort()).toEqual(['category', 'content', 'excerpt', 'title']);
    });
  }

  it('writes Uzbek Cyrillic as Latin transliterated, and tries again after a 429', async () => {
    useProvider('google');
    const news = await newsWith({ title: { ru: 'Налоговый кодекс', uz: 'Soliq' } });
    await app.api('/api/languages', { method: 'POST', token, body: { code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', isActive: true } });
    mt.state.refuse429 = 1;
    const calls = mt.state.calls;
    const drafted = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'ru', to: 'uz-Cyrl', fields: ['title'] } });
    expect(drafted.status, drafted.text).toBe(200);
    expect(mt.state.calls - calls).toBe(2);
    expect(mt.seen[0].body).toMatchObject({ source: 'ru', target: 'uz' });
    const record = (await app.api(`/api/news/${news._id}?admin=true`, { token })).body.data;
    // The answer in Latin script is transliterated into Cyrillic.
    expect(record.title['uz-Cyrl']).toBe('НАЛОГОВЫЙ КОДЕКС (солиқ)');
    mt.state.refuse429 = 3;
    const busy = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'uz', to: 'en' } });
    expect(busy.status).toBe(503);
    expect(busy.body.reason).toBe('mt_busy');
    mt.state.refuse429 = 0;
  });

  it('marks the texts machine-made in the status; publishing stops with machine_unreviewed until they are confirmed or edited', async () => {
    useProvider('deepl');
    const news = await newsWith({ published: true });
    const drafted = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'uz', to: 'ru' } });
    expect(drafted.status, drafted.text).toBe(200);
    // A public record: the texts go into its working copy, never onto the live page.
    expect(drafted.body.data.into).toBe('workingCopy');
    expect((await app.api(`/api/news/${news._id}?admin=true`, { token })).body.data.title.ru).toBeUndefined();
    const status = await app.api(`/api/translations/status?type=news&id=${news._id}`, { token });
    expect(status.body.data.records[0].machine.ru.sort()).toEqual(['category', 'content', 'excerpt', 'title']);
    const checks = await app.api(`/api/news/${news._id}/checks?draft=true`, { token });
    expect(checks.body.data.filter((check: { code: string }) => check.code === 'machine_unreviewed').map((check: { field: string; severity: string; lang: string }) => [check.field, check.severity, check.lang]).sort()).toEqual([
      ['category', 'error', 'ru'],
      ['content', 'error', 'ru'],
      ['excerpt', 'error', 'ru'],
      ['title', 'error', 'ru'],
    ]);
    const refused = await app.api(`/api/news/${news._id}/draft/publish`, { method: 'POST', token });
    expect(refused.status).toBe(422);
    expect(refused.body.checks.map((check: { code: string }) => check.code)).toContain('machine_unreviewed');
    // Confirming three, editing the fourth: publishing goes through.
    const confirmed = await app.api(`/api/news/${news._id}/machine-translate/confirm`, { method: 'POST', token, body: { lang: 'ru', fields: ['content', 'excerpt', 'category'] } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.marks.map((mark: { field: string }) => mark.field)).toEqual(['title']);
    const draft = (await app.api(`/api/news/${news._id}/draft`, { token })).body.data;
    const edited = await app.api(`/api/news/${news._id}/draft`, { method: 'PUT', token, body: { title: { ...draft.title, ru: 'Новости Adliya Partners' }, draftVersion: draft.draftVersion } });
    expect(edited.status, edited.text).toBe(200);
    expect((await app.api(`/api/news/${news._id}/machine-translate`, { token })).body.data.marks).toEqual([]);
    const published = await app.api(`/api/news/${news._id}/draft/publish`, { method: 'POST', token });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.title.ru).toBe('Новости Adliya Partners');
  });

  it('lets a translator draft only into their languages, and answers 503 mt_unavailable without a provider', async () => {
    const news = await newsWith();
    const made = await app.api('/api/auth/users', { token, body: { email: `mt-${dialect}@example.uz`, password: PASSWORD, role: 'translator', languages: ['ru'] } });
    expect(made.status, made.text).toBe(201);
    const translator = await app.login(`mt-${dialect}@example.uz`, PASSWORD);
    const refused = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token: translator, body: { from: 'uz', to: 'en' } });
    expect(refused.status).toBe(403);
    useProvider('yandex');
    const allowed = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token: translator, body: { from: 'uz', to: 'ru', fields: ['title'] } });
    expect(allowed.status, allowed.text).toBe(200);
    const unknownField = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'uz', to: 'ru', fields: ['slug'] } });
    expect(unknownField.status).toBe(400);
    app.services.machineTranslation.translator = undefined;
    const off = await app.api(`/api/news/${news._id}/machine-translate`, { method: 'POST', token, body: { from: 'uz', to: 'en' } });
    expect(off.status).toBe(503);
    expect(off.body.reason).toBe('mt_unavailable');
    expect((await app.api(`/api/news/${news._id}/machine-translate`, { token })).body.data.provider).toBeNull();
  });
});
