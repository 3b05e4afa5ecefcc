import fs from 'node:fs/promises';
import { TWO_FACTOR_OFF } from '../../domain/users/auth-service.ts';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openSqliteDatabase } from '../../db/sqlite-database.ts';
import { RUNNING_FILE, type Database } from '../../db/connection.ts';
import { appliedMigrations, KNOWN_MIGRATIONS, migrateTo, migrateToLatest } from '../../db/migrate.ts';
import type { MediaStorage } from '../../domain/media/media-storage.ts';
import { archiveName } from './scheduled-backups.ts';
import { BackupError, createBackup, NOT_ARCHIVED, openArchive, type BackupSummary, type VerifiedArchive } from './backup.ts';

type Progress = (line: string) => void;

/** PostgreSQL accepts at most 65,535 parameters in one statement; SQLite 32,766. */
const MAX_PARAMETERS = 30_000;

/**
 * The tables this product's migrations make (found by running them on an empty in-memory
 * database): a restore drops and checks only these, never another application's tables that
 * share the database or schema.
 */
async function productTables(): Promise<Set<string>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are only named here
  const scratch = new Kysely<any>({ dialect: new SqliteDialect({ database: openSqliteDatabase(':memory:') }) });
  try {
    await migrateToLatest({ db: scratch, dialect: 'sqlite' });
    const { rows } = await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type in ('table', 'virtual') and name not like 'sqlite_%'`.execute(scratch);
    return new Set(rows.map((row) => row.name));
  } finally {
    await scratch.destroy();
  }
}

async function ownTables(database: Database): Promise<string[]> {
  const ours = await productTables();
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type in ('table', 'virtual') and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  return rows.map((row) => row.name).filter((name) => ours.has(name));
}

/** The tables of the target that hold rows (the migration bookkeeping aside). */
async function filledTables(database: Database): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await ownTables(database)) {
    if (table.startsWith('kysely_')) continue;
    const row = await database.db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
    if (row) filled.push(table);
  }
  return filled;
}

/** Tables in an order that inserts every referenced row before the rows that refer to it. */
async function insertOrder(database: Database, tables: string[]): Promise<string[]> {
  const references = new Map<string, string[]>();
  for (const table of tables) {
    const { rows } =
      database.dialect === 'sqlite'
        ? await sql<{ target: string }>`select "table" as target from pragma_foreign_key_list(${table})`.execute(database.db)
        : await sql<{ target: string }>`select confrelid::regclass::text as target from pg_constraint where contype = 'f' and conrelid = ${table}::regclass`.execute(database.db);
    references.set(table, rows.map((row) => row.target.replace(/^.*\./, '').replace(/"/g, '')));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const target of references.get(table) ?? []) if (target !== table && references.has(target)) visit(target, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function storeHasFiles(storage: MediaStorage): Promise<boolean> {
  for await (const _file of storage.list()) return true;
  return false;
}

/**
 * Whether a site still runs on this database (restoring underneath it would break it): on
 * PostgreSQL its connections, by name; on SQLite the process id it keeps in DATA_DIR while it runs.
 */
async function sitesConnected(database: Database): Promise<number> {
  if (database.location.dialect === 'sqlite') {
    const pid = Number(await fs.readFile(path.join(path.dirname(database.location.file), RUNNING_FILE), 'utf8').catch(() => ''));
    if (!pid || pid === process.pid) return 0;
    try {
      process.kill(pid, 0);
      return 1;
    } catch {
      return 0;
    }
  }
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity where datname = current_database() and application_name = ${database.location.siteName}`.execute(database.db);
  return rows[0]?.count ?? 0;
}

export interface RestoreSummary {
  rows: number;
  files: number;
  /** Clients' documents put back (encrypted, as they were). */
  documents: number;
  /** With --force over a site that had data: where its data was kept first. */
  safetyBackup?: BackupSummary;
  /** Accounts whose two-factor sign-in was turned off (its key is not in the archive). */
  twoFactorReset: number;
}

/**
 * Fills an empty database and media store from a backup. Everything is checked before anything
 * is written (see openArchive). A target that holds data is refused unless `force`; then its data is
 * first written to a safety backup beside the archive, and replaced.
 */
export async function restoreBackup(options: {
  /** Opened (and so checked) before the target is even opened: see openArchive. */
  archive: VerifiedArchive;
  database: Database;
  storage: MediaStorage;
  /** Where clients' documents go (written as they are in the archive: encrypted). */
  documents?: MediaStorage;
  /** The archive's path: a safety backup is written beside it. */
  file: string;
  force?: boolean;
  progress?: Progress;
}): Promise<RestoreSummary> {
  const { archive, database, storage, force = false, progress = () => {} } = options;
  const { manifest } = archive;
  progress(`backup of ${manifest.createdAt} (version ${manifest.productVersion}, ${manifest.source.dialect}): checksums verified`);

  const current = await appliedMigrations(database).catch(() => [] as string[]);
  const unknownHere = current.filter((name) => !KNOWN_MIGRATIONS.includes(name));
  if (unknownHere.length) throw new BackupError(`The target database has a newer schema (${unknownHere[0]}) than this version of the product. Upgrade the product first.`);
  const filled = current.length ? await filledTables(database) : [];
  const storeFilled = await storeHasFiles(storage);
  if ((filled.length || storeFilled) && !force) {
    const where = [filled.length ? `the database has data (${filled.slice(0, 4).join(', ')}${filled.length > 4 ? '…' : ''})` : '', storeFilled ? 'the media store has files' : '']
      .filter(Boolean)
      .join(' and ');
    throw new BackupError(`Refusing to restore: ${where}. Restore into an empty database, or add --force to replace everything (a safety backup is written first).`);
  }
  const connected = await sitesConnected(database);
  if (connected) throw new BackupError(`The site is still running on this database (${database.dialect === 'sqlite' ? 'a server process' : `${connected} connections`}). Stop every instance first, then restore.`);

  let safetyBackup: BackupSummary | undefined;
  if (filled.length) {
    const file = path.join(path.dirname(path.resolve(options.file)), archiveName(new Date(), 'before-restore'));
    progress(`the target holds data: keeping it first in ${file}`);
    safetyBackup = await createBackup({ database, storage, documents: options.documents, file });
  }

  // Back to nothing, then the archive's own schema, its rows, and only then this version's migrations.
  const existing = await ownTables(database);
  for (const table of existing) {
    await (database.dialect === 'postgres' ? sql`drop table if exists ${sql.table(table)} cascade` : sql`drop table if exists ${sql.table(table)}`).execute(database.db);
  }
  await migrateTo(database, manifest.schema.migrations.at(-1)!);

  let rows = 0;
  // Keys are never restored, also from an older archive that holds them: the site makes new ones.
  const order = await insertOrder(database, manifest.tables.map((table) => table.name).filter((name) => !NOT_ARCHIVED.has(name)));
  await database.db.transaction().execute(async (trx) => {
    for (const name of order) {
      const table = manifest.tables.find((candidate) => candidate.name === name)!;
      for await (const batch of archive.rows(table)) {
        const columns = Object.keys(batch[0] ?? {}).length || 1;
        const size = Math.max(1, Math.min(500, Math.floor(MAX_PARAMETERS / columns)));
        for (let start = 0; start < batch.length; start += size) await trx.insertInto(table.name).values(batch.slice(start, start + size)).execute();
        rows += batch.length;
      }
    }
  });
  progress(`tables: ${manifest.tables.length} (${rows} rows)`);
  const later = await migrateToLatest(database);
  if (later.length) progress(`database brought up to this version: ${later.join(', ')}`);
  // Two-factor secrets were encrypted with a key the archive does not hold: they cannot be read.
  const twoFactorReset = Number(
    (await database.db.updateTable('users').set(TWO_FACTOR_OFF).where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending', 'is not', null)])).executeTakeFirst())
      .numUpdatedRows,
  );
  progress(
    'keys are not kept in backups, so new ones are made: preview links, sign-ins half done and contact limits from before the backup end' +
      (twoFactorReset ? `; two-factor sign-in was turned off for ${twoFactorReset} account${twoFactorReset === 1 ? '' : 's'}: they sign in with their password and set it up again` : ''),
  );

  for (const [index, file] of manifest.files.entries()) {
    await storage.put(file.key, await archive.read(file.key));
    if ((index + 1) % 200 === 0) progress(`images: ${index + 1} of ${manifest.files.length} files`);
  }
  progress(`images: ${manifest.files.length} files`);
  if (manifest.documents.length && options.documents) {
    for (const file of manifest.documents) await options.documents.put(file.key, await archive.readDocument(file.key));
    progress(`client documents: ${manifest.documents.length} files (they open only with the document key they were written with: DOCUMENT_KEY, or DATA_DIR/keys/documents.key copied from the old server)`);
  }
  return { rows, files: manifest.files.length, documents: options.documents ? manifest.documents.length : 0, safetyBackup, twoFactorReset };
}

/** The migrations an archive may carry: those this version knows. */
export const openArchiveForRestore = (file: string, key?: string) => openArchive(file, KNOWN_MIGRATIONS, key);
