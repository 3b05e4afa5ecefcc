import type { Kysely } from 'kysely';

/* Two-factor sign-in: an encrypted TOTP secret per account, the last step used, recovery codes (hashed). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('users').addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}
