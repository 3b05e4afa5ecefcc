import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * The other side of each matter (API-3.md "Intake"): the names a new matter's conflict check
 * compares its parties with, beside the matter's client. A list of names, never public.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('matters')
    .addColumn('opposing_parties', postgres ? 'jsonb' : 'text', (c) => c.notNull().defaultTo(postgres ? sql`'[]'::jsonb` : sql`'[]'`))
    .execute();
}
