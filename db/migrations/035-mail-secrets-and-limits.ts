import type { Kysely } from 'kysely';

/*
 * The mail queue keeps no link that opens something: the secret part of a link (a password reset,
 * a client's upload link, a subscriber's settings) is kept apart in `secrets`, put into the message
 * only when it is sent, then blanked; backups never hold it (domain/notifications/outbox.ts).
 * `request_limits`: requests counted per sender (a keyed hash of the address, never the address)
 * across instances and restarts, for forms other than the contact form (which counts its stored rows).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('secrets', 'text').execute();
  await db.schema
    .createTable('request_limits')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_limits_key_idx').on('request_limits').columns(['kind', 'client_key', 'created_at']).execute();
}
