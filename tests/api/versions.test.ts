import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Every save of every record type is kept: history, one version, restore, and the trash. */

describe.each(DIALECTS)('versions and trash on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app.close());

  const article = (title: string) => ({ title: { uz: title, ru: `${title} (ru)` }, excerpt: { uz: 'Qisqacha' }, content: { uz: 'Matn' }, category: { uz: 'Qonun' } });

  it('keeps who saved what and when, newest first, and names the fields each save changed', async () => {
    const created = (await app.api('/api/news', { body: article('Birinchi'), token })).body.data;
    await app.api(`/api/news/${created._id}`, { method: 'PUT', body: { title: { uz: 'Ikkinchi', ru: 'Второй' }, version: created.version }, token });
    const history = await app.api(`/api/news/${created._id}/versions`, { token });
    expect(history.status).toBe(200);
    expect(history.headers.get('cache-control')).toBe('private, no-store');
    expect(history.body.data.map((entry: { version: number; action: string }) => [entry.version, entry.action])).toEqual([
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(history.body.data[0]).toMatchObject({ savedBy: { email: 'admin@example.uz' }, summary: 'title' });
    const first = await app.api(`/api/news/${created._id}/versions/1`, { token });
    expect(first.body.data.title).toEqual({ uz: 'Birinchi', ru: 'Birinchi (ru)' });
  });

  it('restores an old version as a new one, and a deleted record under its own id with its address', async () => {
    const created = (await app.api('/api/news', { body: article('Asl sarlavha'), token })).body.data;
    const edited = (await app.api(`/api/news/${created._id}`, { method: 'PUT', body: { title: { uz: 'Xato sarlavha' } }, token })).body.data;
    const restored = await app.api(`/api/news/${created._id}/versions/1/restore`, { method: 'POST', token });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ _id: created._id, title: { uz: 'Asl sarlavha', ru: 'Asl sarlavha (ru)' }, version: edited.version + 1 });

    expect((await app.api(`/api/news/${created._id}`, { method: 'DELETE', token })).status).toBe(200);
    const trash = await app.api('/api/trash', { token });
    expect(trash.body.data[0]).toMatchObject({ type: 'news', _id: created._id, title: 'Asl sarlavha', deletedBy: { email: 'admin@example.uz' } });
    const lastVersion = (await app.api(`/api/news/${created._id}/versions`, { token })).body.data[0];
    expect(lastVersion.action).toBe('delete');
    const back = await app.api(`/api/news/${created._id}/versions/${lastVersion.version}/restore`, { method: 'POST', token });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ _id: created._id, slug: created.slug, title: { uz: 'Asl sarlavha' } });
    expect((await app.api(`/api/news/slug/${created.slug}`)).status).toBe(200);
    expect((await app.api('/api/trash', { token })).body.data.some((entry: { _id: string }) => entry._id === created._id)).toBe(false);
  });

  it('gives a restored record a free address when another took its old one', async () => {
    const first = (await app.api('/api/pages', { body: { title: { uz: 'Shartlar' }, slug: 'shartlar', body: { uz: 'A' } }, token })).body.data;
    await app.api(`/api/pages/${first._id}`, { method: 'DELETE', token });
    await app.api('/api/pages', { body: { title: { uz: 'Yangi shartlar' }, slug: 'shartlar', body: { uz: 'B' } }, token });
    const back = await app.api(`/api/pages/${first._id}/versions/1/restore`, { method: 'POST', token });
    expect(back.status).toBe(200);
    expect(back.body.data.slug).not.toBe('shartlar');
  });

  it('keeps every saved site configuration and restores an old one as the newest', async () => {
    const first = (await app.api('/api/site-config')).body.data;
    const saved = (await app.api('/api/site-config', { method: 'PUT', body: { ...first, companyName: { uz: 'Birinchi nom' } }, token })).body.data;
    await app.api('/api/site-config', { method: 'PUT', body: { ...saved, companyName: { uz: 'Ikkinchi nom' } }, token });
    const versions = await app.api('/api/site-config/versions', { token });
    expect(versions.body.data[0]).toMatchObject({ action: 'update', summary: 'companyName', savedBy: { email: 'admin@example.uz' } });
    const restored = await app.api(`/api/site-config/versions/${saved.version}/restore`, { method: 'POST', token });
    expect(restored.status).toBe(200);
    expect((await app.api('/api/site-config')).body.data.companyName).toEqual({ uz: 'Birinchi nom' });
    // API-2.md: every restore keeps a version with action "restore", as records do.
    const after = (await app.api('/api/site-config/versions', { token })).body.data;
    expect(after[0]).toMatchObject({ version: restored.body.data.version, action: 'restore', summary: 'companyName', savedBy: { email: 'admin@example.uz' } });
    expect(after[1]).toMatchObject({ action: 'update' });
    expect((await app.api('/api/site-config/versions/999', { token })).status).toBe(404);
    expect((await app.api('/api/site-config/versions')).status).toBe(401);
  });

  it('answers a version that does not exist, a bad number and a call without a token clearly, changing nothing', async () => {
    const created = (await app.api('/api/faqs', { body: { question: { uz: 'Savol?' }, answer: { uz: 'Javob.' } }, token })).body.data;
    const missing = await app.api(`/api/faqs/${created._id}/versions/9/restore`, { method: 'POST', token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Version 9 of this question not found');
    expect((await app.api(`/api/faqs/${created._id}/versions/abc`, { token })).status).toBe(404);
    expect((await app.api(`/api/faqs/${created._id}/versions`)).status).toBe(401);
    expect((await app.api(`/api/faqs/${created._id}/versions/1/restore`, { method: 'POST' })).status).toBe(401);
    expect((await app.api('/api/trash')).status).toBe(401);
    expect((await app.api('/api/faqs/aaaaaaaaaaaaaaaaaaaaaaaa/versions', { token })).status).toBe(404);
    expect((await app.api(`/api/faqs/${created._id}`)).body.data.version).toBe(1);
  });
});
