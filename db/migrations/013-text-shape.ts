import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Which languages have text where, for every multilingual field of a record, without the texts:
 * { title: { uz: '·', ru: '·' }, tags: [{ uz: '·' }, …] }. The translation status reads it instead
 * of every record's whole text (1.3–1.7 s at 10,000 articles, on the event loop). Written with the
 * record; the next start fills it for the rows already there (derived_versions).
 *
 * On SQLite a column added later is stored after the record's long texts, so reading it walks
 * their overflow pages: the tables that grow get an index holding what the status reads, which it
 * reads instead of the table (300 ms → tens of ms at 10,000 articles). PostgreSQL keeps long texts
 * apart (TOAST) and needs none.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const TABLES = ['team_members', 'news', 'blog_posts', 'services', 'stats', 'features', 'testimonials', 'ctas', 'partners', 'hero_sections', 'faqs', 'pages'];

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('text_shape', postgres ? 'jsonb' : 'text', (column) => column.notNull().defaultTo(postgres ? sql`'{}'::jsonb` : '{}'))
      .execute();
  }
  if (!postgres) {
    for (const table of ['news', 'blog_posts']) {
      await sql`create index ${sql.raw(`${table}_text_state_idx`)} on ${sql.table(table)} (id, title, text_saved, text_shape)`.execute(db);
    }
  }
}
