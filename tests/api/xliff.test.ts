/*
 * The translation desk's XLIFF and translation memory (API-4.md "The translation desk"), through the
 * real server on both databases: a record with bold, a link, a link by reference and a footnote out as
 * XLIFF 2.1 (valid by xmllint against the XLIFF 2.0 core schema's definitions, read by the `xliff`
 * package, which no one here wrote), translated and back into the working copy with its formatting and
 * links; a stale unit and an invalid target reported, not applied; DTDs refused. The memory: exact,
 * fuzzy from 70 with a score, nothing below, Uzbek in Cyrillic finding Latin, new after a save.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { js2xliff, xliff2js } from 'xliff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const XSD = path.resolve('tests/fixtures/xliff-core-2.0-subset.xsd');
/** The XLIFF 2.0 core schema as OASIS publishes it. */
const OASIS_XSD = path.resolve('tests/fixtures/oasis-xliff-2.0/xliff_core_2.0.xsd');
const work = mkdtempSync(path.join(tmpdir(), 'xliff-'));

/**
 * Validates with xmllint against our subset of the schema and against OASIS's own
 * xliff_core_2.0.xsd (tests/fixtures/oasis-xliff-2.0); the complaint, or '' when valid.
 */
function xmllint(xml: string): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.xlf`);
  writeFileSync(file, xml);
  try {
    for (const schema of [XSD, OASIS_XSD]) execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** What a translator does in a CAT tool: every segment gets a target, its tags kept, its words translated. */
const WORDS: Record<string, string> = {
  'Soliq yangiliklari': 'Налоговые новости',
  Muddatlar: 'Сроки',
  'Hisobot ': 'Отчёт ',
  muhim: 'важен',
  ' va ': ' и ',
  'soliq xizmati': 'налоговая служба',
  '. Batafsil: ': '. Подробнее: ',
  'lex.uz': 'lex.uz',
  '2026-yil qonuni': 'закон 2026 года',
  'Birinchi band': 'Первый пункт',
  'Ikkinchi band': 'Второй пункт',
  Qisqacha: 'Кратко',
  Soliq: 'Налоги',
};
const translate = (source: string) => `>${source}<`.replace(/>([^<]+)</g, (_all, words: string) => `>${WORDS[words] ?? `[ru] ${words}`}<`).slice(1, -1);
const withTargets = (xml: string, change: (source: string) => string = translate) =>
  xml.replace(/<source>([\s\S]*?)<\/source><\/segment>/g, (_all, source: string) => `<source>${source}</source><target>${change(source)}</target></segment>`);

describe.each(DIALECTS)('XLIFF and the translation memory on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let serviceId: string;
  let newsId: string;
  const upload = async (xml: string | Buffer, as = token) => {
    const form = new FormData();
    form.append('file', new Blob([typeof xml === 'string' ? xml : new Uint8Array(xml)], { type: 'application/xliff+xml' }), 'back.xlf');
    const response = await fetch(`${app.url}/api/xliff`, { method: 'POST', headers: { authorization: `Bearer ${as}` }, body: form });
    return { status: response.status, body: await response.json() };
  };
  const exported = async (id = newsId, from = 'uz', to = 'ru') => {
    const response = await fetch(`${app.url}/api/news/${id}/xliff?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xliff\+xml/);
    return response.text();
  };
  const content = () =>
    doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Muddatlar')] },
      paragraph(
        text('Hisobot '),
        text('muhim', [{ type: 'bold' }]),
        text(' va '),
        text('soliq xizmati', [{ type: 'link', attrs: { ref: { type: 'services', id: serviceId } } }]),
        text('. Batafsil: '),
        text('lex.uz', [{ type: 'link', attrs: { href: 'https://lex.uz/docs/1' } }, { type: 'italic' }]),
        { type: 'footnote', content: [text('2026-yil qonuni')] },
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Birinchi band'))] }, { type: 'listItem', content: [paragraph(text('Ikkinchi band'))] }] },
    );

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
    const service = await app.api('/api/services', { token, body: { title: { uz: 'Soliq maslahati', ru: 'Налоговые консультации' }, description: { uz: 'Tavsif', ru: 'Описание' }, slug: 'soliq' } });
    expect(service.status, service.text).toBe(201);
    serviceId = service.body.data._id;
    const news = await app.api('/api/news', { token, body: { title: { uz: 'Soliq yangiliklari' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: content() } } });
    expect(news.status, news.text).toBe(201);
    newsId = news.body.data._id;
  });
  afterAll(() => app?.close());

  it('exports a record as XLIFF 2.1 that xmllint validates and the xliff package reads, with its formatting as inline codes', async () => {
    const xml = await exported();
    expect(xml).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="uz" trgLang="ru">');
    expect(xmllint(xml)).toBe('');
    // The schema can fail: a unit without a segment is refused.
    expect(xmllint(xml.replace(/<segment id="s1"><source>Muddatlar<\/source><\/segment>/, ''))).toMatch(/segment|fails to validate/);
    const read = await xliff2js(xml);
    expect(read).toMatchObject({ sourceLanguage: 'uz', targetLanguage: 'ru' });
    const units = read.resources[`news.${newsId}`];
    expect(units.title.source).toBe('Soliq yangiliklari');
    expect(units['content.0'].source).toBe('Muddatlar');
    const spans = (units['content.1'].source as unknown[]).filter((part) => typeof part === 'object');
    expect(spans).toEqual(expect.arrayContaining([expect.objectContaining({ Span: expect.objectContaining({ type: 'fmt', subType: 'xlf:b', contents: 'muhim' }) }), expect.objectContaining({ Span: expect.objectContaining({ type: 'link' }) })]));
    expect(xml).toContain(`&lt;a ref=&quot;services/${serviceId}&quot;&gt;`);
    expect(xml).toContain('&lt;footnote&gt;');
    expect(xml).toMatch(/<note category="hash">[0-9a-f]{24}<\/note>/);
  });

  it('puts the translated file into the working copy, formatting and links kept, the live record unchanged', async () => {
    const xml = withTargets(await exported());
    expect(xmllint(xml)).toBe('');
    const result = await upload(xml);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({ applied: 6, stale: [], invalid: [], records: [{ type: 'news', id: newsId }] });
    const draft = (await app.api(`/api/news/${newsId}/draft`, { token })).body.data;
    expect(draft.title.ru).toBe('Налоговые новости');
    expect(draft.content.ru).toEqual(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Сроки')] },
        paragraph(
          text('Отчёт '),
          text('важен', [{ type: 'bold' }]),
          text(' и '),
          text('налоговая служба', [{ type: 'link', attrs: { ref: { type: 'services', id: serviceId } } }]),
          text('. Подробнее: '),
          text('lex.uz', [{ type: 'italic' }, { type: 'link', attrs: { href: 'https://lex.uz/docs/1' } }]),
          { type: 'footnote', content: [text('закон 2026 года')] },
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('Первый пункт'))] }, { type: 'listItem', content: [paragraph(text('Второй пункт'))] }] },
      ),
    );
    const live = (await app.api(`/api/news/${newsId}?admin=true`, { token })).body.data;
    expect(live.title.ru ?? '').toBe('');
  });

  it('exports a release as one file with a <file> per record it publishes', async () => {
    const other = await app.api('/api/news', { token, body: { title: { uz: 'Ikkinchi xabar' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: doc(paragraph(text('Matn'))) }, published: false } });
    const release = await app.api('/api/releases', { token, body: { title: 'Tarjima uchun', items: [{ type: 'news', id: other.body.data._id, action: 'publish' }, { type: 'services', id: serviceId, action: 'publish' }] } });
    expect(release.status, release.text).toBe(201);
    const response = await fetch(`${app.url}/api/releases/${release.body.data._id}/xliff?from=uz&to=ru`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain(`original="news/${other.body.data._id}"`);
    expect(xml).toContain(`original="services/${serviceId}"`);
  });

  it('round-trips a file written back by the xliff package', async () => {
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Yangi sarlavha' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: doc(paragraph(text('Oddiy '), text('qalin', [{ type: 'bold' }]))) } } });
    const id = created.body.data._id as string;
    const read = await xliff2js(await exported(id));
    for (const unit of Object.values(read.resources[`news.${id}`]) as Array<{ source: unknown; target?: unknown }>) {
      unit.target = Array.isArray(unit.source) ? unit.source.map((part) => (typeof part === 'string' ? `ru:${part}` : part)) : `ru:${String(unit.source)}`;
    }
    const back = await js2xliff(read);
    const result = await upload(back);
    expect(result.body.data).toMatchObject({ applied: 4, stale: [], invalid: [] });
    const draft = (await app.api(`/api/news/${id}/draft`, { token })).body.data;
    expect(draft.content.ru).toEqual(doc(paragraph(text('ru:Oddiy '), text('qalin', [{ type: 'bold' }]))));
  });

  it('reports a unit whose source changed since the export as stale, and applies the rest', async () => {
    const xml = withTargets(await exported());
    const changed = content();
    changed.content[0] = { type: 'heading', attrs: { level: 2 }, content: [text('Yangi muddatlar')] };
    const before = (await app.api(`/api/news/${newsId}/draft`, { token })).body.data;
    const saved = await app.api(`/api/news/${newsId}/draft`, { method: 'PUT', token, body: { content: { uz: changed, ru: before.content.ru } } });
    expect(saved.status, saved.text).toBe(200);
    const result = await upload(xml.replace('Налоговые новости', 'Налоговые новости (2)'));
    expect(result.body.data.stale).toEqual([expect.objectContaining({ file: `news/${newsId}`, unit: 'content.0' })]);
    expect(result.body.data.applied).toBe(5);
    const draft = (await app.api(`/api/news/${newsId}/draft`, { token })).body.data;
    expect(draft.title.ru).toBe('Налоговые новости (2)');
    expect(draft.content.ru.content[0].content[0].text).toBe('Сроки');
  });

  it('reports an invalid target with its path (an unbalanced code, a code the source has not), and takes links from the source, not the file', async () => {
    const xml = await exported();
    const unbalanced = withTargets(xml, (source) => (source === 'Birinchi band' ? 'Первый <sc id="9"/>пункт' : translate(source)));
    const first = await upload(unbalanced);
    expect(first.body.data.invalid).toEqual([expect.objectContaining({ unit: 'content.2', path: 'content.ru.content.2', code: 'unbalanced_code' })]);
    // A code the source does not have (another link, say) is refused, whatever the file's originalData says.
    const foreign = withTargets(xml, (source) => (source.includes('dataRefStart') ? translate(source).replace(/dataRefStart="d\d+"/, 'dataRefStart="d99"') : translate(source)));
    const second = await upload(foreign);
    expect(second.body.data.invalid).toEqual([expect.objectContaining({ unit: 'content.1', path: 'content.ru.content.1', code: 'unbalanced_code' })]);
    const injected = await upload(withTargets(xml.replace('href=&quot;https://lex.uz/docs/1&quot;', 'href=&quot;javascript:alert(1)&quot;')));
    expect(injected.body.data.invalid).toEqual([]);
    const draft = (await app.api(`/api/news/${newsId}/draft`, { token })).body.data;
    expect(JSON.stringify(draft.content.ru)).not.toContain('javascript:');
    expect(JSON.stringify(draft.content.ru)).toContain('https://lex.uz/docs/1');
  });

  it('refuses a DTD (XXE), a file that is not XML, and a language the translator does not have', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="uz" trgLang="ru"><file id="f"><unit id="u"><segment><source>&e;</source><target>&e;</target></segment></unit></file></xliff>`;
    const refused = await upload(xxe);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/DTD/);
    const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect(huge.status).toBe(413);
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    expect(png.status).toBe(400);
    const made = await app.api('/api/auth/users', { token, body: { email: `en-${dialect}@example.uz`, password: 'a long password 123', role: 'translator', languages: ['en'] } });
    expect(made.status, made.text).toBe(201);
    const translator = await app.login(`en-${dialect}@example.uz`, 'a long password 123');
    const forbidden = await upload(withTargets(await exported()), translator);
    expect(forbidden.status).toBe(403);
  });

  it('finds translations in the memory: 100 for the same text, fuzzy from 70 with a score, Uzbek in either script', async () => {
    const memory = async (query: string) => (await app.api(`/api/translation-memory?from=uz&to=ru&text=${encodeURIComponent(query)}`, { token })).body.data as Array<{ source: string; target: string; score: number; record: { type: string; id: string } }>;
    const exact = await memory('  soliq   MASLAHATI ');
    expect(exact[0]).toMatchObject({ source: 'Soliq maslahati', target: 'Налоговые консультации', score: 100, record: { type: 'services', id: serviceId } });
    const fuzzy = await memory('Soliq maslahatlari');
    expect(fuzzy[0]).toMatchObject({ target: 'Налоговые консультации' });
    expect(fuzzy[0].score).toBeGreaterThanOrEqual(70);
    expect(fuzzy[0].score).toBeLessThan(100);
    expect(await memory('Soliq bo‘yicha butunlay boshqa gap')).toEqual([]);
    for (const match of [...exact, ...fuzzy]) expect(match.score).toBeGreaterThanOrEqual(70);
    const cyrillic = await memory('Солиқ маслаҳати');
    expect(cyrillic[0]).toMatchObject({ target: 'Налоговые консультации', score: 100 });
    // The index is kept while nothing is written: the kept translation states it is stamped with stay the same objects.
    const news = app.services.recordService(RECORD_TYPES.find((type) => type.name === 'news')!);
    expect(await news.translationStates(['uz', 'ru'])).toBe(await news.translationStates(['uz', 'ru']));
    // A save is seen at the next question.
    await app.api(`/api/services/${serviceId}`, { method: 'PUT', token, body: { title: { uz: 'Soliq maslahati', ru: 'Налоговое консультирование' } } });
    expect((await memory('Soliq maslahati'))[0]).toMatchObject({ target: 'Налоговое консультирование', score: 100 });
    expect((await app.api('/api/translation-memory?from=uz&to=uz&text=x', { token })).status).toBe(400);
    expect((await app.api('/api/translation-memory?from=uz&to=ru&text=x')).status).toBe(401);
  });
});
