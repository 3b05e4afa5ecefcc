import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#1d4e89' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Hidden Artist' } })
    .toBuffer();
}

describe.each(DIALECTS)('uploads on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const upload = async (files: Array<{ name: string; data: Buffer; type?: string }>, field = 'image', route = 'single', auth = true) => {
    const form = new FormData();
    for (const file of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.name);
    const response = await fetch(`${app.url}/api/upload/${route}`, { method: 'POST', body: form, headers: auth ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, body: await response.json() };
  };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app.close());

  it('re-encodes an image into large, medium, thumbnail WebP and a 1200×630 JPEG, without its metadata', async () => {
    const original = await photoWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload([{ name: 'Office Photo.JPG', data: original }]);
    expect(response.status).toBe(201);
    const data = response.body.data;
    expect(data).toMatchObject({ filename: 'Office Photo.JPG', size: original.length, width: 1600, height: 1067 });
    expect(data.images.large).toMatch(/^\/uploads\/\d{4}\/\d{2}\/office-photo-[0-9a-f]{10}-large\.webp$/);
    const expectations: Record<string, { format: string; width: number; height: number }> = {
      large: { format: 'webp', width: 1600, height: 1067 },
      medium: { format: 'webp', width: 800, height: 533 },
      thumbnail: { format: 'webp', width: 400, height: 267 },
      og: { format: 'jpeg', width: 1200, height: 630 },
    };
    for (const [size, expected] of Object.entries(expectations)) {
      const file = await fetch(app.url + data.images[size]);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toContain('immutable');
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(metadata).toMatchObject(expected);
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('recognises the type by content: a renamed text file is refused with 415', async () => {
    const response = await upload([{ name: 'contract.jpg', data: Buffer.from('this is not an image at all'), type: 'image/jpeg' }]);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, error: 'Invalid file type. Accepted types: jpeg, jpg, png, gif, webp', code: 'UNSUPPORTED_MEDIA_TYPE' });
    const svg = await upload([{ name: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), type: 'image/png' }]);
    expect(svg.status).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const response = await upload([{ name: 'huge.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 100, 1) }]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, error: 'File size must be less than 5MB', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('needs a token for every upload call', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload([{ name: 'a.png', data: png }], 'image', 'single', false)).status).toBe(401);
    expect((await app.api('/api/upload/list')).status).toBe(401);
    expect((await app.api('/api/upload/delete', { method: 'DELETE', body: { imagePath: 'x' } })).status).toBe(401);
  });

  it('uploads several at once, lists them newest first, gives info and deletes every size', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#c8962e80' } }).png().toBuffer();
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).gif().toBuffer();
    const many = await upload([{ name: 'one.png', data: png, type: 'image/png' }, { name: 'two.gif', data: gif, type: 'image/gif' }, { name: 'one.png', data: png, type: 'image/png' }], 'images', 'multiple');
    expect(many.status).toBe(201);
    expect(many.body.data).toHaveLength(3);
    const names = many.body.data.map((item: { images: { large: string } }) => item.images.large);
    expect(new Set(names).size).toBe(3);
    const list = await app.api('/api/upload/list', { token });
    expect(list.body.data.total).toBeGreaterThanOrEqual(3);
    expect(list.body.data.images[0]).toMatchObject({ url: expect.stringMatching(/-large\.webp$/), filename: expect.any(String), size: expect.any(Number), uploadedAt: expect.any(String), path: expect.any(String) });

    const target = many.body.data[1];
    const info = await app.api(`/api/upload/info/${target.path}`, { token });
    expect(info.body.data).toMatchObject({ filename: 'two.gif', width: 50, height: 50 });
    const viaUrl = await app.api(`/api/upload/info/${encodeURIComponent(target.images.medium)}`, { token });
    expect(viaUrl.body.data.path).toBe(target.path);

    const deleted = await app.api('/api/upload/delete', { method: 'DELETE', body: { imagePath: target.images.large }, token });
    expect(deleted.status).toBe(200);
    for (const url of Object.values(target.images) as string[]) expect((await fetch(app.url + url)).status).toBe(404);
    expect((await app.api(`/api/upload/info/${target.path}`, { token })).status).toBe(404);
    for (const name of ['contract.jpg', 'no-such-image', '2026/13', '..%2F..%2Fetc%2Fpasswd']) {
      const missing = await app.api(`/api/upload/info/${name}`, { token });
      expect(missing.status, name).toBe(404);
      expect(missing.body.code).toBe('NOT_FOUND');
    }
    expect((await app.api('/api/upload/delete', { method: 'DELETE', body: { imagePath: target.path }, token })).status).toBe(404);
  });

  it('refuses a delete path outside the upload store and touches nothing', async () => {
    const canary = path.join(app.dataDir, 'canary.txt');
    fs.writeFileSync(canary, 'keep me');
    for (const imagePath of ['../canary.txt', '/uploads/../canary.txt', '%2e%2e%2fcanary.txt', '2026/11/../../../canary', '/etc/passwd', '', 42]) {
      const response = await app.api('/api/upload/delete', { method: 'DELETE', body: { imagePath }, token });
      expect(response.status, String(imagePath)).toBe(400);
    }
    expect(fs.readFileSync(canary, 'utf8')).toBe('keep me');
    expect((await fetch(`${app.url}/uploads/../canary.txt`)).status).not.toBe(200);
  });
});

describe('caching of public reads', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    token = await app.login();
  });
  afterAll(() => app.close());

  it('serves a repeated public read from memory with an ETag, and answers If-None-Match with 304', async () => {
    const first = await app.api('/api/services?lang=ru');
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const second = await app.api('/api/services?lang=ru');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(etag);
    const notModified = await fetch(`${app.url}/api/services?lang=ru`, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
  });

  it('answers a cache hit with the same security headers, its own request id, and compression', async () => {
    const miss = await app.api('/api/site-config?lang=uz');
    const hit = await fetch(`${app.url}/api/site-config?lang=uz`, { headers: { 'accept-encoding': 'br', 'x-request-id': 'hit-1' } });
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('x-request-id')).toBe('hit-1');
    for (const name of ['content-security-policy', 'x-content-type-options', 'content-type', 'etag', 'cache-control']) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
    }
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(await hit.json()).toEqual(miss.body);
  });

  it('drops the cache on any write, so the next read is fresh', async () => {
    const before = await app.api('/api/stats');
    await app.api('/api/stats');
    await app.api('/api/stats', { body: { number: 9, label: { uz: 'Yangi' } }, token });
    const after = await app.api('/api/stats');
    expect(after.headers.get('x-cache')).toBeNull();
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.body.data).toHaveLength(before.body.data.length + 1);
  });

  it('keeps admin reads private and never caches them, and counts views on every detail read', async () => {
    const admin = await app.api('/api/stats?admin=true', { token });
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    const article = (await app.api('/api/news', { body: { title: { uz: 'Kesh' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } }, token })).body.data;
    for (let n = 0; n < 3; n += 1) await app.api(`/api/news/${article._id}`);
    const read = await app.api(`/api/news/${article._id}`);
    expect(read.body.data.views).toBe(4);
    expect(read.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('API documentation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(() => app.close());

  it('serves an OpenAPI document made from the request schemas, and a readable page', async () => {
    const json = await app.api('/api/docs/openapi.json');
    expect(json.body.openapi).toBe('3.1.0');
    expect(json.body.paths['/news']).toHaveProperty('post');
    expect(json.body.paths['/upload/single'].post.security).toEqual([{ bearer: [] }]);
    expect(json.body.components.schemas.TeamInput.properties.email).toMatchObject({ type: 'string' });
    expect(json.body.components.schemas.PartnersInput.properties.partnershipType.enum).toEqual(['strategic', 'referral', 'affiliate', 'collaboration']);
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('/api/news/slug/{slug}');
  });

  it('names, secures and answers every operation, for every registered record type', async () => {
    const document = (await app.api('/api/docs/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>>).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route, method, ...operation })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(Array.isArray(operation.security), `${operation.method} ${operation.route}`).toBe(true);
      const writes = operation.method !== 'get' && !['/auth/login', '/auth/login/2fa', '/contact', '/subscriptions', '/auth/password-reset', '/auth/password-reset/complete', '/events/{id}/registrations', '/events/registrations/confirm', '/events/registrations/cancel', '/intake/upload/{token}', '/vacancies/{id}/applications', '/auth/oidc/exchange', '/auth/passkeys/login/options', '/auth/passkeys/login/verify'].includes(operation.route);
      if (writes) expect(operation.security, `${operation.method} ${operation.route}`).toEqual([{ bearer: [] }]);
    }
    for (const type of RECORD_TYPES) {
      expect(document.paths[`/${type.name}`].get.operationId).toBeTruthy();
      expect(document.paths[`/${type.name}/{id}`].put.responses).toHaveProperty('409');
    }
    expect(document.paths['/faqs/{id}'].get.operationId).toBe('getFaqs');
  });

  it('passes the recommended rules of Redocly’s linter with no error', async () => {
    const file = path.join(app.dataDir, 'openapi.json');
    fs.writeFileSync(file, (await app.api('/api/docs/openapi.json')).text);
    const result = spawnSync(process.execPath, [path.resolve('node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--format=json'], { encoding: 'utf8' });
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
    expect(report.totals.errors, result.stdout).toBe(0);
  });
});
