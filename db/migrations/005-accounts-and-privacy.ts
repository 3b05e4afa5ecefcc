import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Accounts and privacy: sessions a user can see and end one by one; contact requests that keep
 * who sent them only as a keyed hash (the shared, restart-proof limit) and the consent given;
 * the outbox of messages to the firm's Telegram chat.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  // Sessions from before get an id from their token's hash (24 hex characters, like every id).
  await db.updateTable('sessions').set({ id: sql`substr(token_hash, 1, 24)`, last_used_at: sql`created_at` }).execute();
  await db.schema.createIndex('sessions_id_idx').on('sessions').column('id').unique().execute();

  await db.schema.alterTable('contacts').addColumn('client_key', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('consent', json).execute();
  await db.schema.createIndex('contacts_client_key_idx').on('contacts').columns(['client_key', 'created_at']).execute();
  await db.schema.createIndex('contacts_email_idx').on('contacts').column('email').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
}
