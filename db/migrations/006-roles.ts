import type { Kysely } from 'kysely';

/* Roles: every account so far could do everything, so every existing account is an admin. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('role', 'text', (c) => c.notNull().defaultTo('admin')).execute();
  // The languages a translator may change, as a JSON list of codes.
  await db.schema.alterTable('users').addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}
