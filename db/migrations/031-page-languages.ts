import type { Kysely } from 'kysely';

/*
 * The languages each record's page is written in (`,uz,ru,`: its title has text in them), for the record types with a page per record: the site offers
 * a page only in these — its lists, alternates, sitemap and feeds — and sends a visitor of another
 * language's address to one of them. Written with the record; the next start fills it for the rows
 * already there (derived_versions, SEARCH_TEXT_VERSION 6), before the site answers.
 * Tables named here, not read from the declarations: a shipped migration never changes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const TABLES = ['team_members', 'news', 'blog_posts', 'services', 'pages', 'industries', 'vacancies', 'events'];

export async function up(db: Db): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('page_languages', 'text', (column) => column.notNull().defaultTo('')).execute();
  }
}
