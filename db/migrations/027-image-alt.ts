import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The home page's main picture says what it shows in each language (its alt text), instead of one
 * interface text ("Our lawyers at work") for whatever picture the firm chose.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('hero_sections')
    .addColumn('image_alt', postgres ? 'jsonb' : 'text', (c) => c.notNull().defaultTo(postgres ? sql`'{}'::jsonb` : sql`'{}'`))
    .execute();
}

