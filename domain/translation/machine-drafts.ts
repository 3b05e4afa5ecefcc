import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { isDocument, mapDocumentText } from '../documents/document.ts';
import { transliterationBetween, uzbekScript } from '../languages/uzbek-script.ts';
import { AppError, validationError } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { isLocalizedValue, isPlainObject, isWritten, LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import { textsByLanguage } from '../shared/translation-state.ts';
import { prepare, type Prepared, type TermProtection } from './machine-segments.ts';

/*
 * Machine drafts (API-4.md "The translation desk"): a record's texts of one language sent to the
 * translation service MT_PROVIDER names (server/machine-translation/), and its answer put into
 * the other language — the working copy of a public record, the record itself when it is not
 * public — block by block with the document's structure, "do not translate" terms left alone.
 * Each text so written is marked machine-made (`machine_marks`, migration 051) with a fingerprint
 * of its words: it stays so until a person confirms it or edits it (then it reads otherwise), and
 * publishing with one still machine-made is the check error `machine_unreviewed`.
 */

export const MT_PROVIDERS = ['deepl', 'google', 'yandex'] as const;
export type MtProviderName = (typeof MT_PROVIDERS)[number];

/** One translation service behind one interface (server/machine-translation/providers.ts). */
export interface MachineTranslator {
  provider: MtProviderName;
  /** Its name as the admin shows it ("DeepL"). */
  name: string;
  protection: TermProtection;
  /** Each HTML segment translated, in order. `from` and `to` are the site's codes (uz, ru, en). */
  translate(segments: string[], from: string, to: string): Promise<string[]>;
}

/** A text of a record that a service wrote and nobody has confirmed since. */
export interface MachineMark {
  field: string;
  lang: string;
  provider: string;
  madeAt: string;
}

const languageCode = z.string({ error: 'Give a language code such as ru' }).regex(LANGUAGE_CODE_PATTERN, 'Give a language code such as uz or uz-Cyrl');
export const MACHINE_TRANSLATE_BODY = z.strictObject({
  from: languageCode.describe('The language translated from'),
  to: languageCode.describe('The language written: every empty text of it is filled (with fields: those fields are translated over what they hold)'),
  fields: z.array(z.string().max(100)).min(1).max(100).optional().describe('Only these fields (their texts in `to` are replaced)'),
});
export const MACHINE_CONFIRM_BODY = z.strictObject({
  lang: languageCode.describe('The language whose machine-made texts a person read'),
  fields: z.array(z.string().max(100)).min(1).max(100).optional().describe('Only these fields (all of the language without)'),
});

/** A text's fingerprint in a language: equal words, equal fingerprint (a person's edit changes it). */
export function textFingerprint(value: unknown, lang: string): string {
  const words = (textsByLanguage(value).get(lang) ?? []).join('\n').normalize('NFC');
  return createHash('sha256').update(words).digest('base64url').slice(0, 22);
}

/** The fields of a type that a service may be sent: the multilingual ones, never a confidential one. */
export function translatableFields(type: RecordType): string[] {
  return [...new Set([...type.localizedFields, ...type.documentFields])].filter((field) => !type.confidentialFields?.includes(field));
}

export function createMachineMarks(database: Database) {
  const { db } = database;
  const rowsOf = async (type: string, ids?: string[]) => {
    let query = db.selectFrom('machine_marks').selectAll().where('record_type', '=', type);
    if (ids) query = query.where('record_id', 'in', ids.length ? ids : ['']);
    return (await query.execute()) as Array<{ record_id: string; field: string; lang: string; fingerprint: string; provider: string; made_at: string }>;
  };
  return {
    async put(type: string, id: string, marks: Array<{ field: string; lang: string; fingerprint: string }>, provider: string): Promise<void> {
      for (const mark of marks) {
        const values = { fingerprint: mark.fingerprint, provider, made_at: nowIso() };
        await db
          .insertInto('machine_marks')
          .values({ record_type: type, record_id: id, field: mark.field, lang: mark.lang, ...values })
          .onConflict((conflict) => conflict.columns(['record_type', 'record_id', 'field', 'lang']).doUpdateSet(values))
          .execute();
      }
    },

    /** A person read them: no longer machine-made. */
    async confirm(type: string, id: string, lang: string, fields?: string[]): Promise<number> {
      let query = db.deleteFrom('machine_marks').where('record_type', '=', type).where('record_id', '=', id).where('lang', '=', lang);
      if (fields) query = query.where('field', 'in', fields);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async remove(type: string, id: string): Promise<void> {
      await db.deleteFrom('machine_marks').where('record_type', '=', type).where('record_id', '=', id).execute();
    },

    /**
     * The texts of `record` (as it is, or as a save is about to make it) still as a service wrote
     * them. A mark whose text reads otherwise now was edited by a person: it no longer counts.
     */
    async unconfirmed(type: string, id: string, record: Record<string, unknown>): Promise<MachineMark[]> {
      return (await rowsOf(type, [id])).filter((row) => textFingerprint(record[row.field], row.lang) === row.fingerprint).map((row) => ({ field: row.field, lang: row.lang, provider: row.provider, madeAt: row.made_at }));
    },

    /** The ids of a type's records holding a mark (the status reads only these records again). */
    async ids(type: string): Promise<string[]> {
      return [...new Set((await rowsOf(type)).map((row) => row.record_id))];
    },
  };
}

/** What a draft needs of the record and its saving. */
export interface DraftTarget {
  type: RecordType;
  /** The record as the admin reads it: its working copy when it has one. */
  current: Record<string, unknown>;
  /** The site's languages. */
  languages: readonly string[];
}

/** The 503 of a site without MT_PROVIDER. */
export const mtUnavailable = () => new AppError(503, 'UNAVAILABLE', 'Machine translation is not set up on this site (MT_PROVIDER): translate the texts yourself, or ask whoever runs the site to connect DeepL, Google or Yandex.', { reason: 'mt_unavailable' });

/**
 * The texts `to` gets from the service: a patch of whole fields (the other languages as they were)
 * and which fields it wrote. Nothing to translate: an empty patch, and the service is not called.
 */
export async function machineDraft(translator: MachineTranslator, target: DraftTarget, body: z.infer<typeof MACHINE_TRANSLATE_BODY>, doNotTranslate: readonly string[]): Promise<{ patch: Record<string, unknown>; fields: string[] }> {
  const { type, current, languages } = target;
  const { from, to } = body;
  if (from === to) throw validationError([{ path: 'to', message: 'Choose a language other than the one translated from', code: 'invalid' }]);
  for (const [path, code] of [['from', from], ['to', to]] as const) {
    if (!languages.includes(code)) throw validationError([{ path, message: 'No such language on this site: add it under Languages first', code: 'invalid' }]);
  }
  const allowed = translatableFields(type);
  const unknown = body.fields?.find((field) => !allowed.includes(field));
  if (unknown) throw validationError([{ path: 'fields', message: `${unknown} is not a text this ${type.label.toLowerCase()} translates: choose among ${allowed.join(', ')}`, code: 'one_of', params: { options: allowed.join(', ') } }]);
  const fields = body.fields ?? allowed;
  const force = Boolean(body.fields);
  // Uzbek in Cyrillic goes as Latin (the script the services translate) and comes back transliterated.
  const toSource = uzbekScript(from) === 'cyrillic' ? (transliterationBetween(from, 'uz') ?? ((text: string) => text)) : (text: string) => text;
  const toTarget = uzbekScript(to) === 'cyrillic' ? (transliterationBetween('uz', to) ?? ((text: string) => text)) : (text: string) => text;
  const sent: Array<{ prepared: Prepared; start: number; put: (value: unknown) => void }> = [];
  const segments: string[] = [];
  const copies: Record<string, unknown> = {};
  const visit = (value: unknown, put: (next: unknown) => void): void => {
    if (Array.isArray(value)) {
      const copy = [...value];
      put(copy);
      copy.forEach((item, index) => visit(item, (next) => (copy[index] = next)));
    } else if (isLocalizedValue(value)) {
      const source = value[from];
      if (!isWritten(source) || (!force && isWritten(value[to]))) return;
      const copy = { ...value };
      put(copy);
      const prepared = prepare(isDocument(source) ? mapDocumentText(source, toSource) : toSource(String(source)), doNotTranslate, translator.protection);
      sent.push({ prepared, start: segments.length, put: (next) => (copy[to] = next) });
      segments.push(...prepared.segments);
    } else if (isPlainObject(value)) {
      const copy = { ...value };
      put(copy);
      for (const [key, item] of Object.entries(value)) visit(item, (next) => (copy[key] = next));
    }
  };
  const touched: string[] = [];
  for (const field of fields) {
    const before = sent.length;
    visit(current[field], (next) => (copies[field] = next));
    if (sent.length > before) touched.push(field);
  }
  if (!segments.length) return { patch: {}, fields: [] };
  const translated = await translator.translate(segments, from, to);
  for (const item of sent) item.put(item.prepared.rebuild(translated.slice(item.start, item.start + item.prepared.segments.length), toTarget));
  return { patch: Object.fromEntries(touched.map((field) => [field, copies[field]])), fields: touched };
}
