import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTypeNamed } from '../../domain/registry.ts';
import { listViewFields } from '../../domain/shared/list-view.ts';
import { keptOf } from '../../domain/shared/record-store.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * `view=list` (decision 019): the admin's lists receive what their rows show — no document, no
 * field the row does not show — read without the documents' columns, and everything the screen
 * shows of a row is still there.
 */

const ARTICLES = 200;
const WORDS = ['shartnoma', 'soliq', 'korxona', 'investitsiya', 'nizo', 'huquq', 'kompaniya', 'litsenziya', 'mehnat', 'bojxona'];
/** About 6 KB of text per language: a long article's document. */
const long = (index: number, lang: string) => Array.from({ length: 800 }, (_, word) => `${WORDS[(index + word * 7) % WORDS.length]}${lang === 'ru' ? 'и' : ''}`).join(' ');
const CATEGORIES = [
  { uz: 'Soliq', ru: 'Налоги', en: 'Tax' },
  { uz: 'Nizolar', ru: 'Споры', en: 'Disputes' },
];

describe.each(DIALECTS)('the admin lists carry what their rows show on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const scheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString();

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
    for (let index = 0; index < ARTICLES; index += 1) {
      const body = {
        title: { uz: `Maqola ${index}`, ru: `Статья ${index}`, ...(index % 3 ? {} : { en: `Article ${index}` }) },
        excerpt: { uz: long(index, 'uz').slice(0, 400), ru: long(index, 'ru').slice(0, 400) },
        content: { uz: long(index, 'uz'), ru: long(index, 'ru'), en: index === 7 ? `${long(index, 'en')} yagonasoz` : long(index, 'en') },
        category: CATEGORIES[index % 2],
        tags: ['soliq', 'nizo'],
        published: index % 4 !== 0,
        ...(index === 5 ? { publishAt: scheduledAt } : {}),
      };
      const response = await app.api('/api/news', { body, token });
      if (response.status !== 201) throw new Error(`${response.status} ${response.text}`);
    }
    const service = { title: { uz: 'Litsenziyalar', ru: 'Лицензирование' }, description: { uz: `${long(1, 'uz')} noyobso‘z` }, isActive: true };
    expect((await app.api('/api/services', { body: service, token })).status).toBe(201);
  }, 240_000);
  afterAll(() => app.close());

  const read = async (path: string) => {
    const response = await app.api(path, { token });
    expect(response.status, response.text).toBe(200);
    return response;
  };

  it('answers a page of the news list without documents, under 40 KB where the whole records take ten times more', async () => {
    const query = 'admin=true&page=1&limit=50&lang=ru';
    const slim = await read(`/api/news?${query}&view=list`);
    const whole = await read(`/api/news?${query}`);
    expect(slim.body.data).toHaveLength(50);
    expect(slim.body.pagination).toEqual(whole.body.pagination);
    expect(slim.body.pagination.total).toBeGreaterThanOrEqual(ARTICLES);
    const allowed = new Set(listViewFields(recordTypeNamed('news')!));
    for (const row of slim.body.data) {
      for (const field of Object.keys(row)) expect(allowed.has(field), field).toBe(true);
      expect(row).not.toHaveProperty('content');
      expect(row).not.toHaveProperty('excerpt');
    }
    expect(slim.text.length).toBeLessThan(40_000);
    expect(whole.text.length).toBeGreaterThan(10 * slim.text.length);
    // Every row the same record, in the same order, with what the screen shows of it.
    expect(slim.body.data.map((row: { _id: string }) => row._id)).toEqual(whole.body.data.map((row: { _id: string }) => row._id));
    for (const [index, row] of slim.body.data.entries()) {
      const full = whole.body.data[index];
      for (const field of ['title', 'category', 'published', 'publishAt', 'unpublishAt', 'publicState', 'hasDraft', 'version', 'createdAt', 'updatedAt']) expect(row[field], field).toEqual(full[field]);
    }
  });

  it('keeps the list’s filters, search, pages and states', async () => {
    const drafts = (await read('/api/news?admin=true&view=list&status=draft&limit=100&lang=ru')).body;
    expect(drafts.pagination.total).toBe(ARTICLES / 4);
    expect(drafts.data.every((row: { published: boolean }) => row.published === false)).toBe(true);
    const scheduled = (await read('/api/news?admin=true&view=list&status=scheduled&lang=ru')).body.data;
    expect(scheduled).toEqual([expect.objectContaining({ title: expect.objectContaining({ uz: 'Maqola 5' }), publicState: 'scheduled', publishAt: scheduledAt })]);
    const disputes = (await read(`/api/news?admin=true&view=list&category=${encodeURIComponent('Споры')}&limit=100&lang=ru`)).body;
    expect(disputes.pagination.total).toBe(ARTICLES / 2);
    // The search looks in the documents the list does not carry.
    const found = (await read('/api/news?admin=true&view=list&search=yagonasoz&lang=ru')).body.data;
    expect(found.map((row: { title: { uz: string } }) => row.title.uz)).toEqual(['Maqola 7']);
    const last = (await read('/api/news?admin=true&view=list&page=4&limit=50&lang=ru')).body;
    expect(last.data).toHaveLength(50);
    const lastWhole = (await read('/api/news?admin=true&page=4&limit=50&lang=ru')).body;
    expect(last.data.map((row: { _id: string }) => row._id)).toEqual(lastWhole.data.map((row: { _id: string }) => row._id));
  });

  it('reads a list of the records read whole (services) without documents and finds words in them', async () => {
    const list = await read('/api/services?admin=true&view=list&lang=ru');
    const whole = await read('/api/services?admin=true&lang=ru');
    expect(list.body.data.length).toBe(whole.body.data.length);
    expect(list.body.data.every((row: Record<string, unknown>) => !('description' in row) && typeof row.title === 'object' && 'isActive' in row)).toBe(true);
    const found = (await read(`/api/services?admin=true&view=list&search=${encodeURIComponent('noyobso‘z')}`)).body.data;
    expect(found.map((row: { title: { ru: string } }) => row.title.ru)).toEqual(['Лицензирование']);
  });

  it('reads no document from the database for a list view', async () => {
    const news = app.services.records.news as unknown as RecordService;
    const page = await news.listPage({ admin: true, lang: 'ru', limit: 20, fields: listViewFields(recordTypeNamed('news')!) });
    expect(page.data).toHaveLength(20);
    for (const record of page.data as Array<Record<string, unknown>>) {
      expect(record).not.toHaveProperty('content');
      expect(record).not.toHaveProperty('excerpt');
      expect(keptOf(record)).toEqual({ html: {}, text: {} });
      expect(record.title).toBeTypeOf('object');
    }
    const whole = await news.listPage({ admin: true, lang: 'ru', limit: 20 });
    expect(Object.keys(keptOf(whole.data[0]).html)).toContain('content');
  });

  it('lists the trash with each deleted record’s title, read without the documents its version keeps', async () => {
    const article = (await read('/api/news?admin=true&view=list&search=yagonasoz')).body.data[0];
    const created = await app.api('/api/faqs', { body: { question: { uz: 'Shartnoma qanday tuziladi?' }, answer: { uz: long(3, 'uz') } }, token });
    expect(created.status, created.text).toBe(201);
    const question = created.body.data;
    for (const path of [`/api/news/${article._id}`, `/api/faqs/${question._id}`]) expect((await app.api(path, { method: 'DELETE', token })).status).toBe(200);
    const trash = (await read('/api/trash')).body.data;
    expect(trash.slice(0, 2)).toEqual([expect.objectContaining({ type: 'faqs', _id: question._id, title: 'Shartnoma qanday tuziladi?' }), expect.objectContaining({ type: 'news', _id: article._id, title: 'Maqola 7' })]);
    expect(JSON.stringify(trash).length).toBeLessThan(2_000);
  });

  it('refuses view=list with fields, and leaves the public answers as they were', async () => {
    const both = await app.api('/api/news?admin=true&view=list&fields=title', { token });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/view=list or fields/);
    expect((await app.api('/api/news?view=table')).status).toBe(400);
    const visitor = (await app.api('/api/news?lang=ru&limit=5')).body.data;
    expect(visitor[0].content).toBeTypeOf('object');
    expect(visitor[0].excerpt).toBeTypeOf('object');
  });
});
