import type { Kysely } from 'kysely';

/*
 * What a visitor typed into a form that works without JavaScript, kept for a few minutes when the
 * server refused the post (a vacancy's CV of the wrong kind): the page it returns to fills the
 * fields again. Read once, then deleted; expired rows are deleted at every write.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('kept_forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
