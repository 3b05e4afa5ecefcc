import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Practice-area scope (API-4.md): an editor limited to one practice area creates and changes only
 * what names it — an article's topics, a service itself — and is refused (403 out_of_scope, naming
 * their practice areas) on anything else; they still read everything.
 */

const PASSWORD = 'a-long-enough-password';

describe.each(DIALECTS)('practice-area scope on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let scoped: string;
  let mine: { _id: string; title: Record<string, string> };
  let other: { _id: string };
  const article = (topics: string[], extra: Record<string, unknown> = {}) => ({ title: { uz: `Maqola ${topics.length}` }, excerpt: { uz: 'Qisqacha' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics, ...extra });

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true });
    admin = await app.login();
    const services = (await app.api('/api/services?admin=true&limit=50', { token: admin })).body.data as Array<{ _id: string; title: Record<string, string> }>;
    expect(services.length).toBeGreaterThan(1);
    [mine, other] = services as [typeof mine, typeof other];
    const made = await app.api('/api/auth/users', { token: admin, body: { email: 'tax@firm.uz', password: PASSWORD, role: 'editor' } });
    const limited = await app.api(`/api/auth/users/${made.body.data._id}`, { method: 'PUT', token: admin, body: { scope: { services: [mine._id] } } });
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.data.scope).toEqual({ services: [mine._id] });
    scoped = await app.login('tax@firm.uz', PASSWORD);
  });
  afterAll(() => app?.close());

  it('creates only what names one of their practice areas', async () => {
    const refused = await app.api('/api/news', { token: scoped, body: article([other._id]) });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.reason).toBe('out_of_scope');
    expect(refused.body.error).toContain(mine.title.uz ?? mine.title.en);
    expect((await app.api('/api/news', { token: scoped, body: article([]) })).body.reason).toBe('out_of_scope');
    const allowed = await app.api('/api/news', { token: scoped, body: article([mine._id]) });
    expect(allowed.status, allowed.text).toBe(201);
  });

  it('changes only what names one of them, and may not move a record out of them', async () => {
    const theirs = (await app.api('/api/news', { token: admin, body: article([other._id]) })).body.data;
    const ours = (await app.api('/api/news', { token: admin, body: article([mine._id]) })).body.data;
    const refused = await app.api(`/api/news/${theirs._id}`, { method: 'PUT', token: scoped, body: { title: { uz: 'Boshqa' } } });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('out_of_scope');
    // Naming their practice area on someone else's record does not bring it into their scope.
    expect((await app.api(`/api/news/${theirs._id}`, { method: 'PUT', token: scoped, body: { topics: [mine._id] } })).status).toBe(403);
    const changed = await app.api(`/api/news/${ours._id}`, { method: 'PUT', token: scoped, body: { title: { uz: 'Yangi sarlavha' } } });
    expect(changed.status, changed.text).toBe(200);
    expect((await app.api(`/api/news/${ours._id}`, { method: 'PUT', token: scoped, body: { topics: [other._id] } })).body.reason).toBe('out_of_scope');
    expect((await app.api(`/api/news/${theirs._id}`, { method: 'DELETE', token: scoped })).status).toBe(403);
    // A service is in scope by its own id.
    expect((await app.api(`/api/services/${mine._id}`, { method: 'PUT', token: scoped, body: { featured: false } })).status).toBe(200);
    expect((await app.api(`/api/services/${other._id}`, { method: 'PUT', token: scoped, body: { featured: false } })).status).toBe(403);
    // Reads are not limited.
    expect((await app.api(`/api/news/${theirs._id}?admin=true`, { token: scoped })).status).toBe(200);
  });

  it('publishes a working copy only inside their practice areas', async () => {
    const theirs = (await app.api('/api/news', { token: admin, body: article([other._id], { published: true }) })).body.data;
    const ours = (await app.api('/api/news', { token: admin, body: article([mine._id], { published: true }) })).body.data;
    expect((await app.api(`/api/news/${theirs._id}/draft`, { method: 'PUT', token: scoped, body: { title: { uz: 'Nusxa' } } })).body.reason).toBe('out_of_scope');
    await app.api(`/api/news/${theirs._id}/draft`, { method: 'PUT', token: admin, body: { title: { uz: 'Admin nusxasi' } } });
    const refused = await app.api(`/api/news/${theirs._id}/draft/publish`, { method: 'POST', token: scoped, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('out_of_scope');
    expect((await app.api(`/api/news/${ours._id}/draft`, { method: 'PUT', token: scoped, body: { title: { uz: 'Bizning nusxa' } } })).status).toBe(200);
    const published = await app.api(`/api/news/${ours._id}/draft/publish`, { method: 'POST', token: scoped, body: {} });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.title.uz).toBe('Bizning nusxa');
  });

  it('lists the scope with the account, and an administrator lifts it', async () => {
    const users = (await app.api('/api/auth/users', { token: admin })).body.data as Array<{ email: string; _id: string; scope: unknown }>;
    const account = users.find((user) => user.email === 'tax@firm.uz')!;
    expect(account.scope).toEqual({ services: [mine._id] });
    const lifted = await app.api(`/api/auth/users/${account._id}`, { method: 'PUT', token: admin, body: { scope: null } });
    expect(lifted.body.data.scope).toBeNull();
    const token = await app.login('tax@firm.uz', PASSWORD);
    expect((await app.api('/api/news', { token, body: article([other._id]) })).status).toBe(201);
  });
});
