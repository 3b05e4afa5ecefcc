/*
 * Every oversized body gets its 413 in the envelope, whatever the route, the size or the framing
 * (a declared length, chunked, with or without Expect: 100-continue), and never a closed
 * connection instead (RFC 9112 §9.6: the server reads what the client still sends). Sent with
 * Node's own HTTP client, which writes the whole body before it reads the answer — the client an
 * early close breaks (EPIPE) — and from a new address each time, ten times in a row.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface RawAnswer {
  status?: number;
  body?: string;
  error?: string;
}

type Framing = 'length' | 'chunked' | 'continue';

/**
 * Sends `size` bytes to `path` from `localAddress` as a plain client does: the whole body written
 * before the answer is read. An answer followed by a reset (EPIPE, ECONNRESET) counts as lost: the
 * client never gets to read it.
 */
function sendBody(base: string, path: string, size: number, framing: Framing, localAddress: string, headers: Record<string, string> = {}, method = 'POST'): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress });
    const received: Buffer[] = [];
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    const head = [
      `${method} ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Content-Type: application/json',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`,
      ...(framing === 'continue' ? ['Expect: 100-continue'] : []),
      '',
      '',
    ].join('\r\n');
    const body = Buffer.alloc(size, 0x61);
    let bodySent = false;
    let complete: RawAnswer | undefined;
    const sendTheBody = () => {
      if (bodySent) return;
      bodySent = true;
      if (framing === 'chunked') socket.write(`${size.toString(16)}\r\n`);
      socket.write(body);
      if (framing === 'chunked') socket.write('\r\n0\r\n\r\n');
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString('latin1');
      if (framing === 'continue' && /^HTTP\/1\.1 100 /.test(text)) {
        received.length = 0;
        sendTheBody();
        return;
      }
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? NaN);
      // A whole answer read is not enough: the connection must not be reset after it either.
      if (text.length - headEnd - 4 < length) return;
      complete = { status: Number(text.slice(9, 12)), body: text.slice(headEnd + 4) };
      setTimeout(() => settle(complete!), 50);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle({ error: `${error.code} after ${Buffer.concat(received).toString('latin1').slice(0, 40)}` }));
    // Closed after a whole answer (Connection: close) is fine; closed before one is not.
    socket.on('close', () => settle(complete ?? { error: 'closed before a whole answer' }));
    socket.write(head);
    if (framing !== 'continue') sendTheBody();
  });
}

const MB = 1024 * 1024;

describe.each(DIALECTS)('oversized bodies on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let writeRoutes: { method: string; path: string }[];
  let address = 1;
  const nextAddress = () => `127.0.0.${(address++ % 250) + 2}`;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
    // Every write route the API documents, with a made-up id where one goes.
    const document = (await app.api('/api/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    writeRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path: '/api' + path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(writeRoutes.length).toBeGreaterThan(40);
  });
  afterAll(async () => {
    await app?.close();
  });

  const expectTooLarge = (answer: RawAnswer, where: string) => {
    expect(answer.error, where).toBeUndefined();
    expect(answer.status, where).toBe(413);
    expect(JSON.parse(answer.body!), where).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  };

  it('answers 16 MB sent to the contact form with a 413, ten times in a row from other addresses', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const framing = (['length', 'chunked', 'continue'] as const)[attempt % 3];
      expectTooLarge(await sendBody(app.url, '/api/contact', 16 * MB, framing, nextAddress()), `try ${attempt} (${framing})`);
    }
    expect((await app.api('/api/health')).status).toBe(200);
  });

  it('answers 2 MB of JSON to POST /api/news with a 413 in every framing, ten times', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const framing = (['length', 'chunked', 'continue'] as const)[attempt % 3];
      expectTooLarge(await sendBody(app.url, '/api/news', 2 * MB, framing, nextAddress(), { authorization: `Bearer ${token}` }), `try ${attempt} (${framing})`);
    }
  });

  it('answers every write route with a 413 for a body just over its limit and for a large one', async () => {
    for (const route of writeRoutes) {
      // A JSON body takes 1 MB on every route (uploads' multipart files: tests/api/editorial.test.ts).
      const limit = MB;
      for (const [size, framing] of [
        [limit + 1, 'length'],
        [limit + 2 * MB, 'chunked'],
      ] as const) {
        const headers = { authorization: `Bearer ${token}` };
        const answer = await sendBody(app.url, route.path, size, framing, nextAddress(), headers, route.method);
        expectTooLarge(answer, `${route.method} ${route.path} ${size} ${framing}`);
      }
    }
    expect((await app.api('/api/health')).status).toBe(200);
  });

  it('answers a page form post over its limit with a 413, not a closed connection', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await sendBody(app.url, '/api/languages/preview', 3 * MB, attempt % 2 ? 'chunked' : 'length', nextAddress(), { 'content-type': 'application/x-www-form-urlencoded' });
      expectTooLarge(answer, `try ${attempt}`);
    }
  });
});
