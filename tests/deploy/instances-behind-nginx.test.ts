import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema } from '../helpers/databases.ts';
import { NGINX, request, startNginx } from '../helpers/nginx.ts';
import { exited, startServerProcess } from '../helpers/processes.ts';
import { startS3 } from '../helpers/s3.ts';

const METRICS_TOKEN = 'two-instances-metrics-token';
const ADMIN = { email: 'it@lawfirm.uz', password: 'deployment-password' };
type Instance = Awaited<ReturnType<typeof startServerProcess>>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The sum of a counter's samples whose labels include `labels`. */
async function counted(instance: Instance, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !NGINX)('two instances behind nginx (deploy/nginx/lexsite.conf) on one PostgreSQL database and an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let first: Instance;
  let second: Instance;
  let dropSchema: () => Promise<void>;
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const created = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(created);
    return created;
  };
  let backups: string;
  let token: string;
  const site = (pathname: string, options: Parameters<typeof request>[1] = {}) => request(nginx.httpsUrl + pathname, options);
  const withToken = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

  beforeAll(async () => {
    s3 = await startS3();
    const { schema, drop } = await createPostgresSchema();
    dropSchema = drop;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    backups = folder('lexsite-shared-backups-');
    const env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      PUBLIC_URL: 'https://lawfirm.uz',
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      BACKUP_DIR: backups,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CONTENT: 'true',
      // Clients' documents: one key for every instance.
      DOCUMENT_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    // Started together on a new database: migrations, the demo firm and the first backup must happen once.
    [first, second] = await Promise.all([startServerProcess({ ...env, DATA_DIR: folder('lexsite-one-') }), startServerProcess({ ...env, DATA_DIR: folder('lexsite-two-') })]);
    nginx = await startNginx([new URL(first.url).host, new URL(second.url).host]);
    const login = await site('/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    token = login.json().data.token;
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const instance of [first, second]) {
      if (!instance) continue;
      instance.child.kill('SIGTERM');
      await exited(instance.child);
    }
    await s3?.close();
    await dropSchema?.();
    for (const created of folders) fs.rmSync(created, { recursive: true, force: true });
  });

  it('checks with nginx -t, sends HTTP to HTTPS, and spreads requests over both instances', async () => {
    expect(nginx.checkOutput).toContain('test is successful');
    const plain = await request(`${nginx.httpUrl}/news?page=2`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://lawfirm.uz/news?page=2');
    const secure = await site('/api/health');
    expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
    const before = await Promise.all([first, second].map((instance) => counted(instance, 'lexsite_http_requests_total', { route: '/api/health' })));
    for (let n = 0; n < 10; n += 1) expect((await site('/api/health')).status).toBe(200);
    const after = await Promise.all([first, second].map((instance) => counted(instance, 'lexsite_http_requests_total', { route: '/api/health' })));
    expect(after[0] - before[0]).toBeGreaterThanOrEqual(3);
    expect(after[1] - before[1]).toBeGreaterThanOrEqual(3);
    expect(after[0] - before[0] + after[1] - before[1]).toBe(10);
  });

  it('set the new site up once although both instances started together, and wrote one backup', async () => {
    expect((await site('/api/languages')).json().data).toHaveLength(3);
    const news = (await site('/api/news?admin=true&limit=100', { headers: withToken() })).json().data as Array<{ slug: string }>;
    expect(news.length).toBeGreaterThan(0);
    expect(new Set(news.map((article) => article.slug)).size).toBe(news.length);
    expect((await site('/api/auth/users', { headers: withToken() })).json().data).toHaveLength(1);
    // Each instance looks at start; the one that takes the interval writes, the other skips.
    const runs = async (outcome: string) =>
      (await counted(first, 'lexsite_job_runs_total', { job: 'backup', outcome })) + (await counted(second, 'lexsite_job_runs_total', { job: 'backup', outcome }));
    await expect.poll(async () => [await runs('ok'), await runs('skipped')], { timeout: 60_000, interval: 500 }).toEqual([1, 1]);
    expect(await runs('failed')).toBe(0);
    expect(fs.readdirSync(backups)).toEqual([expect.stringMatching(/^lexsite-\d{8}-\d{6}Z\.tar\.gz$/)]);
  });

  it('serves an image uploaded through one instance from every instance, and nginx keeps it', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#14213d' } }).jpeg().toBuffer();
    const boundary = 'lexsite-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="Qabulxona.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await site('/api/upload/single', { body, headers: withToken({ 'content-type': `multipart/form-data; boundary=${boundary}` }) });
    expect(uploaded.status).toBe(201);
    const url: string = uploaded.json().data.images.large;
    const direct = await Promise.all([first, second].map(async (instance) => sha256(Buffer.from(await (await fetch(instance.url + url)).arrayBuffer()))));
    expect(direct[0]).toBe(direct[1]);
    const once = await site(url);
    expect(once.status).toBe(200);
    expect(sha256(once.body)).toBe(direct[0]);
    expect(once.headers['x-cache-status']).toBe('MISS');
    const twice = await site(url);
    expect(twice.headers['x-cache-status']).toBe('HIT');
    expect(sha256(twice.body)).toBe(direct[0]);
  });

  it('takes a client’s 72 MB of documents through nginx’s upload location, and both instances open them with the shared key', async () => {
    const created = await site('/api/contact', { from: '127.0.0.9', body: { kind: 'matter', name: 'Aziz', email: 'aziz@example.uz', company: 'Navoiy Kon', acknowledged: true } });
    expect(created.status).toBe(201);
    const id = created.json().data._id;
    const link = await site(`/api/contact/${id}/upload-link`, { body: {}, headers: withToken() });
    const tokenOfLink = String(link.json().data.url).split('/upload/')[1];
    const boundary = 'lexsite-documents';
    const files = [0, 1, 2].map((index) => Buffer.concat([Buffer.from(`%PDF-1.4\n% part ${index}\n`), Buffer.alloc(24 * 1024 * 1024, 32 + index)]));
    const body = Buffer.concat([
      ...files.flatMap((file, index) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="hujjat-${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from('\r\n')]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const sent = await site(`/ru/upload/${tokenOfLink}`, { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' } });
    expect(sent.status, sent.body.toString().slice(0, 300)).toBe(201);
    const listed = sent.json().data as Array<{ _id: string; size: number }>;
    expect(listed.map((file) => file.size)).toEqual(files.map((file) => file.length));
    for (const instance of [first, second]) {
      const download = await fetch(`${instance.url}/api/contact/${id}/files/${listed[2]._id}`, { headers: withToken() });
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(files[2]));
    }
  });

  it('counts the contact limit per visitor across both instances, from the address nginx saw', async () => {
    const send = (from: string, headers: Record<string, string> = {}) =>
      site('/api/contact', { from, headers, body: { name: 'Aziz Rahimov', email: 'aziz@example.uz', subject: 'Soliq', message: 'Maslahat kerak.' } });
    for (let n = 0; n < 5; n += 1) expect((await send('127.0.0.2')).status).toBe(201);
    const refused = await send('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A header the visitor makes up does not make another visitor: nginx replaces it.
    expect((await send('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await send('127.0.0.3')).status).toBe(201);
  });

  it('locks out wrong passwords across both instances', async () => {
    const created = await site('/api/auth/users', { headers: withToken(), body: { email: 'clerk@lawfirm.uz', name: 'Clerk', password: 'clerk-password-1', role: 'editor' } });
    expect(created.status).toBe(201);
    for (let n = 0; n < 5; n += 1) expect((await site('/api/auth/login', { from: '127.0.0.4', body: { email: 'clerk@lawfirm.uz', password: `wrong-${n}-password` } })).status).toBe(401);
    const locked = await site('/api/auth/login', { from: '127.0.0.5', body: { email: 'clerk@lawfirm.uz', password: 'clerk-password-1' } });
    expect(locked.status).toBe(429);
    for (const instance of [first, second]) {
      const direct = await fetch(`${instance.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'clerk@lawfirm.uz', password: 'clerk-password-1' }) });
      expect(direct.status).toBe(429);
    }
  });

  it('publishes a scheduled article once, and both instances show it', async () => {
    const slugs = async (instance: Instance) => ((await (await fetch(`${instance.url}/api/news?limit=100`)).json()).data as Array<{ slug: string }>).map((article) => article.slug);
    const created = await site('/api/news', {
      headers: withToken(),
      body: { title: { uz: 'Yangi qonun kuchga kirdi' }, excerpt: { uz: 'Qisqacha' }, content: { uz: 'Matn' }, category: { uz: 'Qonun' }, slug: 'scheduled-behind-nginx', publishAt: new Date(Date.now() + 3000).toISOString() },
    });
    expect(created.status).toBe(201);
    const id = created.json().data._id;
    // Both keep the list without it in their caches until the moment comes.
    for (const instance of [first, second]) expect(await slugs(instance)).not.toContain('scheduled-behind-nginx');
    for (const instance of [first, second]) await expect.poll(() => slugs(instance), { timeout: 30_000, interval: 500 }).toContain('scheduled-behind-nginx');
    const publishes = async () =>
      ((await site('/api/admin/activity?limit=100', { headers: withToken() })).json().data as Array<{ action: string; entityId: string }>).filter((entry) => entry.action === 'publish' && entry.entityId === id).length;
    await expect.poll(publishes, { timeout: 15_000 }).toBe(1);
    // Both instances have looked again since (every 10 s): still once.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await publishes()).toBe(1);
  }, 90_000);

  it('shows a save made through nginx on the next request to either instance', async () => {
    const read = async (instance: Instance) => (await (await fetch(`${instance.url}/api/site-config`)).json()).data.contactInfo.phone;
    await Promise.all([read(first), read(second)]);
    const config = (await site('/api/site-config')).json().data;
    const saved = await site('/api/site-config', { method: 'PUT', headers: withToken(), body: { ...config, contactInfo: { ...config.contactInfo, phone: '+998 71 777 00 11' } } });
    expect(saved.status).toBe(200);
    for (const instance of [first, second]) await expect.poll(() => read(instance), { timeout: 5000 }).toBe('+998 71 777 00 11');
  });

  it('keeps /metrics off the public address', async () => {
    expect((await site('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${first.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });

  it('answers no other host name: the connection closes, a TLS handshake for it is refused', async () => {
    for (const host of ['evil.example', '127.0.0.1', 'lawfirm.uz.evil.example']) {
      await expect(request(`${nginx.httpUrl}/partners`, { headers: { host } }), host).rejects.toThrow();
    }
    // Not a host name at all: nginx refuses it before any server block.
    for (const host of ['lawfirm.uz?', 'lawfirm.uz/ru/search?q=SITE+CLOSED&x=']) {
      const refused = await request(`${nginx.httpUrl}/partners`, { headers: { host } }).catch(() => undefined);
      expect(refused?.status ?? 400, host).toBe(400);
    }
    await expect(
      new Promise((resolve, reject) => {
        const socket = tls.connect({ host: '127.0.0.1', port: nginx.httpsPort, servername: 'evil.example', rejectUnauthorized: false }, () => resolve('handshake'));
        socket.on('error', reject);
      }),
    ).rejects.toThrow();
    // The site's own name still gets the site.
    expect((await site('/partners')).status).toBe(200);
  });
});
