import http from 'node:http';
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
});
