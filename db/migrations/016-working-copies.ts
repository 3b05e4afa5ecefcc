import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * Working copies and sign-off (API-3.md "Working copies, review and sign-off"): the changes to a public record saved without
 * touching what visitors see, one per record, with the version they were made on and, when its
 * publishing was asked for later, the moment it is applied.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  await db.schema
    .createTable('working_copies')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('saved_by_id', 'text')
    .addColumn('saved_by_email', 'text')
    .addColumn('saved_at', 'text', (c) => c.notNull())
    // A copy whose publishing was asked for a later moment: applied then (ISO time, UTC).
    .addColumn('apply_at', 'text')
    .addPrimaryKeyConstraint('working_copies_pk', ['record_type', 'record_id'])
    .execute();
  // Sign-off: where a record (or its copy) stands in review, who is asked, by when, and every step.
  await db.schema
    .createTable('record_reviews')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text')
    .addColumn('due_at', 'text')
    .addColumn('steps', json, (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_reviews_pk', ['record_type', 'record_id'])
    .execute();
  // Comments on a record, a field of it and a language; resolved ones stay.
  await db.schema
    .createTable('record_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('lang', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('record_comments_record_idx').on('record_comments').columns(['record_type', 'record_id', 'created_at']).execute();
}
