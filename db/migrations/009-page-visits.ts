import type { Kysely } from 'kysely';

/* Visit statistics: visits per day, page, language and referring site, summed as they are written. No visitor is identified. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('page_visits')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_visits_pk', ['day', 'path', 'lang', 'referrer'])
    .execute();
}
