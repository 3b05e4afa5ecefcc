/*
 * A site of the previous schema, with long texts as plain strings, comes up as documents after the
 * upgrade: not a character lost, paragraphs and line breaks as they were, the pages rendering
 * them, search finding their words. On both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrateTo } from '../../db/migrate.ts';
import { documentToText } from '../../domain/documents/document.ts';
import { createPostgresSchema, DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ANSWER_UZ = 'Birinchi xatboshi: 15 % stavka.\nIkkinchi qator, <b>teg emas</b> & belgilar.\n\nIkkinchi xatboshi — «qoʻshtirnoq» va ʼtutuqʼ.';
const ANSWER_RU = 'Ответ на русском.\n\n\n\nПосле нескольких пустых строк.';

describe.each(DIALECTS)('long texts of the previous schema on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('become documents without losing a character, and the site shows and finds them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-documents-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let schema: string | undefined;
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const created = await createPostgresSchema();
      cleanups.push(created.drop);
      schema = created.schema;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = url.toString();
    }
    const database = openDatabase({ dataDir, databaseUrl });
    await migrateTo(database, '014-privacy-traces');
    const now = new Date().toISOString();
    await database.db
      .insertInto('faqs')
      .values({ id: '0123456789abcdef01234567', created_at: now, updated_at: now, version: 1, question: JSON.stringify({ uz: 'Savol?', ru: 'Вопрос?' }), answer: JSON.stringify({ uz: ANSWER_UZ, ru: ANSWER_RU }), service: '', order_index: 0, is_active: true, search_text: '' })
      .execute();
    await database.close();

    let app: TestApp | undefined;
    try {
      app = await startTestApp(dialect, { ssr: true, existing: { dataDir, schema } });
      const token = await app.login();
      const faq = (await app.api('/api/faqs/0123456789abcdef01234567')).body.data;
      expect(faq.answer.uz.type).toBe('doc');
      expect(faq.answer.uz.content).toHaveLength(2);
      expect(faq.answer.uz.content[0].content[1]).toEqual({ type: 'hardBreak' });
      // Paragraphs back to text with one blank line between them: every character kept.
      expect(documentToText(faq.answer.uz)).toBe(ANSWER_UZ);
      expect(documentToText(faq.answer.ru)).toBe('Ответ на русском.\n\nПосле нескольких пустых строк.');
      expect((await app.api('/api/faqs/0123456789abcdef01234567?format=text')).body.data.answer.uz).toBe(ANSWER_UZ);
      // The page: paragraphs, a line break, and the text escaped, never markup.
      const html = await (await fetch(`${app.url}/faq`)).text();
      expect(html).toContain('<p>Birinchi xatboshi: 15 % stavka.<br>Ikkinchi qator, &lt;b&gt;teg emas&lt;/b&gt; &amp; belgilar.</p><p>Ikkinchi xatboshi — «qoʻshtirnoq» va ʼtutuqʼ.</p>');
      // Search reads the words of the document, in both scripts of Uzbek.
      const found = (await app.api(`/api/faqs?admin=true&search=${encodeURIComponent('иккинчи хатбоши')}`, { token })).body.data;
      expect(found.map((item: { _id: string }) => item._id)).toEqual(['0123456789abcdef01234567']);
    } finally {
      await app?.close();
    }
  });
});
