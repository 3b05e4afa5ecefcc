import type { Database } from '../../db/connection.ts';
import type { RecordStore } from '../shared/record-store.ts';
import { SEARCH_TEXT_VERSION } from '../shared/search.ts';

/**
 * After the way search texts are made changed (SEARCH_TEXT_VERSION), writes them anew for every
 * table still on an older version (`derived_versions`); once, by one instance. `written` is told
 * of each table done (what the process kept of its texts is forgotten). Answers how many rows it wrote.
 */
export async function refreshDerivedColumns(database: Database, stores: Iterable<RecordStore>, written: (table: string) => void): Promise<number> {
  return database.exclusively('derived-columns', async () => {
    let rows = 0;
    const done = new Map((await database.db.selectFrom('derived_versions').select(['table_name', 'version']).execute()).map((row) => [String(row.table_name), Number(row.version)]));
    for (const store of stores) {
      const { table } = store.definition;
      if (!store.definition.derive || (done.get(table) ?? 0) >= SEARCH_TEXT_VERSION) continue;
      rows += await store.rederive();
      written(table);
      await database.db
        .insertInto('derived_versions')
        .values({ table_name: table, version: SEARCH_TEXT_VERSION })
        .onConflict((conflict) => conflict.column('table_name').doUpdateSet({ version: SEARCH_TEXT_VERSION }))
        .execute();
    }
    return rows;
  });
}
