import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/databases.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { KEEP_ALIVE_MS } from '../server/app.ts';

describe.each(DIALECTS)('the running product on %s', (dialect) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, {
      extend: (fastify) => {
        fastify.get('/api/test/explode', async () => {
          throw new Error('SELECT secret FROM users -- /srv/app/server.ts:12');
        });
      },
    });
    token = await app.login();
  });
  afterAll(() => app.close());

  it('reports health with the database state, version and uptime', async () => {
    const response = await app.api('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { status: 'ok', database: 'ok', version: '1.0.0' } });
    expect(typeof response.body.data.uptime).toBe('number');
  });

  it('answers an unknown API route with a JSON 404 in the envelope', async () => {
    const response = await app.api('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Not found: no such API route', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON with a 400 and changes nothing', async () => {
    const response = await app.api('/api/stats', { method: 'POST', body: '{"number": 5,', token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect((await app.api('/api/stats?admin=true', { token })).body.data).toEqual([]);
  });

  it('refuses a body over 1 MB with a 413', async () => {
    const response = await app.api('/api/stats', { method: 'POST', body: { label: { uz: 'x'.repeat(1_100_000) } }, token });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unexpected error with a 500 that reveals no internals', async () => {
    const response = await app.api('/api/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, error: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
    expect(response.text).not.toMatch(/SELECT|secret|server\.ts|stack/i);
  });

  it('tags every response with a request id, keeping one the client sent', async () => {
    const generated = await app.api('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.api('/api/health', { headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
  });

  it('creates the three built-in languages with Uzbek as the default', async () => {
    const response = await app.api('/api/languages?active=true');
    expect(response.body.data.map((l: { code: string }) => l.code)).toEqual(['uz', 'ru', 'en']);
    expect(response.body.data[0]).toMatchObject({ isDefault: true, isActive: true, active: true });
  });

  it('answers health with 503 once the database is gone', async () => {
    const other = await startTestApp(dialect);
    await other.application.database.close();
    const response = await other.api('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, code: 'UNAVAILABLE', data: { status: 'unavailable' } });
    const data = await other.api('/api/team');
    expect(data.status).toBe(503);
    await other.application.app.close();
  });
});

// The HTTP server's, not the database's: asked once.
describe('the HTTP server', () => {
  it('keeps an idle connection open longer than a proxy in front keeps its own (nginx 60 s), and says so', async () => {
    const app = await startTestApp('sqlite');
    const url = new URL('/api/health', app.url);
    const agent = new http.Agent({ keepAlive: true });
    const ask = () =>
      new Promise<{ keepAlive: string; socket: unknown }>((resolve, reject) => {
        const request = http.get(url, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ keepAlive: String(response.headers['keep-alive']), socket: request.socket }));
        });
        request.on('error', reject);
      });
    try {
      const first = await ask();
      expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      // Past Node's own 5 s: the same connection still answers.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const second = await ask();
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('sends a cached answer whole on a kept-alive connection, and closes the connections that asked for it', async () => {
    const app = await startTestApp('sqlite');
    const { port } = new URL(app.url);
    const path = '/api/news?lang=ru';
    /** Sends `requests` on one connection and reads every answer, head and body, until the server closes it or `count` arrived. */
    const exchange = (requests: string, count: number) =>
      new Promise<{ answers: { head: string[]; body: Buffer }[]; closed: boolean }>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let received = Buffer.alloc(0);
        const answers: { head: string[]; body: Buffer }[] = [];
        const heads: boolean[] = [...requests.matchAll(/^(GET|HEAD) /gm)].map((match) => match[1] === 'HEAD');
        const settle = (closed: boolean) => resolve({ answers, closed });
        socket.on('data', (chunk) => {
          received = Buffer.concat([received, chunk]);
          for (;;) {
            const end = received.indexOf('\r\n\r\n');
            if (end === -1) return;
            const head = received.subarray(0, end).toString('latin1').split('\r\n');
            const length = heads[answers.length] ? 0 : Number(head.find((line) => /^content-length:/i.test(line))?.split(':')[1] ?? 0);
            if (received.length < end + 4 + length) return;
            answers.push({ head, body: received.subarray(end + 4, end + 4 + length) });
            received = received.subarray(end + 4 + length);
            if (answers.length === count) setTimeout(() => settle(socket.destroyed || socket.readableEnded), 300);
          }
        });
        socket.on('end', () => settle(true));
        socket.on('error', reject);
        socket.write(requests);
      });
    const header = (head: string[], name: string) => head.filter((line) => line.toLowerCase().startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trim());
    try {
      const miss = await fetch(app.url + path);
      const body = Buffer.from(await miss.arrayBuffer());
      const ask = (method: string, extra = '', version = '1.1') => `${method} ${path} HTTP/${version}\r\nHost: 127.0.0.1\r\n${extra}\r\n`;
      const kept = await exchange(ask('GET') + ask('HEAD') + ask('GET', 'X-Request-Id: mine\r\n'), 3);
      expect(kept.closed).toBe(false);
      for (const [index, { head, body: sent }] of kept.answers.entries()) {
        expect(head[0]).toBe('HTTP/1.1 200 OK');
        expect(header(head, 'x-cache')).toEqual(['hit']);
        expect(header(head, 'connection')).toEqual(['keep-alive']);
        expect(header(head, 'keep-alive')).toEqual([`timeout=${KEEP_ALIVE_MS / 1000}`]);
        expect(header(head, 'content-length')).toEqual([String(body.length)]);
        expect(header(head, 'etag')).toEqual([miss.headers.get('etag')]);
        expect(header(head, 'content-security-policy')).toEqual([miss.headers.get('content-security-policy')]);
        expect(Math.abs(Date.parse(header(head, 'date')[0]) - Date.now())).toBeLessThan(5_000);
        // Every header once, the request id this answer's own.
        const names = head.slice(1).map((line) => line.split(':')[0].toLowerCase());
        expect(new Set(names).size).toBe(names.length);
        expect(header(head, 'x-request-id')).toHaveLength(1);
        expect(sent.equals(index === 1 ? Buffer.alloc(0) : body)).toBe(true);
      }
      expect(header(kept.answers[2].head, 'x-request-id')).toEqual(['mine']);
      expect(header(kept.answers[0].head, 'x-request-id')).not.toEqual(header(kept.answers[1].head, 'x-request-id'));
      // A client that asks for the connection to close, or speaks HTTP/1.0, is told so and the connection closes after the answer.
      for (const requests of [ask('GET', 'Connection: close\r\n'), ask('GET', '', '1.0')]) {
        const closing = await exchange(requests, 1);
        expect(closing.closed).toBe(true);
        expect(header(closing.answers[0].head, 'x-cache')).toEqual(['hit']);
        expect(header(closing.answers[0].head, 'connection')).toEqual(['close']);
        expect(header(closing.answers[0].head, 'keep-alive')).toEqual([]);
        expect(closing.answers[0].body.equals(body)).toBe(true);
      }
    } finally {
      await app.close();
    }
  });
});
