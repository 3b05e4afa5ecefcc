import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { languagesIn, PAGE_LANGUAGES_COLUMN, type Condition, type EntityDefinition, type StoredRecord } from './entity.ts';
import { noteRead } from './read-tracker.ts';
import type { ListOptions } from './record-store.ts';
import type { StoreRows } from './record-store-rows.ts';
import type { StoreSearch } from './record-store-search.ts';

/** One record type's reads of records: one, a list, a counted page, columns and sums. Part of createRecordStore. */
export function createStoreReads(database: Database, definition: EntityDefinition, rows: StoreRows, search: StoreSearch) {
  const { db } = database;
  const { table } = definition;
  const { readColumns, columnsFor, recordsOf, fieldColumns, fromRow } = rows;
  const { where, inListOrder, searchReady, rankedPage, countOf } = search;

  async function findOne(conditions: Condition[]): Promise<StoredRecord | undefined> {
    const useIndex = await searchReady(conditions);
    const row = await db
      .selectFrom(table)
      .select(readColumns)
      .where((eb) => where(eb, conditions, useIndex))
      .executeTakeFirst();
    // Found: the answer depends on that record; not found: on any record that may come to match.
    noteRead(table, row ? String(row.id) : undefined);
    return row ? fromRow(row) : undefined;
  }

  async function count(conditions: Condition[]): Promise<number> {
    noteRead(table);
    return countOf(conditions);
  }

  return {
    /** `withoutKept`: without the documents' kept HTML and words (see ListOptions.withoutKept). */
    async findById(id: string, options: { withoutKept?: boolean } = {}): Promise<StoredRecord | undefined> {
      noteRead(table, id);
      const row = await db.selectFrom(table).select(columnsFor(undefined, options.withoutKept)).where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    findOne,

    async list(options: ListOptions): Promise<StoredRecord[]> {
      noteRead(table);
      const useIndex = await searchReady(options.conditions);
      let query = inListOrder(db.selectFrom(table).select(columnsFor(options.fields)).where((eb) => where(eb, options.conditions, useIndex)), options.fromEnd);
      if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
      const rows = await query.execute();
      if (options.fromEnd) rows.reverse();
      return recordsOf(rows, options.fields);
    },

    /**
     * A page and how many match in all. A list: the page's ids with the count of every match beside
     * each (`count(*) over ()`, one query), then those rows; a page past the last match has no row to
     * carry the count, which is then asked apart. A search: best first, ranked and cut where it is
     * found (rankedPage).
     */
    async listCounted(options: ListOptions & { limit: number }): Promise<{ total: number; records: StoredRecord[] }> {
      noteRead(table);
      const offset = options.offset ?? 0;
      const ranked = await rankedPage(options.conditions, options.limit, offset, !options.uncounted);
      let total: number;
      let ids: string[];
      if (ranked) ({ total, ids } = ranked);
      else {
        const useIndex = await searchReady(options.conditions);
        const query = db
          .selectFrom(table)
          .select((eb) => ['id', eb.fn.countAll().over().as('total')])
          .where((eb) => where(eb, options.conditions, useIndex));
        const page = await inListOrder(query).limit(options.limit).offset(offset).execute();
        if (!page.length) return { total: offset ? await count(options.conditions) : 0, records: [] };
        total = Number(page[0].total);
        ids = page.map((row) => String(row.id));
      }
      if (!ids.length) return { total, records: [] };
      const found = new Map((await db.selectFrom(table).select(columnsFor(options.fields, options.withoutKept)).where('id', 'in', ids).execute()).map((row) => [String(row.id), row]));
      return { total, records: recordsOf(ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])), options.fields) };
    },

    /** The slug and last change of matching records in list order, one page of them: no content is read. */
    async pageAddresses(conditions: Condition[], limit: number, offset: number): Promise<Array<{ slug: string; updatedAt: string; languages: string[] }>> {
      noteRead(table);
      const query = db
        .selectFrom(table)
        .select(['slug', 'updated_at', PAGE_LANGUAGES_COLUMN])
        .where((eb) => where(eb, conditions));
      const rows = await inListOrder(query).limit(limit).offset(offset).execute();
      return rows.map((row) => ({ slug: String(row.slug), updatedAt: String(row.updated_at), languages: languagesIn(row[PAGE_LANGUAGES_COLUMN]) }));
    },

    /** One column of the matching records, without reading the rest of each row. */
    async column(column: string, conditions: Condition[]): Promise<string[]> {
      noteRead(table);
      const rows = await db
        .selectFrom(table)
        .select(sql.ref(column).as('value'))
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => String(row.value));
    },

    /** One column of the matching records with each record's id (JSON columns parsed), the rest of each row unread. */
    async columnWithIds(column: string, conditions: Condition[]): Promise<Array<{ _id: string; value: unknown }>> {
      noteRead(table);
      const kind = fieldColumns.find((entry) => entry.column === column)?.kind;
      const rows = await db
        .selectFrom(table)
        .select(['id', sql.ref(column).as('value')])
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => ({ _id: String(row.id), value: kind === 'json' && typeof row.value === 'string' ? JSON.parse(row.value) : row.value }));
    },

    /** The distinct values of a column among the matching records (JSON columns parsed). */
    async distinctValues(column: string, conditions: Condition[], options: { raw?: boolean } = {}): Promise<unknown[]> {
      noteRead(table);
      const kind = options.raw ? undefined : fieldColumns.find((entry) => entry.column === column)?.kind;
      const rows = await db
        .selectFrom(table)
        .select(sql.ref(column).as('value'))
        .distinct()
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => (kind === 'json' && typeof row.value === 'string' ? JSON.parse(row.value) : row.value));
    },

    /** The sum of a number column over the matching records, added up by the database. */
    async sum(column: string, conditions: Condition[]): Promise<number> {
      noteRead(table);
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.sum(sql.ref(column)).as('total'))
        .where((eb) => where(eb, conditions))
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /** The `limit` matching records with the most in a number column, most first (ties: newest). */
    async top(column: string, limit: number, conditions: Condition[]): Promise<StoredRecord[]> {
      noteRead(table);
      const rows = await db
        .selectFrom(table)
        .select(readColumns)
        .where((eb) => where(eb, conditions))
        .orderBy(sql.ref(column), 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => fromRow(row));
    },

    count,

    /**
     * The soonest moment after `after` in any of these text columns of moments (a scheduled
     * publication, an end), read from their indexes; undefined when none is to come.
     */
    async nextMoment(columns: string[], after: string): Promise<string | undefined> {
      const soonest = await Promise.all(
        columns.map(async (column) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => eb.fn.min(sql.ref(column)).as('next'))
            .where(sql.ref(column), '>', after)
            .executeTakeFirst();
          return row?.next ? String(row.next) : undefined;
        }),
      );
      return soonest.filter((moment) => moment !== undefined).sort()[0];
    },

    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom(table).select('id').where('slug', '=', slug);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
  };
}

export type StoreReads = ReturnType<typeof createStoreReads>;
