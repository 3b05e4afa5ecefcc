import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * Releases (API-4.md "Releases, the calendar and bulk actions"): a set of records × languages ×
 * publish/unpublish and channel posts, applied at once in one transaction, now or at `publish_at`.
 * Its items and posts are JSON lists (a release holds tens, not thousands); `state` moves
 * open → scheduled → published | failed, and the move to published is claimed by one conditional
 * update (`claimed_at`), so two instances apply it once. Each record's history names the release
 * that saved it (`record_versions.release_id`, `release_title`).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const json = postgres ? 'jsonb' : 'text';
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'text')
    .addColumn('items', json, (c) => c.notNull())
    .addColumn('channel_posts', json, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('reason', 'text')
    .addColumn('created_by_id', 'text')
    .addColumn('created_by_email', 'text')
    .addColumn('scheduled_by_id', 'text')
    .addColumn('scheduled_by_email', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The scheduled releases whose moment came, and the open ones an item is looked for in.
  await db.schema.createIndex('releases_state_idx').on('releases').columns(['state', 'publish_at']).execute();
  await db.schema.alterTable('record_versions').addColumn('release_id', 'text').execute();
  await db.schema.alterTable('record_versions').addColumn('release_title', 'text').execute();
}
