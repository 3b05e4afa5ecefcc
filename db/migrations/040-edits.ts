import type { Kysely } from 'kysely';

/*
 * Never losing an edit (API-4.md): each person's unsaved changes of a record (`autosaves`, one row
 * per user and record; not a version, never public) and who has a record's form open (`presence`,
 * one row per record and user, refreshed by a heartbeat, read by every instance). Both are small
 * and expire: autosaves after 30 days, presence a minute after the last heartbeat (its rows are
 * deleted later by the periodic job). A deleted account takes its rows with it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('autosaves')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('autosaves_pk', ['user_id', 'record_type', 'record_id'])
    .execute();
  // A record deleted takes everyone's autosaves of it; the expiry reads the oldest first.
  await db.schema.createIndex('autosaves_record_idx').on('autosaves').columns(['record_type', 'record_id']).execute();
  await db.schema.createIndex('autosaves_saved_at_idx').on('autosaves').column('saved_at').execute();

  await db.schema
    .createTable('presence')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('lang', 'text')
    .addColumn('taken_over_by_id', 'text')
    .addColumn('taken_over_by_name', 'text')
    .addColumn('taken_over_at', 'text')
    .addPrimaryKeyConstraint('presence_pk', ['record_type', 'record_id', 'user_id'])
    .execute();
  // A list's avatars: who is on which record of a type, seen within the last minute (one range read).
  await db.schema.createIndex('presence_type_seen_idx').on('presence').columns(['record_type', 'seen_at']).execute();
  await db.schema.createIndex('presence_seen_idx').on('presence').column('seen_at').execute();
}
