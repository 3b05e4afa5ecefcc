import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { AppError } from '../shared/errors.ts';
import { changedOutside } from '../shared/changed-outside.ts';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { isoAt, type EditClock } from './clock.ts';

/*
 * Autosaves (API-4.md "Never losing an edit"): what one person typed into one record's form and
 * has not saved, one row per user and record. Not a version, never public, never in the activity
 * log and never a reason to drop a cached page: nothing but its owner reads it. It goes when its
 * owner's save of the record succeeds, when the record is deleted, and AUTOSAVE_DAYS after it was
 * written.
 */

/** The most an autosave's `fields` may weigh as JSON (UTF-8): under the 1 MB a JSON body may be, so that its own words (save now) are what an editor reads. */
export const AUTOSAVE_MAX_BYTES = 960 * 1024;
/** An autosave not written again for this long is deleted (server/periodic-jobs.ts). */
const AUTOSAVE_DAYS = 30;

export interface Autosave {
  fields: Record<string, unknown>;
  baseVersion: number;
  savedAt: string;
}

const languageKey = z.string().regex(LANGUAGE_CODE_PATTERN, 'Language keys must be language codes such as uz, ru or en');

/**
 * The closed shape of a type's unsaved fields: only its fields (each optional), a multilingual text
 * an object of texts by language, a document the editor's JSON under the document rules. What a save
 * checks besides (a required text, a length, a date's form) waits for the save: a form half typed
 * is kept as it is.
 */
export function autosaveSchema(type: RecordType): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(type.fields)) {
    if (!field.schema || field.counter) continue;
    if (field.document) shape[name] = field.schema({ defaultLanguage: '' });
    else if (field.localized && field.widget !== 'list') shape[name] = z.record(languageKey, z.string({ error: `${name} must be an object of texts per language` }));
    else shape[name] = z.unknown().describe('The value as the form holds it (checked when saved)');
    shape[name] = shape[name].optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

const tooLarge = (bytes: number) =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `These unsaved changes are too large to keep (${Math.ceil(bytes / 1024)} KB; at most ${AUTOSAVE_MAX_BYTES / 1024} KB): save the record now, or shorten the longest text.`,
    { details: [{ path: 'fields', message: 'Too large to autosave', code: 'too_large', params: { max: AUTOSAVE_MAX_BYTES, size: bytes } }] },
  );

export function createAutosaves(database: Database, clock: EditClock) {
  const { db } = database;
  const parse = (value: unknown): Record<string, unknown> => {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
  };
  const key = (userId: string, type: string, id: string) => db.selectFrom('autosaves').where('user_id', '=', userId).where('record_type', '=', type).where('record_id', '=', id);

  return {
    /**
     * Checks and keeps `fields` as the user's autosave of the record. `bases`: the record as stored,
     * and with its working copy if it has one (a translator's autosave may differ from one of them
     * only in `onlyLanguages`, as their save of the record or of the copy may).
     */
    async put(userId: string, type: RecordType, id: string, input: { fields: unknown; baseVersion: number }, bases: Array<Record<string, unknown>>, onlyLanguages?: string[]): Promise<{ savedAt: string }> {
      const text = JSON.stringify(input.fields ?? null);
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > AUTOSAVE_MAX_BYTES) throw tooLarge(bytes);
      const fields = parseOrThrow(autosaveSchema(type), input.fields);
      if (onlyLanguages) {
        const names = Object.keys(fields);
        const outsides = bases.map((base) => changedOutside(base, { ...base, ...fields }, names, type.localizedFields, onlyLanguages));
        const outside = outsides.every(Boolean) ? outsides[0] : undefined;
        if (outside) {
          throw new AppError(403, 'FORBIDDEN', `As a translator you may change only the ${onlyLanguages.map((code) => code.toUpperCase()).join(', ')} texts; "${outside}" was changed too. Undo that change, or ask an editor.`, {
            details: [{ path: `fields.${outside}`, message: 'Outside your languages', code: 'invalid' }],
          });
        }
      }
      const savedAt = isoAt(clock);
      const values = { fields: text, base_version: input.baseVersion, saved_at: savedAt };
      await db
        .insertInto('autosaves')
        .values({ user_id: userId, record_type: type.name, record_id: id, ...values })
        .onConflict((conflict) => conflict.columns(['user_id', 'record_type', 'record_id']).doUpdateSet(values))
        .execute();
      return { savedAt };
    },

    /** The user's autosave of the record (expired ones are none). */
    async get(userId: string, type: string, id: string): Promise<Autosave | undefined> {
      const row = await key(userId, type, id).selectAll().where('saved_at', '>', isoAt(clock, -AUTOSAVE_DAYS * 86_400_000)).executeTakeFirst();
      return row ? { fields: parse(row.fields), baseVersion: Number(row.base_version), savedAt: String(row.saved_at) } : undefined;
    },

    /** Drops the user's autosave of the record (their save went through, or they discarded it). */
    async remove(userId: string, type: string, id: string): Promise<void> {
      await db.deleteFrom('autosaves').where('user_id', '=', userId).where('record_type', '=', type).where('record_id', '=', id).execute();
    },

    /** The record was deleted: everyone's autosaves of it go. */
    async removeRecord(type: string, id: string): Promise<void> {
      await db.deleteFrom('autosaves').where('record_type', '=', type).where('record_id', '=', id).execute();
    },

    /** Deletes autosaves older than AUTOSAVE_DAYS; answers how many. */
    async expire(): Promise<number> {
      const result = await db.deleteFrom('autosaves').where('saved_at', '<=', isoAt(clock, -AUTOSAVE_DAYS * 86_400_000)).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
