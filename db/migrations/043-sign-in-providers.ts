import type { Kysely } from 'kysely';

/*
 * Sign-in a firm's IT accepts (API-4.md): an account may be a break-glass administrator (signs in
 * with a password when passwords are otherwise off) and may be limited to some practice areas
 * (`scope`: `{ "services": [ids] }`, null for none). An OpenID Connect sign-in in flight keeps its
 * PKCE verifier and nonce here under the hash of its state, and a finished one leaves a one-time
 * code the admin exchanges for its session: each row is short-lived and used once.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('break_glass', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('scope', 'text').execute();
  await db.schema
    .createTable('sign_in_handoffs')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_handoffs_expires_idx').on('sign_in_handoffs').column('expires_at').execute();
}
