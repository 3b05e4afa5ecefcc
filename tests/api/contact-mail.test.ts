import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/processes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('e-mail about new contact requests (SMTP_URL)', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let app: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let message = '';
        stream.on('data', (chunk) => (message += chunk));
        stream.on('end', () => {
          received.push(message);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    app = await startTestApp('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the firm the request, with the visitor as Reply-To and no header injection', async () => {
    const response = await app.api('/api/contact', { body: { name: 'Olga Kim', email: 'olga@example.uz', subject: 'Divorce\r\nBcc: victim@example.com', message: 'Salom!\nYordam kerak.' } });
    expect(response.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const mail = received[0];
    const headers = mail.split(/\r?\n\r?\n/)[0];
    expect(headers).toMatch(/^To: info@example\.uz/m);
    expect(headers).toMatch(/^Reply-To: Olga Kim <olga@example\.uz>/m);
    // In the site's default language (Uzbek), as the office reads it.
    expect(headers).toMatch(/^Subject: Saytdan yangi murojaat: Divorce Bcc: victim@example\.com/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(mail).toContain('Yordam kerak.');
  });

  it('tells the person asked to review by e-mail, and lists it as waiting for them, overdue first', async () => {
    const admin = await app.login();
    const email = 'partner@example.uz';
    const password = 'a-long-password-1';
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password, role: 'approver', name: 'Dilnoza Karimova' } })).status).toBe(201);
    const partner = await app.login(email, password);
    const me = (await app.api('/api/auth/me', { token: partner })).body.data;
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Soliq alerti' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).body.data;
    const later = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Keyinroq' }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published: false } })).body.data;
    const before = received.length;
    await app.api(`/api/news/${later._id}/review`, { method: 'POST', token: admin, body: { action: 'submit', assignee: me._id, dueAt: '2099-01-01T09:00:00+05:00' } });
    // Due in a moment (a time already past is refused), so that it is overdue when the list is read.
    const dueAt = new Date(Date.now() + 1500).toISOString();
    expect((await app.api(`/api/news/${article._id}/review`, { method: 'POST', token: admin, body: { action: 'submit', assignee: me._id, dueAt, comment: 'Bugun kerak' } })).status).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 2);
    const mail = received.find((message) => message.includes('Soliq alerti'))!;
    expect(mail).toMatch(/^To: partner@example\.uz/m);
    // A subject is sent Q-encoded when it must be; decoded, it names the record.
    const qDecoded = (text: string) => Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})|([^=])/g, (_all, hex: string | undefined, char: string | undefined) => (hex ? String.fromCharCode(parseInt(hex, 16)) : char!)), 'latin1').toString('utf8');
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)![1].replace(/\r?\n[ \t]/g, '').replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_match, text: string) => qDecoded(text));
    // In the site's default language (Uzbek), as the office reads it.
    expect(subject.replace(/\s+/g, ' ')).toContain('Ko‘rib chiqing: Soliq alerti');
    expect(mail).toContain('Muddat:');
    expect(mail).toContain('Bugun kerak');
    expect(mail).toContain(`/admin/news/${article._id}/edit`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(dueAt) - Date.now() + 50)));
    const waiting = (await app.api('/api/reviews/mine', { token: partner })).body.data;
    expect(waiting.map((item: { title: string; overdue: boolean }) => [item.title, item.overdue])).toEqual([
      ['Soliq alerti', true],
      ['Keyinroq', false],
    ]);
    expect((await app.api('/api/reviews/mine', { token: admin })).body.data).toEqual([]);
    expect((await app.api('/api/reviews/mine')).status).toBe(401);
  });
});
