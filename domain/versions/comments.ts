import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { notFound, validationError } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { Actor } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';

/* Comments on a record, one of its fields and a language (API-3.md); resolved ones stay in its history. */

export interface RecordComment {
  _id: string;
  text: string;
  field: string | null;
  lang: string | null;
  author: { _id: string | null; email: string; name: string };
  createdAt: string;
  resolved: boolean;
}

const newCommentSchema = z
  .object({
    text: z.string().trim().min(1, { message: 'Write the comment' }).max(4000, { message: 'A comment may be up to 4000 characters' }),
    field: z.string().max(60).optional(),
    lang: z.string().max(20).optional(),
  })
  .strict();
const resolveSchema = z.object({ resolved: z.literal(true, { message: 'resolved must be true' }) }).strict();

export function createComments(database: Database) {
  const { db } = database;
  const toComment = (row: Record<string, unknown>): RecordComment => ({
    _id: String(row.id),
    text: String(row.text),
    field: row.field ? String(row.field) : null,
    lang: row.lang ? String(row.lang) : null,
    author: { _id: row.author_id ? String(row.author_id) : null, email: String(row.author_email), name: String(row.author_name ?? '') },
    createdAt: String(row.created_at),
    resolved: Boolean(row.resolved_at),
  });
  return {
    async list(type: string, id: string): Promise<RecordComment[]> {
      const rows = await db.selectFrom('record_comments').selectAll().where('record_type', '=', type).where('record_id', '=', id).orderBy('created_at').orderBy('id').execute();
      return rows.map(toComment);
    },

    /** A new comment; `fields` and `languages` are what it may name (400 with the path otherwise). */
    async add(type: string, id: string, body: unknown, actor: Actor | undefined, known: { fields: string[]; languages: string[] }): Promise<RecordComment> {
      const input = parseOrThrow(newCommentSchema, assertObject(body));
      if (input.field !== undefined && !known.fields.includes(input.field)) throw validationError([{ path: 'field', message: `field must be one of this record's fields: ${known.fields.join(', ')}`, code: 'one_of' }]);
      if (input.lang !== undefined && !known.languages.includes(input.lang)) throw validationError([{ path: 'lang', message: `lang must be one of the site's languages: ${known.languages.join(', ')}`, code: 'one_of' }]);
      const row = { id: newId(), record_type: type, record_id: id, field: input.field ?? null, lang: input.lang ?? null, text: input.text, author_id: actor?.userId ?? null, author_email: actor?.email ?? '', author_name: actor?.name ?? '', created_at: nowIso(), resolved_at: null };
      await db.insertInto('record_comments').values(row).execute();
      return toComment(row);
    },

    async resolve(type: string, id: string, commentId: string, body: unknown): Promise<RecordComment> {
      parseOrThrow(resolveSchema, assertObject(body));
      const found = await db.selectFrom('record_comments').selectAll().where('id', '=', commentId).where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
      if (!found) throw notFound('Comment');
      if (!found.resolved_at) await db.updateTable('record_comments').set({ resolved_at: nowIso() }).where('id', '=', commentId).execute();
      return { ...toComment(found), resolved: true };
    },
  };
}
