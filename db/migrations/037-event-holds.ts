import { sql, type Kysely } from 'kysely';

/*
 * A registration for an event holds a place for a short time until its e-mail's link is confirmed
 * (domain/events/registrations.ts): `held_until` while unconfirmed, `confirmed_at` once confirmed
 * (the waiting list's order), and `client_key`, the keyed hash of the asking client's address that
 * the per-client limit counts. Registrations made before were confirmed by their e-mail alone.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('event_registrations').addColumn('held_until', 'text').execute();
  await db.schema.alterTable('event_registrations').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('event_registrations').addColumn('client_key', 'text').execute();
  await sql`update event_registrations set confirmed_at = created_at where status <> 'cancelled'`.execute(db);
  await db.schema.createIndex('event_registrations_client_idx').on('event_registrations').columns(['client_key', 'created_at']).execute();
  await db.schema.createIndex('event_registrations_held_idx').on('event_registrations').columns(['status', 'held_until']).execute();
}
