import { sql, type Kysely } from 'kysely';

/*
 * A visitor's name no longer reaches the activity log ("Contact request {id}"), and a message to
 * the firm's chat says which contact request it is about (`about`), so that erasing a person's
 * requests clears those messages too. Lines written before name the sender: they are rewritten.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('about', 'text').execute();
  await db.schema.createIndex('outbox_about_idx').on('outbox').column('about').execute();
  await db
    .updateTable('activity_log')
    .set({ summary: sql`'Contact request ' || entity_id` })
    .where('entity', '=', 'contacts')
    .where('summary', 'like', 'Contact request from %')
    .where('entity_id', '!=', '')
    .execute();
}
