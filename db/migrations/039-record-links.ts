import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The links between records, one row per record a document links to (`to_key`, `type/id` as in a
 * row's `doc_refs`) and the record whose document holds the link (`from_table`, `from_id`). A save
 * of a record others link to renders their documents anew (domain/shared/record-links.ts): this
 * table answers "who links to news/…" from its primary key, where each table holding documents was
 * asked with `doc_refs LIKE '%…%'`, a read of every row that links to anything, in every table, on
 * every save. Kept by the record store at every write and delete; filled here from the `doc_refs`
 * of the rows already stored. The partial indexes of migration 029, which served that LIKE, serve
 * nothing now and go.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('record_links')
    .addColumn('to_key', 'text', (c) => c.notNull())
    .addColumn('from_table', 'text', (c) => c.notNull())
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_links_pk', ['to_key', 'from_table', 'from_id'])
    .execute();
  // A record's own links, dropped and written anew at each of its saves.
  await db.schema.createIndex('record_links_from_idx').on('record_links').columns(['from_table', 'from_id']).execute();
  const tables = postgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.columns where column_name = 'doc_refs' and table_schema = current_schema()`.execute(db)
    : await sql<{ name: string }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'doc_refs'`.execute(db);
  for (const { name } of tables.rows) {
    const rows = await db.selectFrom(name).select(['id', 'doc_refs']).where('doc_refs', '<>', '').execute();
    const links = rows.flatMap((row: { id: string; doc_refs: string | null }) =>
      [...new Set(String(row.doc_refs ?? '').split('\n').filter(Boolean))].map((key) => ({ to_key: key, from_table: name, from_id: String(row.id) })),
    );
    for (let start = 0; start < links.length; start += 500) await db.insertInto('record_links').values(links.slice(start, start + 500)).execute();
    await sql`drop index if exists ${sql.id(`${name}_links_idx`)}`.execute(db);
  }
}
