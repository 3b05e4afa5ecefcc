import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/databases.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DIALECTS)('the first start on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  it('creates the demo firm with every record type, in uz, ru and en', async () => {
    const lists: Record<string, number> = {};
    for (const path of ['team', 'news', 'blog', 'partners', 'hero', 'services', 'stats', 'features', 'testimonials', 'ctas']) {
      const response = await app.api(`/api/${path}?admin=true&limit=100`, { token });
      expect(response.status).toBe(200);
      lists[path] = response.body.data.length;
      for (const record of response.body.data) {
        const text = record.title ?? record.name ?? record.label;
        if (typeof text === 'object') expect(Object.keys(text)).toEqual(expect.arrayContaining(['uz', 'ru', 'en']));
      }
    }
    expect(Object.values(lists).every((count) => count > 0)).toBe(true);
    const contacts = await app.api('/api/contact', { token });
    expect(contacts.body.data.length).toBeGreaterThan(0);
  });

  it('states the firm’s age one way in every language: since its founding in 2001, never a count of years that goes stale', async () => {
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const path of ['hero', 'features', 'stats', 'team', 'services', 'testimonials', 'site-config']) collect((await app.api(`/api/${path}?admin=true&limit=100`, { token })).body.data);
    const stale = texts.filter((text) => /\b\d+\s*(yil(dan|lik)|лет\b|года? опыта|years\b)/i.test(text) && !/\b20\d\d\b/.test(text));
    expect(stale).toEqual([]);
    const stats = (await app.api('/api/stats', { token })).body.data as Array<{ number: number; category: string }>;
    expect(stats.filter((stat) => stat.category === 'experience').map((stat) => stat.number)).toEqual([2001]);
    // Every founding year said is the same one.
    const founded = texts.flatMap((text) => [...text.matchAll(/(\d{4})(?:-yil(?:da|dan)| году| года|\b)/g)].filter(() => /asos solgan|основал|founded|beri|с \d{4} года|since/i.test(text)).map((match) => match[1]));
    expect(new Set(founded)).toEqual(new Set(['2001']));
  });

  it('draws the pictures a firm replaces with its photos (each lawyer a portrait of their own, the home page’s Tashkent) through the real upload pipeline; clients and articles wait for real pictures', async () => {
    for (const type of ['testimonials', 'news', 'blog', 'services']) {
      const records = (await app.api(`/api/${type}`)).body.data as Array<{ image: string }>;
      expect(records.map((record) => record.image).filter(Boolean), type).toEqual([]);
    }
    const partners = (await app.api('/api/partners')).body.data;
    expect(partners[0].logo).toMatch(/^\/uploads\/\d{4}\/\d{2}\/partner-1-[0-9a-f]+-large\.webp$/);
    const image = await fetch(app.url + partners[0].logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const og = await fetch(app.url + partners[0].logo.replace('-large.webp', '-og.jpg'));
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    const hero = (await app.api('/api/hero')).body.data[0];
    expect(hero.image).toMatch(/^\/uploads\/\d{4}\/\d{2}\/tashkent-illustration-[0-9a-f]+-large\.webp$/);
    expect(Object.keys(hero.imageAlt)).toEqual(expect.arrayContaining(['uz', 'ru', 'en']));
    const lawyers = (await app.api('/api/team')).body.data as Array<{ image: string }>;
    expect(lawyers.length).toBeGreaterThanOrEqual(4);
    const portraits = new Set<string>();
    for (const [index, lawyer] of lawyers.entries()) {
      expect(lawyer.image).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/lawyer-${index + 1}-portrait-[0-9a-f]+-large\\.webp$`));
      const file = await fetch(app.url + lawyer.image);
      expect(file.headers.get('content-type')).toBe('image/webp');
      // A portrait, upright like a photo card (4:5), and nobody else's.
      const { width, height } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(width! / height!).toBeCloseTo(0.8, 2);
      const pixels = await sharp(Buffer.from(await (await fetch(app.url + lawyer.image.replace('-large.webp', '-thumbnail.webp'))).arrayBuffer())).raw().toBuffer();
      portraits.add(createHash('sha256').update(pixels).digest('hex'));
    }
    expect(portraits.size).toBe(lawyers.length);
    const media = await app.api('/api/upload/list', { token });
    expect(media.body.data.total).toBeGreaterThanOrEqual(4);
    // Lawyers are linked to what they lead and what they wrote.
    const team = (await app.api('/api/team')).body.data as Array<{ _id: string; slug: string; licence: string }>;
    expect(team.every((member) => member.slug && member.licence)).toBe(true);
    expect((await app.api(`/api/services?lead=${team[0]._id}`)).body.data.length).toBeGreaterThan(0);
    expect((await app.api(`/api/news?author=${team[1]._id}`)).body.data.length).toBeGreaterThan(0);
  });

  it('fills the site configuration and keeps the services at the footer’s fixed paths', async () => {
    const config = (await app.api('/api/site-config')).body.data;
    expect(config.companyName).toEqual({ uz: 'Adliya Partners', ru: 'Адлия Партнерс', en: 'Adliya Partners' });
    expect(config.offices).toHaveLength(2);
    expect(config.sections.home.recentCases.items).toHaveLength(3);
    expect(config.sections.navigation.homeText.uz).toBe('Bosh sahifa');
    for (const slug of ['corporate', 'real-estate', 'family', 'criminal', 'personal-injury', 'estate']) {
      expect((await app.api(`/api/services/slug/${slug}`)).status).toBe(200);
    }
  });

  it('tells one story: the firm’s name in Russian, one age of the firm, and each practice led by the lawyer who practises it', async () => {
    // Russian texts name the firm in Cyrillic, as its Russian name says.
    const russian: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'ru' && typeof inner === 'string') russian.push(inner);
          else collect(inner);
        }
      }
    };
    collect((await app.api('/api/site-config')).body.data);
    for (const type of ['hero', 'news', 'blog', 'testimonials', 'pages', 'services', 'features']) collect((await app.api(`/api/${type}?limit=100`)).body.data);
    expect(russian.length).toBeGreaterThan(50);
    expect(russian.filter((text) => text.includes('Adliya Partners'))).toEqual([]);
    // Founded in 2001: the description, the figures, the hero and the managing partner's story all say so (no count of years to go stale).
    const config = (await app.api('/api/site-config')).body.data;
    expect(config.companyDescription.uz).toContain('2001');
    const experience = (await app.api('/api/stats')).body.data.find((stat: { category: string }) => stat.category === 'experience');
    const [hero] = (await app.api('/api/hero')).body.data;
    expect(experience.number).toBe(2001);
    expect(hero.subtitle.uz).toContain('2001-yildan beri');
    expect(hero.subtitle.ru).toContain('с 2001 года');
    expect(hero.subtitle.en).toContain('Since 2001');
    // A practice's lead lawyer is the one whose specialisation it is.
    const members = new Map(((await app.api('/api/team')).body.data as Array<{ _id: string; specialization: { uz: string } }>).map((member) => [member._id, member.specialization.uz.toLowerCase()]));
    for (const [slug, word] of [['corporate', 'korporativ'], ['real-estate', 'ko‘chmas mulk'], ['family', 'oila'], ['estate', 'meros']]) {
      const service = (await app.api(`/api/services/slug/${slug}`)).body.data;
      expect(members.get(service.lead), slug).toContain(word);
    }
  });

  it('leaves the demo out with DEMO_CONTENT=false but still creates languages and configuration', async () => {
    const bare = await startTestApp(dialect, { demo: false });
    try {
      expect((await bare.api('/api/news')).body.data).toEqual([]);
      expect((await bare.api('/api/languages')).body.data).toHaveLength(3);
      expect((await bare.api('/api/site-config')).body.data.sections.footer.noServicesText.en).toBe('No services available');
    } finally {
      await bare.close();
    }
  });
});
