import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * A save of a record others link to renders their documents anew (`renderLinkingTo`): each table
 * holding documents was asked for the rows whose `doc_refs` name it, a LIKE that read every row —
 * on PostgreSQL a scan of the whole table per table per save (about 90 ms of its processor time a
 * save at 10,000 articles, `npm run bench -- --saves`). A partial index of the rows that link to
 * anything makes it a read of those rows alone: on SQLite the index holds the links themselves
 * (no size limit), on PostgreSQL the ids (a B-tree entry there is limited to about 2.7 KB, which a
 * record with many links would pass).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tables = postgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.columns where column_name = 'doc_refs' and table_schema = current_schema()`.execute(db)
    : await sql<{ name: string }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'doc_refs'`.execute(db);
  for (const { name } of tables.rows) {
    await sql`create index ${sql.id(`${name}_links_idx`)} on ${sql.table(name)} (${sql.ref(postgres ? 'id' : 'doc_refs')}) where doc_refs <> ''`.execute(db);
  }
}
