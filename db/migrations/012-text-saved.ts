import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * When each language's text of each multilingual field was last saved: { field: { lang: time } }.
 * The translation status compares them (a Russian text older than the Uzbek one it translates is
 * outdated). Records saved before this know nothing yet: no text of theirs is called outdated until
 * its next save. Tables named here, not read from the declarations.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const TABLES = ['team_members', 'news', 'blog_posts', 'services', 'stats', 'features', 'testimonials', 'ctas', 'partners', 'hero_sections', 'faqs', 'pages'];

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('text_saved', postgres ? 'jsonb' : 'text', (column) => column.notNull().defaultTo(postgres ? sql`'{}'::jsonb` : '{}'))
      .execute();
  }
}
