import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const news = (title: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: { uz: 'Qisqacha' },
  content: { uz: 'Matn' },
  category: { uz: 'Qonunchilik', ru: 'Законодательство' },
  ...extra,
});

describe.each(DIALECTS)('content rules on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const create = async (path: string, body: unknown) => {
    const response = await app.api(`/api${path}`, { body, token });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body.data;
  };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app.close());

  describe('slugs', () => {
    it('makes a slug from a Latin or Cyrillic title and keeps slugs unique', async () => {
      const first = await create('/news', news({ uz: 'Soliq kodeksi o‘zgardi!' }));
      const second = await create('/news', news({ uz: 'Soliq kodeksi o‘zgardi!' }));
      expect(first.slug).toBe('soliq-kodeksi-ozgardi');
      expect(second.slug).toBe('soliq-kodeksi-ozgardi-2');
      const cyrillic = await create('/services', { title: { uz: 'Юридик ёрдам ва ҳимоя' }, description: { uz: 'Тавсиф' } });
      expect(cyrillic.slug).toBe('yuridik-yordam-va-himoya');
      const russian = await create('/blog', { title: { uz: 'Щедрый съезд юристов' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, readTime: '3 min' });
      expect(russian.slug).toBe('shchedryy-sezd-yuristov');
    });

    it('refuses a given slug that is taken with a 409 and accepts a free one', async () => {
      await create('/news', news({ uz: 'A' }, { slug: 'taken-slug' }));
      const clash = await app.api('/api/news', { body: news({ uz: 'B' }, { slug: 'taken-slug' }), token });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ code: 'CONFLICT', reason: 'duplicate' });
      const bad = await app.api('/api/news', { body: news({ uz: 'B' }, { slug: 'Not A Slug' }), token });
      expect(bad.body.details[0]).toEqual({ path: 'slug', message: 'Slug may contain only lowercase Latin letters, digits and hyphens', code: 'invalid_slug' });
    });

    it('reads news, blog posts and services by slug, and a service by slug or id', async () => {
      const service = await create('/services', { title: { uz: 'Korporativ huquq' }, description: { uz: 'x' } });
      expect((await app.api(`/api/services/slug/${service.slug}`)).body.data._id).toBe(service._id);
      expect((await app.api(`/api/services/${service._id}`)).body.data.slug).toBe(service.slug);
      expect((await app.api('/api/services/slug/no-such-service')).status).toBe(404);
      expect((await app.api('/api/services/not-an-id')).status).toBe(404);
    });
  });

  describe('news and blog', () => {
    it('counts a visitor’s detail read, not an admin’s, and not for drafts', async () => {
      const article = await create('/news', news({ uz: 'Ko‘rishlar' }));
      await app.api(`/api/news/${article._id}`);
      const second = await app.api(`/api/news/slug/${article.slug}`);
      expect(second.body.data.views).toBe(2);
      await app.api(`/api/news/${article._id}?admin=true`, { token });
      expect((await app.api(`/api/news/${article._id}?admin=true`, { token })).body.data.views).toBe(2);
      const post = await create('/blog', { title: { uz: 'Post' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, readTime: '1 min' });
      await app.api(`/api/blog/${post._id}`);
      expect((await app.api(`/api/blog/${post._id}`)).body.data.views).toBe(2);
    });

    it('lists news by date, newest first, with the pagination shape and a 100 cap', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        for (const [day, title] of [['2026-01-05', 'Eski'], ['2026-03-01', 'Yangi'], ['2026-02-10', 'O‘rta']] as const) {
          await fresh.api('/api/news', { body: news({ uz: title }, { date: day }), token: adminToken });
        }
        const list = await fresh.api('/api/news?limit=2');
        expect(list.body.data.map((n: { title: { uz: string } }) => n.title.uz)).toEqual(['Yangi', 'O‘rta']);
        expect(list.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
        const second = await fresh.api('/api/news?limit=2&page=2');
        expect(second.body.data.map((n: { title: { uz: string } }) => n.title.uz)).toEqual(['Eski']);
        expect((await fresh.api('/api/news?page=9')).body).toMatchObject({ success: true, data: [], pagination: { page: 9, total: 3 } });
        expect((await fresh.api('/api/news?limit=500')).body.pagination.limit).toBe(100);
        expect((await fresh.api('/api/news')).body.pagination.limit).toBe(10);
        expect((await fresh.api('/api/blog')).body.pagination.limit).toBe(6);
        for (const bad of ['page=abc', 'limit=ten', 'page=0', 'limit=-1']) {
          const response = await fresh.api(`/api/news?${bad}`);
          expect(response.status).toBe(400);
          expect(response.body.code).toBe('VALIDATION_ERROR');
        }
      } finally {
        await fresh.close();
      }
    });

    it('answers a list with only the fields asked for (fields=), and names the fields it knows when one is not', async () => {
      const long = 'Uzoq matn. '.repeat(2000);
      await create('/news', news({ uz: 'Faqat kerakli maydonlar', ru: 'Только нужные поля' }, { content: { uz: long, ru: long, en: long }, date: '2026-04-01' }));
      await create('/news', news({ uz: 'Qoralama maydonlar' }, { published: false, content: { uz: long } }));
      const whole = await app.api('/api/news?lang=ru&limit=5');
      const slim = await app.api('/api/news?lang=ru&limit=5&fields=title,slug,date,excerpt');
      expect(slim.status).toBe(200);
      expect(slim.body.pagination).toEqual(whole.body.pagination);
      expect(slim.body.data).toEqual(whole.body.data.map((record: Record<string, unknown>) => ({ _id: record._id, title: record.title, slug: record.slug, date: record.date, excerpt: record.excerpt })));
      expect(slim.text.length).toBeLessThan(whole.text.length / 10);
      // Whole languages still (API.md): the client picks one, with the fallback.
      expect(slim.body.data.find((record: { slug: string }) => record.slug === 'faqat-kerakli-maydonlar').title).toEqual({ uz: 'Faqat kerakli maydonlar', ru: 'Только нужные поля' });
      // A search, an admin list (drafts too) and a list without pages answer the same way.
      const found = await app.api('/api/news/search?q=kerakli&fields=title');
      expect(found.body.data).toEqual([{ _id: expect.any(String), title: { uz: 'Faqat kerakli maydonlar', ru: 'Только нужные поля' } }]);
      const drafts = await app.api('/api/news?admin=true&status=draft&fields=slug,published,updatedAt,version', { token });
      expect(drafts.body.data.find((record: { slug: string }) => record.slug === 'qoralama-maydonlar')).toEqual({ _id: expect.any(String), slug: 'qoralama-maydonlar', published: false, updatedAt: expect.any(String), version: 1 });
      await create('/services', { title: { uz: 'Maydonli xizmat' }, description: { uz: 'Tavsif' }, icon: 'Scale' });
      const services = (await app.api('/api/services?fields=title,icon')).body.data;
      expect(services.length).toBeGreaterThan(0);
      for (const service of services) expect(Object.keys(service).sort()).toEqual(['_id', 'icon', 'title']);
      for (const bad of ['fields=title,password', 'fields=', 'fields=title&fields=slug']) {
        const refused = await app.api(`/api/news?${bad}`);
        expect(refused.status, bad).toBe(400);
        expect(refused.body.code).toBe('VALIDATION_ERROR');
      }
      const message = (await app.api('/api/news?fields=title,password')).body.details[0].message;
      expect(message).toMatch(/^fields must be one or more of these field names, separated by commas: _id, createdAt, updatedAt, version, /);
      for (const name of ['title', 'slug', 'content', 'date']) expect(message.split(': ')[1].split(', ')).toContain(name);
    });

    it('filters by category in the asked language after fallback, and lists categories', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const add = (body: unknown) => fresh.api('/api/news', { body, token: adminToken });
        await add(news({ uz: 'Bir' }, { category: { uz: 'Qonunchilik', ru: 'Законодательство' } }));
        await add(news({ uz: 'Ikki' }, { category: { uz: 'Tadbirlar' } }));
        await add(news({ uz: 'Uch' }, { category: { uz: 'Qonunchilik', ru: 'Законодательство' }, published: false }));
        expect((await fresh.api('/api/news/categories?lang=ru')).body.data).toEqual(['Законодательство', 'Tadbirlar']);
        expect((await fresh.api('/api/news/categories')).body.data).toEqual(['Qonunchilik', 'Tadbirlar']);
        const ru = await fresh.api(`/api/news?lang=ru&category=${encodeURIComponent('Законодательство')}`);
        expect(ru.body.data.map((n: { title: { uz: string } }) => n.title.uz)).toEqual(['Bir']);
        // Tadbirlar has no Russian text: in ru it falls back to the Uzbek one.
        const fallback = await fresh.api('/api/news?lang=ru&category=Tadbirlar');
        expect(fallback.body.data.map((n: { title: { uz: string } }) => n.title.uz)).toEqual(['Ikki']);
        // Asked in uz, the Russian name is not the Uzbek category.
        expect((await fresh.api(`/api/news?lang=uz&category=${encodeURIComponent('Законодательство')}`)).body.data).toEqual([]);
        const drafts = await fresh.api('/api/news?admin=true&status=draft', { token: adminToken });
        expect(drafts.body.data.map((n: { title: { uz: string } }) => n.title.uz)).toEqual(['Uch']);
        const published = await fresh.api('/api/news?admin=true&status=published', { token: adminToken });
        expect(published.body.pagination.total).toBe(2);
      } finally {
        await fresh.close();
      }
    });

    it('searches case-insensitively in every script and language, taking % _ and quotes literally', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const add = (title: Record<string, string>) => fresh.api('/api/news', { body: news(title), token: adminToken });
        await add({ uz: 'Soliq', ru: 'Новый ЗАКОН о налогах' });
        await add({ uz: 'Chegirma 100% emas' });
        await add({ uz: 'snake_case nomi' });
        await add({ uz: 'O‘zbekiston "Adliya" haqida' });
        await add({ uz: 'Boshqa', en: 'Tax LAW reform' });
        const titles = async (query: string) =>
          (await fresh.api(`/api/news?search=${encodeURIComponent(query)}`)).body.data.map((n: { title: { uz: string } }) => n.title.uz).sort();
        expect(await titles('закон')).toEqual(['Soliq']);
        expect(await titles('ЗАКОН')).toEqual(['Soliq']);
        expect(await titles('law')).toEqual(['Boshqa']);
        expect(await titles('100%')).toEqual(['Chegirma 100% emas']);
        expect(await titles('%')).toEqual(['Chegirma 100% emas']);
        expect(await titles('e_c')).toEqual(['snake_case nomi']);
        expect(await titles('_')).toEqual(['snake_case nomi']);
        expect(await titles('"Adliya"')).toEqual(['O‘zbekiston "Adliya" haqida']);
        // Every apostrophe form of oʻ and gʻ is one letter (API-2.md): a straight quote finds the turned comma.
        expect(await titles("o'zbekiston")).toEqual(['O‘zbekiston "Adliya" haqida']);
        expect(await titles('nothing-like-this')).toEqual([]);
      } finally {
        await fresh.close();
      }
    });

    it('filters blog posts by tag, searches them with q, and lists tags and categories', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const add = (title: string, tags: unknown[], publishedAt: string) =>
          fresh.api('/api/blog', { body: { title: { uz: title }, excerpt: { uz: 'x' }, content: { uz: 'Soliq haqida' }, category: { uz: 'Biznes', ru: 'Бизнес' }, readTime: '3 min', tags, publishedAt }, token: adminToken });
        await add('Birinchi', [{ uz: 'soliq', ru: 'налоги' }], '2026-01-01T10:00:00.000Z');
        await add('Ikkinchi', [{ uz: 'meros', ru: 'наследство' }, 'notarius'], '2026-02-01T10:00:00.000Z');
        expect((await fresh.api('/api/blog')).body.data.map((p: { title: { uz: string } }) => p.title.uz)).toEqual(['Ikkinchi', 'Birinchi']);
        expect((await fresh.api('/api/blog/tags?lang=ru')).body.data).toEqual(['налоги', 'наследство', 'notarius']);
        expect((await fresh.api('/api/blog/categories?lang=ru')).body.data).toEqual(['Бизнес']);
        const tagged = await fresh.api(`/api/blog?tag=${encodeURIComponent('наследство')}`);
        expect(tagged.body.data.map((p: { title: { uz: string } }) => p.title.uz)).toEqual(['Ikkinchi']);
        const searched = await fresh.api('/api/blog/search?q=SOLIQ');
        expect(searched.body.pagination).toMatchObject({ page: 1, limit: 10, total: 2 });
        const byTag = await fresh.api('/api/blog/search?q=notarius');
        expect(byTag.body.data.map((p: { title: { uz: string } }) => p.title.uz)).toEqual(['Ikkinchi']);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('other lists', () => {
    it('orders by order, then newest; filters services, stats, features, testimonials and CTAs', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const add = async (path: string, body: unknown) => (await fresh.api(`/api${path}`, { body, token: adminToken })).body.data;
        await add('/services', { title: { uz: 'B' }, description: { uz: 'x' }, order: 2, category: 'family' });
        await add('/services', { title: { uz: 'A' }, description: { uz: 'x' }, order: 1, featured: true });
        await add('/services', { title: { uz: 'C' }, description: { uz: 'x' }, order: 1 });
        const names = (response: { body: { data: Array<{ title?: { uz: string }; name?: string }> } }) => response.body.data.map((r) => r.title?.uz ?? r.name);
        expect(names(await fresh.api('/api/services'))).toEqual(['C', 'A', 'B']);
        expect(names(await fresh.api('/api/services?category=family'))).toEqual(['B']);
        expect(names(await fresh.api('/api/services?featured=true'))).toEqual(['A']);
        await add('/testimonials', { name: 'Featured', position: { uz: 'x' }, company: { uz: 'x' }, content: { uz: 'x' }, featured: true, service: 'family' });
        await add('/testimonials', { name: 'Plain', position: { uz: 'x' }, company: { uz: 'x' }, content: { uz: 'x' } });
        expect(names(await fresh.api('/api/testimonials?featured=true'))).toEqual(['Featured']);
        expect(names(await fresh.api('/api/testimonials?service=family'))).toEqual(['Featured']);
        await add('/ctas', { title: { uz: 'Home' }, subtitle: { uz: 'x' }, primaryButtonText: { uz: 'x' }, category: 'home' });
        await add('/ctas', { title: { uz: 'Footer' }, subtitle: { uz: 'x' }, primaryButtonText: { uz: 'x' }, category: 'footer' });
        expect(names(await fresh.api('/api/ctas?category=home'))).toEqual(['Home']);
        await add('/stats', { number: 1, label: { uz: 'Cases' }, category: 'cases' });
        await add('/stats', { number: 2, label: { uz: 'General' } });
        expect((await fresh.api('/api/stats?category=cases')).body.data.map((s: { label: { uz: string } }) => s.label.uz)).toEqual(['Cases']);
        await add('/features', { title: { uz: 'F1' }, description: { uz: 'x' }, featured: true });
        await add('/features', { title: { uz: 'F2' }, description: { uz: 'x' }, category: 'general' });
        expect(names(await fresh.api('/api/features?featured=true'))).toEqual(['F1']);
        expect(names(await fresh.api('/api/features?category=general'))).toEqual(['F2']);
      } finally {
        await fresh.close();
      }
    });

    it('lists partner types in a language and filters by type and partnership type', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const add = (name: string, type: Record<string, string>, partnershipType: string) =>
          fresh.api('/api/partners', { body: { name: { uz: name }, type, location: { uz: 'x' }, description: { uz: 'x' }, email: 'p@example.uz', partnershipType }, token: adminToken });
        await add('Alpha', { uz: 'Yuridik firma', ru: 'Юридическая фирма' }, 'strategic');
        await add('Beta', { uz: 'Auditor' }, 'referral');
        // Sorted by the language's own collation: Russian puts Cyrillic before Latin.
        expect((await fresh.api('/api/partners/types?lang=ru')).body.data).toEqual(['Юридическая фирма', 'Auditor']);
        expect((await fresh.api('/api/partners/types?lang=uz')).body.data).toEqual(['Auditor', 'Yuridik firma']);
        expect((await fresh.api('/api/partners/partnership-types')).body.data).toEqual(['strategic', 'referral', 'affiliate', 'collaboration']);
        expect((await fresh.api(`/api/partners?lang=ru&type=${encodeURIComponent('Юридическая фирма')}`)).body.data.map((p: { name: { uz: string } }) => p.name.uz)).toEqual(['Alpha']);
        expect((await fresh.api('/api/partners?partnershipType=referral')).body.data.map((p: { name: { uz: string } }) => p.name.uz)).toEqual(['Beta']);
        const wrong = await add('Gamma', { uz: 'x' }, 'friendship');
        expect(wrong.body.details).toEqual([
          { path: 'partnershipType', message: 'Partnership type must be one of: strategic, referral, affiliate, collaboration', code: 'one_of', params: { options: 'strategic, referral, affiliate, collaboration' } },
        ]);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('validation', () => {
    it('checks e-mails, URLs, ratings, categories and falls back to Shield for an unknown icon', async () => {
      const member = await app.api('/api/team', { body: { name: { uz: 'A' }, position: { uz: 'A' }, specialization: { uz: 'A' }, education: { uz: 'A' }, bio: { uz: 'A' }, experience: '1', email: 'not-an-email', phone: '1', linkedin: 'javascript:alert(1)' }, token });
      expect(member.body.details).toEqual([
        { path: 'email', message: 'Email is invalid', code: 'invalid_email' },
        { path: 'linkedin', message: 'LinkedIn must be a URL starting with http:// or https://', code: 'invalid_url' },
      ]);
      const rating = await app.api('/api/testimonials', { body: { name: 'A', position: { uz: 'x' }, company: { uz: 'x' }, content: { uz: 'x' }, rating: 6 }, token });
      expect(rating.body.details).toEqual([{ path: 'rating', message: 'Rating must be a number from 1 to 5', code: 'too_big', params: { max: 5 } }]);
      const category = await app.api('/api/services', { body: { title: { uz: 'x' }, description: { uz: 'x' }, category: 'space-law' }, token });
      expect(category.body.details[0].message).toBe('Category must be one of: corporate, family, realEstate, criminal, personalInjury, estate, other');
      const background = await app.api('/api/ctas', { body: { title: { uz: 'x' }, subtitle: { uz: 'x' }, primaryButtonText: { uz: 'x' }, backgroundColor: 'purple' }, token });
      expect(background.body.details[0].message).toBe('Background must be one of: primary, secondary, gray, white');
      const link = await app.api('/api/ctas', { body: { title: { uz: 'x' }, subtitle: { uz: 'x' }, primaryButtonText: { uz: 'x' }, primaryButtonLink: 'javascript:alert(1)' }, token });
      expect(link.body.details[0].message).toBe('Primary Button Link must be a URL or a path such as /contact');
      const icon = await create('/features', { title: { uz: 'x' }, description: { uz: 'x' }, icon: 'Unicorn' });
      expect(icon.icon).toBe('Shield');
      const question = await app.api('/api/faqs', { body: { question: { uz: 'x' }, answer: { uz: 'y' }, service: 'not-an-id' }, token });
      expect(question.body.details).toEqual([{ path: 'service', message: 'Service must be chosen from the list', code: 'invalid' }]);
      const slug = await app.api('/api/pages', { body: { title: { uz: 'x' }, body: { uz: 'y' }, slug: 'Bad Slug' }, token });
      expect(slug.body.details[0]).toMatchObject({ path: 'slug', code: 'invalid_slug' });
    });

    it('checks required multilingual fields in the default language, whatever it is', async () => {
      const fresh = await startTestApp(dialect);
      try {
        const adminToken = await fresh.login();
        const ru = (await fresh.api('/api/languages')).body.data.find((l: { code: string }) => l.code === 'ru');
        await fresh.api(`/api/languages/${ru._id}`, { method: 'PUT', body: { isDefault: true }, token: adminToken });
        const response = await fresh.api('/api/news', { body: news({ uz: 'Faqat o‘zbekcha' }), token: adminToken });
        expect(response.body.details.map((d: { message: string }) => d.message)).toEqual(['Title (RU) is required', 'Excerpt (RU) is required', 'Content (RU) is required']);
      } finally {
        await fresh.close();
      }
    });

    it('gives every bad input a clear 4xx and changes nothing', async () => {
      const before = (await app.api('/api/stats?admin=true', { token })).body.data.length;
      const attempts: Array<[unknown, number]> = [
        ['{"label": {"uz": "x"}, "number": 1, "__proto__": {"isAdmin": true}}', 400],
        ['{"label": {"uz": "x"}, "number": 1, "constructor": {"prototype": {"polluted": true}}}', 400],
        [{ label: { __proto__x: 'x', uz: 'x' }, number: 1 }, 400],
        [{ label: { uz: 'x', '': 'empty key' }, number: 1 }, 400],
        [{ label: { uz: 'x', english: 'too long a key' }, number: 1 }, 400],
        [{ label: 'not an object', number: 1 }, 400],
        [{ label: { uz: 123 }, number: 1 }, 400],
        [{ label: { uz: 'x' }, number: 'many' }, 400],
        [{ label: { uz: 'x' }, number: 1, isActive: 'yes' }, 400],
        [{ label: { uz: 'x'.repeat(201) }, number: 1 }, 400],
        [{ label: { uz: { nested: { deeper: { deepest: 'x' } } } }, number: 1 }, 400],
        [`{"label":{"uz":"x"},"number":1,"order":${'['.repeat(5000)}${']'.repeat(5000)}}`, 400],
        [[{ label: { uz: 'x' }, number: 1 }], 400],
      ];
      for (const [body, status] of attempts) {
        const response = await app.api('/api/stats', { body, token });
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(response.body.success).toBe(false);
        expect(typeof response.body.error).toBe('string');
      }
      expect((await app.api('/api/stats?admin=true', { token })).body.data.length).toBe(before);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      const wrongType = await app.api('/api/stats', { body: 'number=1', token, headers: { 'content-type': 'text/plain' } });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.code).toBe('BAD_REQUEST');
    });

    it('refuses a body that is not JSON with 400 BAD_REQUEST on every route, before its schema (API.md)', async () => {
      const routes = ['/api/contact', '/api/subscriptions', '/api/auth/login', '/api/auth/password-reset', '/api/stats'];
      for (const route of routes) {
        for (const [type, body] of [
          ['text/plain', '{"email":"a@b.uz"}'],
          ['text/plain; charset=utf-8', 'email=a@b.uz'],
          ['application/x-www-form-urlencoded', 'email=a%40b.uz&name=x'],
        ]) {
          const response = await app.api(route, { body, token, headers: { 'content-type': type } });
          expect([route, type, response.status, response.body.code]).toEqual([route, type, 400, 'BAD_REQUEST']);
          expect(response.body.error).toContain('send JSON (Content-Type: application/json)');
        }
      }
    });

    it('drops unknown fields and ignores _id, createdAt and updatedAt in a body', async () => {
      const created = await create('/stats', { number: 3, label: { uz: 'x' }, secret: 'dropped', _id: 'ffffffffffffffffffffffff', createdAt: '1999-01-01T00:00:00.000Z' });
      expect(created.secret).toBeUndefined();
      expect(created._id).not.toBe('ffffffffffffffffffffffff');
      expect(created.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    });

    it('answers ids that are not 24 hex characters with a 404', async () => {
      for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '../../etc/passwd', '6b03ed48ff2eae6919a042de0']) {
        expect((await app.api(`/api/news/${encodeURIComponent(id)}`)).status).toBe(404);
        expect((await app.api(`/api/news/${encodeURIComponent(id)}`, { method: 'PUT', body: { featured: true }, token })).status).toBe(404);
      }
    });
  });

  describe('updates', () => {
    it('merges shallowly: fields present replace, a multilingual field is replaced whole, others stay', async () => {
      const article = await create('/news', news({ uz: 'Asl', ru: 'Исходный' }, { tags: ['a'] }));
      const updated = await app.api(`/api/news/${article._id}`, { method: 'PUT', body: { title: { uz: 'Yangi' } }, token });
      expect(updated.body.data.title).toEqual({ uz: 'Yangi' });
      expect(updated.body.data.tags).toEqual(['a']);
      expect(updated.body.data.slug).toBe(article.slug);
      const emptied = await app.api(`/api/news/${article._id}`, { method: 'PUT', body: { title: { ru: 'Только русский' } }, token });
      expect(emptied.body.details).toEqual([{ path: 'title.uz', message: 'Title (UZ) is required', code: 'required', params: { lang: 'uz' } }]);
    });

    it('refuses a save with a stale version with 409 and writes nothing', async () => {
      const stat = await create('/stats', { number: 1, label: { uz: 'Asl' } });
      const first = await app.api(`/api/stats/${stat._id}`, { method: 'PUT', body: { number: 2, version: 1 }, token });
      expect(first.status).toBe(200);
      expect(first.body.data.version).toBe(2);
      const stale = await app.api(`/api/stats/${stat._id}`, { method: 'PUT', body: { number: 3, version: 1 }, token });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, code: 'CONFLICT', reason: 'stale_version' });
      // API-4.md: the 409 says what changed and by whom, so that nothing typed is thrown away by a reload.
      expect(stale.body.error).toMatch(/^admin saved this stat after you opened it \(changed: number\)\. Nothing you typed is lost/);
      expect(stale.body.details[0]).toMatchObject({ code: 'stale_version', changedFields: ['number'], current: { number: 2, version: 2 } });
      expect((await app.api(`/api/stats/${stat._id}`)).body.data).toMatchObject({ number: 2, version: 2 });
      expect((await app.api(`/api/stats/${stat._id}`, { method: 'PUT', body: { version: 'two' }, token })).status).toBe(400);
    });

    it('records who changed what in the activity log', async () => {
      const stat = await create('/stats', { number: 7, label: { uz: 'Faollik' } });
      await app.api(`/api/stats/${stat._id}`, { method: 'DELETE', token });
      const activity = await app.api('/api/admin/activity?limit=2', { token });
      expect(activity.body.data.map((a: { action: string; entity: string; entityId: string; userEmail: string }) => [a.action, a.entity, a.entityId, a.userEmail])).toEqual([
        ['delete', 'stats', stat._id, 'admin@example.uz'],
        ['create', 'stats', stat._id, 'admin@example.uz'],
      ]);
      expect((await app.api('/api/admin/activity')).status).toBe(401);
    });
  });
});
