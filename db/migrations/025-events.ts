import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Events (API-3.md "The firm's record"): the record type, and the people who registered for one —
 * registered or on the waiting list, in the order they came, each with the consent they gave and
 * the moment they cancelled. Registrations are erased EVENT_RETENTION_DAYS after the event ends.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const json = postgres ? 'jsonb' : 'text';
  const emptyObject = postgres ? sql`'{}'::jsonb` : sql`'{}'`;
  const emptyList = postgres ? sql`'[]'::jsonb` : sql`'[]'`;
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('text_saved', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('text_shape', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rendered', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('doc_refs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', json, (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', json, (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('venue', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('online_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registration_closes_at', 'text')
    .addColumn('speakers', json, (c) => c.notNull().defaultTo(emptyList))
    .addColumn('speakers_text', 'text', (c) => c.notNull().defaultTo(',,'))
    .addColumn('topics', json, (c) => c.notNull().defaultTo(emptyList))
    .addColumn('topics_text', 'text', (c) => c.notNull().defaultTo(',,'))
    .addColumn('slides_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recording_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_public_idx').on('events').columns(['is_active', 'starts_at']).execute();

  await db.schema
    .createTable('event_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower case: one registration per address and event.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull())
    // registered, waitlisted or cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON: the consent as given { version, text, at, language }.
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addUniqueConstraint('event_registrations_email_unique', ['event_id', 'email'])
    .execute();
  await db.schema.createIndex('event_registrations_event_idx').on('event_registrations').columns(['event_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('event_registrations_email_idx').on('event_registrations').column('email').execute();
}
