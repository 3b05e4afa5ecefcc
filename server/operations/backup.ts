import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { MediaStorage } from '../../domain/media/media-storage.ts';
import { APP_VERSION } from '../version.ts';
import { decryptArchive, encryptArchive, isEncryptedArchive } from './archive-crypto.ts';

/*
 * One archive format for both databases: a gzip'd tar holding
 *   manifest.json           format, product and schema version, row counts, SHA-256 of every file
 *   tables/<table>.jsonl    one JSON object per row: text and numbers as they are, booleans as
 *                           true/false, JSON columns as their JSON text (so SQLite's text and
 *                           PostgreSQL's jsonb read the same)
 *   uploads/<key>           every size of every image in the media library
 *   documents/<key>         clients' documents, still encrypted (the key is not in the archive)
 * so that a backup of SQLite restores into PostgreSQL and the reverse. See docs/operations.md.
 */

const FORMAT = 'lexsite-backup';
/**
 * Never archived: the keys that sign and encrypt (preview links, sign-in steps, two-factor
 * secrets, the contact limit). A restored site makes new ones; see restore.ts for what that ends.
 */
export const NOT_ARCHIVED: ReadonlySet<string> = new Set(['app_secrets']);
/**
 * Columns archived empty: the secret parts of the links in messages waiting in the mail queue (a
 * password reset, a client's upload link; domain/notifications/outbox.ts). A restored message that
 * still waits is given up, not sent without its link: the person asks for a new one.
 */
const BLANKED_COLUMNS: Readonly<Record<string, readonly string[]>> = { outbox: ['secrets'] };
const FORMAT_VERSION = 1;
const ROWS_PER_READ = 1000;

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  productVersion: z.string(),
  createdAt: z.string(),
  source: z.object({ dialect: z.enum(['sqlite', 'postgres']) }),
  schema: z.object({ migrations: z.array(z.string()) }),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int().min(0), file: z.string(), bytes: z.number().int().min(0), sha256: z.string() })),
  files: z.array(z.object({ key: z.string(), size: z.number().int().min(0), sha256: z.string() })),
  /** Clients' documents as stored: encrypted with the document key, which no backup holds (absent in older archives). */
  documents: z.array(z.object({ key: z.string(), size: z.number().int().min(0), sha256: z.string() })).default([]),
  missingFiles: z.array(z.string()).default([]),
});
type BackupManifest = z.infer<typeof ManifestSchema>;

/** Refusals that say what is wrong and what to do; the command line prints them as they are. */
export class BackupError extends Error {}

type Row = Record<string, unknown>;
type Progress = (line: string) => void;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A file's SHA-256 and size, and its lines (one per row in a table file), in one read. */
async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number; lines: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { sha256: hash.digest('hex'), bytes, lines };
}

/** Values as the archive keeps them, whatever the database returned. */
function portable(value: unknown, kind: 'boolean' | 'json' | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'boolean') return value === true || value === 1 || value === '1' || value === 't';
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** A read of the whole database as of one moment, whatever is written meanwhile. */
interface Snapshot {
  migrations: string[];
  tables: string[];
  rows(table: string): AsyncIterable<Row[]>;
  close(): Promise<void>;
}

const isOwnTable = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');

/** SQLite in WAL mode: a read transaction on a connection of our own sees one moment and blocks no writer. */
async function sqliteSnapshot(file: string): Promise<Snapshot> {
  // Not opened read-only: a WAL database closed cleanly has no -shm file, which a read-only connection needs.
  const connection = new DatabaseSync(file, { timeout: 5000 });
  connection.exec('BEGIN');
  const names = (connection.prepare(`select name from pragma_table_list where schema = 'main' and type = 'table' order by name`).all() as Array<{ name: string }>).map((row) => row.name);
  const migrations = names.includes('kysely_migration')
    ? (connection.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((row) => row.name)
    : [];
  return {
    migrations,
    tables: names.filter(isOwnTable),
    async *rows(table) {
      const kinds = new Map(
        (connection.prepare(`pragma table_info("${table}")`).all() as Array<{ name: string; type: string }>)
          .filter((column) => /^bool/i.test(column.type))
          .map((column) => [column.name, 'boolean' as const]),
      );
      let batch: Row[] = [];
      for (const row of connection.prepare(`select * from "${table}"`).iterate() as Iterable<Row>) {
        batch.push(Object.fromEntries(Object.entries(row).map(([name, value]) => [name, portable(value, kinds.get(name))])));
        if (batch.length === ROWS_PER_READ) {
          yield batch;
          batch = [];
          // Other work of a running server goes on between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (batch.length) yield batch;
    },
    async close() {
      connection.exec('COMMIT');
      connection.close();
    },
  };
}

/** PostgreSQL: one repeatable-read, read-only transaction; rows come through a cursor in batches. */
async function postgresSnapshot(config: pg.ClientConfig): Promise<Snapshot> {
  const client = new pg.Client({ ...config, application_name: 'lexsite-backup' });
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows: tableRows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tableRows.map((row) => row.name);
  const migrations = names.includes('kysely_migration') ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name) : [];
  let cursors = 0;
  return {
    migrations,
    tables: names.filter(isOwnTable),
    async *rows(table) {
      const { rows: columns } = await client.query<{ name: string; type: string }>(
        `select column_name as name, data_type as type from information_schema.columns where table_schema = current_schema() and table_name = $1`,
        [table],
      );
      const kinds = new Map<string, 'boolean' | 'json'>();
      for (const column of columns) {
        if (column.type === 'boolean') kinds.set(column.name, 'boolean');
        else if (/^json/.test(column.type)) kinds.set(column.name, 'json');
      }
      const cursor = `backup_${(cursors += 1)}`;
      await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT * FROM "${table}"`);
      for (;;) {
        const { rows } = await client.query<Row>(`FETCH ${ROWS_PER_READ} FROM ${cursor}`);
        if (!rows.length) break;
        yield rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, portable(value, kinds.get(name))])));
      }
      await client.query(`CLOSE ${cursor}`);
    },
    async close() {
      await client.query('COMMIT').catch(() => {});
      await client.end();
    },
  };
}

function openSnapshot(database: Database): Promise<Snapshot> {
  return database.location.dialect === 'sqlite' ? sqliteSnapshot(database.location.file) : postgresSnapshot(database.location.client);
}

const UPLOAD_URL = /^\/uploads\/(.+)$/;

/** The document store's keys of the clients' documents as of the snapshot. */
async function storedDocuments(snapshot: Snapshot): Promise<string[]> {
  if (!snapshot.tables.includes('intake_files')) return [];
  const keys: string[] = [];
  for await (const batch of snapshot.rows('intake_files')) for (const row of batch) keys.push(String(row.storage_key));
  return keys.sort();
}

/** The stored files of the media library as of the snapshot: every size of every upload. */
async function mediaKeys(snapshot: Snapshot): Promise<string[]> {
  if (!snapshot.tables.includes('media')) return [];
  const keys = new Set<string>();
  for await (const batch of snapshot.rows('media')) {
    for (const row of batch) {
      const images = typeof row.images === 'string' ? (JSON.parse(row.images) as Record<string, string>) : {};
      for (const url of Object.values(images)) {
        const key = UPLOAD_URL.exec(url)?.[1];
        if (key) keys.add(key);
      }
    }
  }
  return [...keys].sort();
}

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: number;
  tables: number;
  files: number;
  documents: number;
  missingFiles: string[];
}

/**
 * Writes one archive of the whole site: every table as of one moment and every image file. The
 * archive appears under its name only when complete (written beside it first, then renamed).
 */
export async function createBackup(options: { database: Database; storage: MediaStorage; documents?: MediaStorage; file: string; progress?: Progress; key?: string }): Promise<BackupSummary> {
  const { database, storage, progress = () => {} } = options;
  let documentKeys: string[] = [];
  const target = path.resolve(options.file);
  // A folder made for backups is the owner's alone (0700); every archive is 0600 (written below).
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'lexsite-backup-'));
  try {
    const snapshot = await openSnapshot(database);
    const tables: BackupManifest['tables'] = [];
    let keys: string[];
    try {
      await fs.mkdir(path.join(staging, 'tables'));
      for (const name of snapshot.tables) {
        if (NOT_ARCHIVED.has(name)) continue;
        const file = `tables/${name}.jsonl`;
        const out = createWriteStream(path.join(staging, file));
        let rows = 0;
        const blanked = Object.fromEntries((BLANKED_COLUMNS[name] ?? []).map((column) => [column, null]));
        for await (const batch of snapshot.rows(name)) {
          const text = batch.map((row) => JSON.stringify({ ...row, ...blanked })).join('\n') + '\n';
          rows += batch.length;
          if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        const { sha256: digest, bytes } = await sha256OfFile(path.join(staging, file));
        tables.push({ name, rows, file, sha256: digest, bytes });
      }
      keys = await mediaKeys(snapshot);
      documentKeys = await storedDocuments(snapshot);
    } finally {
      await snapshot.close();
    }
    const rowCount = tables.reduce((sum, table) => sum + table.rows, 0);
    progress(`tables: ${tables.length} (${rowCount} rows)`);

    const files: BackupManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const [index, key] of keys.entries()) {
      const data = await storage.read(key);
      // Deleted after the snapshot was taken (or lost before): the archive says so.
      if (!data) {
        missingFiles.push(key);
        continue;
      }
      const file = path.join(staging, 'uploads', key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      files.push({ key, size: data.length, sha256: sha256(data) });
      if ((index + 1) % 200 === 0) progress(`images: ${index + 1} of ${keys.length} files`);
    }
    progress(`images: ${files.length} files (${(files.reduce((sum, file) => sum + file.size, 0) / 1e6).toFixed(1)} MB)`);
    if (missingFiles.length) progress(`warning: ${missingFiles.length} image files named in the media library were not in the store (listed in the manifest)`);

    const documents: BackupManifest['documents'] = [];
    if (options.documents) {
      for (const key of documentKeys) {
        const data = await options.documents.read(key);
        if (!data) {
          missingFiles.push(`documents/${key}`);
          continue;
        }
        const file = path.join(staging, 'documents', key);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, data);
        documents.push({ key, size: data.length, sha256: sha256(data) });
      }
      if (documentKeys.length) progress(`client documents: ${documents.length} files, kept encrypted (they open only with the same document key)`);
    }

    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      productVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      source: { dialect: database.dialect },
      schema: { migrations: snapshot.migrations },
      tables,
      files,
      documents,
      missingFiles,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));

    const partial = `${target}.partial`;
    const entries = ['manifest.json', 'tables', ...(files.length ? ['uploads'] : []), ...(documents.length ? ['documents'] : [])];
    // Made empty and 0600 first: tar writes into it, so the archive is never readable by others.
    await fs.writeFile(partial, '', { mode: 0o600 });
    await fs.chmod(partial, 0o600);
    if (options.key) {
      const plain = path.join(staging, 'archive.tar.gz');
      await tar.create({ gzip: { level: 6 }, file: plain, cwd: staging, portable: true }, entries);
      await encryptArchive(plain, partial, options.key);
    } else {
      await tar.create({ gzip: { level: 6 }, file: partial, cwd: staging, portable: true }, entries);
    }
    await fs.rename(partial, target);
    const bytes = (await fs.stat(target)).size;
    return { file: target, bytes, rows: rowCount, tables: tables.length, files: files.length, documents: documents.length, missingFiles };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** An archive unpacked and checked: nothing of it has been written anywhere yet. */
export interface VerifiedArchive {
  manifest: BackupManifest;
  directory: string;
  /** Rows of one table, a batch at a time. */
  rows(table: BackupManifest['tables'][number]): AsyncIterable<Row[]>;
  read(key: string): Promise<Buffer>;
  /** A client's document, as stored (encrypted). */
  readDocument(key: string): Promise<Buffer>;
  dispose(): Promise<void>;
}

/**
 * Unpacks an archive into a folder of its own and checks everything before anyone writes: the
 * manifest, the schema against the migrations this version knows, and the SHA-256 and size of every file.
 */
export async function openArchive(file: string, knownMigrations: readonly string[], key?: string): Promise<VerifiedArchive> {
  let source = path.resolve(file);
  const stat = await fs.stat(source).catch(() => undefined);
  if (!stat?.isFile()) throw new BackupError(`No backup file at ${source}.`);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lexsite-restore-'));
  const unpacked = path.join(directory, 'archive');
  const dispose = () => fs.rm(directory, { recursive: true, force: true });
  try {
    const encrypted = await isEncryptedArchive(source);
    if (encrypted && !key) throw new BackupError('This backup is encrypted: set BACKUP_KEY to the key it was written with, then restore again. Nothing was restored.');
    if (!encrypted && key) {
      throw new BackupError('This backup is not encrypted, so BACKUP_KEY cannot check that it is unchanged. Unset BACKUP_KEY to restore it anyway. Nothing was restored.');
    }
    if (encrypted && key) {
      const plain = path.join(directory, 'archive.tar.gz');
      if (!(await decryptArchive(source, plain, key))) {
        throw new BackupError('This backup does not pass its check with this BACKUP_KEY: the key is another one, or the file was changed. Nothing was restored.');
      }
      source = plain;
    }
    await fs.mkdir(unpacked);
    try {
      await pipeline(createReadStream(source), tar.extract({ cwd: unpacked, strict: true, preservePaths: false }));
    } catch (error) {
      throw new BackupError(`The backup file is damaged and cannot be read (${(error as Error).message}). Nothing was restored; use another backup.`);
    }
    let manifest: BackupManifest;
    try {
      manifest = ManifestSchema.parse(JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')));
    } catch {
      throw new BackupError('This file is not a backup of this product (its manifest.json is missing or unreadable). Nothing was restored.');
    }
    if (manifest.formatVersion > FORMAT_VERSION) {
      throw new BackupError(`This backup was written in a newer format (${manifest.formatVersion}) by version ${manifest.productVersion}. Upgrade the product first, then restore.`);
    }
    const migrations = manifest.schema.migrations;
    const unknown = migrations.filter((name) => !knownMigrations.includes(name));
    if (unknown.length || migrations.some((name, index) => knownMigrations[index] !== name)) {
      throw new BackupError(
        `This backup has a newer database schema (${unknown[0] ?? migrations.at(-1)}, version ${manifest.productVersion}) than this version of the product knows. Upgrade the product first, then restore.`,
      );
    }
    if (!migrations.length) throw new BackupError('This backup holds no database schema. Nothing was restored.');

    const expected = new Set(['manifest.json']);
    for (const table of manifest.tables) {
      if (table.file !== `tables/${table.name}.jsonl`) throw new BackupError(`The backup's manifest names an unexpected file (${table.file}). Nothing was restored.`);
      expected.add(table.file);
      const actual = await sha256OfFile(path.join(unpacked, table.file)).catch(() => undefined);
      if (!actual || actual.sha256 !== table.sha256 || actual.bytes !== table.bytes) {
        throw new BackupError(`The backup is damaged: ${table.file} does not match its checksum. Nothing was restored; use another backup.`);
      }
      if (actual.lines !== table.rows) throw new BackupError(`The backup is damaged: ${table.file} has ${actual.lines} rows, its manifest says ${table.rows}. Nothing was restored.`);
    }
    for (const entry of manifest.files) {
      const file = path.join(unpacked, 'uploads', entry.key);
      if (!file.startsWith(path.join(unpacked, 'uploads') + path.sep)) throw new BackupError(`The backup names a file outside its uploads (${entry.key}). Nothing was restored.`);
      expected.add(`uploads/${entry.key}`);
      const actual = await sha256OfFile(file).catch(() => undefined);
      if (!actual || actual.sha256 !== entry.sha256 || actual.bytes !== entry.size) {
        throw new BackupError(`The backup is damaged: uploads/${entry.key} does not match its checksum. Nothing was restored; use another backup.`);
      }
    }
    for (const entry of manifest.documents) {
      const file = path.join(unpacked, 'documents', entry.key);
      if (!file.startsWith(path.join(unpacked, 'documents') + path.sep)) throw new BackupError(`The backup names a file outside its documents (${entry.key}). Nothing was restored.`);
      expected.add(`documents/${entry.key}`);
      const actual = await sha256OfFile(file).catch(() => undefined);
      if (!actual || actual.sha256 !== entry.sha256 || actual.bytes !== entry.size) {
        throw new BackupError(`The backup is damaged: documents/${entry.key} does not match its checksum. Nothing was restored; use another backup.`);
      }
    }
    for (const found of await fs.readdir(unpacked, { recursive: true, withFileTypes: true })) {
      if (!found.isFile()) continue;
      const relative = path.relative(unpacked, path.join(found.parentPath, found.name)).split(path.sep).join('/');
      if (!expected.has(relative)) throw new BackupError(`The backup holds a file its manifest does not list (${relative}). Nothing was restored.`);
    }
    return {
      manifest,
      directory: unpacked,
      async *rows(table) {
        let batch: Row[] = [];
        const text = await fs.readFile(path.join(unpacked, table.file), 'utf8');
        for (const line of text.split('\n')) {
          if (!line) continue;
          batch.push(JSON.parse(line) as Row);
          if (batch.length === ROWS_PER_READ) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      },
      read: (name) => fs.readFile(path.join(unpacked, 'uploads', name)),
      readDocument: (name) => fs.readFile(path.join(unpacked, 'documents', name)),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
