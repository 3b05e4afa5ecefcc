import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { columnOf, type EntityDefinition, type StoredRecord, type TextSaved } from './entity.ts';
import { createRecordLinks } from './record-links.ts';
import type { KeptDocuments, RenderedFields } from '../documents/record-documents.ts';

/**
 * What a record's documents show, kept with each record read (its `rendered` column), for the
 * pages: under a symbol, so it is never part of the record's JSON (nor of a page's serialized
 * data), yet goes with a copy of the record (`{ ...record, views }`), which a WeakMap keyed by the
 * object would lose.
 */
const RENDERED = Symbol('rendered HTML');

const NOTHING_KEPT: KeptDocuments = Object.freeze({ html: {}, text: {} });

/** A read record's documents as kept when it was saved; undefined for a record read without them. */
const keptOn = (record: object): KeptDocuments | undefined => (RENDERED in record ? (record as { [RENDERED]: KeptDocuments })[RENDERED] : undefined);
/** The same, nothing kept for a record read without them. */
export const keptOf = (record: object): KeptDocuments => keptOn(record) ?? NOTHING_KEPT;

/** The kept column as read: a row written before texts were kept ({ field: { lang: html } }) keeps nothing. */
function keptFrom(value: Record<string, unknown>): KeptDocuments {
  const part = (name: 'html' | 'text') => (value[name] && typeof value[name] === 'object' ? (value[name] as RenderedFields) : {});
  return { html: part('html'), text: part('text') };
}

/** A JSON object column: text on SQLite, already parsed on PostgreSQL; empty when unreadable. */
export const parseObject = (value: unknown): Record<string, never> => {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, never>) : {};
};
export const parseSaved = (value: unknown): TextSaved => parseObject(value);

/**
 * One record type's rows and records: which columns a read selects, a record made into a row and
 * back, the kept documents' column of a write and the links it keeps. Part of createRecordStore.
 */
export function createStoreRows(database: Database, definition: EntityDefinition, render?: (record: Record<string, unknown>) => Promise<KeptDocuments>) {
  const documents = Boolean(definition.documentFields?.length && render);
  /** The `rendered` column of a write: the HTML and words of every document in every page language. */
  const renderedColumn = async (values: Record<string, unknown>) => (await keptWith(values)).column;
  /** The same with what it holds, for the record written to carry (`withKept`) instead of reading it back. */
  const keptWith = async (values: Record<string, unknown>): Promise<{ column: { rendered?: string }; kept?: KeptDocuments }> => {
    if (!documents) return { column: {} };
    const kept = await render!(values);
    return { column: { rendered: JSON.stringify(kept) }, kept };
  };
  /** A record read without its kept documents (`withoutKept`), given those a write has just kept. */
  const withKept = (record: StoredRecord, kept: KeptDocuments | undefined): StoredRecord => (kept ? Object.assign(record, { [RENDERED]: kept }) : record);
  const { table, storage } = definition;
  /** Which records link to which (record-links.ts): kept with every write of a row that has `doc_refs`. */
  const links = createRecordLinks(database);
  const keepLinks = async (id: string, row: Record<string, unknown>) => {
    if ('doc_refs' in row) await links.keep(table, id, row.doc_refs);
  };
  const fieldColumns = Object.entries(storage).map(([field, kind]) => ({ field, kind, column: columnOf(field) }));

  /**
   * What a read of records selects: the columns `fromRow` makes the record of, not the derived ones
   * that only filters and searches use (`search_text` is as long as all the texts together: a
   * fifth of a long article's row) nor what the translation status reads apart.
   */
  const readColumns = ['id', 'created_at', 'updated_at', 'version', ...new Set(fieldColumns.map(({ column }) => column)), ...(documents ? ['rendered'] : [])];

  /**
   * What a read of only these fields selects (a list view: `ListOptions.fields`): their columns and
   * the record's own, never its documents' kept HTML; all of `readColumns` without `fields`, but the
   * kept HTML when `withoutKept`.
   */
  const unkeptColumns = readColumns.filter((column) => column !== 'rendered');
  const columnsFor = (fields: readonly string[] | undefined, withoutKept = false): string[] =>
    fields ? ['id', 'created_at', 'updated_at', 'version', ...new Set(fieldColumns.filter(({ field }) => fields.includes(field)).map(({ column }) => column))] : withoutKept ? unkeptColumns : readColumns;

  /** Records of a read of only these fields (columnsFor): the fields not read are absent, not empty. */
  const recordsOf = (found: Array<Record<string, unknown>>, fields: readonly string[] | undefined) => found.map((row) => fromRow(row, fields));

  function toRow(values: Record<string, unknown>): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const { field, kind, column } of fieldColumns) {
      const value = values[field];
      if (value === undefined) continue;
      row[column] = kind === 'json' ? JSON.stringify(value) : value;
    }
    return { ...row, ...definition.derive?.(values) };
  }

  function fromRow(row: Record<string, unknown>, only?: readonly string[]): StoredRecord {
    const record: StoredRecord = {
      _id: row.id as string,
      createdAt: row.created_at as string,
      updatedAt: row.updated_at as string,
      version: Number(row.version),
    };
    for (const { field, kind, column } of fieldColumns) {
      // A read of some fields (a list view) leaves the others out of the record, not empty.
      if (only && !only.includes(field)) continue;
      const value = row[column];
      if (kind === 'json') record[field] = typeof value === 'string' ? JSON.parse(value) : value;
      else if (kind === 'bool') record[field] = Boolean(value);
      else if (kind === 'int') record[field] = value == null ? value : Number(value);
      else if (kind === 'time') record[field] = value ? String(value) : null;
      else record[field] = value ?? '';
    }
    if (documents && row.rendered !== undefined) Object.assign(record, { [RENDERED]: keptFrom(parseObject(row.rendered)) });
    return record;
  }

  /**
   * What a page in one language shows of a record: every column but its documents, and of what was
   * kept of them only that language's HTML and words (an article's row: 25 KB of document and 53 KB
   * of every language's HTML, of which the page shows 13 KB). A value not kept (a row written before
   * texts were kept, a language made public since) is left out: `html`/`text` make it then.
   */
  const shownColumns = readColumns.filter((column) => column !== 'rendered' && !(definition.documentFields ?? []).some((field) => columnOf(field) === column));
  function keptIn(part: keyof KeptDocuments, field: string, lang: string) {
    return database.dialect === 'sqlite'
      ? sql<string | null>`${sql.ref('rendered')} ->> ${`$.${part}."${field}"."${lang}"`}`.as(`${part}:${field}`)
      : sql<string | null>`${sql.ref('rendered')} -> ${part}::text -> ${field}::text ->> ${lang}::text`.as(`${part}:${field}`);
  }
  function fromShownRow(row: Record<string, unknown>, lang: string): StoredRecord {
    const record = fromRow(row);
    const kept: KeptDocuments = { html: {}, text: {} };
    for (const field of definition.documentFields ?? []) {
      delete record[field];
      for (const part of ['html', 'text'] as const) {
        const value = row[`${part}:${field}`];
        if (typeof value === 'string') kept[part][field] = { [lang]: value };
      }
    }
    return Object.assign(record, { [RENDERED]: kept });
  }

  const savedColumn = (textSaved: TextSaved | undefined) => (definition.keepsTextSaved && textSaved ? { text_saved: JSON.stringify(textSaved) } : {});

  return { documents, renderedColumn, keptWith, withKept, keptOn, links, keepLinks, fieldColumns, readColumns, columnsFor, recordsOf, toRow, fromRow, shownColumns, keptIn, fromShownRow, savedColumn };
}

export type StoreRows = ReturnType<typeof createStoreRows>;
