/*
 * The links between records (migration 039, domain/shared/record-links.ts): the table that tells a
 * save who links to the record it changed holds exactly what the documents hold, right after a
 * create, an update, a delete and a restore; it is filled from the documents already stored; and a
 * save of a linked record renders the documents that link to it. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as fillLinks } from '../../db/migrations/039-record-links.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const linkTo = (type: string, id: string, words = 'batafsil') => text(words, [{ type: 'link', attrs: { ref: { type, id } } }]);
const article = (title: string, content: Record<string, unknown>) => ({ title: { uz: title }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content });

describe.each(DIALECTS)('links between records on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let serviceA: { _id: string };
  let serviceB: { _id: string };

  /** Every row of the links table, as `from_table/from_id → to_key`, sorted. */
  async function links(): Promise<string[]> {
    const rows = await app.services.database.db.selectFrom('record_links').select(['from_table', 'from_id', 'to_key']).execute();
    return rows.map((row: { from_table: string; from_id: string; to_key: string }) => `${row.from_table}/${row.from_id} → ${row.to_key}`).sort();
  }
  /** What the documents themselves say (each table's `doc_refs`), in the same form. */
  async function linksInDocuments(): Promise<string[]> {
    const { db } = app.services.database;
    const out: string[] = [];
    for (const { table } of RECORD_TYPES.filter((type) => type.documentFields.length)) {
      for (const row of await db.selectFrom(table).select(['id', 'doc_refs']).where('doc_refs', '<>', '').execute()) {
        for (const key of new Set(String(row.doc_refs).split('\n').filter(Boolean))) out.push(`${table}/${row.id} → ${key}`);
      }
    }
    return out.sort();
  }

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
    serviceA = (await app.api('/api/services', { token, body: { title: { uz: 'Soliq maslahati' }, description: { uz: 'Tavsif' }, slug: 'soliq' } })).body.data;
    serviceB = (await app.api('/api/services', { token, body: { title: { uz: 'Mehnat huquqi' }, description: { uz: 'Tavsif' }, slug: 'mehnat' } })).body.data;
  });
  afterAll(() => app?.close());

  it('holds what the documents link to after a create, an update, a delete and a restore', async () => {
    const before = await links();
    const created = await app.api('/api/news', { token, body: article('Havolali xabar', { uz: doc(paragraph(linkTo('services', serviceA._id), text(' '), linkTo('services', serviceA._id, 'yana'))), ru: doc(paragraph(linkTo('services', serviceB._id))) }) });
    expect(created.status, created.text).toBe(201);
    const news = created.body.data;
    // One row per record linked to, however many links and languages name it.
    expect(await links()).toEqual([...before, `news/${news._id} → services/${serviceA._id}`, `news/${news._id} → services/${serviceB._id}`].sort());

    const post = (await app.api('/api/blog', { token, body: { title: { uz: 'Blog' }, excerpt: { uz: 'Qisqacha' }, content: { uz: doc(paragraph(linkTo('news', news._id))) }, category: { uz: 'Soliq' } } })).body.data;
    expect(await links()).toContain(`blog_posts/${post._id} → news/${news._id}`);

    // An update that drops one link and keeps the other.
    const updated = await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { content: { uz: doc(paragraph(text('Havolasiz'))), ru: doc(paragraph(linkTo('services', serviceB._id))) }, version: news.version } });
    expect(updated.status, updated.text).toBe(200);
    expect((await links()).filter((row) => row.startsWith(`news/${news._id} `))).toEqual([`news/${news._id} → services/${serviceB._id}`]);
    // An update that changes no document keeps the links as they are.
    expect((await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { excerpt: { uz: 'Boshqa' }, version: updated.body.data.version } })).status).toBe(200);
    expect((await links()).filter((row) => row.startsWith(`news/${news._id} `))).toEqual([`news/${news._id} → services/${serviceB._id}`]);

    // Deleted: its links go (what links to it stays: the link's words are shown without it).
    expect((await app.api(`/api/news/${news._id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await links()).filter((row) => row.startsWith(`news/${news._id} `))).toEqual([]);
    expect(await links()).toContain(`blog_posts/${post._id} → news/${news._id}`);

    // Restored from the trash under its own id: its links come back with it.
    const last = (await app.api(`/api/news/${news._id}/versions`, { token })).body.data[0];
    expect((await app.api(`/api/news/${news._id}/versions/${last.version}/restore`, { method: 'POST', token })).status).toBe(200);
    expect((await links()).filter((row) => row.startsWith(`news/${news._id} `))).toEqual([`news/${news._id} → services/${serviceB._id}`]);
    // An older version restored brings back that version's links.
    expect((await app.api(`/api/news/${news._id}/versions/1/restore`, { method: 'POST', token })).status).toBe(200);
    expect((await links()).filter((row) => row.startsWith(`news/${news._id} `))).toEqual([`news/${news._id} → services/${serviceA._id}`, `news/${news._id} → services/${serviceB._id}`].sort());
    expect(await links()).toEqual(await linksInDocuments());
  });

  it('renders anew the documents that link to a record when it moves or is hidden, and only those', async () => {
    const linking = (await app.api('/api/news', { token, body: article('Havola', { uz: doc(paragraph(linkTo('services', serviceB._id, 'mehnat'))) }) })).body.data;
    const other = (await app.api('/api/news', { token, body: article('Havolasiz', { uz: doc(paragraph(text('Oddiy matn'))) }) })).body.data;
    const html = async (id: string) => (await app.api(`/api/news/${id}?format=html`)).body.data.content.uz as string;
    expect(await html(linking._id)).toContain('<a href="/services/mehnat">mehnat</a>');
    expect((await app.api(`/api/services/${serviceB._id}`, { method: 'PUT', token, body: { slug: 'mehnat-huquqi' } })).status).toBe(200);
    expect(await html(linking._id)).toContain('<a href="/services/mehnat-huquqi">mehnat</a>');
    expect((await app.api(`/api/services/${serviceB._id}`, { method: 'PUT', token, body: { isActive: false } })).status).toBe(200);
    expect(await html(linking._id)).toContain('mehnat');
    expect(await html(linking._id)).not.toContain('href');
    expect((await app.api(`/api/services/${serviceB._id}`, { method: 'PUT', token, body: { isActive: true } })).status).toBe(200);
    expect(await html(linking._id)).toContain('<a href="/services/mehnat-huquqi">mehnat</a>');
    // The article linking to nothing was not written again.
    expect((await app.api(`/api/news/${other._id}`, { token })).body.data.updatedAt).toBe(other.updatedAt);
  });

  it('is filled from the documents already stored when the migration runs', async () => {
    const expected = await links();
    expect(expected.length).toBeGreaterThan(2);
    const { db } = app.services.database;
    await db.schema.dropTable('record_links').execute();
    await fillLinks(db);
    expect(await links()).toEqual(expected);
    expect(await links()).toEqual(await linksInDocuments());
  });
});
