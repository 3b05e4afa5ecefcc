import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* A page of the site with interface texts not saved yet (POST /api/languages/preview): for the one who writes them, nobody else. */

const PASSWORD = 'preview-password-1';
/** The form the admin posts into a new tab, as a browser sends it from the admin area (its Origin, or Sec-Fetch-Site). */
const form = (fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

describe.each(DIALECTS)('previewing unsaved interface texts on %s', (dialect) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true, demo: true });
    token = await app.login();
    // Kazakh is being prepared: not shown to visitors yet, one text saved.
    const kazakh = await app.api('/api/languages', { method: 'POST', token, body: { code: 'kk', name: 'Kazakh', nativeName: 'Қазақша', isActive: false, translations: { 'contact.send': 'Жіберу (сақталған)' } } });
    expect(kazakh.status, kazakh.text).toBe(201);
  });
  afterAll(() => app?.close());

  it('renders a page of a language not public yet with the texts as they stand in the form, from a form posted into a new tab', async () => {
    const response = await fetch(`${app.url}/api/languages/preview`, form({ token, code: 'kk', path: '/contact', translations: JSON.stringify({ 'contact.send': 'Жіберу (жаңа)', 'a11y.skipToContent': 'Негізгі мазмұнға өту' }) }));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // The page's own policy, with the hash of its one script.
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(html).toMatch(/<html[^>]* lang="kk"/);
    expect(html).toContain('Жіберу (жаңа)');
    expect(html).toContain('Негізгі мазмұнға өту');
    expect(html).not.toContain('Жіберу (сақталған)');
    // Said on the page (in the default language, as every text not written in Kazakh yet).
    expect(html).toContain('Saqlanmagan interfeys matnlarini oldindan ko‘rish');
    // Nothing was saved, and visitors still do not see Kazakh.
    const saved = (await app.api('/api/languages', { token })).body.data.find((language: { code: string }) => language.code === 'kk');
    expect(saved.translations).toEqual({ 'contact.send': 'Жіберу (сақталған)' });
    expect((await fetch(`${app.url}/kk/contact`)).status).toBe(404);
  });

  it('keeps what visitors get apart: a preview of a public language is neither cached nor shown to them', async () => {
    const before = await fetch(`${app.url}/ru/contact`);
    expect(before.status).toBe(200);
    const preview = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'ru', path: '/contact', translations: { 'contact.send': 'Черновик кнопки' } } });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Черновик кнопки');
    expect(preview.text).toMatch(/<html[^>]* lang="ru"/);
    expect(preview.text).toContain('Предпросмотр несохранённых текстов интерфейса');
    for (let n = 0; n < 2; n += 1) {
      const visitor = await (await fetch(`${app.url}/ru/contact`)).text();
      expect(visitor).not.toContain('Черновик кнопки');
      expect(visitor).not.toContain('Предпросмотр несохранённых');
    }
    // The default language's home page: at / (no prefix), not sent elsewhere by the language choice.
    const home = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'uz', translations: { 'a11y.skipToContent': 'Asosiyga o‘tish (qoralama)' } } });
    expect(home.status).toBe(200);
    expect(home.text).toContain('Asosiyga o‘tish (qoralama)');
  });

  it('is for admins and the language’s translators, and says what is wrong with a bad request', async () => {
    const texts = JSON.stringify({ 'contact.send': 'x' });
    expect((await fetch(`${app.url}/api/languages/preview`, form({ code: 'kk', translations: texts }))).status).toBe(401);
    expect((await fetch(`${app.url}/api/languages/preview`, form({ token: 'not-a-token', code: 'kk', translations: texts }))).status).toBe(401);
    await app.api('/api/auth/users', { token, body: { email: 'kk-translator@example.uz', password: PASSWORD, role: 'translator', languages: ['kk'] } });
    await app.api('/api/auth/users', { token, body: { email: 'preview-editor@example.uz', password: PASSWORD, role: 'editor' } });
    const translator = await app.login('kk-translator@example.uz', PASSWORD);
    const editor = await app.login('preview-editor@example.uz', PASSWORD);
    expect((await fetch(`${app.url}/api/languages/preview`, form({ token: translator, code: 'kk', translations: texts }))).status).toBe(200);
    const notTheirs = await app.api('/api/languages/preview', { method: 'POST', token: translator, body: { code: 'ru', translations: {} } });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error).toContain('only an administrator or a translator of that language');
    expect((await app.api('/api/languages/preview', { method: 'POST', token: editor, body: { code: 'kk', translations: {} } })).status).toBe(403);

    const unknown = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'tt', translations: {} } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no language tt yet: save it first, then preview its texts.');
    for (const path of ['//evil.example', '/api/news', '/admin', 'contact', '/uploads/x.webp', '/\\evil.example', '/%2e%2e/api/auth/users', '/news/%2e%2e/%2e%2e/api/auth/users', '/news/../api/auth/users', '/%2fevil.example', '/news%5c..%5capi', '/%zz', '/robots.txt']) {
      const refused = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'kk', translations: {}, path } });
      expect(refused.status, path).toBe(400);
      expect(refused.body.details[0].path).toBe('path');
    }
    const badJson = await fetch(`${app.url}/api/languages/preview`, form({ token, code: 'kk', translations: '{not json' }));
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error).toBe('translations must be an object of key and text, as JSON');
    const badKey = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'kk', translations: { 'bad key!': 'x' } } });
    expect(badKey.status).toBe(400);
    // A page that does not exist is the site's own 404 page, in that language, with the texts.
    const missing = await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'kk', path: '/news/no-such-article', translations: { 'notFound.title': 'Бет табылмады' } } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Бет табылмады');
  });

  it('takes the form only from this site: not from another site’s page, nor without an origin', async () => {
    const fields = { token, code: 'kk', path: '/contact', translations: '{}' };
    const host = new URL(app.url).host;
    const attempts: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: `http://${host}` }, {}];
    for (const headers of attempts) {
      const refused = await fetch(`${app.url}/api/languages/preview`, form(fields, headers));
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect((await refused.json()).error).toBe('This preview can only be opened from the admin area of this site.');
    }
    expect((await fetch(`${app.url}/api/languages/preview`, form(fields, { origin: app.url }))).status).toBe(200);
    // A JSON call with the token in its header cannot be sent by another site's page: no origin needed.
    expect((await app.api('/api/languages/preview', { method: 'POST', token, body: { code: 'kk', path: '/contact', translations: {} } })).status).toBe(200);
  });
});
