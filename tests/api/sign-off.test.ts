/*
 * Sign-off (API-3.md "Working copies, review and sign-off"), on both databases: the approver role,
 * review steps and who may take them, "publishing needs approval" refusing what is not approved
 * (403 approval_required), an administrator's override with its reason in the activity log, and
 * an approval that no longer stands once the copy changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-password-1';

describe.each(DIALECTS)('sign-off on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let editor: string;
  let approver: string;
  let translator: string;

  async function account(role: string, languages: string[] = []) {
    const email = `${role}-${dialect}@example.uz`;
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role, languages } })).status).toBe(201);
    return app.login(email, PASSWORD);
  }
  async function requireApproval(on: boolean) {
    const config = (await app.api('/api/site-config')).body.data;
    const saved = await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: on } } });
    expect(saved.status).toBe(200);
  }

  beforeAll(async () => {
    app = await startTestApp(dialect);
    admin = await app.login();
    editor = await account('editor');
    approver = await account('approver');
    translator = await account('translator', ['ru']);
  });
  afterAll(() => app?.close());

  it('lists whom a submit can ask, and refuses asking someone who cannot approve or a due time that has passed', async () => {
    const approvers = await app.api('/api/reviews/approvers', { token: translator });
    expect(approvers.status).toBe(200);
    const emails = approvers.body.data.map((account: { email: string }) => account.email);
    expect(emails).toContain(`approver-${dialect}@example.uz`);
    expect(emails).toContain('admin@example.uz');
    expect(emails).not.toContain(`editor-${dialect}@example.uz`);
    expect(emails).not.toContain(`translator-${dialect}@example.uz`);
    expect(Object.keys(approvers.body.data[0]).sort()).toEqual(['_id', 'email', 'name']);
    expect((await app.api('/api/reviews/approvers')).status).toBe(401);
    const article = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Soʻrov' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).body.data;
    const editorId = (await app.api('/api/auth/me', { token: editor })).body.data._id;
    const toEditor = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit', assignee: editorId } });
    expect(toEditor.status).toBe(400);
    expect(toEditor.body.details[0]).toMatchObject({ path: 'assignee', code: 'not_approver' });
    const toNobody = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit', assignee: '0'.repeat(24) } });
    expect(toNobody.body.details[0]).toMatchObject({ path: 'assignee', code: 'not_approver' });
    const late = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit', dueAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(late.status).toBe(400);
    expect(late.body.details[0]).toMatchObject({ path: 'dueAt', code: 'in_past' });
    // Nothing was submitted by the refused steps.
    expect((await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data).toMatchObject({ reviewState: 'none', history: [] });
  });

  it('lets anyone signed in submit, only approvers and admins approve, and refuses a decision posted twice', async () => {
    const article = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Kelishuv' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).body.data;
    expect((await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data).toMatchObject({ reviewState: 'none', history: [] });
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', body: { action: 'submit' } })).status).toBe(401);
    const me = (await app.api('/api/auth/me', { token: approver })).body.data;
    const submitted = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: translator, body: { action: 'submit', assignee: me._id, dueAt: '2099-12-01T18:00:00+05:00', comment: 'Tekshirib bering' } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ reviewState: 'in_review', assignee: me._id, dueAt: '2099-12-01T13:00:00.000Z' });
    // An editor may not approve; a second submit, an approval of nothing in review, a bad step: each a 4xx.
    const byEditor = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'approve' } });
    expect(byEditor.status).toBe(403);
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit' } })).status).toBe(409);
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'publish' } })).status).toBe(400);
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'approve', extra: true } })).status).toBe(400);
    const approved = await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'approve', comment: 'Maʼqul' } });
    expect(approved.body.data.reviewState).toBe('approved');
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'approve' } })).status).toBe(409);
    const history = (await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data.history;
    expect(history.map((step: { action: string }) => step.action)).toEqual(['submit', 'approve']);
    expect(history[0]).toMatchObject({ by: { email: `translator-${dialect}@example.uz` }, comment: 'Tekshirib bering' });
    expect(history[1]).toMatchObject({ by: { email: `approver-${dialect}@example.uz` }, comment: 'Maʼqul' });
    expect((await app.api('/api/news/0123456789abcdef01234567/review', { method: 'POST', token: editor, body: { action: 'submit' } })).status).toBe(404);
  });

  it('with "publishing needs approval" publishes only what is approved; an admin may override with a reason, kept in the activity log', async () => {
    const article = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Sud amaliyoti' }, excerpt: { uz: 'x' }, category: { uz: 'Nizolar' }, content: { uz: 'Matn' }, published: true } })).body.data;
    await requireApproval(true);
    try {
      // A copy of the public article: publishing it unapproved is refused, nothing changes.
      await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { title: { uz: 'Sud amaliyoti (tuzatilgan)' } } });
      const refused = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('approval_required');
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Sud amaliyoti');
      // A direct change of a public record and a new published one are publishing too.
      expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'y' } } })).status).toBe(403);
      expect((await app.api('/api/news', { token: editor, body: { title: { uz: 'Yangi' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: 'x' }, published: true } })).status).toBe(403);
      // A draft is not publishing.
      expect((await app.api('/api/news', { token: editor, body: { title: { uz: 'Qoralama' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: 'x' }, published: false } })).status).toBe(201);

      // Approved, it is published; a change to the copy after approval asks for approval again.
      await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit' } });
      await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'approve' } });
      await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { title: { uz: 'Sud amaliyoti (yana tuzatilgan)' } } });
      expect((await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data.reviewState).toBe('none');
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor })).status).toBe(403);
      await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: editor, body: { action: 'submit' } });
      await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: approver, body: { action: 'approve' } });
      const published = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor });
      expect(published.status).toBe(200);
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Sud amaliyoti (yana tuzatilgan)');
      // Published, the approval is used: the next change is asked again.
      expect((await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data.reviewState).toBe('none');

      // An editor cannot override; an administrator can, with a reason.
      await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { title: { uz: 'Sud amaliyoti (shoshilinch)' } } });
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor, body: { override: { reason: 'Shoshilinch' } } })).status).toBe(403);
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: admin, body: { override: { reason: ' ' } } })).status).toBe(400);
      const overridden = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: admin, body: { override: { reason: 'Sud qarori bugun eʼlon qilindi' } } });
      expect(overridden.status).toBe(200);
      const activity = JSON.stringify((await app.api('/api/admin/activity?limit=50', { token: admin })).body.data);
      expect(activity).toContain('published without approval — Sud qarori bugun eʼlon qilindi');
    } finally {
      await requireApproval(false);
    }
    // Off again: an editor publishes as before.
    expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'z' } } })).status).toBe(200);
  });

  it('keeps comments on a record, a field and a language; a resolved one stays; bad ones are refused with their path', async () => {
    const article = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Izohlar' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).body.data;
    const added = await app.api(`/api/news/${article._id}/comments`, { token: approver, body: { text: 'Jadvaldagi stavkani tekshiring', field: 'content', lang: 'ru' } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ text: 'Jadvaldagi stavkani tekshiring', field: 'content', lang: 'ru', resolved: false, author: { email: `approver-${dialect}@example.uz` } });
    await app.api(`/api/news/${article._id}/comments`, { token: translator, body: { text: 'Umumiy izoh' } });
    for (const [body, path] of [
      [{ text: 'x', field: 'colour' }, 'field'],
      [{ text: 'x', lang: 'xx' }, 'lang'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(4001) }, 'text'],
    ] as const) {
      const refused = await app.api(`/api/news/${article._id}/comments`, { token: editor, body });
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.body.details[0].path).toBe(path);
    }
    expect((await app.api(`/api/news/${article._id}/comments`, { token: editor, body: { text: 'x', extra: 1 } })).status).toBe(400);
    expect((await app.api(`/api/news/${article._id}/comments`, { body: { text: 'x' } })).status).toBe(401);
    expect((await app.api('/api/news/0123456789abcdef01234567/comments', { token: editor, body: { text: 'x' } })).status).toBe(404);

    const resolved = await app.api(`/api/news/${article._id}/comments/${added.body.data._id}`, { method: 'PUT', token: editor, body: { resolved: true } });
    expect(resolved.body.data.resolved).toBe(true);
    expect((await app.api(`/api/news/${article._id}/comments/${added.body.data._id}`, { method: 'PUT', token: editor, body: { resolved: false } })).status).toBe(400);
    expect((await app.api(`/api/news/${article._id}/comments/0123456789abcdef01234567`, { method: 'PUT', token: editor, body: { resolved: true } })).status).toBe(404);
    const all = (await app.api(`/api/news/${article._id}/comments`, { token: editor })).body.data;
    expect(all.map((comment: { text: string; resolved: boolean }) => [comment.text, comment.resolved])).toEqual([
      ['Jadvaldagi stavkani tekshiring', true],
      ['Umumiy izoh', false],
    ]);
  });
});
