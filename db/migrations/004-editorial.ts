import type { Kysely } from 'kysely';

/*
 * Editorial work: scheduled publishing of news, blog posts and services, redirects from old
 * addresses, the log of addresses that answered 404, the claims that make each instance agree on
 * who records a scheduled change, and the secrets every instance shares (preview links).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  for (const table of ['news', 'blog_posts', 'services']) {
    await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('unpublish_at', 'text').execute();
    await db.schema.createIndex(`${table}_publish_at_idx`).on(table).column('publish_at').execute();
    await db.schema.createIndex(`${table}_unpublish_at_idx`).on(table).column('unpublish_at').execute();
  }

  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('automatic', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_to_path_idx').on('redirects').column('to_path').execute();

  await db.schema
    .createTable('not_found_paths')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('not_found_paths_hits_idx').on('not_found_paths').columns(['hits', 'last_seen_at']).execute();

  await db.schema
    .createTable('schedule_claims')
    .addColumn('claim', 'text', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
