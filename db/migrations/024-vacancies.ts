import { PostgresAdapter, sql, type Kysely } from 'kysely';

/* Vacancies (API-3.md "Intake, secure documents and careers"): public until `closes_at`, kept in `public_until`. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const json = postgres ? 'jsonb' : 'text';
  const emptyObject = postgres ? sql`'{}'::jsonb` : sql`'{}'`;
  await db.schema
    .createTable('vacancies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('text_saved', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('text_shape', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rendered', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('doc_refs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', json, (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', json, (c) => c.notNull())
    .addColumn('practice', json, (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('location', json, (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('public_until', 'text')
    .execute();
  await db.schema.createIndex('vacancies_public_idx').on('vacancies').columns(['is_active', 'public_until']).execute();
}
