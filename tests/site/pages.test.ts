import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlAttribute, jsonLd, links, metaContent, metaContents, textOf, title, wholeSitemap } from '../helpers/html.ts';
import { expectConsoleError } from '../helpers/console-guard.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* What a visitor's browser, a search engine and a link preview get from the server, in every language. */

/** The titles of the article cards of a list page. */
const cardTitles = (html: string) => [...html.matchAll(/<h2[^>]*><a [^>]*data-loading[^>]*>([\s\S]*?)<\/a>/g)].map(([, inner]) => inner.trim());

const PAGES = ['/', '/services', '/services/corporate', '/team', '/team/rustam-aliyev', '/partners', '/news', '/blog', '/contact', '/faq', '/privacy', '/terms', '/disclaimer'];
const PREFIX: Record<string, string> = { uz: '', ru: '/ru', en: '/en' };
const at = (lang: string, path: string) => (PREFIX[lang] + (path === '/' && PREFIX[lang] ? '' : path)) || '/';

describe('the public website, rendered on the server', () => {
  let app: TestApp;
  let token: string;
  const page = async (path: string, init?: RequestInit) => {
    const response = await fetch(app.url + path, { redirect: 'manual', ...init });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  describe.each(['uz', 'ru', 'en'])('in %s', (lang) => {
    it.each(PAGES)('%s has one h1, its title, description, canonical, hreflang and Open Graph tags', async (path) => {
      const { status, html } = await page(at(lang, path));
      expect(status).toBe(200);
      expect(htmlAttribute(html, 'lang')).toBe(lang);
      expect(htmlAttribute(html, 'dir')).toBe('ltr');
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(title(html)).toMatch(/Adliya Partners|Адлия Партнерс/);
      expect(metaContent(html, 'description')?.length).toBeGreaterThan(20);
      expect(links(html, 'canonical').map((l) => l.href)).toEqual([`https://lawfirm.test${at(lang, path)}`]);
      const alternates = Object.fromEntries(links(html, 'alternate').filter((l) => l.hreflang).map((l) => [l.hreflang, l.href]));
      expect(alternates).toEqual({
        uz: `https://lawfirm.test${at('uz', path)}`,
        ru: `https://lawfirm.test${at('ru', path)}`,
        en: `https://lawfirm.test${at('en', path)}`,
        'x-default': `https://lawfirm.test${at('uz', path)}`,
      });
      expect(metaContent(html, 'og:locale')).toBe({ uz: 'uz_UZ', ru: 'ru_RU', en: 'en_US' }[lang]);
      expect(metaContents(html, 'og:locale:alternate')).toHaveLength(2);
      expect(metaContent(html, 'og:title')).toBeTruthy();
      expect(metaContent(html, 'twitter:card')).toBeTruthy();
      expect(jsonLd(html).length).toBeGreaterThan(0);
      // No framework on public pages, nothing of the admin area, and far less than 100 KB of script.
      expect(html).not.toMatch(/<script[^>]+src=/);
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code).join('');
      expect(gzipSync(inline).length).toBeLessThan(100 * 1024);
      expect(gzipSync(inline).length).toBeLessThan(4 * 1024);
      expect(html).not.toMatch(/modulepreload/);
      expect(html).not.toMatch(/\/admin/);
    });
  });

  it('answers a HEAD as its GET, rendered or from the cache, without a body and without counting a view (ten rounds)', async () => {
    const [article] = (await app.api('/api/news?limit=1')).body.data as Array<{ _id: string; slug: string }>;
    const views = async () => (await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.views as number;
    const reader = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36' };
    for (let round = 0; round < 10; round += 1) {
      for (const path of [`/ru/news/${article.slug}?head=${round}`, `/faq?head=${round}`, `/api/services?head=${round}`]) {
        // Not cached yet (rendered for the HEAD), then the GET, then a HEAD from the cache.
        const first = await fetch(app.url + path, { method: 'HEAD', headers: reader });
        const get = await fetch(app.url + path, { headers: reader });
        await get.arrayBuffer();
        const cached = await fetch(app.url + path, { method: 'HEAD', headers: reader });
        for (const head of [first, cached]) {
          expect(head.status, path).toBe(200);
          for (const name of ['content-type', 'etag', 'cache-control', 'content-security-policy']) expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
          expect((await head.arrayBuffer()).byteLength, path).toBe(0);
        }
        expect(cached.headers.get('x-cache'), path).toBe('hit');
      }
    }
    // Twenty HEADs of the article counted nothing; the ten GETs counted ten (written within seconds).
    const before = await views();
    for (let n = 0; n < 5; n += 1) await fetch(`${app.url}/ru/news/${article.slug}?head=views${n}`, { method: 'HEAD', headers: reader });
    await app.services.flushViews();
    expect(await views()).toBe(before);
  });

  it('preloads the faces a first screen needs: Latin on an Uzbek page, Cyrillic and Latin on a Russian one (digits, addresses), each a served font', async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map(([, href]) => href);
    const uz = preloads((await page('/')).html);
    const ru = preloads((await page('/ru/news')).html);
    expect(uz.map((href) => /(lora|inter)-(latin|cyrillic)-(\d+)/.exec(href)?.[0])).toEqual(['lora-latin-600', 'inter-latin-400']);
    expect(ru.map((href) => /(lora|inter)-(latin|cyrillic)-(\d+)/.exec(href)?.[0])).toEqual(['lora-cyrillic-600', 'inter-cyrillic-400', 'inter-latin-400', 'inter-latin-600']);
    for (const href of [...uz, ...ru]) {
      const font = await fetch(app.url + href);
      expect(font.status, href).toBe(200);
      expect(Buffer.from(await font.arrayBuffer()).subarray(0, 4).toString('latin1'), href).toBe('wOF2');
    }
  });

  it('allows no inline script but its own: the page’s script by hash, nothing unsafe-inline', async () => {
    const { headers, html } = await page('/ru');
    const policy = headers.get('content-security-policy')!;
    const scriptSrc = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('gives every rendered page a nonce of its own: 16 random bytes, never the same twice (600 renders, past the pool’s refills)', async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 600; index += 1) {
      const { headers } = await page(`/ru/contact?nonce-round=${index}`);
      const nonce = /'nonce-([^']+)'/.exec(headers.get('content-security-policy')!)![1];
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });

  it('writes every interface text in the page’s language', async () => {
    const uz = (await page('/contact')).html;
    const ru = (await page('/ru/contact')).html;
    const en = (await page('/en/contact')).html;
    expect(textOf(uz, 'h2')).toContain('Bizga xabar yuboring');
    expect(textOf(ru, 'h2')).toContain('Напишите нам');
    expect(textOf(en, 'h2')).toContain('Send us a Message');
    expect(ru).toContain('Отправить сообщение');
    expect(uz).toContain('Xabarni yuborish');
    expect(uz).not.toContain('Send Message');
    expect(ru).not.toContain('Send Message');
    const footer = (await page('/ru')).html;
    expect(footer).toContain(`© ${new Date().getFullYear()} Адлия Партнерс. Все права защищены.`);
  });

  it('describes the firm, its lawyers, articles and breadcrumbs in JSON-LD', async () => {
    const home = jsonLd((await page('/en')).html) as Array<Record<string, unknown>>;
    const firm = home.find((item) => item['@type'] === 'LegalService')!;
    expect(firm).toMatchObject({ name: 'Adliya Partners', telephone: '+998 71 205 40 40', email: 'info@adliya-partners.uz', openingHours: 'Mo-Fr 09:00-18:00' });
    expect((firm.department as unknown[]).length).toBe(2);
    const team = jsonLd((await page('/ru/team')).html) as Array<Record<string, unknown>>;
    expect(team.filter((item) => item['@type'] === 'Person').map((p) => p.name)).toContain('Рустам Алиев');
    const newsList = (await app.api('/api/news?limit=1')).body.data[0];
    const article = jsonLd((await page(`/ru/news/${newsList.slug}`)).html) as Array<Record<string, unknown>>;
    expect(article.find((item) => item['@type'] === 'NewsArticle')).toMatchObject({ headline: newsList.title.ru, inLanguage: 'ru' });
    // The document's words, as the API's text format gives them: no markup.
    const body = (await app.api(`/api/news/${newsList._id}?format=text`)).body.data.content.ru;
    expect(body.length).toBeGreaterThan(50);
    expect(article.find((item) => item['@type'] === 'NewsArticle')!.articleBody).toBe(body);
    expect(article.find((item) => item['@type'] === 'BreadcrumbList')).toBeTruthy();
  });

  it('gives an article its own title, excerpt and JPEG preview image in the visitor’s language', async () => {
    const listed = (await app.api('/api/news?limit=1')).body.data[0];
    // An uploaded picture: its 1200×630 JPEG size is the preview (the drawn card is for articles without one).
    const form = new FormData();
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } }).png().toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'preview.png');
    const uploaded = await (await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json();
    const article = (await app.api(`/api/news/${listed._id}`, { method: 'PUT', token, body: { image: uploaded.data.images.large, version: listed.version } })).body.data;
    for (const lang of ['uz', 'ru', 'en']) {
      const { html } = await page(at(lang, `/news/${article.slug}`));
      expect(metaContent(html, 'og:title')).toBe(article.title[lang]);
      expect(metaContent(html, 'og:description')).toBe(article.excerpt[lang]);
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(metaContent(html, 'og:image')).toBe(`https://lawfirm.test${article.image.replace('-large.webp', '-og.jpg')}`);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(textOf(html, 'h1')).toEqual([article.title[lang]]);
    }
    const byId = await page(`/news/${article._id}`);
    expect(byId.status).toBe(200);
    const service = await page('/ru/services/real-estate');
    expect(textOf(service.html, 'h1')).toEqual(['Право недвижимости']);
  });

  it('opens the home page on the firm’s picture: the demo’s drawn one, in the pipeline’s sizes, described in the page’s language, asked for first', async () => {
    const [hero] = (await app.api('/api/hero')).body.data;
    expect(hero.image).toMatch(/^\/uploads\/\d{4}\/\d{2}\/tashkent-illustration-[0-9a-f]+-large\.webp$/);
    const key = String(hero.image).replace(/-large\.webp$/, '');
    const described = { uz: 'Kechki Toshkent: madrasa, minora va teleminora tasviri', ru: 'Ташкент на закате: медресе, минарет и телебашня, рисунок', en: 'Tashkent at dusk: a madrasa, a minaret and the TV tower, an illustration' };
    for (const [lang, alt] of Object.entries(described)) {
      const { html } = await page(at(lang, '/'));
      const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes(key));
      expect(images).toHaveLength(1);
      const [image] = images;
      expect(/ alt="([^"]*)"/.exec(image)?.[1]).toBe(alt);
      expect(/ src="([^"]*)"/.exec(image)?.[1]).toBe(`${key}-medium.webp`);
      expect(/ srcSet="([^"]*)"/i.exec(image)?.[1]).toBe(`${key}-thumbnail.webp 400w, ${key}-medium.webp 800w, ${key}-large.webp 1600w`);
      expect(image).toMatch(/ sizes="[^"]+"/);
      expect(image).toMatch(/ fetchPriority="high"/i);
      expect(image).not.toMatch(/ loading="lazy"/);
      // Before the page's own text: the browser fetches it with the stylesheet, the same file the image then takes.
      const preload = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes(key));
      expect(preload).toMatch(/ fetchPriority="high"/i);
      expect(/ imageSizes="([^"]*)"/i.exec(preload ?? '')?.[1]).toBe(/ sizes="([^"]*)"/.exec(image)?.[1]);
      // Every file the page names exists: the pipeline made them.
      for (const size of ['thumbnail', 'medium', 'large']) expect((await fetch(`${app.url}${key}-${size}.webp`)).headers.get('content-type')).toBe('image/webp');
    }
  });

  it('describes the home page’s picture in each language by its own words, and by general ones where none are written', async () => {
    const [hero] = (await app.api('/api/hero?admin=true', { token })).body.data;
    const form = new FormData();
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d4e89' } }).png().toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'office.png');
    const uploaded = await (await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json();
    const saved = (await app.api(`/api/hero/${hero._id}`, { method: 'PUT', token, body: { image: uploaded.data.images.large, imageAlt: { uz: 'Firmaning Toshkentdagi ofisi', ru: 'Офис фирмы в Ташкенте' }, version: hero.version } })).body.data;
    try {
      expect(saved.imageAlt).toEqual({ uz: 'Firmaning Toshkentdagi ofisi', ru: 'Офис фирмы в Ташкенте' });
      const key = String(uploaded.data.images.large).replace(/-large\.webp$/, '');
      const alt = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes(key)).map((tag) => /alt="([^"]*)"/.exec(tag)?.[1])[0];
      expect(alt((await page('/')).html)).toBe('Firmaning Toshkentdagi ofisi');
      expect(alt((await page('/ru')).html)).toBe('Офис фирмы в Ташкенте');
      // English has none written: the default language's, like every text not translated yet.
      expect(alt((await page('/en')).html)).toBe('Firmaning Toshkentdagi ofisi');
      // None written at all: general words, never an empty description of a picture that means something.
      const again = (await app.api(`/api/hero/${hero._id}?admin=true`, { token })).body.data;
      await app.api(`/api/hero/${hero._id}`, { method: 'PUT', token, body: { imageAlt: {}, version: again.version } });
      expect(alt((await page('/en')).html)).toBe('Our lawyers at work');
      expect(alt((await page('/ru')).html)).toBe('Наши юристы за работой');
      const tooLong = await app.api(`/api/hero/${hero._id}`, { method: 'PUT', token, body: { imageAlt: { uz: 'x'.repeat(201) } } });
      expect(tooLong.status).toBe(400);
    } finally {
      const now = (await app.api(`/api/hero/${hero._id}?admin=true`, { token })).body.data;
      await app.api(`/api/hero/${hero._id}`, { method: 'PUT', token, body: { image: hero.image, imageAlt: hero.imageAlt, version: now.version } });
    }
  });

  it('shows text as text: a title with <script> is escaped in the page, the meta tags and JSON-LD', async () => {
    const evil = '</script><script>alert("x")</script> & <b>bold</b>';
    const created = await app.api('/api/news', { body: { title: { uz: evil }, excerpt: { uz: `Excerpt ${evil}\u2028next line` }, content: { uz: 'x' }, category: { uz: 'Xavfsizlik' }, slug: 'escaping-test' }, token });
    expect(created.status).toBe(201);
    const { html } = await page('/news/escaping-test');
    expect(html).not.toContain('<script>alert(');
    expect(html).not.toContain('<b>bold</b>');
    expect(textOf(html, 'h1')).toEqual([evil]);
    expect(title(html)).toBe(`${evil} | Adliya Partners`);
    expect(metaContent(html, 'og:title')).toBe(evil);
    const article = (jsonLd(html) as Array<Record<string, unknown>>).find((item) => item['@type'] === 'NewsArticle');
    expect(article?.headline).toBe(evil);
    expect(article?.description).toBe(`Excerpt ${evil}\u2028next line`);
    // In the script itself: no markup character and no line separator, only their escapes.
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script).not.toMatch(/[<>&\u2028]/);
    expect(script).toContain('\\u003c/script\\u003e');
    const list = await page('/news');
    expect(list.html).not.toContain('<script>alert(');
  });

  it('lists every page in every language with alternates in sitemap.xml, and keeps admin and API out of robots.txt', async () => {
    const index = await page('/sitemap.xml');
    expect(index.headers.get('content-type')).toContain('application/xml');
    expect(index.html).toContain('<sitemapindex');
    const sitemap = { html: (await wholeSitemap(app.url, 'https://lawfirm.test')).text };
    const services = (await app.api('/api/services')).body.data;
    const news = (await app.api('/api/news?limit=100')).body.data as Array<{ slug: string; title: Record<string, string> }>;
    const everywhere = news.find((article) => article.title.ru && article.title.en)!;
    for (const path of ['/', '/team', '/faq', '/privacy', '/terms', '/disclaimer', `/services/${services[0].slug}`, `/news/${everywhere.slug}`]) {
      for (const lang of ['uz', 'ru', 'en']) expect(sitemap.html).toContain(`<loc>https://lawfirm.test${at(lang, path)}</loc>`);
    }
    // An article written in Uzbek only is listed in Uzbek only (tests/site/page-languages.test.ts).
    const uzbekOnly = news.find((article) => !article.title.ru && !article.title.en);
    if (uzbekOnly) expect(sitemap.html).not.toContain(`https://lawfirm.test/ru/news/${uzbekOnly.slug}`);
    expect(sitemap.html).toContain('hreflang="x-default"');
    expect(sitemap.html).not.toContain('Yangi hamkor jamoaga'); // drafts stay out
    const robots = await page('/robots.txt');
    expect(robots.html).toContain('Disallow: /admin');
    expect(robots.html).toContain('Disallow: /api');
    expect(robots.html).toContain('Sitemap: https://lawfirm.test/sitemap.xml');
  });

  it('answers unknown pages with a branded 404 in the language, and sends /uz/… to the unprefixed page', async () => {
    const missing = await page('/ru/no-such-page');
    expect(missing.status).toBe(404);
    expect(textOf(missing.html, 'h1')).toEqual(['Страница не найдена']);
    expect(missing.html).toContain('Адлия Партнерс');
    // A title in its language, the search, and the main sections to go on from.
    expect(missing.html).toMatch(/<title>Страница не найдена \| Адлия Партнерс<\/title>/);
    expect(missing.html).toMatch(/<form[^>]*action="\/ru\/search"/);
    expect(missing.html).toContain('href="/ru/services"');
    expect(missing.html).toContain('href="/ru/contact"');
    const uzbek = await page('/news/no-such-article');
    expect(uzbek.html).toMatch(/<title>Sahifa topilmadi \| Adliya Partners<\/title>/);
    // Every kind of 404 (a missing article, a page slug) offers the same way on.
    for (const missingPage of [uzbek, await page('/eski-sahifa')]) {
      expect(missingPage.html).toMatch(/<form[^>]*action="\/search"/);
      expect(missingPage.html).toContain('href="/services"');
    }
    expect((await page('/news/no-such-article')).status).toBe(404);
    expect((await page('/services/no-such-service')).status).toBe(404);
    expect((await page('/xx')).status).toBe(404);
    const redirect = await page('/uz/team');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/team');
  });

  it('names languages by code and native name, never by flag emoji (many systems draw them as empty boxes)', async () => {
    const home = await page('/ru');
    expect(home.html).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    expect(home.html).toContain('Русский');
  });

  it('keeps an unknown address in the default language inside the site’s header and footer, with its title', async () => {
    const missing = await page('/no-such');
    expect(missing.status).toBe(404);
    expect(textOf(missing.html, 'h1')).toEqual(['Sahifa topilmadi']);
    expect(title(missing.html)).toBeTruthy();
    expect(missing.html).toContain('<header');
    expect(missing.html).toContain('<footer');
  });

  it('never sends a visitor to another site when it drops the default language’s prefix', async () => {
    const tricks = [
      '/uz//evil.example/x',
      '/uz/\\evil.example',
      '/uz///evil.example',
      '/uz/%2F%2Fevil.example',
      '/uz/%5Cevil.example',
      '/uz/%5C%5Cevil.example',
      '/uz/%2F%5Cevil.example',
      '/uz/\t/evil.example',
      '/uz/%09/evil.example',
      '/uz/%0d%0aLocation:%20https://evil.example',
      '/uz/.%2F%2Fevil.example',
      '//evil.example',
      '/%2F%2Fevil.example',
      '/uz/?next=//evil.example',
    ];
    for (const path of tricks) {
      const answer = await page(path);
      const location = answer.headers.get('location');
      expect(answer.headers.get('location') ?? '', path).not.toMatch(/[\r\n]/);
      if (answer.status === 301) {
        expect(location, path).toMatch(/^\/(?![\/\\])/);
        expect(new URL(location!, app.url).origin, path).toBe(new URL(app.url).origin);
      } else {
        // Not a page (404), or a request target that does not start with one slash (400).
        expect([400, 404], path).toContain(answer.status);
      }
    }
  });

  it('opens the contact form with the service chosen from “Ask about this service”', async () => {
    const service = await page('/ru/services/real-estate');
    const ask = /<a href="([^"]+)"[^>]*>Спросить об этой услуге<\/a>/.exec(service.html) ?? /<a href="(\/ru\/contact\?service=[^"]+)"/.exec(service.html);
    expect(ask).toBeTruthy();
    const href = ask![1].replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/ru\/contact\?service=/);
    const contact = await page(href);
    const chosen = (html: string) => {
      const match = /<option[^>]*selected=""[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(html);
      return match?.[1] ?? match?.[2];
    };
    expect(chosen(contact.html)).toBe(decodeURIComponent(href.split('service=')[1]));
    // A name that is no service chooses nothing.
    expect(chosen((await page('/ru/contact?service=%3Cscript%3E')).html) ?? '').toBe('');
  });

  it('links the firm’s record, events and careers from the header where the site has them, and stops when it has none', async () => {
    const header = async (path: string) => {
      const html = (await page(path)).html;
      return html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    };
    const ru = await header('/ru');
    for (const [path, name] of [['/ru/industries', 'Отрасли'], ['/ru/matters', 'Дела и сделки'], ['/ru/events', 'События'], ['/ru/careers', 'Карьера']]) {
      // Under "More" on a wide screen, and in the phone's menu.
      expect(ru.split(`href="${path}"`).length - 1, path).toBe(2);
      expect(ru).toContain(`>${name}</a>`);
    }
    expect(ru).toContain('Ещё');
    const vacancies = (await app.api('/api/vacancies?admin=true', { token })).body.data as Array<{ _id: string; isActive: boolean }>;
    try {
      for (const vacancy of vacancies) await app.api(`/api/vacancies/${vacancy._id}`, { method: 'PUT', token, body: { isActive: false } });
      const without = await header('/ru');
      expect(without).not.toContain('href="/ru/careers"');
      expect(without).toContain('href="/ru/industries"');
    } finally {
      for (const vacancy of vacancies) await app.api(`/api/vacancies/${vacancy._id}`, { method: 'PUT', token, body: { isActive: vacancy.isActive } });
    }
  });

  it('ends an article with a next step: its author or the practice’s lead lawyer with “Ask a question”, Telegram sharing, and more to read', async () => {
    const service = (await app.api('/api/services?lang=ru')).body.data.find((item: { lead?: string }) => item.lead);
    const lead = (await app.api(`/api/team/${service.lead}`)).body.data;
    const writer = (await app.api('/api/team')).body.data.find((member: { _id: string }) => member._id !== service.lead);
    const body = (title: string, extra: Record<string, unknown>) => ({ title: { uz: title, ru: `${title} ru` }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'x', ru: 'x' }, category: { uz: 'Sinov', ru: 'Проба' }, topics: [service._id], ...extra });
    const made = [];
    for (const [title, extra] of [
      ['Yozgan maqola', { author: { id: writer._id, name: writer.name } }],
      ['Muallifsiz maqola', { author: { name: {} } }],
      ['Qo‘shni maqola', {}],
      // No author and no practice area: no lawyer to introduce.
      ['Yolgʻiz maqola', { author: { name: {} }, topics: [] }],
    ] as const) made.push((await app.api('/api/news', { token, body: body(title, extra) })).body.data);
    try {
      const end = (html: string) => html.slice(html.indexOf('data-testid="article-end"'));
      // Its author, asked about its practice area; the shared address is the site's, whatever Host the request named.
      const written = (await page(`/ru/news/${made[0].slug}`, { headers: { host: 'evil.example' } })).html;
      expect(end(written)).toContain('>Автор</p>');
      expect(end(written)).toContain(`href="/ru/team/${writer.slug}"`);
      expect(end(written)).toContain(`href="/ru/contact?service=${encodeURIComponent(service.title.ru)}"`);
      expect(end(written)).toContain('Задать вопрос');
      const share = /href="(https:\/\/t\.me\/share\/url\?[^"]+)"/.exec(end(written))![1].replace(/&amp;/g, '&');
      expect(new URL(share).searchParams.get('url')).toBe(`https://lawfirm.test/ru/news/${made[0].slug}`);
      expect(new URL(share).searchParams.get('text')).toBe('Yozgan maqola ru');
      expect(written).not.toContain('evil.example');
      // Without an author: the lawyer who leads the practice.
      const unsigned = (await page(`/ru/news/${made[1].slug}`)).html;
      expect(end(unsigned)).toContain('Юрист, ведущий это направление');
      expect(end(unsigned)).toContain(`href="/ru/team/${lead.slug}"`);
      // No lawyer at all: no empty card holding only the button; the call stands beside sharing.
      const alone = end((await page(`/ru/news/${made[3].slug}`)).html);
      expect(alone).not.toContain('rounded-xl border border-slate-200 bg-slate-50');
      expect(alone).toMatch(/<a href="\/ru\/contact" [^>]*>Задать вопрос<\/a>/);
      expect(alone).toContain('Поделиться в Telegram');
      // More to read: the same practice's articles first, never itself, at most three.
      const related = end(unsigned).slice(end(unsigned).indexOf('id="related-articles"'));
      const shown = [...related.matchAll(/href="\/ru\/news\/([^"]+)"/g)].map(([, slug]) => slug);
      expect(shown.length).toBeGreaterThanOrEqual(2);
      expect(shown.length).toBeLessThanOrEqual(3);
      expect(shown).not.toContain(made[1].slug);
      expect(shown.slice(0, 2).sort()).toEqual([made[0].slug, made[2].slug].sort());
      // No public view counts.
      expect(written).not.toMatch(/просмотр/i);
    } finally {
      for (const article of made) await app.api(`/api/news/${article._id}`, { method: 'DELETE', token });
    }
  });

  it('says a blog post’s read time in the page’s language and keeps the Origin of its forms', async () => {
    const ru = await page('/ru/blog');
    expect(ru.html).toMatch(/\d+ мин чтения/);
    expect(ru.html).not.toMatch(/\d+ min(?![-\w])/);
    expect((await page('/blog')).html).toMatch(/\d+ daqiqada o‘qiladi/);
    // no-referrer would make browsers send "Origin: null" with the no-JavaScript contact form.
    expect(ru.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  describe('questions and answers, and pages of text', () => {
    it('lists the questions grouped by service with FAQPage JSON-LD, and shows a service’s own questions on its page', async () => {
      const faq = await page('/ru/faq');
      expect(faq.status).toBe(200);
      expect(textOf(faq.html, 'h1')).toEqual(['Вопросы и ответы']);
      expect(textOf(faq.html, 'summary')).toContain('Сколько стоит первая консультация?');
      expect(textOf(faq.html, 'h2')).toEqual(expect.arrayContaining(['Общие вопросы']));
      const faqPage = jsonLd(faq.html).find((item) => (item as { '@type': string })['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
      expect(faqPage.mainEntity.map((question) => question.name)).toContain('Сколько стоит первая консультация?');
      expect(faqPage.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(20);

      const service = await page('/en/services/real-estate');
      expect(textOf(service.html, 'summary')).toContain('What should be checked before buying a flat?');
      expect(textOf(service.html, 'summary')).not.toContain('How much does the first consultation cost?');
      expect(jsonLd(service.html).some((item) => (item as { '@type': string })['@type'] === 'FAQPage')).toBe(true);
      const other = await page('/en/services/criminal');
      expect(other.html).not.toContain('Questions about this service');
      expect(jsonLd(other.html).some((item) => (item as { '@type': string })['@type'] === 'FAQPage')).toBe(false);
    });

    it('hides a question that is switched off, and a page that is switched off is a 404', async () => {
      const question = await app.api('/api/faqs', { body: { question: { uz: 'Yashirin savol?' }, answer: { uz: 'Javob.' }, isActive: false }, token });
      expect(question.status).toBe(201);
      expect((await page('/faq')).html).not.toContain('Yashirin savol?');
      const draft = await app.api('/api/pages', { body: { title: { uz: 'Qoralama' }, slug: 'draft-page', body: { uz: 'Matn' }, isActive: false }, token });
      expect(draft.status).toBe(201);
      expect((await page('/draft-page')).status).toBe(404);
      expect((await page('/ru/draft-page')).status).toBe(404);
      await app.api(`/api/pages/${draft.body.data._id}`, { method: 'PUT', body: { isActive: true }, token });
      // Written in Uzbek only: its Russian address sends the visitor to the Uzbek page.
      const live = await page('/ru/draft-page');
      expect(live.status).toBe(302);
      expect(live.headers.get('location')).toBe('/draft-page');
      const unprefixed = await page('/draft-page');
      expect(unprefixed.status).toBe(200);
      expect(textOf(unprefixed.html, 'h1')).toEqual(['Qoralama']);
      await app.api(`/api/pages/${draft.body.data._id}`, { method: 'DELETE', token });
      await app.api(`/api/faqs/${question.body.data._id}`, { method: 'DELETE', token });
    });

    it('serves the privacy policy, terms and disclaimer in every language, paragraph by paragraph, linked from the footer', async () => {
      const policy = await page('/ru/privacy');
      expect(textOf(policy.html, 'h1')).toEqual(['Политика конфиденциальности']);
      const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(policy.html)![1];
      expect(textOf(article, 'p')).toHaveLength(4);
      expect(textOf(article, 'p')[0]).toContain('«О персональных данных»');
      expect((await page('/en/terms')).html).toContain('governed by the laws of the Republic of Uzbekistan');
      expect(textOf((await page('/disclaimer')).html, 'h1')).toEqual(['Javobgarlikni cheklash']);
      const home = await page('/ru');
      const footerLinks = [...home.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => [href, text]);
      expect(footerLinks).toEqual(expect.arrayContaining([['/ru/privacy', 'Политика конфиденциальности'], ['/ru/terms', 'Условия использования'], ['/ru/disclaimer', 'Отказ от ответственности']]));
    });

    it('lets a configured outside address win over the firm’s own page in the footer', async () => {
      const config = (await app.api('/api/site-config')).body.data;
      const saved = await app.api('/api/site-config', { method: 'PUT', body: { ...config, legalPages: { ...config.legalPages, termsOfServiceUrl: 'https://example.org/terms' } }, token });
      expect(saved.status).toBe(200);
      try {
        const home = await page('/en');
        expect(home.html).toContain('href="https://example.org/terms"');
        expect(home.html).toContain('href="/en/privacy"');
      } finally {
        await app.api('/api/site-config', { method: 'PUT', body: { ...saved.body.data, legalPages: config.legalPages }, token });
      }
    });
  });

  it('answers a failure of the site itself with a branded 500 page, never a blank screen', async () => {
    expectConsoleError();
    const { siteConfig } = app.services;
    const get = siteConfig.get;
    siteConfig.get = async () => {
      throw new Error('connection terminated');
    };
    try {
      const broken = await page('/en/partners?fresh=1');
      expect(broken.status).toBe(500);
      expect(textOf(broken.html, 'h1')).toEqual(['Nimadir noto‘g‘ri ketdi']);
      expect(broken.html).toContain('Qayta urinish');
      expect(broken.html).not.toContain('connection terminated');
    } finally {
      siteConfig.get = get;
    }
    expect((await page('/en/partners?fresh=2')).status).toBe(200);
  });

  it('shows the news featured block, categories and filters without JavaScript', async () => {
    const { html } = await page('/ru/news');
    expect(html).toContain('Главное');
    // The featured card says its title once (its cover shows the category, not the title again).
    const featured = cardTitles(html)[0];
    expect(html.split(`>${featured}<`).length - 1).toBe(1);
    expect(html).toMatch(/aria-current="true"[^>]*>Все</);
    const filtered = await page(`/ru/news?category=${encodeURIComponent('События')}`);
    expect(cardTitles(filtered.html)).toEqual(['Бесплатный семинар для предпринимателей: договорные споры']);
    const blog = await page(`/en/blog?search=${encodeURIComponent('INHERITANCE')}`);
    expect(cardTitles(blog.html)).toEqual(['How to register an inheritance']);
    const none = await page('/en/blog?search=zzzz');
    expect(none.html).toContain('No posts match “zzzz”.');
  });

  it('adds a language at runtime: it appears in the switcher, uses its own interface texts, and RTL sets dir', async () => {
    const added = await app.api('/api/languages', { body: { code: 'ar', name: 'Arabic', nativeName: 'العربية', flag: '🇸🇦', rtl: true, order: 9, translations: { 'contact.formTitle': 'أرسل لنا رسالة' } }, token });
    expect(added.status).toBe(201);
    const arabic = await page('/ar/contact');
    expect(arabic.status).toBe(200);
    expect(htmlAttribute(arabic.html, 'dir')).toBe('rtl');
    expect(htmlAttribute(arabic.html, 'lang')).toBe('ar');
    expect(textOf(arabic.html, 'h2')).toContain('أرسل لنا رسالة');
    const home = await page('/');
    expect(home.html).toContain('hrefLang="ar"');
    // The home page's past results carry the firm's disclaimer, as every list of matters does.
    expect(home.html).toContain('Oldingi natijalar shunga o‘xshash natijani kafolatlamaydi');
    // Each recent case's "Learn more" names its case for screen readers and search engines.
    expect(home.html).toContain('<span class="sr-only">: Xorijiy investor bilan qo‘shma korxona</span>');
    await app.api(`/api/languages/${added.body.data._id}`, { method: 'DELETE', token });
    expect((await page('/ar/contact')).status).toBe(404);
  });

  it('says a failed services list in the site configuration’s own words, with its retry text, and answers 503', async () => {
    const offered = app.services.records.services;
    const list = offered.list;
    offered.list = async () => {
      throw new Error('database is locked');
    };
    try {
      app.services.cache.clear();
      const { status, html } = await page('/ru/services');
      expect(status).toBe(503);
      const texts = (await app.api('/api/site-config')).body.data.sections.services;
      expect(html).toContain(texts.errorText.ru);
      expect(html).toMatch(new RegExp(`data-retry[^>]*>${texts.retryText.ru}</a>`));
    } finally {
      offered.list = list;
      app.services.cache.clear();
    }
    expect((await page('/ru/services')).status).toBe(200);
  });

  it('serves pages from the cache with an ETag until a write, and answers If-None-Match with 304', async () => {
    const first = await page('/en/team');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const second = await page('/en/team');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect((await page('/en/team', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const member = (await app.api('/api/team')).body.data[0];
    await app.api(`/api/team/${member._id}`, { method: 'PUT', body: { name: { ...member.name, en: 'Renamed Lawyer' } }, token });
    const fresh = await page('/en/team');
    expect(fresh.headers.get('x-cache')).toBeNull();
    expect(fresh.html).toContain('Renamed Lawyer');
    // A browser that kept the old page asks again every time (no max-age) and gets the new one.
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const revalidated = await page('/en/team', { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.html).toContain('Renamed Lawyer');
  });

  it('serves the contact page from the cache, each copy with the time it was served in its form', async () => {
    const shownAt = (html: string) => Number(/name="renderedAt" value="(\d+)"/.exec(html)?.[1]);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const path = `/ru/contact?from=${encoding}`;
      const rendered = await page(path, { headers: { 'accept-encoding': encoding } });
      expect(rendered.headers.get('x-cache')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const before = Date.now();
      const cached = await page(path, { headers: { 'accept-encoding': encoding } });
      expect(cached.headers.get('x-cache')).toBe('hit');
      expect(cached.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      // Always asked again, never answered 304 with an old time: no ETag.
      expect(cached.headers.get('cache-control')).toBe('no-cache');
      expect(cached.headers.get('etag')).toBeNull();
      expect(cached.html).not.toContain('SHOWN_AT_TIME');
      expect(shownAt(cached.html)).toBeGreaterThanOrEqual(before);
      expect(shownAt(cached.html)).toBeLessThanOrEqual(Date.now());
      expect(shownAt(cached.html)).toBeGreaterThan(shownAt(rendered.html));
      expect(cached.html.replace(/name="renderedAt" value="\d+"/, '')).toBe(rendered.html.replace(/name="renderedAt" value="\d+"/, ''));
    }
    // The time is this serving's, so a robot that posts the form at once is still refused.
    const cached = await page('/en/contact');
    const fast = await page('/en/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ renderedAt: String(shownAt((await page('/en/contact')).html)), name: 'Bot', email: 'bot@example.com', subject: 'x', message: 'x' }).toString(),
    });
    expect(cached.status).toBe(200);
    expect(fast.status).toBe(400);
    expect(fast.html).toContain('Please take a moment to check your message');
    expect(fast.html).toMatch(/name="renderedAt" value="\d{13}"/);
  });

  describe('the contact form without JavaScript', () => {
    // As if the visitor had opened the form 5 seconds ago.
    const post = async (fields: Record<string, string>, path = '/en/contact') => {
      const shown = await page(path);
      expect(shown.html).toMatch(/name="renderedAt" value="\d+"/);
      const renderedAt = String(Date.now() - 5000);
      return page(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ renderedAt, website: '', ...fields }).toString(),
      });
    };

    it('names each problem beside its field in the page language and keeps what was typed', async () => {
      const response = await post({ name: 'Olga', email: 'olga@', subject: '', message: 'Salom' }, '/ru/contact');
      expect(response.status).toBe(400);
      expect(response.html).toContain('Пожалуйста, укажите правильный адрес эл. почты');
      expect(response.html).toContain('Пожалуйста, укажите тему.');
      expect(response.html).toMatch(/id="contact-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-email"/);
      expect(response.html).toContain('value="Olga"');
    });

    it('refuses a form sent faster than a person can type, and pretends to accept a filled honeypot', async () => {
      const before = (await app.api('/api/contact', { token })).body.pagination.total;
      const shown = await page('/en/contact');
      const fast = await page('/en/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ renderedAt: String(Date.now()), name: 'Bot', email: 'bot@example.com', subject: 'x', message: 'x' }).toString() });
      expect(fast.status).toBe(400);
      expect(fast.html).toContain('Please take a moment to check your message');
      expect(shown.status).toBe(200);
      const trap = await post({ name: 'Bot', email: 'bot@example.com', subject: 'Offer', message: 'Buy now', website: 'http://spam.example' });
      expect(trap.status).toBe(200);
      expect(trap.html).toContain('Thank you! Your message has been sent.');
      expect((await app.api('/api/contact', { token })).body.pagination.total).toBe(before);
    });

    it('stores a real message and thanks the visitor', async () => {
      const response = await post({ name: 'Aziz Karimov', email: 'aziz@example.uz', subject: 'Shartnoma', message: 'Maslahat kerak', service: 'Korporativ huquq' }, '/contact');
      expect(response.status).toBe(200);
      expect(response.html).toContain('Rahmat! Xabaringiz yuborildi.');
      const stored = (await app.api('/api/contact?search=aziz', { token })).body.data;
      expect(stored[0]).toMatchObject({ name: 'Aziz Karimov', status: 'new', service: 'Korporativ huquq' });
    });
  });
});
