import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Lists that cost the same with 10,000 articles as with 10 (issue 16):
 * - every list reads its rows in the order it shows them from an index (public: published first;
 *   admin: all), so a page is found without sorting the table;
 * - a search finds its rows through an index of `search_text` that answers `LIKE '%…%'`:
 *   a trigram full-text table on SQLite (FTS5 `{table}_search`, kept by triggers), a trigram GIN index on
 *   PostgreSQL (pg_trgm; where the extension may not be installed, search reads every row as
 *   before and still gives the same answers);
 * - the category and tag buttons read an index, not every article.
 * Tables named here, not read from the declarations: a shipped migration never changes.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const ORDERED = [
  { table: 'news', flag: 'published', order: ['date', 'created_at', 'id'], buttons: ['category'], replaces: 'news_published_date_idx' },
  { table: 'blog_posts', flag: 'published', order: ['published_at', 'created_at', 'id'], buttons: ['category', 'tags'], replaces: 'blog_posts_published_published_at_idx' },
];
/** The tables that grow: their searches go through an index. */
const SEARCHED = ['news', 'blog_posts', 'contacts'];

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, flag, order, buttons, replaces } of ORDERED) {
    const descending = order.map((column) => sql`${sql.ref(column)} desc`);
    // Public lists: the flag, the order, then the publishing moments, so that counting and skipping
    // to a far page read the index alone, never an article's row.
    await db.schema.dropIndex(replaces).execute();
    await sql`create index ${sql.id(`${table}_public_order_idx`)} on ${sql.table(table)} (${sql.ref(flag)}, ${sql.join(descending)}, publish_at, unpublish_at)`.execute(db);
    await sql`create index ${sql.id(`${table}_order_idx`)} on ${sql.table(table)} (${sql.join(descending)})`.execute(db);
    // The category buttons and a category's page (in list order) read this index alone; tags' buttons theirs.
    await sql`create index ${sql.id(`${table}_category_order_idx`)} on ${sql.table(table)} (${sql.ref(flag)}, category, ${sql.join(descending)}, publish_at, unpublish_at)`.execute(db);
    for (const column of buttons.filter((name) => name !== 'category')) {
      await db.schema.createIndex(`${table}_${column}_buttons_idx`).on(table).columns([flag, column, 'publish_at', 'unpublish_at']).execute();
    }
  }
  if (postgres) {
    // A trusted extension: the database's owner may install it. Where not, searches scan as before.
    await sql`do $$ begin create extension if not exists pg_trgm with schema public; exception when others then raise notice 'pg_trgm is not available: %', sqlerrm; end $$`.execute(db);
    for (const table of SEARCHED) {
      await sql
        .raw(
          `do $$ declare home text; begin
             select n.nspname into home from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
             if home is not null then
               execute format('create index if not exists %I on %I using gin (search_text %I.gin_trgm_ops)', '${table}_search_idx', '${table}', home);
             end if;
           end $$`,
        )
        .execute(db);
    }
    return;
  }
  // Its own copy of the text, keyed by the record's id (a table's rowid is not stable across VACUUM).
  for (const table of SEARCHED) {
    const index = `${table}_search`;
    await sql.raw(`create virtual table ${index} using fts5(record_id unindexed, search_text, tokenize='trigram')`).execute(db);
    await sql.raw(`insert into ${index}(record_id, search_text) select id, search_text from ${table}`).execute(db);
    const forget = `delete from ${index} where rowid in (select rowid from ${index} where record_id = old.id)`;
    await sql.raw(`create trigger ${table}_search_insert after insert on ${table} begin insert into ${index}(record_id, search_text) values (new.id, new.search_text); end`).execute(db);
    await sql.raw(`create trigger ${table}_search_delete after delete on ${table} begin ${forget}; end`).execute(db);
    await sql
      .raw(`create trigger ${table}_search_update after update of search_text on ${table} begin ${forget}; insert into ${index}(record_id, search_text) values (new.id, new.search_text); end`)
      .execute(db);
  }
}
