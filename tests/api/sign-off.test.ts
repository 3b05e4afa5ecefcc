/*
 * Sign-off (API-3.md "Working copies, review and sign-off"), on both databases: the approver role,
 * review steps and who may take them, "publishing needs approval" refusing what is not approved
 * (403 approval_required), an administrator's override with its reason in the activity log, an
 * approval that no longer stands once the copy changes, and an outside reviewer's decision that is
 * an opinion only (never the approval, whatever path publishes).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-password-1';

describe.each(DIALECTS)('sign-off on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let editor: string;
  let approver: string;
  let translator: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

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
    smtp = await startSmtp();
    app = await startTestApp(dialect, { ssr: true, env: { SMTP_URL: smtp.url } });
    admin = await app.login();
    editor = await account('editor');
    approver = await account('approver');
    translator = await account('translator', ['ru']);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

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

  /** A public article with a working copy, by the editor (approval off while it is made). */
  async function publicWithCopy(title: string) {
    const article = (await app.api('/api/news', { token: editor, body: { title: { uz: title }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: true } })).body.data;
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { title: { uz: `${title} (nusxa)` } } })).status).toBe(200);
    return article as { _id: string; slug: string; version: number };
  }
  const step = (id: string, token: string, body: Record<string, unknown>) => app.api(`/api/news/${id}/review`, { method: 'POST', token, body });
  const stateOf = async (id: string) => (await app.api(`/api/news/${id}/review`, { token: editor })).body.data.reviewState;
  /** The reviewer's page form, posted as a browser without JavaScript does. */
  const decide = (path: string, body: string) => fetch(app.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }, body, redirect: 'manual' });

  it('makes a reviewer’s link only for approvers and administrators, names who made it and for whom, and carries neither name nor e-mail', async () => {
    const article = await publicWithCopy('Havola');
    const body = { type: 'news', id: article._id, draft: true, reviewer: { name: 'Aziz Rahimov', email: 'aziz@client.uz' } };
    for (const token of [translator, editor]) {
      const refused = await app.api('/api/preview', { token, body });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    // A plain preview stays open to anyone signed in.
    expect((await app.api('/api/preview', { token: translator, body: { type: 'news', id: article._id, draft: true } })).status).toBe(201);

    const made = await app.api('/api/preview', { token: approver, body });
    expect(made.status).toBe(201);
    const path: string = made.body.data.path;
    const [payload] = path.split('/preview/')[1].split('.');
    const carried = Buffer.from(payload, 'base64url').toString('utf8');
    for (const secret of ['Aziz', 'aziz@client.uz', 'client.uz']) {
      expect(carried).not.toContain(secret);
      expect(made.body.data.url).not.toContain(secret);
    }
    expect(await fetch(app.url + path).then((response) => response.text())).toContain('Havola (nusxa)');
    const activity = (await app.api('/api/admin/activity?limit=20', { token: admin })).body.data as Array<{ userEmail: string; summary: string }>;
    const line = activity.find((entry) => entry.summary.includes('outside reviewer'));
    expect(line).toMatchObject({ userEmail: `approver-${dialect}@example.uz` });
    expect(line!.summary).toContain('Aziz Rahimov <aziz@client.uz>');
    // The refused tries made no link and no line.
    expect(activity.filter((entry) => entry.summary.includes('outside reviewer'))).toHaveLength(1);

    // A link of the first kind, signed with the site's own key but carrying the name and e-mail, no longer opens.
    const key = (await app.services.database.db.selectFrom('app_secrets').select('value').where('name', '=', 'preview-links').executeTakeFirstOrThrow()).value as string;
    const old = Buffer.from(JSON.stringify({ t: 'news', i: article._id, e: Math.floor(Date.now() / 1000) + 3600, d: 1, r: ['Aziz Rahimov', 'aziz@client.uz'] })).toString('base64url');
    const oldPath = `/preview/${old}.${createHmac('sha256', Buffer.from(key, 'base64url')).update(old).digest('base64url')}`;
    expect((await fetch(app.url + oldPath)).status).toBe(404);
    expect((await decide(oldPath, 'decision=approve')).status).toBe(404);
    // A link whose key was made up, or names another record than its own: not opened either.
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(carried), i: (await publicWithCopy('Boshqa'))._id })).toString('base64url');
    expect((await fetch(`${app.url}/preview/${forged}.${createHmac('sha256', Buffer.from(key, 'base64url')).update(forged).digest('base64url')}`)).status).toBe(404);
  });

  it('keeps an outside reviewer’s decision as an opinion: only while in review, never the approval, over a request for changes or not; the person asked is told', async () => {
    const article = await publicWithCopy('Acme bilan bitim');
    await requireApproval(true);
    try {
      const approverId = (await app.api('/api/auth/me', { token: approver })).body.data._id;
      const { path } = (await app.api('/api/preview', { token: approver, body: { type: 'news', id: article._id, draft: true, reviewer: { name: 'Aziz Rahimov', email: 'aziz@client.uz' } } })).body.data;

      // Not submitted: the page says it does not wait for review, and a decision is refused.
      const idle = await fetch(app.url + path).then((response) => response.text());
      expect(idle).not.toMatch(/<form[^>]* method="post"/);
      expect(idle).toContain('ko‘rib chiqishni kutmayapti');
      const early = await decide(path, 'decision=approve');
      expect(early.status).toBe(409);
      expect(await early.text()).toContain('ko‘rib chiqishni kutmayapti');
      expect((await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data.history).toEqual([]);

      // An approver asked for changes: an outside "Approve" is refused, and changes nothing.
      expect((await step(article._id, editor, { action: 'submit', assignee: approverId })).status).toBe(200);
      expect((await step(article._id, approver, { action: 'request_changes', comment: 'Summani tekshiring' })).status).toBe(200);
      expect((await decide(path, 'decision=approve')).status).toBe(409);
      expect(await stateOf(article._id)).toBe('changes_requested');
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor })).body.reason).toBe('approval_required');

      // In review: the outside "Approve" is taken as an opinion; it is still in review, nothing publishes.
      expect((await step(article._id, editor, { action: 'submit', assignee: approverId })).status).toBe(200);
      const page = await fetch(app.url + path).then((response) => response.text());
      expect(page).toMatch(/<form[^>]* method="post"/);
      const opinion = await decide(path, `decision=approve&comment=${encodeURIComponent('Menga maʼqul')}`);
      expect(opinion.status).toBe(200);
      expect(await opinion.text()).toContain('Rahmat, Aziz Rahimov');
      const review = (await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data;
      expect(review.reviewState).toBe('in_review');
      expect(review.history.at(-1)).toMatchObject({ action: 'approve', comment: 'Menga maʼqul', by: { name: 'Aziz Rahimov', email: 'aziz@client.uz', outside: true } });
      const refused = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('approval_required');
      expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'boshqa' } } })).status).toBe(403);
      expect((await app.api(`/api/news/${article._id}/versions/${article.version}/restore`, { method: 'POST', token: editor, body: { visibility: true } })).body.reason).toBe('approval_required');
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Acme bilan bitim');
      // The person asked is told, in the site's language, that it is an opinion.
      await expect.poll(() => smtp.to(`approver-${dialect}@example.uz`).filter((mail) => mail.body.includes('Aziz Rahimov')).length, { timeout: 10_000 }).toBe(1);
      const told = smtp.to(`approver-${dialect}@example.uz`).find((mail) => mail.body.includes('Aziz Rahimov'))!;
      expect(told.body).toContain('aziz@client.uz');
      expect(told.body).toContain('tasdiq emas');
      expect(told.body).toContain('Menga maʼqul');

      // An approver's own "approve" counts; a later "request changes" undoes it; only a new submit and approve publish.
      expect((await step(article._id, approver, { action: 'approve' })).body.data.reviewState).toBe('approved');
      expect((await step(article._id, admin, { action: 'request_changes' })).body.data.reviewState).toBe('changes_requested');
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor })).status).toBe(403);
      expect((await step(article._id, editor, { action: 'submit' })).status).toBe(200);
      expect((await step(article._id, approver, { action: 'approve' })).status).toBe(200);
      const published = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor });
      expect(published.status).toBe(200);
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Acme bilan bitim (nusxa)');
    } finally {
      await requireApproval(false);
    }
  });

  it('does not count a review kept as "approved" by an outside decision before this rule', async () => {
    const article = await publicWithCopy('Eski tasdiq');
    await requireApproval(true);
    try {
      expect((await step(article._id, editor, { action: 'submit' })).status).toBe(200);
      // As the earlier code kept it: the outside reviewer's "approve" set the state to approved.
      const steps = (await app.api(`/api/news/${article._id}/review`, { token: editor })).body.data.history;
      const outside = { action: 'approve', by: { _id: '', email: 'aziz@client.uz', name: 'Aziz Rahimov', outside: true }, at: new Date().toISOString() };
      await app.services.database.db.updateTable('record_reviews').set({ state: 'approved', steps: JSON.stringify([...steps, outside]) }).where('record_type', '=', 'news').where('record_id', '=', article._id).execute();
      expect(await stateOf(article._id)).toBe('in_review');
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor })).status).toBe(403);
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Eski tasdiq');
    } finally {
      await requireApproval(false);
    }
  });

  it('publishes at a scheduled moment only what is approved then: a scheduled new record asks approval, and a copy waits when changes were asked after it was scheduled', async () => {
    const article = await publicWithCopy('Rejadagi nusxa');
    await requireApproval(true);
    try {
      const later = new Date(Date.now() + 3000).toISOString();
      // A record that goes public at its moment without anyone asked again is publishing now.
      const scheduled = await app.api('/api/news', { token: editor, body: { title: { uz: 'Rejadagi' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: 'x' }, published: true, publishAt: new Date(Date.now() + 3600_000).toISOString() } });
      expect(scheduled.status).toBe(403);
      expect(scheduled.body.reason).toBe('approval_required');

      await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { publishAt: later } });
      expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor })).status).toBe(403);
      await step(article._id, editor, { action: 'submit' });
      await step(article._id, approver, { action: 'approve' });
      const asked = await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: editor });
      expect(asked.status).toBe(202);
      expect(asked.body.data.applyAt).toBe(later);
      // Changes asked for before the moment: the schedule does not publish it; the copy waits in the form.
      expect((await step(article._id, approver, { action: 'request_changes', comment: 'Hali emas' })).status).toBe(200);
      await expect.poll(async () => (await app.api(`/api/news/${article._id}/draft`, { token: editor })).body.data.applyAt, { timeout: 25_000, interval: 250 }).toBeNull();
      expect((await app.api(`/api/news/${article._id}`)).body.data.title.uz).toBe('Rejadagi nusxa');
      expect((await app.api(`/api/news/${article._id}/draft`, { token: editor })).body.data.title.uz).toBe('Rejadagi nusxa (nusxa)');
    } finally {
      await requireApproval(false);
    }
  });
});
