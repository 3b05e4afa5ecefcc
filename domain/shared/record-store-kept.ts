import type { Database } from '../../db/connection.ts';
import type { Condition, EntityDefinition, StoredRecord, TextSaved } from './entity.ts';
import { noteRead } from './read-tracker.ts';
import { parseObject, parseSaved, type StoreRows } from './record-store-rows.ts';
import type { StoreReads } from './record-store-reads.ts';
import type { StoreSearch } from './record-store-search.ts';

/** A field name or language code that can stand between double quotes in a JSON path with nothing to escape. */
const PATH_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * One record type's reads of what is kept beside its records: when each text was saved, the
 * translation status's shapes, a record as a page in one language shows it (its kept HTML and
 * words). Part of createRecordStore.
 */
export function createStoreKeptReads(database: Database, definition: EntityDefinition, rows: StoreRows, search: StoreSearch, reads: StoreReads) {
  const { db } = database;
  const { table } = definition;
  const { documents, fieldColumns, fromRow, shownColumns, keptIn, fromShownRow } = rows;

  return {
    /** A record with when each of its texts was saved (empty for a table that does not keep it, or a record saved before it did): one read. */
    async findWithTextSaved(id: string): Promise<{ record: StoredRecord; textSaved: TextSaved } | undefined> {
      noteRead(table, id);
      const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { record: fromRow(row), textSaved: definition.keepsTextSaved ? parseSaved(row.text_saved) : {} } : undefined;
    },

    /**
     * What the translation status needs of every row (or, with `ids`, of those rows), not the texts:
     * the title, when each text was saved and which languages have text where (`text_shape`,
     * written with the row); newest first.
     */
    async listTextShapes(titleField: string, ids?: string[]): Promise<Array<{ _id: string; title: unknown; textSaved: TextSaved; shape: Record<string, unknown> }>> {
      noteRead(table);
      const title = fieldColumns.find((candidate) => candidate.field === titleField);
      const columns = ['id', 'text_saved', 'text_shape', ...(title ? [title.column] : [])];
      // No order: SQLite answers from the index of these columns alone (migration 013); newest first here.
      const read = db.selectFrom(table).select(columns);
      const parts: Array<Promise<Array<Record<string, unknown>>>> = [];
      for (let start = 0; ids && start < ids.length; start += 500) parts.push(read.where('id', 'in', ids.slice(start, start + 500)).execute());
      const found = (ids ? (await Promise.all(parts)).flat() : await read.execute()).sort((a, b) => (String(a.id) < String(b.id) ? 1 : -1));
      return found.map((row) => ({ _id: String(row.id), title: title ? (title.kind === 'json' ? parseObject(row[title.column]) : row[title.column]) : undefined, textSaved: parseSaved(row.text_saved), shape: parseObject(row.text_shape) }));
    },

    /**
     * One record as a page in `lang` shows it (see shownColumns): without its documents, with their
     * kept HTML and words in that language only.
     */
    async findShown(conditions: Condition[], lang: string): Promise<StoredRecord | undefined> {
      const fields = definition.documentFields ?? [];
      if (!documents || !PATH_NAME.test(lang) || !fields.every((field) => PATH_NAME.test(field))) return reads.findOne(conditions);
      const useIndex = await search.searchReady(conditions);
      const row = await db
        .selectFrom(table)
        .select([...shownColumns, ...fields.flatMap((field) => [keptIn('html', field, lang), keptIn('text', field, lang)])])
        .where((eb) => search.where(eb, conditions, useIndex))
        .executeTakeFirst();
      noteRead(table, row ? String(row.id) : undefined);
      return row ? fromShownRow(row, lang) : undefined;
    },
  };
}
