import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Releases (API-4.md "Releases, the calendar and bulk actions"): many records at once, all or nothing. */

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const LANGS = ['uz', 'ru', 'en'];

describe.each(DIALECTS)('releases on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let run = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { env: { SMTP_URL: smtp.url }, scheduleCheckMs: 200 });
    admin = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** A news article in three languages, not public. */
  async function article(title: string, content: unknown = { uz: 'Matn', ru: 'Текст', en: 'Text' }, published = false) {
    run += 1;
    const created = await app.api('/api/news', {
      token: admin,
      body: { title: { uz: `${title} ${run}`, ru: `${title} ru ${run}`, en: `${title} en ${run}` }, excerpt: { uz: 'Qisqa', ru: 'Кратко', en: 'Short' }, category: { uz: 'Soliq', ru: 'Налоги', en: 'Tax' }, content, published },
    });
    expect(created.status).toBe(201);
    return created.body.data as { _id: string; slug: string; version: number };
  }
  const items = (ids: string[]) => ids.map((id) => ({ type: 'news', id, action: 'publish', languages: LANGS }));
  const isPublic = async (id: string) => (await app.api(`/api/news/${id}`)).status === 200;
  /** An article whose text links to a service visitors cannot see: its checks fail. */
  async function failing() {
    const hidden = (await app.api('/api/services', { token: admin, body: { title: { uz: 'Yashirin', ru: 'Скрытая', en: 'Hidden' }, description: { uz: 'x', ru: 'x', en: 'x' }, isActive: false } })).body.data;
    return article('Xato', { uz: { type: 'doc', content: [paragraph(text('Xizmat', [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }]))] }, ru: 'Текст', en: 'Text' });
  }

  it('publishes five items in three languages at once, a working copy with them, and each record’s history names the release', async () => {
    const live = await article('Amaldagi', undefined, true);
    expect((await app.api(`/api/news/${live._id}/draft`, { method: 'PUT', token: admin, body: { title: { uz: 'Yangi kodeks', ru: 'Новый кодекс', en: 'New code' } } })).status).toBe(200);
    const fresh = await Promise.all([1, 2, 3, 4].map((n) => article(`Soliq ${n}`)));
    const ids = [live._id, ...fresh.map((record) => record._id)];
    const made = await app.api('/api/releases', { token: admin, body: { title: 'Soliq kodeksi 1-yanvar', notes: 'Hammasi birga', items: items(ids) } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ state: 'open', createdBy: { email: ADMIN_EMAIL } });
    const release = made.body.data._id as string;

    const shown = (await app.api(`/api/releases/${release}`, { token: admin })).body.data;
    expect(shown.readiness).toHaveLength(5);
    expect(shown.readiness.every((item: { ready: boolean }) => item.ready)).toBe(true);
    expect(shown.readiness[0]).toMatchObject({ hasCopy: true, approval: 'not_needed' });
    const preview = await app.api(`/api/releases/${release}/preview`, { method: 'POST', token: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.data.links).toHaveLength(15);
    expect(preview.body.data.links[0]).toMatchObject({ type: 'news', id: live._id, lang: 'uz', url: expect.stringMatching(/^https:\/\/lawfirm\.test\/preview\/[\w-]+\.[\w-]{43}$/) });
    expect(preview.body.data.links[1].url).toMatch(/^https:\/\/lawfirm\.test\/ru\/preview\//);
    for (const id of fresh.map((record) => record._id)) expect(await isPublic(id)).toBe(false);

    const published = await app.api(`/api/releases/${release}/publish`, { method: 'POST', token: admin });
    expect(published.body).toMatchObject({ success: true });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ state: 'published', publishedAt: expect.any(String) });
    for (const id of ids) expect(await isPublic(id)).toBe(true);
    for (const lang of LANGS) expect((await app.api(`/api/news/${live._id}?lang=${lang}`)).body.data.title[lang]).toBe({ uz: 'Yangi kodeks', ru: 'Новый кодекс', en: 'New code' }[lang]);
    for (const id of ids) {
      const [last] = (await app.api(`/api/news/${id}/versions`, { token: admin })).body.data;
      expect(last.release).toEqual({ _id: release, title: 'Soliq kodeksi 1-yanvar' });
    }
    const activity = (await app.api('/api/admin/activity?limit=50', { token: admin })).body.data as Array<{ summary: string }>;
    expect(activity.filter((line) => line.summary.includes('(release "Soliq kodeksi 1-yanvar")')).length).toBeGreaterThanOrEqual(5);
    // Went out: once.
    expect((await app.api(`/api/releases/${release}/publish`, { method: 'POST', token: admin })).status).toBe(409);
  });

  it('changes nothing when one item fails its checks (422 naming it), nor when one is not approved (403 naming it)', async () => {
    const good = await Promise.all([1, 2, 3, 4].map((n) => article(`Yaxshi ${n}`)));
    const bad = await failing();
    const release = (await app.api('/api/releases', { token: admin, body: { title: 'Bittasi xato', items: items([...good.map((record) => record._id), bad._id]) } })).body.data._id;
    const readiness = (await app.api(`/api/releases/${release}`, { token: admin })).body.data.readiness;
    expect(readiness[4]).toMatchObject({ ready: false, problems: [expect.objectContaining({ code: 'checks_failed', codes: ['link_to_unpublished'] })] });
    const refused = await app.api(`/api/releases/${release}/publish`, { method: 'POST', token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CHECKS_FAILED', reason: 'checks_failed' });
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'items.4', code: 'checks_failed', params: { type: 'news', id: bad._id, lang: 'uz', codes: 'link_to_unpublished' } })]);
    for (const record of [...good, bad]) expect(await isPublic(record._id)).toBe(false);
    expect((await app.api(`/api/releases/${release}`, { token: admin })).body.data.state).toBe('open');

    // Without the failing item, but with approval asked and one item not approved: 403, nothing changes.
    await app.api(`/api/releases/${release}/items/news/${bad._id}`, { method: 'DELETE', token: admin });
    const config = (await app.api('/api/site-config', { token: admin })).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: true } } })).status).toBe(200);
    try {
      for (const record of good.slice(0, 3)) {
        expect((await app.api(`/api/news/${record._id}/review`, { token: admin, body: { action: 'submit' } })).status).toBe(200);
        expect((await app.api(`/api/news/${record._id}/review`, { token: admin, body: { action: 'approve' } })).status).toBe(200);
      }
      const unapproved = await app.api(`/api/releases/${release}/publish`, { method: 'POST', token: admin });
      expect(unapproved.status).toBe(403);
      expect(unapproved.body).toMatchObject({ reason: 'approval_required', details: [expect.objectContaining({ path: 'items.3', code: 'approval_required', params: { type: 'news', id: good[3]._id } })] });
      for (const record of good) expect(await isPublic(record._id)).toBe(false);
    } finally {
      const now = (await app.api('/api/site-config', { token: admin })).body.data;
      expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...now, publishing: { requireApproval: false } } })).status).toBe(200);
    }
  });

  it('refuses an item that is in another open release (409 in_release), on add and on publish', async () => {
    const shared = await article('Umumiy');
    const first = (await app.api('/api/releases', { token: admin, body: { title: 'Birinchi', items: items([shared._id]) } })).body.data._id;
    const twice = await app.api('/api/releases', { token: admin, body: { title: 'Ikkinchi', items: items([shared._id]) } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ reason: 'in_release', details: [expect.objectContaining({ code: 'in_release', params: { type: 'news', id: shared._id } })] });
    const second = (await app.api('/api/releases', { token: admin, body: { title: 'Ikkinchi' } })).body.data._id;
    const added = await app.api(`/api/releases/${second}/items`, { token: admin, body: { type: 'news', id: shared._id, action: 'publish' } });
    expect(added.status).toBe(409);
    expect(added.body.reason).toBe('in_release');
    expect((await app.api(`/api/releases/${first}/publish`, { method: 'POST', token: admin })).status).toBe(200);
    // Once the first went out, the record may go into another.
    expect((await app.api(`/api/releases/${second}/items`, { token: admin, body: { type: 'news', id: shared._id, action: 'unpublish' } })).status).toBe(200);
  });

  it('marks a scheduled release that cannot go out as failed with the reason, changes nothing, and e-mails whoever scheduled it', async () => {
    const good = await article('Rejali');
    const bad = await failing();
    const at = new Date(Date.now() + 1500).toISOString();
    const made = await app.api('/api/releases', { token: admin, body: { title: 'Rejadagi', items: items([good._id, bad._id]), publishAt: at } });
    expect(made.body.data).toMatchObject({ state: 'scheduled', scheduledBy: { email: ADMIN_EMAIL } });
    const release = made.body.data._id;
    await expect.poll(async () => (await app.api(`/api/releases/${release}`, { token: admin })).body.data.state, { timeout: 15_000 }).toBe('failed');
    const failed = (await app.api(`/api/releases/${release}`, { token: admin })).body.data;
    expect(failed.reason).toContain('items.1');
    expect(await isPublic(good._id)).toBe(false);
    expect((await app.api('/api/releases?state=failed', { token: admin })).body.data.map((item: { _id: string }) => item._id)).toContain(release);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(ADMIN_EMAIL) && mail.headers.subject?.includes('Rejadagi')).length, { timeout: 15_000 }).toBe(1);
    expect(smtp.received.find((mail) => mail.headers.subject?.includes('Rejadagi'))!.body).toContain('nothing of it changed');
  });
});
