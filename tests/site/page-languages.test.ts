import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { htmlAttribute, jsonLd, links, metaContents, wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * A record is offered only in the languages its page is written in (every text its type requires
 * in the default language): an article in Uzbek and Russian is no English page — not rendered under
 * lang="en", not an alternate, not in the sitemap, the English feeds or the English lists — and its
 * English address sends the visitor to its Uzbek page until an English text is published.
 */

const BASE = 'https://lawfirm.test';
const PREFIX: Record<string, string> = { uz: '', ru: '/ru', en: '/en' };
const UZBEK = 'Yer uchastkalari ijarasi boʻyicha yangi tartib';
const RUSSIAN = 'Новый порядок аренды земельных участков';

describe.each(DIALECTS)('pages in the languages they are written in, on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let article: { _id: string; slug: string };
  let service: { _id: string; slug: string };
  const page = async (path: string) => {
    const response = await fetch(app.url + path, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    const created = await app.api('/api/news', {
      token,
      body: { title: { uz: UZBEK, ru: RUSSIAN }, excerpt: { uz: 'Ijara shartnomalari endi onlayn roʻyxatdan oʻtkaziladi.', ru: 'Договоры аренды теперь регистрируются онлайн.' }, content: { uz: 'Vazirlar Mahkamasining qarori bilan ijara tartibi oʻzgardi.', ru: 'Постановлением Кабмина порядок аренды изменился.' }, category: { uz: 'Yer huquqi', ru: 'Земельное право' } },
    });
    expect(created.status, created.text).toBe(201);
    article = created.body.data;
    const offered = await app.api('/api/services', { token, body: { title: { uz: 'Yer nizolari', ru: 'Земельные споры' }, description: { uz: 'Yer nizolarida vakillik.', ru: 'Представительство в земельных спорах.' } } });
    expect(offered.status, offered.text).toBe(201);
    service = offered.body.data;
  });
  afterAll(() => app?.close());

  it('sends the English address of an article in uz and ru to its Uzbek page (302), with no Uzbek text under lang="en"', async () => {
    for (const path of [`/en/news/${article.slug}`, `/en/news/${article._id}`]) {
      const english = await page(path);
      expect(english.status, `${path} ${english.html.slice(0, 600)}`).toBe(302);
      expect(english.location).toBe(`/news/${article.slug}`);
      expect(english.html).not.toContain(UZBEK);
    }
    // Another type with pages, through the same declaration: a service's page.
    const services = await page(`/en/services/${service.slug}`);
    expect(services.status).toBe(302);
    expect(services.location).toBe(`/services/${service.slug}`);
  });

  it.each(['uz', 'ru'])('names only uz and ru as the alternates of its %s page, whose JSON-LD says its own language', async (lang) => {
    const { status, html } = await page(`${PREFIX[lang]}/news/${article.slug}`);
    expect(status).toBe(200);
    expect(htmlAttribute(html, 'lang')).toBe(lang);
    expect(html).toContain(lang === 'uz' ? UZBEK : RUSSIAN);
    expect(links(html, 'alternate').filter((link) => link.hreflang).map((link) => [link.hreflang, link.href])).toEqual([
      ['uz', `${BASE}/news/${article.slug}`],
      ['ru', `${BASE}/ru/news/${article.slug}`],
      ['x-default', `${BASE}/news/${article.slug}`],
    ]);
    expect(metaContents(html, 'og:locale:alternate')).toEqual([lang === 'uz' ? 'ru_RU' : 'uz_UZ']);
    const described = jsonLd(html).find((item) => (item as { '@type': string })['@type'] === 'NewsArticle') as { inLanguage: string; headline: string };
    expect(described.inLanguage).toBe(lang);
    expect(described.headline).toBe(lang === 'uz' ? UZBEK : RUSSIAN);
    // A page written in every language still names all three.
    const demo = await page(`${PREFIX[lang]}/services/corporate`);
    expect(links(demo.html, 'alternate').filter((link) => link.hreflang).map((link) => link.hreflang)).toEqual(['uz', 'ru', 'en', 'x-default']);
  });

  it('lists it in the sitemap in uz and ru only', async () => {
    const { text } = await wholeSitemap(app.url, BASE);
    for (const path of [`/news/${article.slug}`, `/ru/news/${article.slug}`, `/services/${service.slug}`, `/ru/services/${service.slug}`]) expect(text).toContain(`<loc>${BASE}${path}</loc>`);
    expect(text).not.toContain(`${BASE}/en/news/${article.slug}`);
    expect(text).not.toContain(`${BASE}/en/services/${service.slug}`);
    expect(text).toContain(`<loc>${BASE}/en/services/corporate</loc>`);
  });

  it('carries it in the uz and ru feeds and lists, not in the English ones', async () => {
    for (const lang of ['uz', 'ru', 'en']) {
      const address = `${BASE}${PREFIX[lang]}/news/${article.slug}`;
      for (const feed of ['feed.xml', 'atom.xml']) {
        const { status, html } = await page(`${PREFIX[lang]}/news/${feed}`);
        expect(status).toBe(200);
        if (lang === 'en') expect(html, `${lang} ${feed}`).not.toContain(article.slug);
        else expect(html, `${lang} ${feed}`).toContain(address);
      }
      const list = await page(`${PREFIX[lang]}/news`);
      const services = await page(`${PREFIX[lang]}/services`);
      if (lang === 'en') {
        expect(list.html).not.toContain(article.slug);
        expect(list.html).not.toContain(UZBEK);
        expect(services.html).not.toContain(`/services/${service.slug}"`);
      } else {
        expect(list.html).toContain(`href="${PREFIX[lang]}/news/${article.slug}"`);
        expect(services.html).toContain(`href="${PREFIX[lang]}/services/${service.slug}"`);
      }
    }
    // The English search does not find it either; the Uzbek one does.
    expect((await page(`/en/search?q=${encodeURIComponent('ijara')}`)).html).not.toContain(article.slug);
    expect((await page(`/search?q=${encodeURIComponent('ijara')}`)).html).toContain(`/news/${article.slug}`);
  });

  it('offers the English page once its English text is written', async () => {
    const english = 'A new procedure for leasing land plots';
    const saved = await app.api(`/api/news/${article._id}`, {
      method: 'PUT',
      token,
      body: {
        title: { uz: UZBEK, ru: RUSSIAN, en: english },
        excerpt: { uz: 'Ijara shartnomalari endi onlayn roʻyxatdan oʻtkaziladi.', ru: 'Договоры аренды теперь регистрируются онлайн.', en: 'Leases are now registered online.' },
        content: { uz: 'Vazirlar Mahkamasining qarori bilan ijara tartibi oʻzgardi.', ru: 'Постановлением Кабмина порядок аренды изменился.', en: 'A Cabinet resolution changed the leasing procedure.' },
        category: { uz: 'Yer huquqi', ru: 'Земельное право', en: 'Land law' },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const { status, html } = await page(`/en/news/${article.slug}`);
    expect(status).toBe(200);
    expect(htmlAttribute(html, 'lang')).toBe('en');
    expect(html).toContain(english);
    expect(links(html, 'alternate').filter((link) => link.hreflang).map((link) => link.hreflang)).toEqual(['uz', 'ru', 'en', 'x-default']);
    expect((await page('/en/news/feed.xml')).html).toContain(`${BASE}/en/news/${article.slug}`);
  });
});
