import { PostgresAdapter, type Kysely } from 'kysely';

/* Questions and answers (faqs) and pages of text (privacy policy, terms, disclaimer). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  const record = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));

  await record('faqs')
    .addColumn('question', json, (c) => c.notNull())
    .addColumn('answer', json, (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faqs_is_active_order_index_idx').on('faqs').columns(['is_active', 'order_index']).execute();
  await db.schema.createIndex('faqs_service_idx').on('faqs').column('service').execute();

  await record('pages')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', json, (c) => c.notNull())
    .addColumn('body', json, (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
}
