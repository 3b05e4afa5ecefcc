import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DIALECTS)('privacy of contact requests on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let visitor = 0;
  /** Each request from its own address (TRUST_PROXY), so that the contact limit stays out of the way. */
  const send = (body: Record<string, unknown>) =>
    app.api('/api/contact', { body: { name: 'Nodira Saidova', email: 'Nodira@Example.uz', subject: 'Ijara', message: 'Shartnoma haqida', ...body }, headers: { 'x-forwarded-for': `198.51.100.${(visitor += 1)}` } });
  const setPrivacy = async (privacy: Record<string, unknown>) => {
    const config = (await app.api('/api/site-config')).body.data;
    const saved = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, privacy: { ...config.privacy, ...privacy } } });
    expect(saved.status, saved.text).toBe(200);
  };
  const stored = async (id: string) => (await app.api(`/api/contact/${id}`, { token })).body.data;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true, env: { TRUST_PROXY: 'true' } });
    token = await app.login();
  });
  afterAll(() => app.close());

  it('keeps API.md’s form as it is until the firm asks for consent, then needs it and keeps when and to what', async () => {
    expect((await app.api('/api/site-config')).body.data.privacy).toEqual({
      requireConsent: false,
      policyVersion: '1',
      retentionDays: 365,
      emailRequests: true,
      telegramRequests: true,
      telegramPersonalData: true,
      operator: { name: {}, tin: '', address: {}, registerNumber: '' },
      crossBorder: { transfer: false, basis: null, countries: [] },
    });
    const plain = await send({});
    expect(plain.status).toBe(201);
    expect((await stored(plain.body.data._id)).consent).toBeNull();

    await setPrivacy({ requireConsent: true, policyVersion: '2026-11' });
    const missing = await send({ email: 'not-an-email' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((detail: { path: string; code: string }) => `${detail.path}:${detail.code}`)).toEqual(['email:invalid_email', 'consent:required']);
    expect((await send({ consent: false })).status).toBe(400);
    const given = await send({ consent: true, lang: 'ru' });
    expect(given.status).toBe(201);
    const consent = (await stored(given.body.data._id)).consent;
    expect(consent).toMatchObject({ given: true, policyVersion: '2026-11', lang: 'ru' });
    expect(Date.now() - Date.parse(consent.at)).toBeLessThan(60_000);
    const defaultLanguage = await send({ consent: 'true' });
    expect((await stored(defaultLanguage.body.data._id)).consent.lang).toBe('uz');
    await setPrivacy({ requireConsent: false });
  });

  it('shows the consent box without JavaScript when asked for it, and a notice otherwise, both linking the privacy policy', async () => {
    const notice = await (await fetch(`${app.url}/ru/contact`)).text();
    expect(notice).toContain('Мы используем ваши данные только для ответа на обращение');
    expect(notice).toMatch(/href="\/ru\/privacy"|href="#"/);
    expect(notice).not.toContain('id="contact-consent"');
    await setPrivacy({ requireConsent: true });
    const page = await fetch(`${app.url}/contact`);
    const html = await page.text();
    expect(html).toContain('id="contact-consent"');
    expect(html).toContain('name="lang" value="uz"');
    const renderedAt = Number(/name="renderedAt" value="(\d+)"/.exec(html)![1]) - 10_000;
    const post = (extra: Record<string, string>) =>
      fetch(`${app.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'x-forwarded-for': `198.51.100.${(visitor += 1)}` },
        body: new URLSearchParams({ name: 'Anvar', email: 'anvar@example.uz', subject: 'Savol', message: 'Salom', renderedAt: String(renderedAt), lang: 'uz', ...extra }),
      });
    const refused = await post({});
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('rozilik belgisini qo‘ying');
    expect(refusedHtml).toMatch(/id="contact-consent"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-consent"/);
    const accepted = await post({ consent: 'true' });
    expect(accepted.status).toBe(200);
    await setPrivacy({ requireConsent: false });
  });

  it('hands a person every request they sent, in any letter case, and erases them all', async () => {
    const email = `person-${dialect}@example.uz`;
    for (const subject of ['Birinchi', 'Ikkinchi']) expect((await send({ email: email.toUpperCase(), subject })).status).toBe(201);
    expect((await send({ email: `other-${email}` })).status).toBe(201);
    const exported = await app.api(`/api/contact/export?email=${encodeURIComponent(email)}`, { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('cache-control')).toMatch(/no-store/);
    expect(exported.body.data.map((item: { subject: string }) => item.subject)).toEqual(['Birinchi', 'Ikkinchi']);
    expect((await app.api(`/api/contact/export?email=${encodeURIComponent(email)}`)).status).toBe(401);
    expect((await app.api('/api/contact/export?email=nonsense', { token })).status).toBe(400);
    expect((await app.api(`/api/contact/by-email?email=${encodeURIComponent(email)}`, { method: 'DELETE' })).status).toBe(401);
    const erased = await app.api(`/api/contact/by-email?email=${encodeURIComponent(email)}`, { method: 'DELETE', token });
    expect(erased.body.data).toEqual({ deleted: 2, subscriptions: 0, registrations: 0, reviewerLinks: 0 });
    expect((await app.api(`/api/contact/export?email=${encodeURIComponent(email)}`, { token })).body.data).toEqual([]);
    expect((await app.api(`/api/contact/export?email=${encodeURIComponent(`other-${email}`)}`, { token })).body.data).toHaveLength(1);
  });

  it('keeps visitors’ names out of the activity log, shows it to editors and administrators only, and erases a person’s lines with them', async () => {
    const email = `traced-${dialect}@example.uz`;
    const sent = await send({ name: 'Shahnoza Traced', email });
    expect(sent.status).toBe(201);
    const id = sent.body.data._id as string;
    expect((await app.api(`/api/contact/${id}`, { method: 'PUT', token, body: { status: 'read' } })).status).toBe(200);
    const lines = async () => (await app.api('/api/admin/activity?limit=100', { token })).body.data as Array<{ entityId: string; summary: string }>;
    const about = (await lines()).filter((line) => line.entityId === id);
    expect(about.map((line) => line.summary)).toEqual([`Contact request ${id}: read`]);
    expect(JSON.stringify(await lines())).not.toContain('Shahnoza');
    // A line written before this release named the sender: the migration rewrote such lines, and the erase removes them.
    const password = 'translator-password-1';
    expect((await app.api('/api/auth/users', { token, body: { email: `tr-${dialect}@example.uz`, password, role: 'translator', languages: ['ru'] } })).status).toBe(201);
    const translator = await app.login(`tr-${dialect}@example.uz`, password);
    const refused = await app.api('/api/admin/activity', { token: translator });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Shahnoza');
    expect((await app.api(`/api/contact/by-email?email=${encodeURIComponent(email)}`, { method: 'DELETE', token })).body.data).toEqual({ deleted: 1, subscriptions: 0, registrations: 0, reviewerLinks: 0 });
    expect((await lines()).filter((line) => line.entityId === id)).toEqual([]);
  });

  it('anonymises requests older than the retention days, keeping status and dates', async () => {
    const old = (await send({ email: 'old@example.uz', phone: '+998 90 000 00 00' })).body.data._id;
    const recent = (await send({ email: 'recent@example.uz' })).body.data._id;
    await app.api(`/api/contact/${old}`, { method: 'PUT', token, body: { status: 'replied' } });
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await app.services.database.db.updateTable('contacts').set({ created_at: longAgo }).where('id', '=', old).execute();
    expect(await app.services.contacts.anonymiseOlderThan(365)).toBe(1);
    expect(await stored(old)).toMatchObject({ name: '[removed]', email: '', phone: '', subject: '[removed]', message: '[removed]', status: 'replied', createdAt: longAgo });
    expect((await stored(recent)).email).toBe('recent@example.uz');
    // Once is enough: the next run finds nothing to do.
    expect(await app.services.contacts.anonymiseOlderThan(365)).toBe(0);
    expect((await app.api('/api/contact?search=old%40example.uz', { token })).body.data).toEqual([]);
    const config = (await app.api('/api/site-config')).body.data;
    const tooShort = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, privacy: { ...config.privacy, retentionDays: 5 } } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.details[0].path).toBe('privacy.retentionDays');
  });
});
