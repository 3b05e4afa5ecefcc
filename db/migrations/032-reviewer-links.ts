import type { Kysely } from 'kysely';

/*
 * Links for a named reviewer outside the firm: the link carries only a random key; whom it is for
 * (name, e-mail) and who made it stay here, so neither is readable in the address and the
 * activity log and the reviewer's decisions can name both.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('reviewer_links')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('made_by_id', 'text', (c) => c.notNull())
    .addColumn('made_by_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviewer_links_expires_idx').on('reviewer_links').column('expires_at').execute();
}
