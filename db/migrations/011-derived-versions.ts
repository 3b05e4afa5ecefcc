import type { Kysely } from 'kysely';

/*
 * Which version of its derived columns (search text, filter lines) each table holds: when the
 * way they are made changes, the next start writes them anew for every row of that table. And
 * services become searchable (site search): their search text, filled by that next start.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('derived_versions')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('services').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
}
