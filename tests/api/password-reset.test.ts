import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

/* "Forgot password?": a one-use link by e-mail that lives an hour and ends every session. */

describe.each(DIALECTS)('password reset by e-mail on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const email = `clerk-${dialect}@example.uz`;
  const linkIn = (body: string) => /https:\/\/lawfirm\.test\/admin\/reset\/([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { env: { SMTP_URL: smtp.url } });
    const admin = await app.login();
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: 'the-first-password', role: 'editor', name: 'Clerk' } })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('answers every address the same, mails a link to a known one (once in 10 minutes), and the link sets a new password once', async () => {
    expect((await app.api('/api/auth/password-reset')).body.data).toEqual({ byEmail: true });
    const session = await app.login(email, 'the-first-password');
    const known = await app.api('/api/auth/password-reset', { body: { email: email.toUpperCase() } });
    const unknown = await app.api('/api/auth/password-reset', { body: { email: 'nobody@example.uz' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    await expect.poll(() => smtp.to(email).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.to(email)[0];
    // In the site's default language (Uzbek).
    expect(mail.body).toContain('yangi parol');
    const token = linkIn(mail.body);
    expect(token).toHaveLength(43);
    // Asked again at once: no second e-mail.
    await app.api('/api/auth/password-reset', { body: { email } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to('nobody@example.uz')).toHaveLength(0);
    // A short password is refused on its field, and the link still works after it.
    const short = await app.api('/api/auth/password-reset/complete', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.details[0].path).toBe('password');
    const done = await app.api('/api/auth/password-reset/complete', { body: { token, password: 'a-brand-new-password' } });
    expect(done.status).toBe(200);
    // Every session of the account ended; the new password signs in, the old one does not.
    expect((await app.api('/api/auth/me', { token: session })).status).toBe(401);
    expect((await app.api('/api/auth/login', { body: { email, password: 'the-first-password' } })).status).toBe(401);
    expect(await app.login(email, 'a-brand-new-password')).toBeTruthy();
    // Once only; an altered or made-up link says so.
    const again = await app.api('/api/auth/password-reset/complete', { body: { token, password: 'another-new-password' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toContain('expired or was used');
    expect((await app.api('/api/auth/password-reset/complete', { body: { token: 'x'.repeat(43), password: 'another-new-password' } })).status).toBe(400);
    expect((await app.api('/api/auth/password-reset/complete', { body: { token: 'x'.repeat(100_000), password: 'another-new-password' } })).status).toBe(400);
  });

  it('refuses a link older than an hour', async () => {
    const other = `other-${dialect}@example.uz`;
    const admin = await app.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await app.api('/api/auth/users', { token: admin, body: { email: other, password: 'the-first-password', role: 'editor' } });
    await app.api('/api/auth/password-reset', { body: { email: other } });
    await expect.poll(() => smtp.to(other).length, { timeout: 10_000 }).toBe(1);
    const token = linkIn(smtp.to(other)[0].body);
    // The hour passes (the row's time moved back: nobody waits an hour in a test).
    await app.services.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await app.api('/api/auth/password-reset/complete', { body: { token, password: 'a-brand-new-password' } })).status).toBe(400);
    expect(await app.login(other, 'the-first-password')).toBeTruthy();
  });
});

describe('password reset without e-mail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(() => app?.close());

  it('says to ask an administrator', async () => {
    expect((await app.api('/api/auth/password-reset')).body.data).toEqual({ byEmail: false });
    const refused = await app.api('/api/auth/password-reset', { body: { email: ADMIN_EMAIL } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('ask an administrator');
  });
});
