import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Sites (or test runs) in their own schemas of one PostgreSQL database hear only their own changes. */

describe.skipIf(!process.env.TEST_DATABASE_URL)('changes in another schema of the same database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp('postgres', { demo: true, ssr: true });
    second = await startTestApp('postgres', { demo: true, ssr: true });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('keep this site’s cached pages; its own change still drops them', async () => {
    const cache = async (app: TestApp) => (await fetch(`${app.url}/services`)).headers.get('x-cache');
    await cache(first);
    expect(await cache(first)).toBe('hit');
    const token = await second.login();
    const service = (await second.api('/api/services?admin=true', { token })).body.data[0];
    expect((await second.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { order: 99, version: service.version } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await cache(first)).toBe('hit');
    const own = await first.login();
    const mine = (await first.api('/api/services?admin=true', { token: own })).body.data[0];
    expect((await first.api(`/api/services/${mine._id}`, { method: 'PUT', token: own, body: { order: 98, version: mine.version } })).status).toBe(200);
    expect(await cache(first)).toBeNull();
  });
});
