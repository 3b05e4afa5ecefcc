/*
 * The nginx kit (deploy/nginx/lexsite.conf, checked with `nginx -t`) in front of a real instance:
 * its access log holds capability links without their token (address and Referer), and a visitor
 * sends at most four anonymous uploads at once while another visitor's upload still goes through.
 */
import net from 'node:net';
import tls from 'node:tls';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE } from '../helpers/documents.ts';
import { NGINX, request, startNginx } from '../helpers/nginx.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const BOUNDARY = 'lexsite-nginx-boundary';
const multipart = (name: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);

/** An upload over TLS whose body is held back after its first bytes; resolves the answer's status if one comes. */
function heldUpload(port: number, path: string, body: Buffer, from: string) {
  const socket = tls.connect({ socket: net.connect({ host: '127.0.0.1', port, localAddress: from }), rejectUnauthorized: false, servername: 'lawfirm.uz' });
  socket.on('error', () => {});
  let received = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const head = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (head) resolve(Number(head[1]));
    });
  });
  socket.write(`POST ${path} HTTP/1.1\r\nHost: lawfirm.uz\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\nAccept: application/json\r\n\r\n`);
  socket.write(body.subarray(0, 64 * 1024));
  return { status, close: () => socket.destroy() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!NGINX)('the nginx kit in front of anonymous uploads and capability links', () => {
  let app: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let token: string;
  let visitor = 0;
  const newLink = async () => {
    const created = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true }, headers: { 'x-forwarded-for': `198.51.100.${(visitor += 1)}` } });
    const made = await app.api(`/api/contact/${created.body.data._id}/upload-link`, { token, body: {} });
    return (made.body.data.url as string).split('/upload/')[1];
  };

  beforeAll(async () => {
    app = await startTestApp('sqlite', { env: { TRUST_PROXY: 'true' } });
    token = await app.login();
    nginx = await startNginx([new URL(app.url).host]);
  });
  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
  });

  it('passes nginx -t and logs capability links without their token, in the address and the Referer', async () => {
    expect(nginx.checkOutput).toContain('test is successful');
    const upload = await newLink();
    const others = Array.from({ length: 5 }, () => randomBytes(32).toString('base64url'));
    const preview = `${randomBytes(60).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    for (const path of [`/upload/${upload}`, `/ru/upload/${upload}?sent=1`, `/ru/preview/${preview}`, `/subscribe/confirm/${others[0]}`, `/en/unsubscribe/${others[1]}`, `/events/cancel/${others[2]}`, `/admin/reset/${others[3]}`, `/ru/events/confirm/${others[4]}`]) {
      await request(nginx.httpsUrl + path, { headers: { referer: `https://lawfirm.uz/subscribe/preferences/${others[1]}?x=1` } });
    }
    const sent = await request(`${nginx.httpsUrl}/api/intake/upload/${upload}`, { body: multipart('a.pdf', SAMPLE.pdf()), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(sent.status, sent.body.toString()).toBe(201);
    await pause(200);
    const log = fs.readFileSync(nginx.accessLog, 'utf8');
    // Pages answer 503 here: this instance runs without the website's build.
    for (const logged of ['"GET /upload/[token] HTTP/1.1" 503', '"GET /ru/upload/[token]?sent=1 ', '"GET /ru/preview/[token] ', '"GET /subscribe/confirm/[token] ', '"GET /en/unsubscribe/[token] ', '"GET /events/cancel/[token] ', '"GET /admin/reset/[token] ', '"GET /ru/events/confirm/[token] ', '"POST /api/intake/upload/[token] HTTP/1.1" 201', '"https://lawfirm.uz/subscribe/preferences/[token]?x=1"']) {
      expect(log, logged).toContain(logged);
    }
    for (const secret of [upload, preview, preview.split('.')[0], ...others]) expect(log).not.toContain(secret);
  });

  it('lets a visitor send four uploads at once, refuses a fifth with 429, and serves another visitor meanwhile', async () => {
    const link = await newLink();
    const body = multipart('katta.pdf', Buffer.concat([SAMPLE.pdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]));
    const held = Array.from({ length: 4 }, () => heldUpload(nginx.httpsPort, `/api/intake/upload/${link}`, body, '127.0.0.5'));
    try {
      await pause(500);
      const fifth = heldUpload(nginx.httpsPort, `/api/intake/upload/${link}`, body, '127.0.0.5');
      expect(await Promise.race([fifth.status, pause(5000).then(() => 0)])).toBe(429);
      fifth.close();
      const other = await request(`${nginx.httpsUrl}/api/intake/upload/${await newLink()}`, { from: '127.0.0.6', body: multipart('a.pdf', SAMPLE.pdf()), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      expect(other.status, other.body.toString()).toBe(201);
    } finally {
      for (const upload of held) upload.close();
    }
  });
});
