/*
 * "Fill from Uzbek" copies the default language's texts into an empty language to translate over
 * them. Until they are translated they are not a translation: the translation status says the
 * language is missing those fields, and the checks before publishing say so field by field
 * (`same_as_source`, a warning like `missing_translation`). Short texts that may rightly read the
 * same in two languages (a name, a number) are not taken for copies. On both databases, through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const paragraph = (words: string) => ({ type: 'paragraph', content: [{ type: 'text', text: words }] });
const list = (...items: string[]) => ({ type: 'orderedList', content: items.map((words) => ({ type: 'listItem', content: [paragraph(words)] })) });

describe.each(DIALECTS)('an untranslated copy of the default language on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app?.close());

  const status = async (type: string, id: string) => {
    const response = await app.api(`/api/translations/status?type=${type}&id=${id}`, { token });
    expect(response.status, response.text).toBe(200);
    return response.body.data.records[0] as { states: Record<string, string>; fields: Record<string, string[]> };
  };
  const checks = async (type: string, id: string) => {
    const response = await app.api(`/api/${type}/${id}/checks`, { token });
    expect(response.status, response.text).toBe(200);
    // The translation's own checks (a Russian title may also be too long for search results: not these tests' matter).
    return (response.body.data as Array<{ lang: string; field: string; code: string; severity: string }>)
      .filter((check) => ['missing_translation', 'same_as_source', 'outdated_translation'].includes(check.code))
      .map((check) => `${check.severity}:${check.code}:${check.lang}:${check.field}`);
  };

  it('is not translated after "fill from Uzbek", in the status and the checks, and is once the texts are translated', async () => {
    const content = {
      type: 'doc',
      content: [paragraph('Yangi tartib 2026-yil 1-yanvardan kuchga kiradi va barcha korxonalarga taalluqli.'), list('Hisobotlar har chorakda topshiriladi.', 'Jarimalar ikki baravar oshiriladi.')],
    };
    const created = await app.api('/api/news', {
      token,
      body: {
        title: { uz: 'Soliq kodeksiga kiritilgan yangi oʻzgarishlar haqida', en: 'On the new amendments to the Tax Code' },
        excerpt: { uz: 'Korxonalar uchun muhim boʻlgan yangi hisobot tartibi va jarimalar.', en: 'A new reporting procedure and penalties that matter to companies.' },
        content: { uz: content, en: 'The new procedure takes effect on 1 January 2026 and applies to every company.' },
        category: { uz: 'Soliq', en: 'Tax' },
        tags: [{ uz: 'soliq', en: 'tax' }],
        published: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const article = created.body.data;
    expect((await status('news', article._id)).states.ru).toBe('missing');

    const filled = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'uz', to: 'ru' } });
    expect(filled.status, filled.text).toBe(200);
    expect(filled.body.data.title.ru).toBe(article.title.uz);

    // Every field now has Russian text, and the Russian page would show Uzbek: not translated.
    const afterFill = await status('news', article._id);
    expect(afterFill.states).toMatchObject({ ru: 'missing', en: 'complete' });
    expect(afterFill.fields.ru.sort()).toEqual(['content', 'excerpt', 'title']);
    const found = await checks('news', article._id);
    expect(found).toEqual(expect.arrayContaining(['warning:same_as_source:ru:title', 'warning:same_as_source:ru:excerpt', 'warning:same_as_source:ru:content']));
    // A one-word category and tag may read the same in two languages: not told.
    expect(found.filter((check) => check.endsWith(':ru:category') || check.endsWith(':ru:tags'))).toEqual([]);
    expect(found.filter((check) => check.includes(':en:'))).toEqual([]);
    // A warning, as a missing translation is: publishing is not refused for it.
    const published = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { published: true, version: filled.body.data.version } });
    expect(published.status, published.text).toBe(200);

    // A translator translates the title: it is off the list, the rest stays on it.
    const current = published.body.data;
    const titled = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { ...current.title, ru: 'О новых изменениях в Налоговом кодексе' }, version: current.version } });
    expect(titled.status, titled.text).toBe(200);
    expect((await status('news', article._id)).fields.ru.sort()).toEqual(['content', 'excerpt']);
    expect(await checks('news', article._id)).not.toContain('warning:same_as_source:ru:title');

    // One list item left in Uzbek is still a text that differs: a document is compared whole.
    const translatedContent = {
      type: 'doc',
      content: [paragraph('Новый порядок вступает в силу с 1 января 2026 года и касается всех предприятий.'), list('Отчёты сдаются ежеквартально.', 'Jarimalar ikki baravar oshiriladi.')],
    };
    const done = await app.api(`/api/news/${article._id}`, {
      method: 'PUT',
      token,
      body: { excerpt: { ...titled.body.data.excerpt, ru: 'Новый порядок отчётности и штрафы, важные для предприятий.' }, content: { ...titled.body.data.content, ru: translatedContent }, version: titled.body.data.version },
    });
    expect(done.status, done.text).toBe(200);
    const translated = await status('news', article._id);
    expect(translated.states.ru).toBe('complete');
    expect(translated.fields.ru).toBeUndefined();
    expect((await checks('news', article._id)).filter((check) => check.includes(':ru:'))).toEqual([]);
  });

  it('never takes a name, a number or an address that reads the same for an untranslated copy', async () => {
    const created = await app.api('/api/team', {
      token,
      body: {
        name: { uz: 'Aziz Karimov', ru: 'Азиз Каримов', en: 'Aziz Karimov' },
        position: { uz: 'Hamkor', ru: 'Партнёр', en: 'Partner' },
        specialization: { uz: 'Soliq huquqi', ru: 'Налоговое право', en: 'Tax law' },
        experience: '10',
        education: { uz: 'TDYU, 2014', ru: 'ТГЮУ, 2014', en: 'TDYU, 2014' },
        languages: { uz: 'O‘zbek, rus, ingliz', ru: 'Узбекский, русский, английский', en: 'O‘zbek, rus, ingliz' },
        phone: '+998 71 200 00 00',
        bio: { uz: 'Aziz Karimov soliq nizolari boʻyicha oʻn yillik tajribaga ega.', ru: 'Азиз Каримов имеет десятилетний опыт в налоговых спорах.', en: '+998 71 200 00 00, 2014–2024' },
        email: 'aziz@example.uz',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect((await status('team', created.body.data._id)).states).toMatchObject({ ru: 'complete', en: 'complete' });
  });

  it('tells copies apart in the rows written before, once the next start writes their text shapes anew', async () => {
    const created = await app.api('/api/news', {
      token,
      body: {
        title: { uz: 'Mehnat kodeksining yangi tahriri kuchga kirdi', ru: 'Mehnat kodeksining yangi tahriri kuchga kirdi' },
        excerpt: { uz: 'Qisqa', ru: 'Кратко' },
        content: { uz: 'Matn', ru: 'Текст' },
        category: { uz: 'Mehnat', ru: 'Труд' },
        published: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const article = created.body.data;
    expect((await status('news', article._id)).fields.ru).toEqual(['title']);
    // As the previous version kept it: which languages have text, not what they read.
    const { db } = app.application.database;
    const old = JSON.stringify({ title: { uz: '·', ru: '·' }, excerpt: { uz: '·', ru: '·' }, content: { uz: '·', ru: '·' }, category: { uz: '·', ru: '·' }, tags: [] });
    await db.updateTable('news').set({ text_shape: old }).where('id', '=', article._id).execute();
    await db.updateTable('derived_versions').set({ version: 5 }).where('table_name', '=', 'news').execute();
    app.services.cache.clear();
    app.services.forgetTexts();
    expect((await status('news', article._id)).states.ru).toBe('complete');
    expect(await app.services.refreshDerivedColumns()).toBeGreaterThan(0);
    app.services.cache.clear();
    expect((await status('news', article._id)).fields.ru).toEqual(['title']);
  });
});
