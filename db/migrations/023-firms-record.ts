import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The firm's record (API-3.md): industries, matters (deals and cases) and rankings, each a record
 * type with the columns its declaration reads (tests/api/tables.test.ts compares them). News and
 * blog posts can be listed by topic (an industry's page shows the articles on its services): their
 * topics are kept as `,id,id,` beside the JSON, filled here for the articles already written.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const json = postgres ? 'jsonb' : 'text';
  const emptyObject = postgres ? sql`'{}'::jsonb` : sql`'{}'`;
  const emptyList = postgres ? sql`'[]'::jsonb` : sql`'[]'`;
  const record = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('text_saved', json, (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('text_shape', json, (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''));
  const documents = <T extends ReturnType<typeof record>>(table: T) =>
    table.addColumn('rendered', json, (c) => c.notNull().defaultTo(emptyObject)).addColumn('doc_refs', 'text', (c) => c.notNull().defaultTo(''));
  const ids = (table: ReturnType<typeof record>, column: string) =>
    table.addColumn(column, json, (c) => c.notNull().defaultTo(emptyList)).addColumn(`${column}_text`, 'text', (c) => c.notNull().defaultTo(',,'));

  await ids(documents(record('industries')), 'services')
    .addColumn('title', json, (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', json, (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('industries_is_active_order_index_idx').on('industries').columns(['is_active', 'order_index']).execute();

  await ids(ids(ids(documents(record('matters')), 'services'), 'industries'), 'lawyers')
    .addColumn('title', json, (c) => c.notNull())
    .addColumn('summary', json, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('client_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anonymous_client', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('confidential', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('matters_public_idx').on('matters').columns(['is_active', 'confidential', 'year']).execute();

  await record('rankings')
    .addColumn('guide', 'text', (c) => c.notNull())
    .addColumn('edition', 'integer', (c) => c.notNull())
    .addColumn('practice', json, (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_licensed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('renewed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    // When it leaves the site (the end of its edition's next year), or null when renewed.
    .addColumn('public_until', 'text')
    .execute();
  await db.schema.createIndex('rankings_team_idx').on('rankings').column('team').execute();

  for (const table of ['news', 'blog_posts']) {
    await db.schema.alterTable(table).addColumn('topics_text', 'text', (c) => c.notNull().defaultTo(',,')).execute();
    const rows = await db.selectFrom(table).select(['id', 'topics']).execute();
    for (const row of rows) {
      const topics: unknown = typeof row.topics === 'string' ? JSON.parse(row.topics) : row.topics;
      const list = Array.isArray(topics) ? topics.filter((id) => typeof id === 'string') : [];
      if (list.length) await db.updateTable(table).set({ topics_text: `,${list.join(',')},` }).where('id', '=', row.id).execute();
    }
  }
}
