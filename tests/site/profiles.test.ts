import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrateTo, migrateToLatest } from '../../db/migrate.ts';
import { createPostgresSchema, DIALECTS } from '../helpers/databases.ts';
import { jsonLd, links, metaContent, textOf, title, wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Lawyer profiles (/team/{slug}), their links, and the drawn share cards of pages without a picture. */

const BASE = 'https://lawfirm.test';
const PREFIX: Record<string, string> = { uz: '', ru: '/ru', en: '/en' };

interface Member {
  _id: string;
  slug: string;
  version: number;
  name: Record<string, string>;
  position: Record<string, string>;
  licence: string;
  languages: Record<string, string>;
  image: string;
}

describe.each(DIALECTS)('lawyer profiles on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let members: Member[];
  const page = async (address: string) => {
    const response = await fetch(app.url + address, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    members = (await app.api('/api/team')).body.data;
  });
  afterAll(() => app?.close());

  it.each(['uz', 'ru', 'en'])('shows a profile in %s: name, position, practice areas, languages, licence, contact buttons, articles and Person JSON-LD', async (lang) => {
    const member = members[0];
    const address = `${PREFIX[lang]}/team/${member.slug}`;
    const { status, html } = await page(address);
    expect(status).toBe(200);
    expect(textOf(html, 'h1')).toEqual([member.name[lang]]);
    expect(title(html)).toContain(member.position[lang]);
    expect(html).toContain(member.languages[lang]);
    expect(html).toContain(member.licence);
    expect(links(html, 'canonical').map((link) => link.href)).toEqual([`${BASE}${address}`]);
    expect(html).toMatch(/href="tel:\+998712054041"/);
    expect(html).toContain('href="mailto:r.aliyev@adliya-partners.uz"');
    // The services they lead link to their pages; the question goes to the contact form with the service chosen.
    const led = (await app.api(`/api/services?lead=${member._id}&lang=${lang}`)).body.data as Array<{ slug: string; title: Record<string, string> }>;
    expect(led.length).toBeGreaterThan(0);
    for (const service of led) expect(html).toContain(`href="${PREFIX[lang]}/services/${service.slug}"`);
    expect(html).toContain(`${PREFIX[lang]}/contact?service=${encodeURIComponent(led[0].title[lang])}`.replace(/&/g, '&amp;'));
    // Their articles, from the blog and news, link to the articles.
    const written = (await app.api(`/api/blog?author=${member._id}`)).body.data as Array<{ slug: string }>;
    expect(written.length).toBeGreaterThan(0);
    for (const post of written) expect(html).toContain(`href="${PREFIX[lang]}/blog/${post.slug}"`);
    const person = (jsonLd(html) as Array<Record<string, unknown>>).find((item) => item['@type'] === 'Person');
    expect(person).toMatchObject({ name: member.name[lang], jobTitle: member.position[lang], url: `${BASE}${address}`, email: 'r.aliyev@adliya-partners.uz', worksFor: { '@id': `${BASE}/#firm` } });
    expect(person?.knowsLanguage).toEqual(member.languages[lang].split(', '));
    // Their photo (the demo's drawn portrait) is the share card too: the upload pipeline's JPEG.
    expect(metaContent(html, 'og:image')).toBe(`${BASE}${member.image.replace('-large.webp', '-og.jpg')}`);
  });

  it('draws the share card of a lawyer without a photo from their name, in the page’s language', async () => {
    const member = (await app.api(`/api/team/${members[2]._id}?admin=true`, { token })).body.data as Member;
    const cleared = (await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { image: '', version: member.version } })).body.data as Member;
    try {
      for (const lang of ['uz', 'ru']) {
        const { html } = await page(`${PREFIX[lang]}/team/${member.slug}`);
        const card = `/covers/${lang}/team/${member._id}-${cleared.version}.jpg`;
        expect(metaContent(html, 'og:image')).toBe(BASE + card);
        const response = await fetch(app.url + card);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        // The page keeps the photo's place: the placeholder, named for screen readers.
        expect(html).toMatch(new RegExp(`<div role="img" aria-label="${member.name[lang]}" data-portrait="placeholder"`));
      }
    } finally {
      await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { image: member.image, version: cleared.version } });
    }
  });

  it('links every profile from the team page, an article its lawyer wrote, and the services they lead', async () => {
    const team = (await page('/ru/team')).html;
    for (const member of members) expect(team).toContain(`href="/ru/team/${member.slug}"`);
    const news = (await app.api('/api/news?limit=20')).body.data as Array<{ slug: string; author: { id?: string } }>;
    const written = news.find((article) => article.author.id);
    expect(written).toBeDefined();
    const article = (await page(`/news/${written!.slug}`)).html;
    expect(article).toContain(`href="/team/${written!.author.id}" rel="author"`);
    // The id sends to the profile's one address.
    const byId = await page(`/ru/team/${written!.author.id}`);
    expect(byId.status).toBe(301);
    const author = members.find((member) => member._id === written!.author.id)!;
    expect(byId.headers.get('location')).toBe(`/ru/team/${author.slug}`);
    const led = (await app.api(`/api/services?lead=${members[0]._id}`)).body.data as Array<{ slug: string }>;
    const service = (await page(`/en/services/${led[0].slug}`)).html;
    expect(service).toContain(`href="/en/team/${members[0].slug}"`);
    expect(service).toContain(members[0].name.en);
  });

  it('dates a lawyer’s post on the profile by the firm’s day, as its own page does', async () => {
    const author = members[0];
    // 20:30 UTC on 13 November is 01:30 on 14 November in Tashkent.
    const post = (await app.api('/api/blog', { token, body: { title: { uz: 'Tungi maqola', ru: 'Ночная статья' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, readTime: '3', author: { id: author._id, name: author.name }, publishedAt: '2026-11-13T20:30:00Z' } })).body.data;
    try {
      const profile = (await page(`/ru/team/${author.slug}`)).html;
      const article = (await page(`/ru/blog/${post.slug}`)).html;
      const on = (html: string) => new RegExp(`<time dateTime="([^"]+)"[^>]*>([^<]*)</time>`).exec(html.slice(html.indexOf('Ночная статья')))?.slice(1);
      expect(on(profile)).toEqual(['2026-11-14', '14 ноября 2026 г.']);
      expect(article).toContain('>14 ноября 2026 г.</time>');
    } finally {
      await app.api(`/api/blog/${post._id}`, { method: 'DELETE', token });
    }
  });

  it('answers 404 for no such lawyer and for one who is not shown, and lists profiles in the sitemap', async () => {
    expect((await page('/team/no-such-lawyer')).status).toBe(404);
    const hidden = members.at(-1)!;
    await app.api(`/api/team/${hidden._id}`, { method: 'PUT', token, body: { isActive: false, version: hidden.version } });
    expect((await page(`/team/${hidden.slug}`)).status).toBe(404);
    expect((await fetch(`${app.url}/covers/uz/team/${hidden._id}-${hidden.version + 1}.jpg`)).status).toBe(404);
    const { text: sitemap } = await wholeSitemap(app.url, BASE);
    for (const member of members.slice(0, -1)) expect(sitemap).toContain(`<loc>${BASE}/ru/team/${member.slug}</loc>`);
    expect(sitemap).not.toContain(`/team/${hidden.slug}<`);
  });

  it('gives a renamed lawyer a new address and sends the old one there', async () => {
    const member = (await app.api('/api/team')).body.data[1] as Member;
    const renamed = await app.api(`/api/team/${member._id}`, { method: 'PUT', token, body: { slug: 'nodira-yusupova-partner', version: member.version } });
    expect(renamed.status).toBe(200);
    const old = await page(`/en/team/${member.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/en/team/nodira-yusupova-partner');
    expect((await page('/en/team/nodira-yusupova-partner')).status).toBe(200);
  });

  it('draws the share card of an article without a picture as a 1200×630 JPEG in each language, and sends an old version to the new one', async () => {
    const created = await app.api('/api/news', { token, body: { title: { uz: 'Gʻalla yigʻim-terimi: yangi qoida', ru: 'Уборка урожая: новое правило' }, excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Qonunchilik', ru: 'Законодательство' } } });
    expect(created.status).toBe(201);
    const article = created.body.data as { _id: string; slug: string; version: number };
    for (const lang of ['uz', 'ru']) {
      const html = (await page(`${PREFIX[lang]}/news/${article.slug}`)).html;
      const card = `/covers/${lang}/news/${article._id}-${article.version}.jpg`;
      expect(metaContent(html, 'og:image')).toBe(BASE + card);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      const response = await fetch(app.url + card);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 1200, 630]);
    }
    const [uz, ru] = await Promise.all(['uz', 'ru'].map(async (lang) => Buffer.from(await (await fetch(`${app.url}/covers/${lang}/news/${article._id}-${article.version}.jpg`)).arrayBuffer())));
    expect(uz.equals(ru)).toBe(false);
    const updated = await app.api(`/api/news/${article._id}`, { method: 'PUT', token, body: { title: { uz: 'Yangi sarlavha' }, version: article.version } });
    const stale = await fetch(`${app.url}/covers/uz/news/${article._id}-${article.version}.jpg`, { redirect: 'manual' });
    expect(stale.status).toBe(301);
    expect(stale.headers.get('location')).toBe(`/covers/uz/news/${article._id}-${updated.body.data.version}.jpg`);
    for (const bad of [`/covers/xx/news/${article._id}-1.jpg`, `/covers/uz/partners/${article._id}-1.jpg`, '/covers/uz/news/..%2F..%2Fetc-1.jpg', `/covers/uz/news/${'0'.repeat(24)}-1.jpg`]) {
      expect((await fetch(app.url + bad)).status, bad).toBe(404);
    }
  });
});

describe.each(DIALECTS)('upgrading a site to lawyer profiles on %s', (dialect) => {
  it('gives every lawyer a unique slug from their name and every article its author column', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexsite-profiles-'));
    const postgres = dialect === 'postgres' ? await createPostgresSchema() : undefined;
    const database = openDatabase({ dataDir, databaseUrl: postgres ? process.env.TEST_DATABASE_URL : undefined, schema: postgres?.schema });
    try {
      await migrateTo(database, '007-two-factor');
      const now = new Date().toISOString();
      const json = (value: unknown) => JSON.stringify(value);
      const lawyer = (id: string, uz: string, order: number) => ({
        id, created_at: now, updated_at: now, version: 1, name: json({ uz, ru: 'Имя' }), position: json({ uz: 'Advokat' }), specialization: json({ uz: 'Huquq' }), education: json({ uz: 'TDYU' }), bio: json({ uz: 'Bio' }),
        experience: '5', email: `${id.slice(-4)}@example.uz`, phone: '+998 90 000 00 00', linkedin: '', image: '', is_active: true, order_index: order, search_text: uz.toLowerCase(),
      });
      await database.db.insertInto('team_members').values([lawyer('aaaaaaaaaaaaaaaaaaaa0001', 'Oʻktam Gʻulomov', 0), lawyer('aaaaaaaaaaaaaaaaaaaa0002', 'Aziz Karimov', 1), lawyer('aaaaaaaaaaaaaaaaaaaa0003', 'Aziz Karimov', 2)]).execute();
      await database.db
        .insertInto('news')
        .values({ id: 'bbbbbbbbbbbbbbbbbbbb0001', created_at: now, updated_at: now, version: 1, slug: 'eski', title: json({ uz: 'Eski' }), excerpt: json({ uz: 'x' }), content: json({ uz: 'x' }), category: json({ uz: 'x' }), author: json({ id: 'aaaaaaaaaaaaaaaaaaaa0002', name: { uz: 'Aziz Karimov' } }), date: '2026-01-01', image: '', featured: false, published: true, views: 0, tags: '[]', category_text: 'x', search_text: 'eski' })
        .execute();
      await migrateToLatest(database);
      const slugs = await database.db.selectFrom('team_members').select(['id', 'slug']).orderBy('order_index').execute();
      expect(slugs.map((row) => row.slug)).toEqual(['oktam-gulomov', 'aziz-karimov', 'aziz-karimov-2']);
      const news = await database.db.selectFrom('news').select('author_id').executeTakeFirstOrThrow();
      expect(news.author_id).toBe('aaaaaaaaaaaaaaaaaaaa0002');
    } finally {
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
