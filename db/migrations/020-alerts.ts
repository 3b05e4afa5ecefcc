import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Alerts (API-3.md "Alerts: subscriptions, e-mail and the Telegram channel"): the people who asked
 * for the firm's legal alerts by e-mail, with the consent they gave, and which alert went to whom
 * (one row per record and subscriber: an alert is queued once, whichever instance queues it), and
 * which records were sent out whole. News and blog posts get their topics and the "notify" switch.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  const emptyList = json === 'jsonb' ? sql`'[]'::jsonb` : sql`'[]'`;
  for (const table of ['news', 'blog_posts']) {
    await db.schema.alterTable(table).addColumn('topics', json, (c) => c.notNull().defaultTo(emptyList)).execute();
    await db.schema.alterTable(table).addColumn('notify', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.createIndex(`${table}_notify_idx`).on(table).column('notify').execute();
  }
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Lower case, one row per address.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('language', 'text', (c) => c.notNull())
    // JSON: the ids of the practice areas (and industries) chosen.
    .addColumn('topics', 'text', (c) => c.notNull())
    // pending (not confirmed yet), confirmed, unsubscribed.
    .addColumn('state', 'text', (c) => c.notNull())
    // When the last confirmation was asked for: its link is signed with it, and lives 7 days.
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    // JSON: the consent as given { version, text, at, language, topics }.
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscribers_state_idx').on('subscribers').columns(['state', 'requested_at']).execute();
  await db.schema
    .createTable('alert_sends')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    // Its message in the outbox (which keeps sent messages a day): queued, sent or given up.
    .addColumn('outbox_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_sends_pk', ['record_type', 'record_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createTable('alert_fanouts')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    // How many subscribers it was queued for.
    .addColumn('queued', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_fanouts_pk', ['record_type', 'record_id'])
    .execute();
}
