import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Intake (API-3.md "Intake, secure documents and careers"): a contact request has a kind (a
 * message, a new matter awaiting its conflict check, an application for a vacancy) and, for a new
 * matter, the company, its tax number and the other parties; documents a client sends through a
 * one-time link, encrypted at rest (the bytes live in the document store, never in the database);
 * the links themselves, kept as a hash.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const json = postgres ? 'jsonb' : 'text';
  const emptyList = postgres ? sql`'[]'::jsonb` : sql`'[]'`;
  await db.schema.alterTable('contacts').addColumn('kind', 'text', (c) => c.notNull().defaultTo('message')).execute();
  await db.schema.alterTable('contacts').addColumn('company', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('contacts').addColumn('tin', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('contacts').addColumn('counterparties', json, (c) => c.notNull().defaultTo(emptyList)).execute();
  await db.schema.alterTable('contacts').addColumn('lang', 'text', (c) => c.notNull().defaultTo('')).execute();
  // The vacancy an application is for.
  await db.schema.alterTable('contacts').addColumn('vacancy', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('contacts_kind_idx').on('contacts').columns(['kind', 'created_at']).execute();

  await db.schema
    .createTable('intake_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // clean (clamd found nothing) or not_scanned (no CLAMAV_SOCKET): an infected file is never stored.
    .addColumn('scan', 'text', (c) => c.notNull())
    // The document store's key of the encrypted bytes.
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The order they were sent in.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('intake_files_contact_idx').on('intake_files').columns(['contact_id']).execute();

  await db.schema
    .createTable('upload_links')
    // SHA-256 of the token: the link itself is only in the e-mail (or the clipboard).
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_links_contact_idx').on('upload_links').columns(['contact_id']).execute();
}

