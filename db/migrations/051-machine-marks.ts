import type { Kysely } from 'kysely';

/*
 * Machine drafts (API-4.md "The translation desk"): which text of which record a translation service
 * wrote, field by field and language by language, with a fingerprint of the words it wrote. The
 * text is machine-made while it still reads so; a person's edit (another fingerprint) or their
 * "Confirm" (the row removed) ends it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('machine_marks')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('machine_marks_pk', ['record_type', 'record_id', 'field', 'lang'])
    .execute();
}
