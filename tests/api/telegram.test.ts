import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { startApplication, type Application } from '../../server/start.ts';
import { createPostgresSchema, DIALECTS } from '../helpers/databases.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app.ts';

const BOT_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
const CHAT_ID = '-1001234567890';

/** A local stand-in for the Bot API's sendMessage: it keeps what it got and answers as told. */
async function startFakeTelegram() {
  const received: Array<{ chat_id: string; text: string }> = [];
  let mode: 'ok' | 'error' | 'garbage' = 'ok';
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url !== `/bot${BOT_TOKEN}/sendMessage`) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      if (mode === 'error') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 500, description: 'Internal Server Error' }));
        return;
      }
      if (mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
        return;
      }
      received.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: { message_id: received.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    set: (next: typeof mode) => {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)('new requests in the firm’s Telegram chat on %s', (dialect) => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let dataDir: string;
  let schema: { schema: string; drop: () => Promise<void> } | undefined;
  const running: Application[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      DEMO_CONTENT: 'false',
      PUBLIC_URL: 'https://lawfirm.test',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_CHAT_ID: CHAT_ID,
      TELEGRAM_API_URL: telegram.url,
      // Each request comes from its own visitor (X-Forwarded-For), below the contact limit.
      TRUST_PROXY: 'true',
      ...(schema ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...env,
    });
    const application = await startApplication(config, createLogger('silent'), { schema: schema?.schema, outboxCheckMs: 200 });
    await application.app.listen({ port: 0, host: '127.0.0.1' });
    running.push(application);
    return application;
  };
  const urlOf = (application: Application) => `http://127.0.0.1:${(application.app.server.address() as AddressInfo).port}`;
  let visitor = 0;
  const submit = (application: Application, name: string) =>
    fetch(`${urlOf(application)}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(visitor += 1)}` },
      body: JSON.stringify({ name, email: 'mijoz@example.uz', phone: '+998 90 123 45 67', subject: 'Shartnoma', message: 'Shartnomani ko‘rib chiqishingiz kerak' }),
    });
  const token = async (application: Application) =>
    (await (await fetch(`${urlOf(application)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json()).data.token as string;
  const textsFor = (name: string) => telegram.received.filter((message) => message.text.includes(name));

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-telegram-'));
    schema = dialect === 'postgres' ? await createPostgresSchema() : undefined;
  });
  afterAll(async () => {
    for (const application of running) await application.close();
    await telegram.close();
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a new request to the chat within seconds, with its details, once', async () => {
    const app = await start();
    expect((await submit(app, 'Dilnoza Karimova')).status).toBe(201);
    await expect.poll(() => textsFor('Dilnoza Karimova').length, { timeout: 10_000 }).toBe(1);
    const [message] = textsFor('Dilnoza Karimova');
    expect(message.chat_id).toBe(CHAT_ID);
    expect(message.text).toContain('Saytdan yangi murojaat');
    expect(message.text).toContain('mijoz@example.uz');
    expect(message.text).toContain('https://lawfirm.test/admin/contacts');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(textsFor('Dilnoza Karimova')).toHaveLength(1);
  });

  it('keeps a message while Telegram fails or answers garbage, retries with back-off, and delivers it once', async () => {
    const app = running[0];
    const { db } = app.services.database;
    telegram.set('error');
    expect((await submit(app, 'Bobur Aliyev')).status).toBe(201);
    await expect.poll(async () => Number((await db.selectFrom('outbox').select('attempts').where('status', '=', 'pending').executeTakeFirst())?.attempts ?? 0)).toBe(1);
    const row = await db.selectFrom('outbox').selectAll().where('status', '=', 'pending').executeTakeFirstOrThrow();
    // The first retry waits 5 s; the error is kept for the admin, without the bot token.
    expect(Date.parse(String(row.next_attempt_at)) - Date.now()).toBeGreaterThan(2000);
    expect(String(row.last_error)).toContain('HTTP 500');
    expect(String(row.last_error)).not.toContain(BOT_TOKEN);
    telegram.set('garbage');
    await db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    await expect.poll(async () => Number((await db.selectFrom('outbox').select('attempts').where('id', '=', row.id).executeTakeFirstOrThrow()).attempts)).toBe(2);
    expect(String((await db.selectFrom('outbox').select('last_error').where('id', '=', row.id).executeTakeFirstOrThrow()).last_error)).toContain('not JSON');
    expect(textsFor('Bobur Aliyev')).toHaveLength(0);
    telegram.set('ok');
    await db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    await expect.poll(() => textsFor('Bobur Aliyev').length).toBe(1);
    const state = (await (await fetch(`${urlOf(app)}/api/notifications/telegram`, { headers: { authorization: `Bearer ${await token(app)}` } })).json()).data;
    expect(state).toMatchObject({ configured: true, chat: '…7890', personalData: true, outbox: { pending: 0, failed: 0 } });
  });

  it('loses nothing and sends nothing twice across a restart', async () => {
    const app = running.shift()!;
    telegram.set('error');
    expect((await submit(app, 'Sardor Yusupov')).status).toBe(201);
    await app.close();
    telegram.set('ok');
    const again = await start();
    const { db } = again.services.database;
    await db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).where('status', '=', 'pending').execute();
    await expect.poll(() => textsFor('Sardor Yusupov').length, { timeout: 10_000 }).toBe(1);
    if (dialect === 'postgres') {
      // A second instance on the same database: each message still goes once.
      const second = await start();
      for (const name of ['Aziz 1', 'Aziz 2', 'Aziz 3']) expect((await submit(second, name)).status).toBe(201);
      await expect.poll(() => ['Aziz 1', 'Aziz 2', 'Aziz 3'].map((name) => textsFor(name).length), { timeout: 10_000 }).toEqual([1, 1, 1]);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(['Aziz 1', 'Aziz 2', 'Aziz 3'].map((name) => textsFor(name).length)).toEqual([1, 1, 1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(textsFor('Sardor Yusupov')).toHaveLength(1);
  });

  it('sends a test message from the admin, and says clearly when Telegram fails', async () => {
    const app = running[0];
    const headers = { authorization: `Bearer ${await token(app)}` };
    const before = telegram.received.length;
    const sent = await fetch(`${urlOf(app)}/api/notifications/telegram/test`, { method: 'POST', headers });
    expect(sent.status).toBe(200);
    expect(telegram.received.length).toBe(before + 1);
    expect(telegram.received.at(-1)!.text).toContain('Test message');
    telegram.set('error');
    const failed = await fetch(`${urlOf(app)}/api/notifications/telegram/test`, { method: 'POST', headers });
    expect(failed.status).toBe(503);
    const body = await failed.json();
    expect(body.error).toMatch(/Telegram refused the message \(HTTP 500\).*Check the bot token/);
    expect(JSON.stringify(body)).not.toContain(BOT_TOKEN);
    telegram.set('ok');
    expect((await fetch(`${urlOf(app)}/api/notifications/telegram/test`, { method: 'POST' })).status).toBe(401);
  });

  it('tells the person asked to review in their own chat with the bot, once they gave its id, in the site’s language', async () => {
    const app = running[0];
    const admin = { authorization: `Bearer ${await token(app)}`, 'content-type': 'application/json' };
    const call = (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
      fetch(`${urlOf(app)}/api${url}`, { method: init.method ?? 'GET', headers: init.headers ?? admin, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const email = `hamkor-${dialect}@example.uz`;
    expect((await call('/auth/users', { method: 'POST', body: { email, password: 'correct-horse-battery-3', role: 'approver', name: 'Hamkor' } })).status).toBe(201);
    const partner = (await (await fetch(`${urlOf(app)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct-horse-battery-3' }) })).json()).data.token as string;
    const mine = { authorization: `Bearer ${partner}`, 'content-type': 'application/json' };

    // A chat id is a number; anything else is refused and changes nothing.
    for (const chatId of ['@hamkor', '12 34', '1'.repeat(21), 42]) expect((await call('/auth/me/telegram', { method: 'PUT', headers: mine, body: { chatId } })).status).toBe(400);
    expect((await call('/auth/me/telegram', { method: 'PUT', headers: mine, body: { chatId: '5550001', other: 1 } })).status).toBe(400);
    expect((await call('/auth/me/telegram', { method: 'PUT', body: { chatId: '5550001' }, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    // Before the id is given, a test has nowhere to go.
    expect((await call('/auth/me/telegram/test', { method: 'POST', headers: { authorization: mine.authorization } })).status).toBe(400);
    const saved = await call('/auth/me/telegram', { method: 'PUT', headers: mine, body: { chatId: ' 5550001 ' } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.telegramChatId).toBe('5550001');
    expect((await call('/auth/me/telegram/test', { method: 'POST', headers: { authorization: mine.authorization } })).status).toBe(200);
    expect(telegram.received.at(-1)).toMatchObject({ chat_id: '5550001', text: expect.stringContaining(email) });

    const me = (await (await call('/auth/me', { headers: mine })).json()).data;
    const article = (await (await call('/news', { method: 'POST', body: { title: { uz: 'Soliq xabari' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).json()).data;
    expect((await call(`/news/${article._id}/review`, { method: 'POST', body: { action: 'submit', assignee: me._id, dueAt: '2099-01-05T18:00:00+05:00', comment: 'Bugun koʻrib chiqing' } })).status).toBe(200);
    const notice = () => telegram.received.filter((message) => message.chat_id === '5550001' && message.text.includes('Soliq xabari'));
    await expect.poll(() => notice().length, { timeout: 10_000 }).toBe(1);
    expect(notice()[0].text).toContain('sizdan «Soliq xabari» (yangilik) ni ko‘rib chiqishni so‘radi');
    expect(notice()[0].text).toContain('Muddat: 5-yanvar, 2099, 18:00');
    expect(notice()[0].text).toContain('Bugun koʻrib chiqing');
    expect(notice()[0].text).toContain(`https://lawfirm.test/admin/news/${article._id}/edit`);
    // The firm's chat is not told about it.
    expect(telegram.received.filter((message) => message.chat_id === CHAT_ID && message.text.includes('Soliq xabari'))).toHaveLength(0);

    // null stops the notices.
    expect((await call('/auth/me/telegram', { method: 'PUT', headers: mine, body: { chatId: null } })).status).toBe(200);
    await call(`/news/${article._id}/review`, { method: 'POST', headers: mine, body: { action: 'request_changes', comment: 'x' } });
    await call(`/news/${article._id}/review`, { method: 'POST', body: { action: 'submit', assignee: me._id } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(notice()).toHaveLength(1);
  });

  it('follows the firm’s switches: no Telegram at all, or no personal data in it', async () => {
    const app = running[0];
    const token = async () =>
      (await (await fetch(`${urlOf(app)}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) })).json()).data.token as string;
    const setPrivacy = async (privacy: Record<string, boolean>) => {
      const config = await app.services.siteConfig.get();
      await app.services.siteConfig.update({ ...config, version: undefined, privacy: { ...config.privacy, ...privacy } });
    };
    expect((await (await fetch(`${urlOf(app)}/api/notifications/telegram`, { headers: { authorization: `Bearer ${await token()}` } })).json()).data.email).toEqual({ configured: false });
    await setPrivacy({ telegramRequests: false });
    const before = telegram.received.length;
    expect((await submit(app, 'Jimjit Mijoz')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(telegram.received.length).toBe(before);
    await setPrivacy({ telegramRequests: true, telegramPersonalData: false });
    expect((await submit(app, 'Yashirin Mijoz')).status).toBe(201);
    await expect.poll(() => telegram.received.length, { timeout: 10_000 }).toBe(before + 1);
    expect(telegram.received.at(-1)!.text).not.toContain('Yashirin Mijoz');
    await setPrivacy({ telegramPersonalData: true });
  });

  it('forgets unsent messages about a person whose requests are erased', async () => {
    const app = running[0];
    const { db } = app.services.database;
    telegram.set('error');
    expect((await submit(app, 'Forgotten Person')).status).toBe(201);
    await expect.poll(async () => (await db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).length).toBeGreaterThan(0);
    const headers = { authorization: `Bearer ${await token(app)}` };
    const erased = await fetch(`${urlOf(app)}/api/contact/by-email?email=mijoz%40example.uz`, { method: 'DELETE', headers });
    expect(erased.status).toBe(200);
    const left = await db.selectFrom('outbox').select(['payload', 'about']).execute();
    expect(JSON.stringify(left)).not.toContain('Forgotten Person');
    expect(JSON.stringify(left)).not.toContain('mijoz@example.uz');
    telegram.set('ok');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(textsFor('Forgotten Person')).toHaveLength(0);
  });

  it('sends no personal data when TELEGRAM_PERSONAL_DATA=false', async () => {
    for (const application of running.splice(0)) await application.close();
    const app = await start({ TELEGRAM_PERSONAL_DATA: 'false' });
    const before = telegram.received.length;
    expect((await submit(app, 'Maxfiy Mijoz')).status).toBe(201);
    await expect.poll(() => telegram.received.length, { timeout: 10_000 }).toBe(before + 1);
    const text = telegram.received.at(-1)!.text;
    expect(text).toContain('Saytdan yangi murojaat');
    expect(text).not.toContain('Maxfiy Mijoz');
    expect(text).not.toContain('mijoz@example.uz');
    expect(text).not.toContain('+998');
  });
});

describe('Telegram settings', () => {
  it('needs the token and the chat id together, and never echoes the token', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN })).toThrow(/TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together/);
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token', TELEGRAM_CHAT_ID: CHAT_ID })).toThrow(/TELEGRAM_BOT_TOKEN must be a bot token/);
    try {
      loadConfig({ TELEGRAM_BOT_TOKEN: 'secret-value', TELEGRAM_CHAT_ID: CHAT_ID });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-value');
    }
  });
});
