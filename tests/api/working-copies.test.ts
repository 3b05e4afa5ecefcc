/*
 * Working copies and restoring versions (API-3.md "Working copies, review and sign-off"), on both
 * databases: a copy is never seen by a visitor (API, page, list, search, sitemap, feed, the page
 * cache) until it is published; publishing over a later save is a 409; restoring a version keeps
 * what decides visibility and the texts of languages the version lacked, and leaves a redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe.each(DIALECTS)('working copies on %s', (dialect) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
  });
  afterAll(() => app?.close());

  async function published(title: string) {
    const created = await app.api('/api/news', { token, body: { title: { uz: title }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: paragraph('Eski matn.') }, published: true } });
    expect(created.status).toBe(201);
    return created.body.data as { _id: string; slug: string; version: number };
  }
  const publicTexts = async (id: string, slug: string) => {
    const [api, page, list, search, sitemap, feed] = await Promise.all([
      app.api(`/api/news/${id}`),
      fetch(`${app.url}/news/${slug}`).then((response) => response.text()),
      app.api('/api/news?limit=50'),
      app.api('/api/search?q=yangilangan'),
      fetch(`${app.url}/sitemap.xml`).then((response) => response.text()),
      fetch(`${app.url}/news/feed.xml`).then((response) => response.text()),
    ]);
    return JSON.stringify([api.body, page, list.body, search.body, sitemap, feed]);
  };

  it('keeps a working copy from visitors everywhere until it is published, then shows it at once', async () => {
    const article = await published('Soliq xabari');
    // Every public answer read once, so each is in the page cache when the copy is saved.
    expect(await publicTexts(article._id, article.slug)).not.toContain('yangilangan');
    const card = async () => Buffer.from(await (await fetch(`${app.url}/covers/uz/news/${article._id}-${article.version}.jpg`)).arrayBuffer()).toString('base64');
    const cardBefore = await card();

    const saved = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { title: { uz: 'Soliq xabari yangilangan' }, content: { uz: paragraph('Yangilangan matn.') } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: { uz: 'Soliq xabari yangilangan' }, baseVersion: article.version, hasDraft: true });
    expect(await publicTexts(article._id, article.slug)).not.toContain('yangilangan');
    // The share card is drawn from the record, not from its copy.
    expect(await card()).toBe(cardBefore);
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data).toMatchObject({ hasDraft: true, version: article.version, title: { uz: 'Soliq xabari' } });
    expect((await app.api('/api/news?admin=true&limit=50', { token })).body.data.find((item: { _id: string }) => item._id === article._id).hasDraft).toBe(true);
    // A second save of the copy keeps what the first one changed.
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { excerpt: { uz: 'Yangi qisqacha' } } });
    expect((await app.api(`/api/news/${article._id}/draft`, { token })).body.data).toMatchObject({ title: { uz: 'Soliq xabari yangilangan' }, excerpt: { uz: 'Yangi qisqacha' } });

    // A preview link of the copy shows the copy; one of the record shows the record.
    const copyLink = await app.api('/api/preview', { token, body: { type: 'news', id: article._id, draft: true } });
    expect(copyLink.status).toBe(201);
    const copyPage = await fetch(app.url + copyLink.body.data.path).then((response) => response.text());
    expect(copyPage).toContain('Yangilangan matn.');
    expect(copyPage).toContain('Soliq xabari yangilangan');
    const recordLink = await app.api('/api/preview', { token, body: { type: 'news', id: article._id } });
    const recordPage = await fetch(app.url + recordLink.body.data.path).then((response) => response.text());
    expect(recordPage).toContain('Eski matn.');
    expect(recordPage).not.toContain('yangilangan');
    expect((await app.api('/api/preview', { token, body: { type: 'news', id: article._id, draft: 'yes' } })).status).toBe(400);

    const applied = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token });
    expect(applied.status).toBe(200);
    expect(applied.body.data.version).toBe(article.version + 1);
    expect(await publicTexts(article._id, applied.body.data.slug)).toContain('Yangilangan matn.');
    expect((await app.api(`/api/news/${article._id}/draft`, { token })).status).toBe(404);
    expect((await app.api('/api/preview', { token, body: { type: 'news', id: article._id, draft: true } })).status).toBe(404);
    // The copy's link made before publishing has nothing to show any more.
    expect((await fetch(app.url + copyLink.body.data.path)).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.hasDraft).toBe(false);
    const versions = (await app.api(`/api/news/${article._id}/versions`, { token })).body.data;
    expect(versions[0]).toMatchObject({ version: article.version + 1, action: 'update' });
  });

  it('refuses to publish a copy over a later save (409 naming both versions), and discards a copy without touching the record', async () => {
    const article = await published('Mehnat xabari');
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { title: { uz: 'Mehnat xabari (nusxa)' } } });
    const direct = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { excerpt: { uz: 'Boshqa birov saqladi' }, version: article.version } });
    expect(direct.status).toBe(200);
    const stale = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ reason: 'stale_version' });
    expect(stale.body.details[0]).toMatchObject({ code: 'stale_version', params: { baseVersion: article.version, currentVersion: article.version + 1 } });
    expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Mehnat xabari');

    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'DELETE', token })).status).toBe(200);
    expect((await app.api(`/api/news/${article._id}/draft`, { token })).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token })).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'DELETE', token })).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}`)).body.data).toMatchObject({ title: { uz: 'Mehnat xabari' }, version: article.version + 1 });
  });

  it('refuses a copy without a token, with a bad value, or of a record that does not exist', async () => {
    const article = await published('Bojxona xabari');
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', body: { title: { uz: 'x' } } })).status).toBe(401);
    // The same rules as a save: a bad value is refused with its path, nothing kept; an unknown field is dropped.
    const bad = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { title: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('title');
    expect((await app.api(`/api/news/${article._id}/draft`, { token })).status).toBe(404);
    const unknown = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { colour: 'red' } });
    expect(unknown.body.data).not.toHaveProperty('colour');
    await app.api(`/api/news/${article._id}/draft`, { method: 'DELETE', token });
    expect((await app.api('/api/news/0123456789abcdef01234567/draft', { method: 'PUT', token, body: { title: { uz: 'x' } } })).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}/draft`, { token })).status).toBe(404);
  });

  it('restores a version without changing visibility, schedule or other languages’ texts, and leaves a redirect from the address it replaces', async () => {
    const article = await published('Investitsiya xabari');
    const second = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { uz: 'Investitsiya xabari yangi', ru: 'Инвестиционные новости' }, slug: 'investitsiya-yangi', version: article.version } });
    expect(second.status).toBe(200);
    // The address of the second version is shared on Telegram.
    expect((await fetch(`${app.url}/news/investitsiya-yangi`)).status).toBe(200);

    const restored = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ published: true, title: { uz: 'Investitsiya xabari', ru: 'Инвестиционные новости' }, slug: article.slug });
    expect((await app.api(`/api/news/${article._id}`)).status).toBe(200);
    const moved = await fetch(`${app.url}/news/investitsiya-yangi`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toContain(`/news/${article.slug}`);
    expect((await fetch(`${app.url}/news/${article.slug}`)).status).toBe(200);

    // Asked for, the other languages' texts go too.
    const all = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token, body: { languages: 'all' } });
    expect(all.body.data.title).toEqual({ uz: 'Investitsiya xabari' });
  });

  it('keeps a hidden record hidden when a published version is restored, unless visibility is asked', async () => {
    const article = await published('Litsenziya xabari');
    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { published: false, version: article.version } });
    const kept = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token });
    expect(kept.body.data.published).toBe(false);
    expect((await app.api(`/api/news/${article._id}`)).status).toBe(404);
    const asked = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token, body: { visibility: true } });
    expect(asked.body.data.published).toBe(true);
    expect((await app.api(`/api/news/${article._id}`)).status).toBe(200);
  });

  it('restores a version into the working copy, changing nothing public', async () => {
    const article = await published('Bank xabari');
    await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { uz: 'Bank xabari ikkinchi' }, version: article.version } });
    const page = await fetch(`${app.url}/news/${article.slug}`).then((response) => response.text());
    const intoCopy = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token, body: { into: 'draft' } });
    expect(intoCopy.status).toBe(200);
    expect(intoCopy.body.data).toMatchObject({ hasDraft: true, baseVersion: article.version + 1, title: { uz: 'Bank xabari' } });
    expect((await app.api(`/api/news/${article._id}`)).body.data).toMatchObject({ title: { uz: 'Bank xabari ikkinchi' }, version: article.version + 1 });
    expect(await fetch(`${app.url}/news/${article.slug}`).then((response) => response.text())).toBe(page);
    const refused = await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token, body: { into: 'live', extra: 1 } });
    expect(refused.status).toBe(400);
  });

  it('applies a copy whose publishing time is still to come at that time, not before', async () => {
    const article = await published('Eksport xabari');
    const at = new Date(Date.now() + 6000).toISOString();
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { title: { uz: 'Eksport xabari (yangi tahrir)' }, publishAt: at } });
    const asked = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ hasDraft: true, applyAt: new Date(at).toISOString() });
    expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Eksport xabari');
    await expect.poll(async () => (await app.api(`/api/news/${article._id}`)).body.data.title.uz, { timeout: 25_000, interval: 250 }).toBe('Eksport xabari (yangi tahrir)');
    const now = (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data;
    expect(now).toMatchObject({ version: article.version + 1, published: true, publicState: 'published', hasDraft: false });
    // Its page shows the change too (the cached one was dropped).
    expect(await fetch(`${app.url}/news/${now.slug}`).then((response) => response.text())).toContain('Eksport xabari (yangi tahrir)');
  });

  it('lets a named outside reviewer approve or ask for changes through a signed link, with a plain form; it is an opinion and publishes nothing', async () => {
    const article = await published('Hamkor uchun xabar');
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token, body: { title: { uz: 'Hamkor uchun xabar (nusxa)' } } });
    // A bad reviewer is refused with the field named, as every refused field is (API.md).
    for (const [reviewer, path, code] of [
      [{ name: '', email: 'a@b.uz' }, 'reviewer.name', 'required'],
      [{ name: 'Aziz', email: 'not-an-address' }, 'reviewer.email', 'invalid_email'],
      [{ name: 'Aziz' }, 'reviewer.email', 'required'],
      [{ name: 'Aziz', email: 'a@b.uz', phone: '1' }, 'reviewer', 'invalid'],
      ['Aziz', 'reviewer', 'invalid_type'],
    ] as const) {
      const refused = await app.api('/api/preview', { token, body: { type: 'news', id: article._id, draft: true, reviewer } });
      expect(refused.status, JSON.stringify(reviewer)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.details[0], JSON.stringify(reviewer)).toMatchObject({ path, code });
    }
    const made = await app.api('/api/preview', { token, body: { type: 'news', id: article._id, draft: true, reviewer: { name: 'Aziz Rahimov', email: 'aziz@client.uz' } } });
    expect(made.status).toBe(201);
    // A week, not an hour.
    expect(Date.parse(made.body.data.expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const link = app.url + made.body.data.path;
    await app.api(`/api/news/${article._id}/review`, { token, body: { action: 'submit' } });
    const page = await fetch(link).then((response) => response.text());
    expect(page).toContain('Hamkor uchun xabar (nusxa)');
    expect(page).toContain('Aziz Rahimov');
    expect(page).toMatch(/<form[^>]* method="post">/);
    const post = (body: string, to = link) => fetch(to, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }, body, redirect: 'manual' });

    const bad = await post('decision=publish');
    expect(bad.status).toBe(400);
    const decided = await post(`decision=request_changes&comment=${encodeURIComponent('Jarima miqdorini tekshiring')}`);
    expect(decided.status).toBe(200);
    expect(await decided.text()).toContain('Rahmat, Aziz Rahimov');
    const review = (await app.api(`/api/news/${article._id}/review`, { token })).body.data;
    // An opinion: it stays in review for the firm's approver.
    expect(review.reviewState).toBe('in_review');
    expect(review.history.at(-1)).toMatchObject({ action: 'request_changes', comment: 'Jarima miqdorini tekshiring', by: { name: 'Aziz Rahimov', email: 'aziz@client.uz', outside: true } });
    // The same decision posted twice, an altered link: refused, nothing changed; nothing was published.
    expect((await post('decision=approve')).status).toBe(409);
    const [payload, signature] = made.body.data.path.split('/preview/')[1].split('.');
    expect((await post('decision=approve', `${app.url}/preview/${payload}.${signature.slice(0, -2)}AA`)).status).toBe(404);
    expect((await app.api(`/api/news/${article._id}/review`, { token })).body.data.history).toHaveLength(2);
    expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Hamkor uchun xabar');
    // Submitted again, the reviewer may decide again: still an opinion, not the approval.
    await app.api(`/api/news/${article._id}/review`, { token, body: { action: 'request_changes' } });
    await app.api(`/api/news/${article._id}/review`, { token, body: { action: 'submit' } });
    expect((await post('decision=approve')).status).toBe(200);
    expect((await app.api(`/api/news/${article._id}/review`, { token })).body.data.reviewState).toBe('in_review');
  });
});
