/*
 * The review loop as the firm's people meet it, on both databases: a working copy saved over by a
 * colleague is refused (409 copy_changed, naming who and when) instead of silently replaced; the
 * author is told of an approver's decision in their own language, and it reaches their dashboard
 * with an outside reviewer's opinion named and marked; an approved copy is published "as
 * approved" whether the site asks for approval or not; an outside reviewer's links are part of
 * their data export and erase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-password-1';

describe.each(DIALECTS)('the review loop on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let lawyer: string;
  let editor: string;
  let approver: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  async function account(role: string, name: string, email: string) {
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role, name } })).status).toBe(201);
    return app.login(email, PASSWORD);
  }
  async function publicWithCopy(title: string) {
    const article = (await app.api('/api/news', { token: lawyer, body: { title: { uz: title }, excerpt: { uz: 'Qisqa' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: true } })).body.data;
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: lawyer, body: { title: { uz: `${title} (nusxa)` } } })).status).toBe(200);
    return article as { _id: string; slug: string; version: number };
  }
  const step = (id: string, token: string, body: Record<string, unknown>) => app.api(`/api/news/${id}/review`, { method: 'POST', token, body });
  const mailsTo = (address: string, text: string) => smtp.to(address).filter((mail) => mail.body.includes(text));

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { ssr: true, env: { SMTP_URL: smtp.url } });
    admin = await app.login();
    lawyer = await account('editor', 'Dilnoza Karimova', `lawyer-${dialect}@example.uz`);
    editor = await account('editor', 'Sardor Aliyev', `editor-${dialect}@example.uz`);
    approver = await account('approver', 'Nodira Yusupova', `approver-${dialect}@example.uz`);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('refuses a working copy saved over a colleague’s later save (409 copy_changed, who and when), and keeps their copy', async () => {
    const article = await publicWithCopy('Soliq kodeksi');
    // The lawyer's form read the copy as it was; the editor then changed its excerpt.
    const read = (await app.api(`/api/news/${article._id}/draft`, { token: lawyer })).body.data;
    expect(read.draftVersion).toBe(1);
    expect(read.draftSavedBy).toEqual({ email: `lawyer-${dialect}@example.uz`, name: 'Dilnoza Karimova' });
    const colleague = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'Muharrir qisqasi' }, draftVersion: read.draftVersion } });
    expect(colleague.status).toBe(200);
    expect(colleague.body.data.draftVersion).toBe(2);

    // The lawyer saves from what they read: refused, naming the editor and when; nothing is replaced.
    const refused = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: lawyer, body: { title: { uz: 'Soliq kodeksi (yangi)' }, draftVersion: read.draftVersion } });
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('copy_changed');
    expect(refused.body.details[0]).toMatchObject({ path: 'draftVersion', code: 'copy_changed', params: { draftVersion: 2, savedBy: `editor-${dialect}@example.uz`, savedByName: 'Sardor Aliyev', savedAt: colleague.body.data.draftSavedAt } });
    expect(refused.body.error).toContain('Sardor Aliyev');
    const kept = (await app.api(`/api/news/${article._id}/draft`, { token: lawyer })).body.data;
    expect(kept.excerpt.uz).toBe('Muharrir qisqasi');
    expect(kept.title.uz).toBe('Soliq kodeksi (nusxa)');

    // A form that read no copy (0) does not replace one a colleague made meanwhile.
    const other = (await app.api('/api/news', { token: lawyer, body: { title: { uz: 'Yangi qonun' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: 'x' }, published: true } })).body.data;
    expect((await app.api(`/api/news/${other._id}/draft`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'Muharrirniki' }, draftVersion: 0 } })).status).toBe(200);
    const late = await app.api(`/api/news/${other._id}/draft`, { method: 'PUT', token: lawyer, body: { excerpt: { uz: 'Meniki' }, draftVersion: 0 } });
    expect(late.status).toBe(409);
    expect(late.body.details[0].params).toMatchObject({ draftVersion: 1, savedByName: 'Sardor Aliyev' });

    // Having seen their copy, the lawyer saves over its version: accepted, with the copy's next version.
    const over = await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: lawyer, body: { title: { uz: 'Soliq kodeksi (yangi)' }, draftVersion: 2 } });
    expect(over.status).toBe(200);
    expect(over.body.data).toMatchObject({ draftVersion: 3, title: { uz: 'Soliq kodeksi (yangi)' }, excerpt: { uz: 'Muharrir qisqasi' } });
    expect((await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: lawyer, body: { draftVersion: 'x' } })).status).toBe(400);
  });

  it('tells the author of a decision by e-mail in the language they read the admin in, else the site’s, and on their dashboard', async () => {
    expect((await app.api('/api/auth/me/language', { method: 'PUT', token: lawyer, body: { language: 'ru' } })).status).toBe(200);
    expect((await app.api('/api/auth/me/language', { method: 'PUT', token: lawyer, body: { language: 'de' } })).status).toBe(400);
    expect((await app.api('/api/auth/me/language', { method: 'PUT', body: { language: 'ru' } })).status).toBe(401);
    const article = await publicWithCopy('Mehnat nizolari');
    expect((await step(article._id, lawyer, { action: 'submit' })).status).toBe(200);
    expect((await step(article._id, approver, { action: 'request_changes', comment: 'Summani tekshiring' })).status).toBe(200);
    const lawyerMail = `lawyer-${dialect}@example.uz`;
    await expect.poll(() => mailsTo(lawyerMail, 'Summani tekshiring').length, { timeout: 10_000 }).toBe(1);
    const asked = mailsTo(lawyerMail, 'Summani tekshiring')[0];
    expect(asked.body).toContain('Nodira Yusupova попросил(а) правки в «Mehnat nizolari» (новость).');
    expect(asked.body).toContain(`/admin/news/${article._id}/edit`);

    expect((await step(article._id, lawyer, { action: 'submit' })).status).toBe(200);
    expect((await step(article._id, approver, { action: 'approve' })).status).toBe(200);
    await expect.poll(() => mailsTo(lawyerMail, 'утвердил(а)').length, { timeout: 10_000 }).toBe(1);

    // An author who never chose a language reads the site's default (Uzbek); who saved the copy is the author when nobody submitted.
    const copyOnly = (await app.api('/api/news', { token: editor, body: { title: { uz: 'Bojxona' }, excerpt: { uz: 'x' }, category: { uz: 'x' }, content: { uz: 'x' }, published: true } })).body.data;
    await app.api(`/api/news/${copyOnly._id}/draft`, { method: 'PUT', token: editor, body: { excerpt: { uz: 'y' } } });
    expect((await step(copyOnly._id, admin, { action: 'submit' })).status).toBe(200);
    expect((await step(copyOnly._id, approver, { action: 'approve' })).status).toBe(200);
    // The admin submitted: the admin is the author now, and is told (the editor is not).
    await expect.poll(() => mailsTo('admin@example.uz', 'Bojxona').filter((mail) => mail.body.includes('tasdiqladi')).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(`editor-${dialect}@example.uz`, 'Bojxona')).toEqual([]);

    // The dashboard: both decisions, newest first, by name; an outside reviewer's opinion named and marked.
    const { path } = (await app.api('/api/preview', { token: approver, body: { type: 'news', id: article._id, draft: true, reviewer: { name: 'Aziz Rahimov', email: 'aziz@client.uz' } } })).body.data;
    expect((await step(article._id, lawyer, { action: 'request_changes' })).status).toBe(403);
    await app.api(`/api/news/${article._id}/draft`, { method: 'PUT', token: lawyer, body: { excerpt: { uz: 'Yangilandi' } } });
    expect((await step(article._id, lawyer, { action: 'submit' })).status).toBe(200);
    const decided = await fetch(app.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }, body: 'decision=request_changes&comment=Sanani+yozing', redirect: 'manual' });
    expect(decided.status).toBe(200);
    const news = (await app.api('/api/reviews/news', { token: lawyer })).body.data as Array<{ _id: string; action: string; title: string; by: { name: string; email: string; outside: boolean }; comment?: string }>;
    expect(news.filter((item) => item._id === article._id).map((item) => [item.action, item.by.name, item.by.outside])).toEqual([
      ['request_changes', 'Aziz Rahimov', true],
      ['approve', 'Nodira Yusupova', false],
      ['request_changes', 'Nodira Yusupova', false],
    ]);
    expect(news[0]).toMatchObject({ title: 'Mehnat nizolari', comment: 'Sanani yozing' });
    // Whoever made the reviewer's link sees the opinion too; the approver's own decisions are not "news" to them.
    const approverNews = (await app.api('/api/reviews/news', { token: approver })).body.data as Array<{ _id: string; by: { outside: boolean } }>;
    expect(approverNews.filter((item) => item._id === article._id).map((item) => item.by.outside)).toEqual([true]);
    expect((await app.api('/api/reviews/news')).status).toBe(401);
  });

  it('keeps the publishing of an approved copy as "published as approved", with the approval setting off too', async () => {
    const article = await publicWithCopy('Litsenziya');
    expect((await step(article._id, lawyer, { action: 'submit' })).status).toBe(200);
    expect((await step(article._id, approver, { action: 'approve' })).status).toBe(200);
    expect((await app.api(`/api/news/${article._id}/draft/publish`, { method: 'POST', token: lawyer })).status).toBe(200);
    const review = (await app.api(`/api/news/${article._id}/review`, { token: lawyer })).body.data;
    expect(review.reviewState).toBe('none');
    expect(review.history.at(-1)).toMatchObject({ action: 'publish', version: article.version + 1 });
    expect(review.history.map((entry: { action: string }) => entry.action)).not.toContain('reset');
    const activity = (await app.api('/api/admin/activity?limit=20', { token: admin })).body.data as Array<{ summary: string }>;
    expect(activity.map((line) => line.summary)).toContain('News article "Litsenziya (nusxa)": published as approved');
    // A change after it is not approved: kept as a plain change.
    expect((await app.api(`/api/news/${article._id}`, { method: 'PUT', token: lawyer, body: { excerpt: { uz: 'Keyin' } } })).status).toBe(200);
    expect((await app.api(`/api/news/${article._id}/review`, { token: lawyer })).body.data.history.at(-1).action).toBe('publish');
  });

  it('hands an outside reviewer their links in their data export, and the erase ends the links and unnames them', async () => {
    const article = await publicWithCopy('Investitsiya');
    const made = await app.api('/api/preview', { token: approver, body: { type: 'news', id: article._id, draft: true, reviewer: { name: 'Laylo Saidova', email: 'Laylo@Client.uz' } } });
    expect(made.status).toBe(201);
    const path: string = made.body.data.path;
    expect((await fetch(app.url + path)).status).toBe(200);

    const exported = await app.api('/api/contact/export?email=laylo@client.uz', { token: editor });
    expect(exported.status).toBe(200);
    expect(exported.body.reviewerLinks).toEqual([expect.objectContaining({ name: 'Laylo Saidova', email: 'Laylo@Client.uz', recordType: 'news', recordId: article._id, madeBy: `approver-${dialect}@example.uz` })]);

    const erased = await app.api('/api/contact/by-email?email=LAYLO@client.uz', { method: 'DELETE', token: editor });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toMatchObject({ reviewerLinks: 1 });
    expect((await app.api('/api/contact/export?email=laylo@client.uz', { token: editor })).body.reviewerLinks).toEqual([]);
    // The link opens nothing any more, and the activity log no longer names them.
    expect((await fetch(app.url + path)).status).toBe(404);
    const activity = JSON.stringify((await app.api('/api/admin/activity?limit=50', { token: admin })).body.data);
    expect(activity).not.toContain('Laylo');
    expect(activity).toContain('link for outside reviewer (erased)');
  });
});
