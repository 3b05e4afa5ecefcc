import type { Database } from '../../db/connection.ts';

/*
 * Which records link to which (migration 039): one row per record a document of another record
 * links to. The record store writes a record's links with each write (from its `doc_refs`, the
 * same keys) and drops them with the record; a save of a record others link to asks here who they
 * are, by the table's primary key, instead of reading every row that links to anything.
 */

/** The keys (`type/id`) a `doc_refs` column names. */
const keysOf = (docRefs: unknown): string[] => [...new Set(String(docRefs ?? '').split('\n').filter(Boolean))];

export function createRecordLinks(database: Database) {
  const { db } = database;
  return {
    /** The links of the record `id` of `table` are now those `docRefs` names (none when it is empty). */
    async keep(table: string, id: string, docRefs: unknown): Promise<void> {
      await db.deleteFrom('record_links').where('from_table', '=', table).where('from_id', '=', id).execute();
      const keys = keysOf(docRefs);
      // Two saves of one record at once may both have deleted before either inserts: the second
      // insert of the same row is no error (at worst a link the record dropped stays, which only
      // renders it again once more).
      if (keys.length) await db.insertInto('record_links').values(keys.map((key) => ({ to_key: key, from_table: table, from_id: id }))).onConflict((conflict) => conflict.doNothing()).execute();
    },

    /** The record `id` of `table` is gone: so are its links. */
    async drop(table: string, id: string): Promise<void> {
      await db.deleteFrom('record_links').where('from_table', '=', table).where('from_id', '=', id).execute();
    },

    /** The records whose documents link to `key` (`type/id`), by table: one read of the primary key. */
    async linkingTo(key: string): Promise<Map<string, string[]>> {
      const rows = await db.selectFrom('record_links').select(['from_table', 'from_id']).where('to_key', '=', key).orderBy('from_table').orderBy('from_id').execute();
      const byTable = new Map<string, string[]>();
      for (const row of rows as Array<{ from_table: string; from_id: string }>) byTable.set(row.from_table, [...(byTable.get(row.from_table) ?? []), String(row.from_id)]);
      return byTable;
    },
  };
}
