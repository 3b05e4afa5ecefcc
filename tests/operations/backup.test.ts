import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { openArchive } from '../../server/operations/backup.ts';
import { openDatabase } from '../../db/connection.ts';
import { KNOWN_MIGRATIONS, migrateTo } from '../../db/migrate.ts';
import { createPostgresSchema, DIALECTS, type TestDialect } from '../helpers/databases.ts';
import { runScript } from '../helpers/processes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const temporaryFolder = (prefix: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
};

/** An empty place for a site: a data folder, and a schema of its own on PostgreSQL. */
async function emptyTarget(dialect: TestDialect): Promise<{ dataDir: string; env: Record<string, string>; existing: { dataDir: string; schema?: string } }> {
  const dataDir = temporaryFolder('lexsite-target-');
  if (dialect === 'sqlite') return { dataDir, env: { DATA_DIR: dataDir }, existing: { dataDir } };
  const { schema, drop } = await createPostgresSchema();
  cleanups.push(drop);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, existing: { dataDir, schema } };
}

/** The command-line environment of a running test app (its data folder and database). */
function envOf(app: TestApp): Record<string, string> {
  if (app.dialect === 'sqlite') return { DATA_DIR: app.dataDir };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${app.application.database.schema}`);
  return { DATA_DIR: app.dataDir, DATABASE_URL: url.toString() };
}

async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** Runs SQL straight on a site's database (SQLite file, or its PostgreSQL schema). */
async function foreignTable(dataDir: string, schema: string | undefined, statements: string): Promise<unknown[]> {
  if (!schema) {
    const database = new DatabaseSync(path.join(dataDir, 'lexsite.sqlite'));
    try {
      if (statements.startsWith('select')) return database.prepare(statements).all().map((row) => ({ ...row }));
      database.exec(statements);
      return [];
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const result = await client.query(statements);
    return Array.isArray(result) ? [] : result.rows;
  } finally {
    await client.end();
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const byId = (items: Array<{ _id: string }>) => [...items].sort((a, b) => a._id.localeCompare(b._id));

/** Everything an editor and a visitor can see of a site, through its API, with every image's bytes. */
async function siteThroughApi(app: TestApp) {
  const token = await app.login();
  const read = async (pathname: string) => {
    const response = await app.api(pathname, { token });
    expect(response.status, pathname).toBe(200);
    return response.body.data;
  };
  const records: Record<string, unknown> = {};
  for (const type of RECORD_TYPES) records[type.name] = byId(await read(`/api/${type.name}?admin=true&limit=100`));
  const media = (await read('/api/upload/list')).images as Array<{ path: string; images: Record<string, string> }>;
  const images: Record<string, string> = {};
  for (const image of media) {
    for (const url of Object.values(image.images)) {
      const response = await fetch(app.url + url);
      expect(response.status, url).toBe(200);
      images[url] = sha256(Buffer.from(await response.arrayBuffer()));
    }
  }
  return {
    records,
    siteConfig: await read('/api/site-config'),
    siteConfigVersions: await read('/api/site-config/versions'),
    languages: byId(await read('/api/languages?admin=true')),
    contacts: byId((await read('/api/contact?limit=100')) as Array<{ _id: string }>),
    users: byId(await read('/api/auth/users')),
    redirects: await read('/api/redirects'),
    media: [...media].sort((a, b) => a.path.localeCompare(b.path)),
    images,
  };
}

/** A site with some of everything: the demo firm, a new upload, a contact request, a changed configuration. */
async function busySite(dialect: TestDialect) {
  const app = await startTestApp(dialect, { demo: true });
  cleanups.push(() => app.close());
  const token = await app.login();
  const form = new FormData();
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a6d3b' } }).jpeg().toBuffer();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Ofis surati.jpg');
  const uploaded = await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(uploaded.status).toBe(201);
  const contact = await app.api('/api/contact', { body: { name: 'Dilnoza Karimova', email: 'dilnoza@example.uz', subject: 'Shartnoma', message: 'Salom! Shartnoma bo‘yicha maslahat kerak.' } });
  expect(contact.status).toBe(201);
  const config = (await app.api('/api/site-config')).body.data;
  const saved = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, contactInfo: { ...config.contactInfo, phone: '+998 71 555 44 33' } } });
  expect(saved.status).toBe(200);
  return app;
}

describe('backup and restore across databases', () => {
  const [first, second]: TestDialect[] = DIALECTS.includes('postgres') ? ['sqlite', 'postgres'] : ['sqlite', 'sqlite'];

  it(`moves a running site from ${first} to ${second} and back with every record, the configuration and every image byte-identical`, async () => {
    const source = await busySite(first);
    const before = await siteThroughApi(source);
    expect(Object.keys(before.images).length).toBeGreaterThan(12);

    // Taken while the site runs and answers requests.
    const folder = temporaryFolder('lexsite-backups-');
    const archive = path.join(folder, 'site.tar.gz');
    let reading = true;
    const readers = (async () => {
      while (reading) await fetch(`${source.url}/api/news?limit=5`);
    })();
    const backup = await runScript('scripts/backup.ts', [archive], envOf(source));
    reading = false;
    await readers;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backup written: .*site\.tar\.gz/);

    const target = await emptyTarget(second);
    const restored = await runScript('scripts/restore.ts', [archive], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const moved = await startTestApp(second, { existing: target.existing });
    cleanups.push(() => moved.close());
    expect(await siteThroughApi(moved)).toEqual(before);
    expect((await moved.api('/api/site-config')).body.data.contactInfo.phone).toBe('+998 71 555 44 33');

    // And back again, into a new place on the first database.
    const back = path.join(folder, 'back.tar.gz');
    expect((await runScript('scripts/backup.ts', [back], envOf(moved))).code).toBe(0);
    const home = await emptyTarget(first);
    const again = await runScript('scripts/restore.ts', [back], home.env);
    expect(again.stderr).toBe('');
    const returned = await startTestApp(first, { existing: home.existing });
    cleanups.push(() => returned.close());
    expect(await siteThroughApi(returned)).toEqual(before);
  });
});

describe.each(DIALECTS)('restoring on %s', (dialect) => {
  /** A small archive of a fresh site, made once per test. */
  async function smallArchive() {
    const app = await startTestApp(dialect);
    cleanups.push(() => app.close());
    const token = await app.login();
    await app.api('/api/stats', { token, body: { number: 250, label: { uz: 'Mijozlar', ru: 'Клиенты' } } });
    const file = path.join(temporaryFolder('lexsite-archive-'), 'small.tar.gz');
    expect((await runScript('scripts/backup.ts', [file], envOf(app))).code).toBe(0);
    return { app, file };
  }

  /** The archive unpacked, changed by `change`, and packed again as it was. */
  async function repacked(file: string, change: (folder: string) => void) {
    const folder = temporaryFolder('lexsite-repack-');
    await tar.extract({ file, cwd: folder });
    change(folder);
    const out = path.join(temporaryFolder('lexsite-repacked-'), 'changed.tar.gz');
    await tar.create({ gzip: true, file: out, cwd: folder }, fs.readdirSync(folder));
    return out;
  }

  /** Nothing written: no database file, or no table in the schema, and no uploads. */
  async function untouched(target: Awaited<ReturnType<typeof emptyTarget>>) {
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
    if (dialect === 'sqlite') expect(fs.existsSync(path.join(target.dataDir, 'lexsite.sqlite'))).toBe(false);
    else {
      const app = await startTestApp(dialect, { existing: target.existing });
      // Started on it: its own fresh start, with no record of the archive.
      expect((await app.api('/api/stats')).body.data).toEqual([]);
      await app.close();
    }
  }

  it('refuses a damaged archive before writing anything', async () => {
    const { file } = await smallArchive();
    const damaged = path.join(path.dirname(file), 'damaged.tar.gz');
    const bytes = fs.readFileSync(file);
    bytes.write('lexsite', Math.floor(bytes.length / 2));
    fs.writeFileSync(damaged, bytes);
    const target = await emptyTarget(dialect);
    const result = await runScript('scripts/restore.ts', [damaged], target.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The backup file is damaged|^The backup is damaged/);
    expect(result.stderr).toContain('Nothing was restored');
    await untouched(target);
  });

  it('refuses an archive whose rows do not match their checksum, and one with a newer schema', async () => {
    const { file } = await smallArchive();
    const edited = await repacked(file, (folder) => {
      const stats = path.join(folder, 'tables/stats.jsonl');
      fs.writeFileSync(stats, fs.readFileSync(stats, 'utf8').replace('250', '999'));
    });
    const target = await emptyTarget(dialect);
    const tampered = await runScript('scripts/restore.ts', [edited], target.env);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr.trim()).toBe('The backup is damaged: tables/stats.jsonl does not match its checksum. Nothing was restored; use another backup.');

    const newer = await repacked(file, (folder) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
      manifest.schema.migrations.push('999-from-the-future');
      manifest.productVersion = '9.0.0';
      fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
    });
    const refused = await runScript('scripts/restore.ts', [newer], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This backup has a newer database schema (999-from-the-future, version 9.0.0)');
    expect(refused.stderr).toContain('Upgrade the product first');
    await untouched(target);

    const notOurs = await repacked(file, (folder) => fs.rmSync(path.join(folder, 'manifest.json')));
    expect((await runScript('scripts/restore.ts', [notOurs], target.env)).stderr).toContain('is not a backup of this product');
  });

  it('keeps clients’ documents in the archive still encrypted, without their key, and restores them for a site given the same key', async () => {
    const key = randomBytes(32).toString('base64');
    const app = await startTestApp(dialect, { env: { DOCUMENT_KEY: key } });
    cleanups.push(() => app.close());
    const token = await app.login();
    const request = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true } });
    const id = request.body.data._id;
    const link = (await app.api(`/api/contact/${id}/upload-link`, { token, body: {} })).body.data.url as string;
    const secret = 'Kredit shartnomasi 7355608';
    const body = new FormData();
    body.append('files', new Blob([Buffer.from(`%PDF-1.4\n% ${secret}\n%%EOF\n`)]), 'kredit.pdf');
    expect((await fetch(`${app.url}/api/intake/upload/${link.split('/upload/')[1]}`, { method: 'POST', body })).status).toBe(201);

    const file = path.join(temporaryFolder('lexsite-archive-'), 'documents.tar.gz');
    const backup = await runScript('scripts/backup.ts', [file], { ...envOf(app), DOCUMENT_KEY: key });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain('1 client documents');
    const archive = await openArchive(file, KNOWN_MIGRATIONS);
    cleanups.push(() => archive.dispose());
    expect(archive.manifest.documents).toHaveLength(1);
    const stored = await archive.readDocument(archive.manifest.documents[0].key);
    expect(stored.includes(Buffer.from(secret))).toBe(false);
    const everything = fs.readdirSync(archive.directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)));
    for (const bytes of everything) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from(key))).toBe(false);
    }

    const target = await emptyTarget(dialect);
    const restored = await runScript('scripts/restore.ts', [file], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain('1 client documents');
    // Without the key, the file is listed but does not open, and the answer says what to do.
    const keyless = await startTestApp(dialect, { existing: target.existing });
    const newToken = await keyless.login();
    const [listed] = (await keyless.api(`/api/contact/${id}`, { token: newToken })).body.data.files;
    const refused = await fetch(`${keyless.url}/api/contact/${id}/files/${listed._id}`, { headers: { authorization: `Bearer ${newToken}` } });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toContain('DOCUMENT_KEY');
    await keyless.close();
    const moved = await startTestApp(dialect, { existing: target.existing, env: { DOCUMENT_KEY: key } });
    cleanups.push(() => moved.close());
    const movedToken = await moved.login();
    const download = await fetch(`${moved.url}/api/contact/${id}/files/${listed._id}`, { headers: { authorization: `Bearer ${movedToken}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toContain(secret);
  });

  it('refuses a site that holds data without --force, and with it keeps that data in a safety backup first', async () => {
    const { file } = await smallArchive();
    const other = await startTestApp(dialect);
    const token = await other.login();
    await other.api('/api/stats', { token, body: { number: 7, label: { uz: 'Yillar' } } });
    const env = envOf(other);
    const schema = other.application.database.schema;
    const running = await runScript('scripts/restore.ts', [file, '--force'], env);
    expect(running.code).toBe(1);
    expect(running.stderr).toContain('The site is still running on this database');
    expect(running.stderr).toContain('Stop every instance first');
    // Stopped (as the README says to), but its data stays until the test ends.
    await other.application.close();
    cleanups.push(() => fs.rmSync(other.dataDir, { recursive: true, force: true }));
    if (schema) cleanups.push(() => dropSchema(schema));

    const refused = await runScript('scripts/restore.ts', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Refusing to restore: the database has data (');
    expect(refused.stderr).toContain('add --force');

    // Another application's table in the same database stays as it is.
    await foreignTable(other.dataDir, schema, 'create table other_app_notes (note text); insert into other_app_notes values (\'keep me\')');
    const forced = await runScript('scripts/restore.ts', [file, '--force'], env);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await foreignTable(other.dataDir, schema, 'select note from other_app_notes')).toEqual([{ note: 'keep me' }]);
    const kept = /kept in (\S+\.tar\.gz)/.exec(forced.stdout)?.[1];
    expect(kept).toBeDefined();
    cleanups.push(() => fs.rmSync(kept!, { force: true }));
    const safety = await openArchive(kept!, KNOWN_MIGRATIONS);
    expect(fs.readFileSync(path.join(safety.directory, 'tables/stats.jsonl'), 'utf8')).toContain('"number":7');
    await safety.dispose();

    const restored = await startTestApp(dialect, { existing: { dataDir: other.dataDir, schema } });
    cleanups.push(() => restored.close());
    expect((await restored.api('/api/stats')).body.data.map((stat: { number: number }) => stat.number)).toEqual([250]);
  });

  it('restores an archive of an older schema into this version, bringing it up to date', async () => {
    // A site as the previous version left it: migrated up to the migration before the last one.
    const older = await emptyTarget(dialect);
    const database = openDatabase({ dataDir: older.dataDir, databaseUrl: older.env.DATABASE_URL });
    const previous = KNOWN_MIGRATIONS.at(-2)!;
    await migrateTo(database, previous);
    const now = new Date().toISOString();
    await database.db
      .insertInto('stats')
      .values({ id: '0123456789abcdef01234567', created_at: now, updated_at: now, version: 1, number: 42, suffix: '+', label: JSON.stringify({ uz: 'Eski sayt', ru: 'Старый сайт' }), icon: 'hash', category: 'general', is_active: true, order_index: 0 })
      .execute();
    await database.close();
    const file = path.join(temporaryFolder('lexsite-older-'), 'older.tar.gz');
    expect((await runScript('scripts/backup.ts', [file], older.env)).code).toBe(0);
    const archive = await openArchive(file, KNOWN_MIGRATIONS);
    expect(archive.manifest.schema.migrations.at(-1)).toBe(previous);
    await archive.dispose();

    const target = await emptyTarget(dialect);
    const restored = await runScript('scripts/restore.ts', [file], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain(`database brought up to this version: ${KNOWN_MIGRATIONS.at(-1)}`);
    const app = await startTestApp(dialect, { existing: target.existing });
    cleanups.push(() => app.close());
    expect((await app.api('/api/stats')).body.data).toEqual([expect.objectContaining({ _id: '0123456789abcdef01234567', number: 42, label: { uz: 'Eski sayt', ru: 'Старый сайт' } })]);
  });

  it('writes scheduled backups from the running server and keeps only the newest', async () => {
    const folder = temporaryFolder('lexsite-scheduled-');
    const app = await startTestApp(dialect, { env: { BACKUP_DIR: folder, BACKUP_KEEP: '2' }, backupIntervalMs: 1100 });
    cleanups.push(() => app.close());
    await expect.poll(() => fs.readdirSync(folder).filter((name) => name.endsWith('.tar.gz')).length, { timeout: 15_000, interval: 200 }).toBe(2);
    const first = fs.readdirSync(folder).sort();
    await expect.poll(() => fs.readdirSync(folder).sort()[1] !== first[1], { timeout: 15_000, interval: 200 }).toBe(true);
    const names = fs.readdirSync(folder).filter((name) => !name.endsWith('.partial'));
    expect(names.length).toBeLessThanOrEqual(2);
    for (const name of names) expect(name).toMatch(/^lexsite-\d{8}-\d{6}Z\.tar\.gz$/);
    const archive = await openArchive(path.join(folder, names.sort()[0]), KNOWN_MIGRATIONS);
    expect(archive.manifest.tables.find((table) => table.name === 'languages')?.rows).toBe(3);
    await archive.dispose();
  });

  it('writes archives readable by their owner only, in a folder of the owner’s, without the keys that sign and encrypt', async () => {
    const { app, file } = await smallArchive();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    // The keys exist in the site (the contact limit's, at least, once a request came), but not in the archive.
    expect((await app.api('/api/contact', { body: { name: 'Aziz', email: 'aziz@example.uz', subject: 'Soliq', message: 'Savol bor.' } })).status).toBe(201);
    expect((await app.services.database.db.selectFrom('app_secrets').select('name').execute()).length).toBeGreaterThan(0);
    const made = path.join(temporaryFolder('lexsite-made-'), 'new', 'folder', 'site.tar.gz');
    expect((await runScript('scripts/backup.ts', [made], envOf(app))).code).toBe(0);
    expect(fs.statSync(path.dirname(made)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(made).mode & 0o777).toBe(0o600);
    const archive = await openArchive(made, KNOWN_MIGRATIONS);
    expect(archive.manifest.tables.map((table) => table.name)).not.toContain('app_secrets');
    expect(fs.existsSync(path.join(archive.directory, 'tables/app_secrets.jsonl'))).toBe(false);
    await archive.dispose();
  });

  it('restores with new keys: a preview link from before no longer opens, and two-factor sign-in is set up again', async () => {
    const app = await startTestApp(dialect, { ssr: true });
    cleanups.push(() => app.close());
    const token = await app.login();
    const news = await app.api('/api/news', { token, body: { title: { uz: 'Qoralama' }, excerpt: { uz: 'Q' }, content: { uz: 'M' }, category: { uz: 'Soliq' }, isPublished: false } });
    const link = await app.api('/api/preview', { token, body: { type: 'news', id: news.body.data._id } });
    expect(link.status, link.text).toBe(201);
    const previewPath = link.body.data.path as string;
    expect((await fetch(app.url + previewPath)).status).toBe(200);
    // Two-factor sign-in on for the administrator: its secret is encrypted with a key of the site.
    await app.services.database.db.updateTable('users').set({ totp_secret: 'sealed-with-the-old-key', recovery_codes: '["x"]' }).execute();
    const file = path.join(temporaryFolder('lexsite-archive-'), 'keys.tar.gz');
    expect((await runScript('scripts/backup.ts', [file], envOf(app))).code).toBe(0);
    const target = await emptyTarget(dialect);
    const restored = await runScript('scripts/restore.ts', [file], target.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('keys are not kept in backups');
    expect(restored.stdout).toContain('two-factor sign-in was turned off for 1 account');
    const copy = await startTestApp(dialect, { ssr: true, existing: target.existing });
    try {
      expect((await copy.api(`/api/news/${news.body.data._id}?admin=true`, { token: await copy.login() })).status).toBe(200);
      expect((await fetch(copy.url + previewPath)).status).toBe(404);
    } finally {
      await copy.close();
    }
  });

  it('with BACKUP_KEY encrypts the archive, restores it with the key, and writes nothing for another key, a changed byte or a plain archive', async () => {
    const { app } = await smallArchive();
    const key = 'a-long-backup-key-kept-elsewhere';
    const file = path.join(temporaryFolder('lexsite-archive-'), 'sealed.tar.gz');
    expect((await runScript('scripts/backup.ts', [file], { ...envOf(app), BACKUP_KEY: key })).code).toBe(0);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 8).toString()).toBe('LEXBAK1\n');
    expect(bytes.includes(Buffer.from('Mijozlar'))).toBe(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = await emptyTarget(dialect);
    const noKey = await runScript('scripts/restore.ts', [file], target.env);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('This backup is encrypted: set BACKUP_KEY');
    const wrong = await runScript('scripts/restore.ts', [file], { ...target.env, BACKUP_KEY: 'another-key-of-sixteen' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('does not pass its check with this BACKUP_KEY');
    for (const at of [20, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const changed = Buffer.from(bytes);
      changed[at] ^= 1;
      const tampered = path.join(path.dirname(file), `changed-${at}.tar.gz`);
      fs.writeFileSync(tampered, changed);
      const refused = await runScript('scripts/restore.ts', [tampered], { ...target.env, BACKUP_KEY: key });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Nothing was restored');
    }
    const plain = path.join(path.dirname(file), 'plain.tar.gz');
    expect((await runScript('scripts/backup.ts', [plain], envOf(app))).code).toBe(0);
    expect((await runScript('scripts/restore.ts', [plain], { ...target.env, BACKUP_KEY: key })).stderr).toContain('This backup is not encrypted');
    await untouched(target);

    const fresh = await emptyTarget(dialect);
    const restored = await runScript('scripts/restore.ts', [file], { ...fresh.env, BACKUP_KEY: key });
    expect(restored.code, restored.stderr).toBe(0);
    const copy = await startTestApp(dialect, { existing: fresh.existing });
    try {
      expect((await copy.api('/api/stats')).body.data.map((stat: { label: { uz: string } }) => stat.label.uz)).toEqual(['Mijozlar']);
    } finally {
      await copy.close();
    }
  });

  it('writes scheduled archives 0600 in a 0700 folder, encrypted with BACKUP_KEY', async () => {
    const folder = temporaryFolder('lexsite-scheduled-');
    fs.chmodSync(folder, 0o755);
    const app = await startTestApp(dialect, { env: { BACKUP_DIR: folder, BACKUP_KEY: 'a-long-backup-key-kept-elsewhere' }, backupIntervalMs: 1100 });
    cleanups.push(() => app.close());
    await expect.poll(() => fs.readdirSync(folder).filter((name) => name.endsWith('.tar.gz')).length, { timeout: 15_000, interval: 200 }).toBeGreaterThan(0);
    const [name] = fs.readdirSync(folder).filter((entry) => entry.endsWith('.tar.gz'));
    expect(fs.statSync(path.join(folder, name)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(path.join(folder, name)).subarray(0, 8).toString()).toBe('LEXBAK1\n');
  });
});
