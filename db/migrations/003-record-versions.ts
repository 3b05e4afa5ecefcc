import { PostgresAdapter, type Kysely } from 'kysely';

/* Every saved state of every record: who saved it, when, and what it held (versions and trash). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  await db.schema
    .createTable('record_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('saved_by_id', 'text')
    .addColumn('saved_by_email', 'text')
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('record_versions_record_idx').on('record_versions').columns(['record_type', 'record_id', 'saved_at']).execute();
  await db.schema.createIndex('record_versions_action_idx').on('record_versions').columns(['action', 'saved_at']).execute();
}
