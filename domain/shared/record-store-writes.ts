import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { columnOf, type EntityDefinition, type StoredRecord, type TextSaved } from './entity.ts';
import { newId, nowIso } from './ids.ts';
import type { StoreReads } from './record-store-reads.ts';
import type { StoreRows } from './record-store-rows.ts';
import type { KeptDocuments } from '../documents/record-documents.ts';

/** One record type's writes: a new record, a whole-record update, a removal, counters, derived columns and kept documents anew. Part of createRecordStore. */
export function createStoreWrites(database: Database, definition: EntityDefinition, rows: StoreRows, reads: StoreReads) {
  const { db } = database;
  const { table } = definition;
  const { documents, renderedColumn, keptWith, withKept, keptOn, links, keepLinks, readColumns, toRow, fromRow, savedColumn } = rows;
  /**
   * A record a write has just stored, read again (as the database holds it: its defaults and forms)
   * but for its documents' kept HTML and words, which are those the write kept (an article's 50 KB
   * of every language's HTML, not read back and parsed at every save).
   */
  const readBack = async (id: string, kept: KeptDocuments | undefined) => {
    const found = await reads.findById(id, { withoutKept: true });
    return found && withKept(found, kept);
  };

  return {
    /** A new record; `restoring` brings a deleted one back under its own id and next version. */
    async insert(values: Record<string, unknown>, restoring?: { id: string; version: number; createdAt: string }, textSaved?: TextSaved): Promise<StoredRecord> {
      const now = nowIso();
      const { column, kept } = await keptWith(values);
      const row = { id: restoring?.id ?? newId(), created_at: restoring?.createdAt ?? now, updated_at: now, version: restoring?.version ?? 1, ...toRow(values), ...savedColumn(textSaved), ...column };
      await db.insertInto(table).values(row).execute();
      await keepLinks(row.id, row);
      return withKept(fromRow({ ...row, rendered: undefined }), kept);
    },

    /** The record an insert answered, as the database holds it (readBack). */
    readWritten: (written: StoredRecord): Promise<StoredRecord | undefined> => readBack(written._id, keptOn(written)),

    /**
     * Writes all fields at once. With `expectedVersion` the write happens only if nobody saved
     * since (one atomic UPDATE ... WHERE version = ?); returns undefined when it did not happen.
     */
    async update(id: string, values: Record<string, unknown>, expectedVersion?: number, textSaved?: TextSaved): Promise<StoredRecord | undefined> {
      const columns = toRow(values);
      const { column, kept } = await keptWith(values);
      let query = db
        .updateTable(table)
        .set({ ...columns, ...savedColumn(textSaved), ...column, updated_at: nowIso(), version: sql`version + 1` })
        .where('id', '=', id);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      await keepLinks(id, columns);
      return readBack(id, kept);
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      if (definition.documentFields?.length) await links.drop(table, id);
      return Number(result.numDeletedRows) > 0;
    },

    /** Adds to a counter of many records in one statement: views = views + CASE id WHEN … END. */
    async addToCounter(field: string, amounts: Map<string, number>): Promise<void> {
      if (amounts.size === 0) return;
      const column = columnOf(field);
      const cases = sql.join([...amounts].map(([id, amount]) => sql`when ${id} then cast(${amount} as integer)`), sql` `);
      await db
        .updateTable(table)
        .set({ [column]: sql`${sql.ref(column)} + (case id ${cases} else 0 end)` })
        .where('id', 'in', [...amounts.keys()])
        .execute();
    },

    /**
     * Writes the derived columns (search text, filter lines) of every row anew, a batch at a time:
     * after the way they are made changed. Answers how many rows it wrote.
     */
    async rederive(batch = 200): Promise<number> {
      if (!definition.derive) return 0;
      let after = '';
      let written = 0;
      for (;;) {
        const found = await db.selectFrom(table).selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
        if (!found.length) return written;
        for (const row of found) {
          const record = fromRow(row);
          const columns = definition.derive(record);
          if (!Object.keys(columns).length) return written;
          await db.updateTable(table).set({ ...columns, ...(await renderedColumn(record)) }).where('id', '=', row.id).execute();
          await keepLinks(String(row.id), columns);
          written += 1;
        }
        after = String(found.at(-1)!.id);
      }
    },

    /**
     * Renders anew the documents of the records `ids` (those that link to a record whose address
     * or visibility changed: record-links.ts); answers the ids found. Only the `rendered` column is
     * written (no new version).
     */
    async renderAgain(ids: string[]): Promise<string[]> {
      if (!documents || !ids.length) return [];
      const found = await db.selectFrom(table).select(readColumns).where('id', 'in', ids).execute();
      for (const row of found) await db.updateTable(table).set(await renderedColumn(fromRow(row))).where('id', '=', row.id).execute();
      return found.map((row) => String(row.id));
    },
  };
}
