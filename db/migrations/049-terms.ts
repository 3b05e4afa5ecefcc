import type { Kysely } from 'kysely';

/*
 * The termbase (API-4.md "The translation desk"): each term's forms per language as JSON
 * (`{ "uz": ["soliq"], "ru": ["налог"] }`, the preferred form first), a note, whether it is never
 * translated, and a sort key (its first preferred form in lower case) for listing in order.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('terms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('do_not_translate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('terms_sort_idx').on('terms').column('sort_key').execute();
}
