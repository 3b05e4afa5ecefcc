import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

/*
 * A record type's table, for a new migration: the columns every record table has, then the
 * type's own (docs/architecture.md "Adding a record type"). The shipped migrations (up to 037)
 * wrote these columns out one by one and stay as they are: a shipped migration never changes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The column types and empty values of the database at hand: JSON is jsonb on PostgreSQL, text on SQLite. */
export function columnKinds(db: Db): { json: 'jsonb' | 'text'; emptyObject: RawBuilder<unknown>; emptyList: RawBuilder<unknown> } {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return { json: postgres ? 'jsonb' : 'text', emptyObject: postgres ? sql`'{}'::jsonb` : sql`'{}'`, emptyList: postgres ? sql`'[]'::jsonb` : sql`'[]'` };
}

/**
 * `create table` with a record's standard columns: its id, moments and version; the saved texts'
 * shape and search words (`text_saved`, `text_shape`, `search_text`); the languages its page is
 * written in (`page`: a type with a page per record); and with `documents`, the HTML and links of
 * its document fields (`rendered`, `doc_refs`). Add the type's own columns, then `.execute()`.
 */
export function createRecordTable(db: Db, table: string, options: { documents?: boolean; page?: boolean } = {}): CreateTableBuilder<string, never> {
  const { json, emptyObject } = columnKinds(db);
  let builder = db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('text_saved', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('text_shape', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''));
  if (options.documents) builder = builder.addColumn('rendered', json, (c) => c.notNull().defaultTo(emptyObject)).addColumn('doc_refs', 'text', (c) => c.notNull().defaultTo(''));
  if (options.page) builder = builder.addColumn('page_languages', 'text', (c) => c.notNull().defaultTo(''));
  return builder;
}
