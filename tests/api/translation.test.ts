import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToText } from '../../domain/documents/document.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Uzbek in Cyrillic as a language of the site (API-2.md "Translation"): transliteration, copying between languages, pages under /uz-cyrl/. */

const PASSWORD = 'translator-password-1';

describe.each(DIALECTS)('Uzbek Cyrillic and copying between languages on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let article: { _id: string; slug: string; version: number };

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    const created = await app.api('/api/news', {
      method: 'POST',
      token,
      body: {
        title: { uz: 'Soliq kodeksidagi oʻzgarishlar', ru: 'Изменения в Налоговом кодексе' },
        excerpt: { uz: 'Yangi tartib 1-sentyabrdan kuchga kiradi.', ru: 'Кратко' },
        content: { uz: 'Korxonalar uchun muhim shartnoma qoidalari.', ru: 'Текст' },
        category: { uz: 'Soliq', ru: 'Налоги' },
        tags: [{ uz: 'soliq', ru: 'налоги' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    article = created.body.data;
    const language = await app.api('/api/languages', { method: 'POST', token, body: { code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', isActive: true } });
    expect(language.status, language.text).toBe(201);
  });
  afterAll(() => app?.close());

  it('transliterates Uzbek text both ways for a signed-in user', async () => {
    const toCyrillic = await app.api('/api/transliterate', { method: 'POST', token, body: { text: "Oʻzbekiston Respublikasi, 1-sentyabr, ma'no", from: 'uz-Latn', to: 'uz-Cyrl' } });
    expect(toCyrillic.body.data.text).toBe('Ўзбекистон Республикаси, 1-сентябрь, маъно');
    const toLatin = await app.api('/api/transliterate', { method: 'POST', token, body: { text: 'Ғалаба, шоир, цирк', from: 'uz-Cyrl', to: 'uz-Latn' } });
    expect(toLatin.body.data.text).toBe('Gʻalaba, shoir, sirk');
    expect((await app.api('/api/transliterate', { method: 'POST', body: { text: 'a', from: 'uz-Latn', to: 'uz-Cyrl' } })).status).toBe(401);
    const bad = await app.api('/api/transliterate', { method: 'POST', token, body: { text: 'a', from: 'ru', to: 'uz-Cyrl' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('from');
  });

  it('fills only the empty texts of a language from another, transliterating Uzbek into Cyrillic', async () => {
    const copied = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'uz', to: 'uz-Cyrl', transliterate: true } });
    expect(copied.status, copied.text).toBe(200);
    const record = copied.body.data;
    expect(record.title['uz-Cyrl']).toBe('Солиқ кодексидаги ўзгаришлар');
    expect(record.excerpt['uz-Cyrl']).toBe('Янги тартиб 1-сентябрдан кучга киради.');
    expect(record.tags[0]['uz-Cyrl']).toBe('солиқ');
    expect(record.version).toBe(article.version + 1);
    // A text written by hand stays: only empty ones are filled.
    const edited = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { ...record.title, 'uz-Cyrl': 'Қўлда ёзилган сарлавҳа', en: '' }, version: record.version } });
    expect(edited.status).toBe(200);
    const again = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'ru', to: 'en' } });
    expect(again.body.data.title).toMatchObject({ 'uz-Cyrl': 'Қўлда ёзилган сарлавҳа', en: 'Изменения в Налоговом кодексе' });
    expect(documentToText(again.body.data.content.en)).toBe('Текст');
    article = again.body.data;
  });

  it('refuses what it cannot do with a message that says what to do', async () => {
    const same = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'uz', to: 'uz' } });
    expect(same.status).toBe(400);
    const unknown = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'uz', to: 'kk' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].message).toContain('Languages');
    const notUzbek = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token, body: { from: 'ru', to: 'en', transliterate: true } });
    expect(notUzbek.status).toBe(400);
    expect((await app.api('/api/news/000000000000000000000000/copy-language', { method: 'POST', token, body: { from: 'uz', to: 'ru' } })).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', body: { from: 'uz', to: 'ru' } })).status).toBe(401);
  });

  it('lets a translator copy into their language only', async () => {
    const made = await app.api('/api/auth/users', { token, body: { email: 'cyrillic@example.uz', password: PASSWORD, role: 'translator', languages: ['uz-Cyrl'] } });
    expect(made.status, made.text).toBe(201);
    const translator = await app.login('cyrillic@example.uz', PASSWORD);
    const current = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    const cleared = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { content: { ...current.content, 'uz-Cyrl': '' }, version: current.version } });
    expect(cleared.status).toBe(200);
    const allowed = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token: translator, body: { from: 'uz', to: 'uz-Cyrl', transliterate: true } });
    expect(allowed.status, allowed.text).toBe(200);
    expect(documentToText(allowed.body.data.content['uz-Cyrl'])).toBe('Корхоналар учун муҳим шартнома қоидалари.');
    const refused = await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token: translator, body: { from: 'uz', to: 'ru' } });
    expect([200, 403]).toContain(refused.status);
    // Nothing was empty in Russian: nothing changed, so nothing was refused; an empty one would be.
    const current2 = allowed.body.data;
    const emptied = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { excerpt: { ...current2.excerpt, ru: '' }, version: current2.version } });
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.body.data.excerpt.ru ?? '').toBe('');
    expect((await app.api(`/api/news/${article._id}/copy-language`, { method: 'POST', token: translator, body: { from: 'uz', to: 'ru' } })).status).toBe(403);
  });

  it('fills the derived columns (search text, which languages have text where) of rows written before, at the next start', async () => {
    const row = async () => (await app.api(`/api/translations/status?type=news&id=${article._id}`, { token })).body.data.records[0];
    const found = async () => (await app.api('/api/news/search?q=shartnoma')).body.data.map((item: { _id: string }) => item._id);
    const before = await row();
    expect(before.states.ru).not.toBe('complete');
    expect(await found()).toContain(article._id);
    // As a row written by the previous version holds them.
    const { db } = app.application.database;
    await db.updateTable('news').set({ text_shape: '{}', search_text: '' }).where('id', '=', article._id).execute();
    await db.updateTable('derived_versions').set({ version: 2 }).where('table_name', '=', 'news').execute();
    // …and as a server of the previous version starts: nothing of it kept in memory.
    app.services.cache.clear();
    app.services.forgetTexts();
    expect((await row()).states).toMatchObject({ ru: 'complete', en: 'complete' });
    expect(await found()).not.toContain(article._id);
    expect(await app.services.refreshDerivedColumns()).toBeGreaterThan(0);
    app.services.cache.clear();
    expect(await row()).toEqual(before);
    expect(await found()).toContain(article._id);
    expect(await app.services.refreshDerivedColumns()).toBe(0);
  });

  it('serves the Cyrillic pages under /uz-cyrl/, in the sitemap with hreflang uz-Cyrl, found by a Latin query', async () => {
    const page = await fetch(`${app.url}/uz-cyrl/news/${article.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="uz-Cyrl"');
    expect(html).toContain('Қўлда ёзилган сарлавҳа');
    const moved = await fetch(`${app.url}/uz-Cyrl/news`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/uz-cyrl/news');
    const { text } = await wholeSitemap(app.url, 'https://lawfirm.test');
    expect(text).toContain(`<loc>https://lawfirm.test/uz-cyrl/news/${article.slug}</loc>`);
    expect(text).toContain(`hreflang="uz-Cyrl" href="https://lawfirm.test/uz-cyrl/news/${article.slug}"`);
    const found = (await app.api(`/api/search?lang=uz-Cyrl&q=${encodeURIComponent('qoʻlda yozilgan')}`)).body.data;
    expect(found[0]).toMatchObject({ _id: article._id, url: `/uz-cyrl/news/${article.slug}`, title: 'Қўлда ёзилган сарлавҳа' });
  });
  it('says for every record and language whether its texts are complete, missing or outdated', async () => {
    const status = async (query = '') => {
      const response = await app.api(`/api/translations/status${query}`, { token });
      expect(response.status, response.text).toBe(200);
      return response.body.data;
    };
    const all = await status();
    expect(all.languages).toEqual(expect.arrayContaining(['uz', 'ru', 'en', 'uz-Cyrl']));
    const row = () => status(`?type=news&id=${article._id}`).then((data) => data.records[0]);
    // The Russian excerpt was emptied above; English was copied whole from Russian before that.
    const before = await row();
    expect(before.states).toMatchObject({ uz: 'complete', ru: 'missing', en: 'complete', 'uz-Cyrl': 'complete' });
    expect(before.fields.ru).toEqual(['excerpt']);
    const emptied = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { excerpt: { ...emptied.excerpt, ru: 'Кратко' }, version: emptied.version } })).status).toBe(200);
    expect((await row()).states.ru).toBe('complete');
    // The Uzbek title changes after the Russian was written: the Russian title is outdated.
    const current = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { ...current.title, uz: 'Soliq kodeksidagi yangi oʻzgarishlar' }, version: current.version } })).status).toBe(200);
    const outdated = await row();
    expect(outdated.states.ru).toBe('outdated');
    expect(outdated.fields.ru).toEqual(['title']);
    // The whole status, kept as sent since the first question above, follows both saves.
    const allNow = await status();
    expect(allNow.records.find((record: { _id: string }) => record._id === article._id).states).toMatchObject({ ru: 'outdated' });
    expect(all.records.find((record: { _id: string }) => record._id === article._id).states).toMatchObject({ ru: 'missing' });
    // A page at a time for a screen (beyond API-2.md), the totals still of every record.
    const counted = (data: { totals: Record<string, Record<string, number>> }) => Object.values(data.totals.uz).reduce((sum, count) => sum + count, 0);
    const beforeSecond = await status('?type=news');
    expect(await status('?type=news')).toEqual(beforeSecond);
    expect((await app.api('/api/news', { method: 'POST', token, body: { title: { uz: 'Ikkinchi maqola' }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' } } })).status).toBe(201);
    const whole = await status('?type=news');
    expect(whole.records.length).toBeGreaterThanOrEqual(2);
    // What a question made of the states is kept between requests, and not past a write.
    expect(counted(whole)).toBe(counted(beforeSecond) + 1);
    expect(whole.records.length).toBe(beforeSecond.records.length + 1);
    const second = await app.api('/api/translations/status?type=news&limit=1&page=2', { token });
    expect(second.body.pagination).toEqual({ page: 2, limit: 1, total: whole.records.length, pages: whole.records.length });
    expect(second.body.data.records).toEqual(whole.records.slice(1, 2));
    expect(second.body.data.totals).toEqual(whole.totals);
    expect((await app.api('/api/translations/status?limit=0', { token })).status).toBe(400);
    const only = await status('?type=news&lang=ru&state=outdated');
    expect(only.languages).toEqual(['ru']);
    expect(only.records.map((record: { _id: string }) => record._id)).toEqual([article._id]);
    expect(only.totals.ru.outdated).toBe(1);
    // The translator writes the Russian again: complete.
    const next = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { ...next.title, ru: 'Новые изменения в Налоговом кодексе' }, version: next.version } })).status).toBe(200);
    expect((await row()).states.ru).toBe('complete');
    const none = await status('?type=news&lang=ru&state=outdated');
    expect(none.records).toEqual([]);
    expect(none.totals.ru.outdated).toBe(0);
    expect((await app.api('/api/translations/status?type=nothing', { token })).status).toBe(400);
    expect((await app.api('/api/translations/status?lang=kk', { token })).status).toBe(400);
    expect((await app.api('/api/translations/status')).status).toBe(401);
  });
});
