import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * PostgreSQL compresses a long value (an article's documents, their kept HTML in every language, its
 * search text, a version's copy of the record) when it is written, with pglz unless a column says
 * otherwise. lz4 does the same work in a fraction of the time: over 1,000 articles posted through
 * the API, PostgreSQL's own time per post went 1.47 → 1.13 ms (the article's insert 1.13 → 0.91 ms,
 * the version's 0.14 → 0.07 ms, reading the article back 0.12 → 0.09 ms; pg_stat_statements,
 * docs/performance.md). Every text, JSON and binary column of the site's tables is set to lz4: a
 * change of the catalog only (no table is rewritten; values written before stay as they are and are
 * read as before). A server built without lz4 keeps pglz, and nothing changes. Tables made by later
 * migrations set their long columns themselves. SQLite compresses nothing.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`do $$
    declare
      col record;
    begin
      if not exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
        return;
      end if;
      for col in
        select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.data_type in ('text', 'jsonb', 'json', 'bytea', 'character varying')
      loop
        execute format('alter table %I alter column %I set compression lz4', col.table_name, col.column_name);
      end loop;
    end $$`.execute(db);
}
