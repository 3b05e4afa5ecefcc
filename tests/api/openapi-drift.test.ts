import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, ROLES, rolesFor, type Action } from '../../domain/access/permissions.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { documentPath } from '../../server/api/openapi.ts';
import { servedRoutes } from '../../server/http/route.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answerChecker, type Json, type OpenApi } from '../helpers/openapi-answers.ts';

/*
 * The OpenAPI document against the server it describes: every route Fastify serves under /api is
 * in it (and nothing else), and real calls (the app on a real database) answer only statuses and
 * bodies their operation documents. A declaration that drifts from its handler fails here.
 */

describe.each(DIALECTS)('the OpenAPI document and the server (%s)', (dialect) => {
  let app: TestApp;
  let token: string;
  let document: OpenApi;
  let problem: ReturnType<typeof answerChecker>;
  const problems: string[] = [];
  const seen = new Set<string>();

  /** A real call, its answer checked against the document. */
  async function call(method: string, url: string, init: { token?: string; body?: unknown } = {}) {
    const response = await app.api(url, { method, ...init });
    const found = problem(method, url, response.status, response.headers.get('content-type'), response.body);
    if (found) problems.push(found);
    seen.add(`${method} ${url}`);
    return response;
  }

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true });
    token = await app.login();
    document = (await app.api('/api/docs/openapi.json')).body;
    problem = answerChecker(document);
  });
  afterAll(() => app?.close());

  it('describes every route Fastify serves under /api, and no other', () => {
    const key = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
    const served = servedRoutes(app.application.app)
      .filter((route) => route.path.startsWith('/api/') && route.path !== '/api/*')
      .map((route) => key(route.method, documentPath(route.path)));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => key(method, path)));
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('names the action of the permission table each guarded operation needs, with its 401, and its 403 when a role may not', () => {
    const declared = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]): Json & { at: string } => ({ ...(operation as Json), at: `${method} ${path}` })));
    const guarded = declared.filter((operation) => operation['x-permission'] !== undefined);
    expect(guarded.length).toBeGreaterThan(100);
    for (const operation of guarded) {
      expect(ACTIONS, operation.at).toContain(operation['x-permission']);
      expect(operation.security, operation.at).toEqual([{ bearer: [] }]);
      const refused = rolesFor(operation['x-permission'] as Action).length < ROLES.length ? ['401', '403'] : ['401'];
      expect(Object.keys(operation.responses as Json), operation.at).toEqual(expect.arrayContaining(refused));
    }
    expect(document.paths['/news'].post).toMatchObject({ 'x-permission': 'record.create' });
    expect(document.paths['/news/{id}'].delete).toMatchObject({ 'x-permission': 'record.delete' });
    expect(document.paths['/redirects'].get).toMatchObject({ 'x-permission': 'redirect.manage' });
    expect(document.paths['/news'].get.security).toEqual([]);
  });

  it('answers the calls of every record type as their documents say', async () => {
    for (const type of RECORD_TYPES) {
      const base = `/api/${type.name}`;
      const list = await call('GET', base);
      expect(list.status, `${base}: ${list.text}`).toBe(200);
      const admin = await call('GET', `${base}?admin=true${type.documentFields.length ? '&format=html' : ''}`, { token });
      await call('GET', `${base}?admin=true&fields=_id,createdAt`, { token });
      await call('GET', `${base}?admin=true`);
      const first = admin.body.data[0] as Json | undefined;
      if (type.pageSize && type.searchFields.length) await call('GET', `${base}/search?q=a${type.documentFields.length ? '&format=text' : ''}`);
      for (const segment of [...Object.keys(type.distinct ?? {}), ...Object.keys(type.constants ?? {})]) await call('GET', `${base}/${segment}`);
      await call('GET', `${base}/000000000000000000000000`);
      if (!first) continue;
      const id = String(first._id);
      await call('GET', `${base}/${id}?admin=true`, { token });
      if (type.documentFields.length) await call('GET', `${base}/${id}?admin=true&format=text`, { token });
      if (type.slugFrom && typeof first.slug === 'string' && first.slug) await call('GET', `${base}/slug/${encodeURIComponent(first.slug)}?admin=true`, { token });
      await call('GET', `${base}/${id}/versions`, { token });
      await call('GET', `${base}/${id}/versions`);
      if (type.visibilityField) {
        await call('GET', `${base}/${id}/draft`, { token });
        await call('GET', `${base}/${id}/review`, { token });
        await call('GET', `${base}/${id}/checks`, { token });
        await call('GET', `${base}/${id}/checks?draft=maybe`, { token });
        await call('GET', `${base}/${id}/comments`, { token });
      }
      await call('POST', base, { body: {} });
      await call('POST', base, { token, body: { nothing: true } });
    }
    expect(problems).toEqual([]);
  });

  it('answers a minimal create, a partial update, a working copy and its publishing, a stale save and a delete as documented', async () => {
    // Only what NewsInput requires.
    const required = (document as unknown as { components: { schemas: Record<string, { required: string[] }> } }).components.schemas.NewsInput.required;
    expect([...required].sort()).toEqual(['category', 'content', 'excerpt', 'title']);
    const created = await call('POST', '/api/news', { token, body: { title: { uz: 'Hujjat bo‘yicha yangilik' }, excerpt: { uz: 'Qisqa' }, content: { uz: 'Matn' }, category: { uz: 'Huquq' } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data._id as string;
    const updated = await call('PUT', `/api/news/${id}`, { token, body: { excerpt: { uz: 'Qisqacha' }, content: { uz: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Matn', marks: [{ type: 'bold' }] }] }] } }, version: created.body.data.version } });
    expect(updated.status, updated.text).toBe(200);
    await call('PUT', `/api/news/${id}`, { token, body: { excerpt: { uz: 'Eski' }, version: 1 } });
    // Never losing an edit (API-4.md): an autosave kept, read, dropped; presence; the lists' presence.
    await call('PUT', `/api/news/${id}/autosave`, { token, body: { fields: { excerpt: { uz: 'Yozilmoqda' } }, baseVersion: updated.body.data.version } });
    await call('PUT', `/api/news/${id}/autosave`, { token, body: { fields: { excerpt: { uz: 'x'.repeat(1_100_000) } }, baseVersion: 1 } });
    await call('GET', `/api/news/${id}/autosave`, { token });
    await call('DELETE', `/api/news/${id}/autosave`, { token });
    await call('GET', `/api/news/${id}/autosave`, { token });
    await call('POST', `/api/news/${id}/presence`, { token, body: { field: 'title', lang: 'uz', takeOver: true } });
    await call('GET', '/api/presence?type=news', { token });
    await call('DELETE', `/api/news/${id}/presence`, { token });
    await call('GET', `/api/news/slug/${updated.body.data.slug}?admin=true&format=text`, { token });
    await call('GET', `/api/news/${id}/versions/1`, { token });
    await call('POST', `/api/news/${id}/versions/1/restore`, { token, body: { into: 'draft' } });
    await call('PUT', `/api/news/${id}/draft`, { token, body: { excerpt: { uz: 'Nusxa' } } });
    await call('GET', `/api/news/${id}/draft`, { token });
    await call('POST', `/api/news/${id}/review`, { token, body: { action: 'submit' } });
    const comment = await call('POST', `/api/news/${id}/comments`, { token, body: { text: 'Tekshiring' } });
    await call('PUT', `/api/news/${id}/comments/${comment.body.data._id}`, { token, body: { resolved: true } });
    await call('POST', `/api/news/${id}/copy-language`, { token, body: { from: 'uz', to: 'ru' } });
    await call('POST', `/api/news/${id}/draft/publish`, { token, body: {} });
    await call('DELETE', `/api/news/${id}/draft`, { token });
    await call('DELETE', `/api/news/${id}`, { token });
    await call('DELETE', `/api/news/${id}`, { token });
    expect(problems).toEqual([]);
  });

  it('answers the editorial, admin, search and system calls as documented', async () => {
    for (const url of ['/api/health', '/api/ready', '/api/search?q=shartnoma', '/api/search?q=' + 'x'.repeat(300), '/api/docs/openapi.json', '/api/docs']) await call('GET', url);
    for (const url of [
      '/api/admin/schedule',
      '/api/redirects',
      '/api/redirects/export',
      '/api/redirects/not-found',
      '/api/reviews/mine',
      '/api/reviews/news',
      '/api/reviews/approvers',
      '/api/checks',
      '/api/checks?severity=error',
      '/api/checks?severity=fatal',
      '/api/checks/links',
      '/api/admin/activity?limit=5',
      '/api/trash',
      '/api/admin/analytics?days=7',
      '/api/admin/analytics?days=0',
      '/api/translations/status',
      '/api/translations/status?type=news&limit=2',
      '/api/translations/status?lang=xx',
    ]) {
      await call('GET', url, { token });
      await call('GET', url);
    }
    const news = (await app.api('/api/news?admin=true', { token })).body.data[0];
    await call('POST', '/api/preview', { token, body: { type: 'news', id: news._id } });
    await call('POST', '/api/preview', { token, body: { type: 'news', id: news._id, lang: 'xx' } });
    const redirect = await call('POST', '/api/redirects', { token, body: { from: '/news/drift-old', to: '/news' } });
    await call('POST', '/api/redirects', { token, body: { from: '/news/drift-old', to: '/news' } });
    await call('PUT', `/api/redirects/${redirect.body.data._id}`, { token, body: { from: '/news/drift-old', to: '/blog', version: redirect.body.data.version } });
    await call('POST', '/api/redirects/import', { token, body: { csv: 'from,to\n/drift-a,/news\n' } });
    await call('DELETE', `/api/redirects/${redirect.body.data._id}`, { token });
    await call('DELETE', '/api/redirects/not-found', { token, body: { path: 'none' } });
    await call('POST', '/api/checks/links', { token });
    expect(problems).toEqual([]);
  });

  it('fails a call whose answer its document does not describe', async () => {
    const read = await app.api('/api/news?admin=true', { token });
    expect(problem('GET', '/api/news', read.status, read.headers.get('content-type'), read.body)).toBeUndefined();
    // A field no declaration names, a status no operation lists, a content type it does not send.
    expect(problem('GET', '/api/news', 200, 'application/json', { ...read.body, data: [{ ...read.body.data[0], surprise: 1 }] })).toContain('must NOT have additional properties');
    expect(problem('GET', '/api/news', 418, 'application/json', read.body)).toContain('does not list');
    expect(problem('GET', '/api/news', 200, 'text/html', '<p>')).toContain('not documented');
    expect(problem('GET', '/api/news/000000000000000000000000', 404, 'application/json', { success: false, error: 'x', code: 'NOT_FOUND', reason: 'no_such_reason' })).toContain('allowed values');
  });
});
