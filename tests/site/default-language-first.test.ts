import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The state language first (API-4.md "Uzbek law and the firm's people"): a record is not public in
 * another language while its default-language text is missing (`default_language_missing`, an
 * error, unless the site configuration switches `publishing.defaultLanguageFirst` off), and a text
 * shown in another language says it is an unofficial translation, with a link to the original.
 */

describe.each(DIALECTS)('the default language first (%s)', (dialect) => {
  let app: TestApp;
  let token: string;
  const page = async (path: string) => {
    const response = await fetch(app.url + path);
    return { status: response.status, html: await response.text() };
  };
  const setDefaultLanguageFirst = async (on: boolean) => {
    const config = (await app.api('/api/site-config', { token })).body.data;
    const saved = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, publishing: { ...config.publishing, defaultLanguageFirst: on } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.publishing.defaultLanguageFirst).toBe(on);
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app?.close());

  /** A public service's pricing written in Russian only (the schema asks for no language of it). */
  const priceOfService = async (pricing: Record<string, string>) => {
    const service = (await app.api('/api/services?admin=true&limit=1', { token })).body.data[0];
    return app.api(`/api/services/${service._id}`, { method: 'PUT', token, body: { pricing, version: service.version } });
  };

  it('is on by default, and refuses a record public in Russian while its Uzbek text is missing', async () => {
    expect((await app.api('/api/site-config', { token })).body.data.publishing.defaultLanguageFirst).toBe(true);
    const refused = await priceOfService({ ru: 'от 5 000 000 сум' });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.reason, refused.text).toBe('checks_failed');
    const check = refused.body.checks.find((item: { code: string }) => item.code === 'default_language_missing');
    expect(check).toMatchObject({ lang: 'uz', field: 'pricing', severity: 'error', params: { languages: 'RU' } });
  });

  it('lets a firm switch it off, and tells what to write when it is on again', async () => {
    await setDefaultLanguageFirst(false);
    let id: string;
    try {
      const saved = await priceOfService({ ru: 'от 5 000 000 сум' });
      expect(saved.status, saved.text).toBe(200);
      id = saved.body.data._id;
    } finally {
      await setDefaultLanguageFirst(true);
    }
    const checks = (await app.api(`/api/services/${id}/checks`, { token })).body.data;
    expect(checks.filter((item: { code: string }) => item.code === 'default_language_missing')).toMatchObject([{ field: 'pricing', lang: 'uz', severity: 'error' }]);
    const written = await priceOfService({ uz: '5 000 000 so‘mdan', ru: 'от 5 000 000 сум' });
    expect(written.status, written.text).toBe(200);
    expect((await app.api(`/api/services/${id}/checks`, { token })).body.data.some((item: { code: string }) => item.code === 'default_language_missing')).toBe(false);
  });

  it('marks news, pages and questions in another language as unofficial translations, linking the original', async () => {
    const article = (await app.api('/api/news?lang=ru&limit=1')).body.data[0];
    const pages = (await app.api('/api/pages?limit=1')).body.data;
    for (const path of [`/ru/news/${article.slug}`, '/ru/faq', `/en/news/${article.slug}`, ...(pages.length ? [`/ru/${pages[0].slug}`] : [])]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const note = /<div role="note"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      expect(note, path).toMatch(path.startsWith('/ru') ? /Это неофициальный перевод/ : /This is an unofficial translation/);
      expect(note, path).toMatch(/O‘zbekcha/);
      const original = path.replace(/^\/(ru|en)/, '') || '/';
      expect(note, path).toContain(`href="${original}"`);
    }
    // The default language, and Uzbek in its other script, are the original: no notice.
    const cyrillic = await app.api('/api/languages', { method: 'POST', token, body: { code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', isActive: true } });
    expect(cyrillic.status).toBe(201);
    for (const path of [`/news/${article.slug}`, '/faq', `/uz-cyrl/news/${article.slug}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).not.toMatch(/role="note"[^>]*>[\s\S]*?(неофициальный|unofficial|norasmiy|норасмий)/);
    }
  });
});
