import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { runScript } from '../helpers/processes.ts';
import { startS3 } from '../helpers/s3.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type S3 = Awaited<ReturnType<typeof startS3>>;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function upload(app: TestApp, token: string, name: string, colour: string) {
  const form = new FormData();
  const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: colour } }).jpeg().toBuffer();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

describe.each(DIALECTS)('uploads in an S3-compatible bucket on %s', (dialect) => {
  let s3: S3;
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3();
    app = await startTestApp(dialect, { env: s3.env });
    token = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores every size in the bucket and serves it at the same /uploads address, cached for good', async () => {
    const response = await upload(app, token, 'Majlis zali.jpg', '#0b2545');
    expect(response.status).toBe(201);
    const { images, path: key } = response.body.data;
    expect(await s3.keys()).toEqual(Object.values(images as Record<string, string>).map((url) => url.replace('/uploads/', '')).sort());
    for (const url of Object.values(images as Record<string, string>)) {
      const served = await fetch(app.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(sha256(bytes)).toBe(sha256(await s3.read(url.replace('/uploads/', ''))));
      const again = await fetch(app.url + url, { headers: { 'if-none-match': served.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    expect((await sharp(Buffer.from(await (await fetch(app.url + images.og)).arrayBuffer())).metadata()).width).toBe(1200);
    const listed = (await app.api('/api/upload/list', { token })).body.data.images;
    expect(listed.map((image: { path: string }) => image.path)).toContain(key);
  });

  it('answers 404 for a missing image and for anything that is not an upload', async () => {
    for (const url of ['/uploads/2026/01/nothing-here-1234567890-large.webp', '/uploads/2026/01/..%2F..%2Fpackage.json', '/uploads/2026/01/x.svg']) {
      expect((await fetch(app.url + url)).status, url).toBe(404);
    }
  });

  it('deletes every size from the bucket, and refuses an image in use unless forced', async () => {
    const response = await upload(app, token, 'partner.jpg', '#c9a227');
    const { images, path: key } = response.body.data;
    const partner = await app.api('/api/partners', { token, body: { name: { uz: 'Hamkor' }, type: { uz: 'Bank' }, location: { uz: 'Toshkent' }, description: { uz: 'x' }, email: 'bank@example.uz', logo: images.large } });
    expect(partner.status).toBe(201);
    const refused = await app.api('/api/upload/delete', { method: 'DELETE', token, body: { imagePath: key } });
    expect(refused.status).toBe(409);
    expect((await s3.keys()).filter((name) => name.startsWith(key))).toHaveLength(4);
    const forced = await app.api('/api/upload/delete', { method: 'DELETE', token, body: { imagePath: key, force: true } });
    expect(forced.status).toBe(200);
    expect((await s3.keys()).filter((name) => name.startsWith(key))).toEqual([]);
    expect((await fetch(app.url + images.large)).status).toBe(404);
  });

  it('says the media store does not answer (503, not "invalid file type") when the bucket is out of reach, and keeps nothing', async () => {
    const unreachable = await startTestApp(dialect, { env: { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      const refused = await upload(unreachable, await unreachable.login(), 'Qabul.jpg', '#445566');
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('UNAVAILABLE');
      expect(refused.body.error).toContain('media store does not answer');
      expect((await unreachable.api('/api/upload/list', { token: await unreachable.login() })).body.data.images).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });

  it('sends browsers to S3_PUBLIC_URL when the bucket has a public address', async () => {
    const other = await startTestApp(dialect, { env: { ...s3.env, S3_PUBLIC_URL: 'https://media.lawfirm.test/' } });
    try {
      const response = await fetch(`${other.url}/uploads/2026/11/office-0123456789-large.webp`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('https://media.lawfirm.test/2026/11/office-0123456789-large.webp');
    } finally {
      await other.close();
    }
  });
});

describe('moving uploads from disk to a bucket', () => {
  let s3: S3;
  beforeAll(async () => {
    s3 = await startS3('moved-media');
  });
  afterAll(() => s3?.close());

  it('copies every file once, then the site serves the same images from the bucket', async () => {
    const onDisk = await startTestApp('sqlite', { demo: true });
    const token = await onDisk.login();
    const media = (await onDisk.api('/api/upload/list', { token })).body.data.images as Array<{ images: Record<string, string> }>;
    const urls = media.flatMap((image) => Object.values(image.images));
    const before = new Map<string, string>();
    for (const url of urls) before.set(url, sha256(Buffer.from(await (await fetch(onDisk.url + url)).arrayBuffer())));
    const dataDir = onDisk.dataDir;
    await onDisk.application.close();
    try {
      const copied = await runScript('scripts/media.ts', ['copy-to-s3'], { DATA_DIR: dataDir, ...s3.env });
      expect(copied.stderr).toBe('');
      expect(copied.stdout).toContain(`Copied ${urls.length} files`);
      expect((await s3.keys()).length).toBe(urls.length);
      const again = await runScript('scripts/media.ts', ['copy-to-s3'], { DATA_DIR: dataDir, ...s3.env });
      expect(again.stdout).toContain(`Copied 0 files (0.0 MB) to the bucket; ${urls.length} were there already`);

      // The disk copy gone: every image now comes from the bucket.
      fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
      const onBucket = await startTestApp('sqlite', { existing: { dataDir }, env: s3.env });
      try {
        for (const url of urls) expect(sha256(Buffer.from(await (await fetch(onBucket.url + url)).arrayBuffer())), url).toBe(before.get(url));
      } finally {
        await onBucket.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('restores a backup into a bucket, and refuses a bucket that already holds files', async () => {
    const site = await startTestApp('sqlite');
    const token = await site.login();
    const { images } = (await upload(site, token, 'archive.jpg', '#334455')).body.data;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-s3-restore-'));
    const bucket = await startS3('restored-media');
    try {
      expect((await runScript('scripts/backup.ts', [path.join(folder, 'site.tar.gz')], { DATA_DIR: site.dataDir })).code).toBe(0);
      const target = path.join(folder, 'target');
      const restored = await runScript('scripts/restore.ts', [path.join(folder, 'site.tar.gz')], { DATA_DIR: target, ...bucket.env });
      expect(restored.stderr).toBe('');
      expect(await bucket.keys()).toEqual(Object.values(images as Record<string, string>).map((url) => url.replace('/uploads/', '')).sort());
      const again = await runScript('scripts/restore.ts', [path.join(folder, 'site.tar.gz')], { DATA_DIR: path.join(folder, 'other'), ...bucket.env });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Refusing to restore: the media store has files');
    } finally {
      await site.close();
      await bucket.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says what is missing when the bucket is not configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-nos3-'));
    try {
      const result = await runScript('scripts/media.ts', ['copy-to-s3'], { DATA_DIR: dataDir, MEDIA_STORAGE: 's3', S3_BUCKET: 'x-bucket' });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe('Invalid configuration: MEDIA_STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)('clients’ documents in the S3 bucket on %s', (dialect) => {
  let s3: S3;
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3();
    app = await startTestApp(dialect, { env: s3.env });
    token = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('keeps them encrypted under documents/, out of the media library and of /uploads, and gives them back to staff whole', async () => {
    const request = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz', email: 'aziz@example.uz', company: 'Buxoro Tekstil', acknowledged: true } });
    const id = request.body.data._id;
    const link = (await app.api(`/api/contact/${id}/upload-link`, { token, body: {} })).body.data.url as string;
    const secret = 'Ijara shartnomasi 16180339';
    const pdf = Buffer.from(`%PDF-1.4\n% ${secret}\n%%EOF\n`);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(pdf)]), 'ijara.pdf');
    expect((await fetch(`${app.url}/api/intake/upload/${link.split('/upload/')[1]}`, { method: 'POST', body: form })).status).toBe(201);

    const keys = (await s3.keys()).filter((key) => key.startsWith('documents/'));
    expect(keys).toHaveLength(1);
    const stored = await s3.read(keys[0]);
    expect(stored.includes(Buffer.from(secret))).toBe(false);
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    // Not an image of the library, not served at /uploads.
    expect(JSON.stringify((await app.api('/api/upload/list', { token })).body.data)).not.toContain('documents/');
    expect((await fetch(`${app.url}/uploads/${keys[0]}`)).status).toBe(404);
    expect((await fetch(`${app.url}/uploads/${keys[0].replace('documents/', '')}`)).status).toBe(404);

    const [file] = (await app.api(`/api/contact/${id}`, { token })).body.data.files;
    const download = await fetch(`${app.url}/api/contact/${id}/files/${file._id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
