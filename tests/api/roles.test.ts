import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-enough-password';

describe.each(DIALECTS)('roles on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let editor: string;
  let translator: string;
  let translatorId: string;
  let article: { _id: string; version: number; title: Record<string, string> };

  const account = async (email: string, role: string, languages: string[] = []) => {
    const created = await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role, languages } });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.data._id as string, token: await app.login(email, PASSWORD) };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    admin = await app.login();
    editor = (await account('editor@example.uz', 'editor')).token;
    const made = await account('translator@example.uz', 'translator', ['ru']);
    translator = made.token;
    translatorId = made.id;
    article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Yangi qonun', ru: '' }, excerpt: { uz: 'Qisqacha' }, content: { uz: 'Matn' }, category: { uz: 'Qonunchilik' }, tags: [{ uz: 'soliq' }] } })).body.data;
  });
  afterAll(() => app.close());

  it('says who someone is and what role they have', async () => {
    expect((await app.api('/api/auth/me', { token: translator })).body.data).toMatchObject({ email: 'translator@example.uz', role: 'translator', languages: ['ru'] });
    expect((await app.api('/api/auth/me', { token: editor })).body.data).toMatchObject({ role: 'editor', languages: [] });
    expect((await app.api('/api/auth/me', { token: admin })).body.data.role).toBe('admin');
  });

  it('lets an editor manage content, media and requests, but not accounts, languages or the site configuration', async () => {
    const created = await app.api('/api/faqs', { token: editor, body: { question: { uz: 'Savol?' }, answer: { uz: 'Javob.' } } });
    expect(created.status).toBe(201);
    expect((await app.api(`/api/faqs/${created.body.data._id}`, { method: 'DELETE', token: editor })).status).toBe(200);
    expect((await app.api('/api/contact', { token: editor })).status).toBe(200);
    expect((await app.api('/api/redirects', { token: editor })).status).toBe(200);
    const refusals = [
      ['GET', '/api/auth/users'],
      ['POST', '/api/auth/users', { email: 'x@example.uz', password: PASSWORD }],
      ['POST', '/api/languages', { code: 'kk', name: 'Kazakh', nativeName: 'Қазақша' }],
      ['PUT', '/api/site-config', {}],
      ['GET', '/api/site-config/versions'],
      ['POST', '/api/notifications/telegram/test'],
    ] as const;
    for (const [method, path, body] of refusals) {
      const answer = await app.api(path, { method, token: editor, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(answer.body.error).toMatch(/As an editor you cannot do this: only an administrator can/);
    }
  });

  it('lets a translator change only the texts of their languages', async () => {
    const saved = await app.api(`/api/news/${article._id}`, { method: 'PUT', token: translator, body: { ...article, title: { uz: 'Yangi qonun', ru: 'Новый закон' }, tags: [{ uz: 'soliq', ru: 'налог' }] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ title: { uz: 'Yangi qonun', ru: 'Новый закон' }, tags: [{ uz: 'soliq', ru: 'налог' }] });
    const current = saved.body.data;
    for (const [change, field] of [
      [{ title: { uz: 'Boshqa nom', ru: 'Новый закон' } }, 'title.uz'],
      [{ published: false }, 'published'],
      [{ slug: 'boshqa-manzil' }, 'slug'],
      [{ tags: [{ uz: 'soliq', ru: 'налог' }, { ru: 'ещё' }] }, 'tags'],
      [{ publishAt: '2030-01-01T09:00:00+05:00' }, 'publishAt'],
    ] as const) {
      const refused = await app.api(`/api/news/${article._id}`, { method: 'PUT', token: translator, body: { ...current, ...change } });
      expect(refused.status, field).toBe(403);
      expect(refused.body.error, field).toContain(`"${field}" was changed too`);
    }
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token: admin })).body.data.version).toBe(current.version);
    const refusals = [
      ['POST', '/api/news', { title: { ru: 'Новость' } }],
      ['DELETE', `/api/news/${article._id}`],
      ['POST', `/api/news/${article._id}/versions/1/restore`],
      ['GET', '/api/contact'],
      ['GET', '/api/trash'],
      ['GET', '/api/redirects'],
      ['DELETE', '/api/upload/delete', { imagePath: '2026/11/x-abc' }],
      ['PUT', '/api/site-config', {}],
    ] as const;
    for (const [method, path, body] of refusals) expect((await app.api(path, { method, token: translator, body })).status, `${method} ${path}`).toBe(403);
    // Reading what they translate is allowed.
    expect((await app.api('/api/news?admin=true', { token: translator })).status).toBe(200);
  });

  it('changes roles and languages, records who did it, and never loses the last administrator', async () => {
    const changed = await app.api(`/api/auth/users/${translatorId}`, { method: 'PUT', token: admin, body: { languages: ['ru', 'en'] } });
    expect(changed.body.data).toMatchObject({ role: 'translator', languages: ['ru', 'en'] });
    expect((await app.api(`/api/auth/users/${translatorId}`, { method: 'PUT', token: admin, body: { languages: [] } })).status).toBe(400);
    expect((await app.api(`/api/auth/users/${translatorId}`, { method: 'PUT', token: admin, body: { role: 'owner' } })).status).toBe(400);
    expect((await app.api(`/api/auth/users/${translatorId}`, { method: 'PUT', token: admin, body: { password: 'x' } })).status).toBe(400);
    expect((await app.api('/api/auth/users', { token: admin, body: { email: 't2@example.uz', password: PASSWORD, role: 'translator' } })).status).toBe(400);
    const me = (await app.api('/api/auth/me', { token: admin })).body.data;
    const demote = await app.api(`/api/auth/users/${me._id}`, { method: 'PUT', token: admin, body: { role: 'editor' } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toMatch(/last administrator/);
    const activity = (await app.api('/api/admin/activity?limit=50', { token: admin })).body.data as Array<{ entity: string; summary: string; userEmail: string }>;
    expect(activity.some((entry) => entry.entity === 'users' && entry.summary.includes('translator@example.uz: translator for ru, en'))).toBe(true);
    // A second administrator: now the first may step down, and the last one still cannot be removed.
    const second = await account('second-admin@example.uz', 'admin');
    expect((await app.api(`/api/auth/users/${me._id}`, { method: 'PUT', token: second.token, body: { role: 'editor' } })).status).toBe(200);
    expect((await app.api('/api/auth/users', { token: admin })).status).toBe(403);
    expect((await app.api(`/api/auth/users/${second.id}`, { method: 'DELETE', token: second.token })).status).toBe(400);
    expect((await app.api(`/api/auth/users/${me._id}`, { method: 'PUT', token: second.token, body: { role: 'admin' } })).status).toBe(200);
  });
});
