import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const contact = (extra: Record<string, unknown> = {}) => ({ name: 'Bekzod', email: 'bekzod@example.uz', subject: 'MChJ', message: 'Salom!', ...extra });

describe.each(DIALECTS)('contacts, languages and site configuration on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app.close());

  describe('contact requests', () => {
    it('stores a visitor’s message as new before answering, and only admins read it', async () => {
      const sent = await app.api('/api/contact', { body: contact({ phone: '+998 90 000 00 00', service: 'Corporate Law' }) });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({ success: true, data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/) }, message: 'Thank you for your message. We will respond within 24 hours.' });
      expect((await app.api('/api/contact')).status).toBe(401);
      expect((await app.api(`/api/contact/${sent.body.data._id}`)).status).toBe(401);
      const stored = await app.api(`/api/contact/${sent.body.data._id}`, { token });
      expect(stored.body.data).toMatchObject({ name: 'Bekzod', status: 'new', service: 'Corporate Law' });
      const list = await app.api('/api/contact', { token });
      expect(list.body.pagination).toMatchObject({ page: 1, total: 1 });
    });

    it('validates the form with the messages of the contact form and its length limits', async () => {
      const empty = await app.api('/api/contact', { body: {} });
      expect(empty.body.details.map((d: { message: string }) => d.message)).toEqual(['Full Name is required', 'Email is required', 'Subject is required', 'Message is required']);
      const invalid = await app.api('/api/contact', { body: contact({ email: 'bekzod@', name: 'x'.repeat(201), message: 'y'.repeat(10_001) }) });
      expect(invalid.body.details).toEqual([
        { path: 'name', message: 'Full Name must be at most 200 characters', code: 'too_long', params: { max: 200 } },
        { path: 'email', message: 'Email is invalid', code: 'invalid_email' },
        { path: 'message', message: 'Message must be at most 10000 characters', code: 'too_long', params: { max: 10_000 } },
      ]);
    });

    it('takes only new, read, replied or closed as status, and deletes', async () => {
      const id = (await app.api('/api/contact', { body: contact() })).body.data._id;
      for (const status of ['read', 'replied', 'closed', 'new']) {
        const response = await app.api(`/api/contact/${id}`, { method: 'PUT', body: { status }, token });
        expect(response.body.data.status).toBe(status);
      }
      const wrong = await app.api(`/api/contact/${id}`, { method: 'PUT', body: { status: 'archived', name: 'Changed' }, token });
      expect(wrong.body.details).toEqual([{ path: 'status', message: 'Status must be one of: new, read, replied, closed', code: 'one_of', params: { options: 'new, read, replied, closed' } }]);
      expect((await app.api(`/api/contact/${id}`, { method: 'PUT', body: { status: 'read' } })).status).toBe(401);
      const counts = await app.api('/api/contact/counts', { token });
      expect(counts.body.data.new).toBeGreaterThanOrEqual(1);
      expect((await app.api(`/api/contact/${id}`, { method: 'DELETE', token })).status).toBe(200);
      expect((await app.api(`/api/contact/${id}`, { token })).status).toBe(404);
    });

    it('slows down one address that sends many accepted messages, with 429 and Retry-After, and counts no refused one', async () => {
      const fresh = await startTestApp(dialect);
      try {
        // Refused attempts (a typo in the e-mail) do not count toward the limit.
        for (let n = 0; n < 6; n += 1) expect((await fresh.api('/api/contact', { body: contact({ email: 'typo@' }) })).status).toBe(400);
        for (let n = 0; n < 5; n += 1) expect((await fresh.api('/api/contact', { body: contact() })).status).toBe(201);
        const sixth = await fresh.api('/api/contact', { body: contact() });
        expect(sixth.status).toBe(429);
        expect(sixth.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
        expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('languages', () => {
    const language = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: 'Kazakh', nativeName: 'Қазақша', flag: '🇰🇿', ...extra });

    it('adds a language with interface overrides, visible to visitors only while active', async () => {
      const created = await app.api('/api/languages', { body: language('kk', { order: 5, translations: { 'nav.home': 'Басты бет' } }), token });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ code: 'kk', isActive: true, active: true, isDefault: false, rtl: false, translations: { 'nav.home': 'Басты бет' } });
      expect((await app.api('/api/languages?active=true')).body.data.map((l: { code: string }) => l.code)).toEqual(['uz', 'ru', 'en', 'kk']);
      await app.api(`/api/languages/${created.body.data._id}`, { method: 'PUT', body: { active: false }, token });
      expect((await app.api('/api/languages')).body.data.map((l: { code: string }) => l.code)).toEqual(['uz', 'ru', 'en']);
      expect((await app.api(`/api/languages/${created.body.data._id}`)).status).toBe(404);
      expect((await app.api('/api/languages', { token })).body.data.map((l: { code: string }) => l.code)).toContain('kk');
      expect((await app.api(`/api/languages/${created.body.data._id}`, { method: 'DELETE', token })).status).toBe(200);
    });

    it('validates with the language form’s messages and refuses a duplicate code', async () => {
      const empty = await app.api('/api/languages', { body: {}, token });
      expect(empty.body.details.map((d: { message: string }) => d.message)).toEqual(['Language code is required', 'Language name is required', 'Native name is required']);
      // An empty code is a missing code, not a badly formed one (SPEC.md section 5).
      const blank = await app.api('/api/languages', { body: { ...language('kk'), code: '  ' }, token });
      expect(blank.body.details.map((d: { message: string }) => d.message)).toEqual(['Language code is required']);
      const duplicate = await app.api('/api/languages', { body: language('ru'), token });
      expect(duplicate.status).toBe(409);
      const badCode = await app.api('/api/languages', { body: language('Kazakh'), token });
      expect(badCode.body.details[0].path).toBe('code');
    });

    it('never changes a code, keeps one default, and cannot delete the default', async () => {
      const languages = (await app.api('/api/languages', { token })).body.data;
      const uz = languages.find((l: { code: string }) => l.code === 'uz');
      const en = languages.find((l: { code: string }) => l.code === 'en');
      const rename = await app.api(`/api/languages/${en._id}`, { method: 'PUT', body: { code: 'gb' }, token });
      expect(rename).toMatchObject({ status: 400, body: { error: 'The language code cannot be changed' } });
      const deleteDefault = await app.api(`/api/languages/${uz._id}`, { method: 'DELETE', token });
      expect(deleteDefault.status).toBe(400);
      expect(deleteDefault.body.error).toBe('Cannot delete default language');
      const moved = await app.api(`/api/languages/${en._id}`, { method: 'PUT', body: { isDefault: true }, token });
      expect(moved.body.data.isDefault).toBe(true);
      const after = (await app.api('/api/languages', { token })).body.data;
      expect(after.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { code: string }) => l.code)).toEqual(['en']);
      const unset = await app.api(`/api/languages/${en._id}`, { method: 'PUT', body: { isDefault: false }, token });
      expect(unset.status).toBe(400);
      await app.api(`/api/languages/${uz._id}`, { method: 'PUT', body: { isDefault: true }, token });
      expect((await app.api(`/api/languages/${en._id}`, { method: 'DELETE', token })).status).toBe(200);
      expect((await app.api('/api/languages')).body.data.map((l: { code: string }) => l.code)).toEqual(['uz', 'ru']);
    });
  });

  describe('site configuration', () => {
    it('is never empty: defaults fill every part before anything is saved', async () => {
      const config = (await app.api('/api/site-config')).body.data;
      expect(config.primaryButton).toEqual({ text: { uz: 'Bepul maslahat', ru: 'Бесплатная консультация', en: 'Free Consultation' }, link: '/contact' });
      expect(config.contactInfo.workingHours.en).toBe('Mon - Fri: 9:00 AM - 6:00 PM');
      expect(config.sections.services.loadingText.en).toBe('Loading services…');
      expect(config.sections.home.process.steps.map((s: { step: string }) => s.step)).toEqual(['01', '02', '03', '04']);
      expect(config.sections.partners.benefits.map((b: { icon: string }) => b.icon)).toEqual(['Globe', 'Users', 'Handshake', 'Award']);
      expect(config.version).toBe(0);
    });

    it('saves the whole configuration for an admin, validates it, and refuses a stale save', async () => {
      const current = (await app.api('/api/site-config')).body.data;
      expect((await app.api('/api/site-config', { method: 'PUT', body: current })).status).toBe(401);
      const saved = await app.api('/api/site-config', { method: 'PUT', body: { ...current, companyName: { uz: 'Yangi firma', ru: 'Новая фирма' } }, token });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Site configuration updated successfully!');
      expect(saved.body.data.companyName).toEqual({ uz: 'Yangi firma', ru: 'Новая фирма' });
      expect(saved.body.data.sections.navigation.homeText.uz).toBe('Bosh sahifa');
      const bad = await app.api('/api/site-config', { method: 'PUT', body: { ...saved.body.data, contactInfo: { ...saved.body.data.contactInfo, email: 'nope' }, companyName: { ru: 'x' } }, token });
      expect(bad.body.details).toEqual([
        { path: 'companyName.uz', message: 'Company name (UZ) is required', code: 'required', params: { lang: 'uz' } },
        { path: 'contactInfo.email', message: 'Email is invalid', code: 'invalid_email' },
      ]);
      const stale = await app.api('/api/site-config', { method: 'PUT', body: { ...current, version: saved.body.data.version - 1 }, token });
      expect(stale.status).toBe(409);
      expect((await app.api('/api/site-config')).body.data.companyName.uz).toBe('Yangi firma');
    });

    it('keeps the configuration in memory as saved: a reader cannot change it for the others, a save changes it for everyone at once', async () => {
      const shared = await app.services.siteConfig.get();
      expect(() => {
        shared.companyName.uz = 'Faqat shu nusxada';
      }).toThrow(TypeError);
      expect(() => {
        shared.security.requireTwoFactor = true;
      }).toThrow(TypeError);
      const again = await app.services.siteConfig.get();
      expect(again.companyName.uz).not.toBe('Faqat shu nusxada');
      expect(again.security.requireTwoFactor).toBe(false);
      // Saved outside the API (as a seed or a restore of a version does): the next read has it.
      await app.services.siteConfig.update({ ...again, version: undefined, companyName: { uz: 'Xotiradagi firma', ru: 'Фирма в памяти' } });
      expect((await app.services.siteConfig.get()).companyName.uz).toBe('Xotiradagi firma');
      const saved = await app.api('/api/site-config', { method: 'PUT', body: { ...(await app.services.siteConfig.get()), companyName: { uz: 'Yangi firma', ru: 'Новая фирма' } }, token });
      expect(saved.status, saved.text).toBe(200);
      expect((await app.services.siteConfig.get()).companyName.uz).toBe('Yangi firma');
      expect((await app.services.siteConfig.get()).version).toBe(saved.body.data.version);
    });
  });
});
