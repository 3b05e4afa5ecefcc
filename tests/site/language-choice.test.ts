import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The first visit to / follows the stored choice, then the browser's languages, then Uzbek (SPEC.md section 4); crawlers are never redirected. */

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe.each(DIALECTS)('the home page’s language on %s', (dialect) => {
  let app: TestApp;
  const home = async (headers: Record<string, string>, path = '/') => {
    const response = await fetch(app.url + path, { redirect: 'manual', headers: { 'user-agent': BROWSER, ...headers } });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location'), vary: response.headers.get('vary') ?? '' };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
  });
  afterAll(() => app?.close());

  it('sends a browser that asks for Russian or English to that language, and keeps the rest on Uzbek', async () => {
    // Served once first: the cached Uzbek page must not answer a Russian browser.
    expect((await home({ 'accept-language': 'uz-UZ,uz;q=0.9' })).status).toBe(200);
    expect(await home({ 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7' })).toMatchObject({ status: 302, location: '/ru' });
    expect(await home({ 'accept-language': 'en-GB,en;q=0.9' })).toMatchObject({ status: 302, location: '/en' });
    expect(await home({ 'accept-language': 'de-DE,de;q=0.9,ru;q=0.5' })).toMatchObject({ status: 302, location: '/ru' });
    expect(await home({ 'accept-language': 'ru;q=0.3,uz;q=0.8' })).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'de-DE,fr;q=0.9' })).toMatchObject({ status: 200 });
    expect(await home({})).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'ru' }, '/?utm_source=telegram')).toMatchObject({ status: 302, location: '/ru?utm_source=telegram' });
    const served = await home({ 'accept-language': 'uz' });
    expect(served.vary).toMatch(/Accept-Language/i);
    expect(served.vary).toMatch(/Cookie/i);
    expect((await home({ 'accept-language': 'ru' })).vary).toMatch(/Accept-Language/i);
  });

  it('follows the stored choice first, never redirects a visitor who came from the site, a crawler, or another page', async () => {
    expect(await home({ 'accept-language': 'ru', cookie: 'i18nextLng=uz' })).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'uz', cookie: 'theme=x; i18nextLng=en' })).toMatchObject({ status: 302, location: '/en' });
    expect(await home({ 'accept-language': 'ru', cookie: 'i18nextLng=xx' })).toMatchObject({ status: 302, location: '/ru' });
    expect(await home({ 'accept-language': 'ru', referer: `${app.url}/ru/news` })).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'ru', referer: 'https://t.me/adliya' })).toMatchObject({ status: 302, location: '/ru' });
    expect(await home({ 'accept-language': 'ru', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'ru' }, '/news')).toMatchObject({ status: 200 });
    expect(await home({ 'accept-language': 'en' }, '/ru')).toMatchObject({ status: 200 });
  });

  it('stops sending visitors to a language that was turned off', async () => {
    const token = await app.login();
    const english = (await app.api('/api/languages', { token })).body.data.find((language: { code: string }) => language.code === 'en');
    expect((await app.api(`/api/languages/${english._id}`, { method: 'PUT', token, body: { isActive: false } })).status).toBe(200);
    expect(await home({ 'accept-language': 'en' })).toMatchObject({ status: 200 });
    expect((await app.api(`/api/languages/${english._id}`, { method: 'PUT', token, body: { isActive: true } })).status).toBe(200);
    expect(await home({ 'accept-language': 'en' })).toMatchObject({ status: 302, location: '/en' });
  });
});
