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
    expect(headers).toMatch(/^Subject: New contact request: Divorce Bcc: victim@example\.com/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(mail).toContain('Yordam kerak.');
  });
});
