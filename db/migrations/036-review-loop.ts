import type { Kysely } from 'kysely';

/*
 * The review loop: a working copy has its own version (a save over a copy someone else saved
 * since it was read is refused, as a record's is), and a person's admin language is kept, so what
 * they are told of a review (e-mail, Telegram) is in the language they read the admin in.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('working_copies').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // Whose copy it is, by name (the form's banner and a refused save say it).
  await db.schema.alterTable('working_copies').addColumn('saved_by_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('interface_language', 'text').execute();
}
