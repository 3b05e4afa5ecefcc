import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_MIGRATIONS } from '../../db/migrate.ts';
import { createBackup, openArchive } from '../../server/operations/backup.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { freePort } from '../helpers/processes.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The mail queue and the backups never hold a link that opens something (a password reset, a
 * subscriber's confirmation): its token is kept apart while the message waits, put in as it is
 * sent, then blanked; a backup leaves it out even while the message waits.
 */

/** Every row of the outbox as the database holds it, every column, as text. */
async function outboxRows(app: TestApp): Promise<string> {
  return JSON.stringify(await app.services.database.db.selectFrom('outbox').selectAll().execute());
}

/** Everything a backup of the site holds, every file of the archive, as text. */
async function backupText(app: TestApp): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-mail-backup-'));
  try {
    const file = path.join(folder, 'site.tar.gz');
    await createBackup({ database: app.services.database, storage: app.services.storage, file });
    const archive = await openArchive(file, KNOWN_MIGRATIONS);
    try {
      const files = fs.readdirSync(archive.directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.some((entry) => entry.name === 'outbox.jsonl')).toBe(true);
      return files.map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).join('\n');
    } finally {
      await archive.dispose();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)('links in the mail queue on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const email = `secretary-${dialect}@example.uz`;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
    const admin = await app.login();
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: 'the-first-password', role: 'editor' } })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('keeps no password-reset or confirmation token after sending, in the rows or a backup; the received links work', async () => {
    expect((await app.api('/api/auth/password-reset', { body: { email } })).status).toBe(202);
    const topic = (await app.api('/api/services?limit=1')).body.data[0]._id;
    expect((await app.api('/api/subscriptions', { body: { email: 'reader@client.uz', language: 'ru', topics: [topic], consent: true } })).status).toBe(202);
    await expect.poll(() => smtp.to(email).length + smtp.to('reader@client.uz').length, { timeout: 10_000 }).toBe(2);
    const token = /\/admin\/reset\/([A-Za-z0-9_-]{43})/.exec(smtp.to(email)[0].body)![1];
    const confirm = /https:\/\/lawfirm\.test(\/ru\/subscribe\/confirm\/([A-Za-z0-9._-]+))/.exec(smtp.to('reader@client.uz')[0].body)!;
    // Both sent (kept a few minutes for the mail rate), their tokens nowhere.
    await expect.poll(async () => (await app.services.database.db.selectFrom('outbox').select('status').where('status', '=', 'pending').execute()).length, { timeout: 5000 }).toBe(0);
    const rows = await outboxRows(app);
    expect(rows).toContain('reader@client.uz');
    expect(rows).not.toContain(token);
    expect(rows).not.toContain(confirm[2]);
    const archived = await backupText(app);
    expect(archived).not.toContain(token);
    expect(archived).not.toContain(confirm[2]);
    // What the people received works.
    expect((await app.api('/api/auth/password-reset/complete', { body: { token, password: 'a-brand-new-password' } })).status).toBe(200);
    expect(await app.login(email, 'a-brand-new-password')).toBeTruthy();
    const pressed = await fetch(app.url + confirm[1], { method: 'POST', body: new URLSearchParams() });
    expect(pressed.status).toBe(200);
    expect((await app.services.subscriptions.byEmail('reader@client.uz'))[0].state).toBe('confirmed');
  });
});

describe.each(DIALECTS)('a backup while a link waits to be sent on %s', (dialect) => {
  let app: TestApp;
  const email = `waiting-${dialect}@example.uz`;

  beforeAll(async () => {
    // A mail server that does not answer: the message waits in the queue, retried.
    app = await startTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    const admin = await app.login();
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: 'the-first-password', role: 'editor' } })).status).toBe(201);
  });
  afterAll(() => app?.close());

  it('holds the token apart from the message, and the backup holds neither the token nor a way to send it', async () => {
    expect((await app.api('/api/auth/password-reset', { body: { email } })).status).toBe(202);
    const { db } = app.services.database;
    await expect.poll(async () => Number((await db.selectFrom('outbox').select('attempts').where('channel', '=', 'mail-first').executeTakeFirst())?.attempts ?? 0), { timeout: 10_000 }).toBeGreaterThan(0);
    const row = await db.selectFrom('outbox').selectAll().where('channel', '=', 'mail-first').executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const [token] = JSON.parse(String(row.secrets)) as string[];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token works (it is the real one), and the message itself does not hold it.
    const payload = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
    expect(payload).toContain(email);
    expect(payload).not.toContain(token);
    const archived = await backupText(app);
    expect(archived).toContain(email);
    expect(archived).not.toContain(token);
    expect((await app.api('/api/auth/password-reset/complete', { body: { token, password: 'a-brand-new-password' } })).status).toBe(200);
  });
});
