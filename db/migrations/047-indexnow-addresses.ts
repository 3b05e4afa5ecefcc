import type { Kysely } from 'kysely';

/*
 * IndexNow (INDEXNOW_KEY): the public addresses last announced for each record (`news:<id>`), so
 * that an unpublished record, or one whose address changed, is announced at the addresses it had.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('indexnow_addresses')
    .addColumn('record', 'text', (c) => c.primaryKey())
    .addColumn('urls', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
