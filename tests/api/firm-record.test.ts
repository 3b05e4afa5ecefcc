import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricRoute, searchedTypes, SITE_PAGES, splitLanguage } from '../../domain/site/site-pages.ts';
import { isUiTextKey } from '../../app/i18n/ui-texts.ts';
import { formatDay } from '../../app/admin/time-zone.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { jsonLd, wholeSitemap } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The firm's record (API-3.md): industries, matters and rankings, through the API and the pages. */

const BASE = 'https://lawfirm.test';

describe('the public site’s declaration of pages', () => {
  it('names every page once, and the metrics route of each from it', () => {
    const paths = SITE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['', 'industries', 'industries/:key', 'matters', 'news/:key', 'team/:key']));
    expect(metricRoute('/ru/industries/energy?x=1')).toBe('/industries/:slug');
    expect(metricRoute('/industries')).toBe('/industries');
    expect(metricRoute('/uz-cyrl/subscribe/confirm/abc')).toBe('/subscribe/confirm/:token');
    expect(metricRoute('/faq')).toBe('/faq');
    expect(metricRoute('/about-us')).toBe('/:slug');
    expect(metricRoute('/ru')).toBe('/');
    expect(splitLanguage('/RU/news', ['ru', 'en'])).toEqual({ segment: 'ru', rest: '/news' });
    expect(splitLanguage('/news/ru', ['ru'])).toEqual({ rest: '/news/ru' });
  });

  it('names every type the search finds in the interface texts (search.type.{name})', () => {
    expect(searchedTypes().map((type) => type.name)).toEqual(expect.arrayContaining(['news', 'industries', 'events', 'vacancies']));
    for (const type of searchedTypes()) expect(isUiTextKey(`search.type.${type.name}`), type.name).toBe(true);
  });
});

describe.each(DIALECTS)('the firm’s record on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let service: { _id: string; slug: string };
  let lawyer: { _id: string; slug: string };
  const page = async (address: string) => {
    const response = await fetch(app.url + address, { redirect: 'manual' });
    return { status: response.status, html: await response.text() };
  };
  const create = async (path: string, body: unknown) => {
    const response = await app.api(`/api${path}`, { body, token });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body.data;
  };
  const setDisclaimer = async (text: Record<string, string>) => {
    const config = (await app.api('/api/site-config', { token })).body.data;
    const saved = await app.api('/api/site-config', { method: 'PUT', token, body: { ...config, legal: { mattersDisclaimer: text } } });
    expect(saved.status).toBe(200);
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    token = await app.login();
    lawyer = await create('/team', { name: { uz: 'Dilnoza Karimova' }, position: { uz: 'Hamkor' }, bio: { uz: 'Bank huquqi' }, specialization: { uz: 'Bank' }, experience: '12', education: { uz: 'TDYU' }, email: 'd.karimova@example.uz', phone: '+998 71 200 00 00' });
    service = await create('/services', { title: { uz: 'Bank huquqi', ru: 'Банковское право' }, description: { uz: 'Kreditlar' }, lead: lawyer._id });
  });
  afterAll(() => app.close());

  describe('industries', () => {
    it('shows an industry’s services, their lead lawyers, its matters, the articles on its services and their questions', async () => {
      const industry = await create('/industries', { title: { uz: 'Energetika', ru: 'Энергетика' }, description: { uz: 'Quyosh stansiyalari' }, services: [service._id] });
      expect(industry.slug).toBe('energetika');
      await create('/faqs', { question: { uz: 'Litsenziya kerakmi?' }, answer: { uz: 'Ha' }, service: service._id });
      await create('/news', { title: { uz: 'Energetika qonuni' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' }, topics: [service._id] });
      await create('/news', { title: { uz: 'Boshqa mavzu' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'Qonun' } });
      await create('/matters', { title: { uz: 'Quyosh loyihasi' }, summary: { uz: 'PPA' }, year: 2025, industries: [industry._id], anonymousClient: { uz: 'Yevropa kompaniyasi' } });

      expect((await app.api(`/api/news?topic=${service._id}`)).body.data.map((article: { title: { uz: string } }) => article.title.uz)).toEqual(['Energetika qonuni']);
      const shown = await page('/industries/energetika');
      expect(shown.status).toBe(200);
      for (const text of ['Energetika', 'Bank huquqi', 'Dilnoza Karimova', 'Quyosh loyihasi', 'Yevropa kompaniyasi', 'Energetika qonuni', 'Litsenziya kerakmi?']) expect(shown.html).toContain(text);
      expect(shown.html).not.toContain('Boshqa mavzu');
      const ru = await page('/ru/industries');
      expect(ru.html).toContain('Энергетика');
      expect(ru.html).toContain('Банковское право');
      expect((await page('/industries/no-such-industry')).status).toBe(404);

      const found = (await app.api('/api/search?q=energetika&lang=uz')).body.data;
      expect(found.some((hit: { type: string; url: string }) => hit.type === 'industries' && hit.url === '/industries/energetika')).toBe(true);
      const sitemap = await wholeSitemap(app.url, BASE);
      expect(sitemap.text).toContain(`${BASE}/industries/energetika`);
      expect(sitemap.text).toContain(`${BASE}/ru/industries<`.slice(0, -1));
      expect(sitemap.text).toContain(`${BASE}/matters<`.slice(0, -1));
    });
  });

  describe('the site search', () => {
    it('keeps a document’s heading, paragraphs and list items apart in a hit’s passage', async () => {
      const block = (type: string, words: string, attrs?: Record<string, unknown>) => ({ type, ...(attrs ? { attrs } : {}), content: [{ type: 'text', text: words }] });
      const item = (words: string) => ({ type: 'listItem', content: [block('paragraph', words)] });
      const content = {
        type: 'doc',
        content: [
          block('paragraph', 'Yangi tartib kuchga kirdi.'),
          block('heading', 'Kimlarga tegishli', { level: 2 }),
          { type: 'bulletList', content: [item('Eksportchilarga'), item('Importchilarga')] },
        ],
      };
      const made = await create('/news', { title: { uz: 'Bojxona tartibi' }, excerpt: { uz: 'Qisqacha' }, content: { uz: content }, category: { uz: 'Qonun' } });
      const hit = (await app.api('/api/search?q=Eksportchilarga&lang=uz')).body.data.find((found: { _id: string }) => found._id === made._id);
      expect(hit.excerpt).toBe('Yangi tartib kuchga kirdi. Kimlarga tegishli · Eksportchilarga · Importchilarga');
    });
  });

  describe('matters', () => {
    it('names the client only with consent, in the API and on the pages; a confidential matter is never public nor found', async () => {
      const named = await create('/matters', { title: { uz: 'Kredit shartnomasi' }, summary: { uz: 'Sindikatlangan kredit' }, year: 2024, services: [service._id], lawyers: [lawyer._id], client: { uz: 'Toshkent Agro' }, clientConsent: true });
      const unnamed = await create('/matters', { title: { uz: 'Arbitraj nizosi' }, summary: { uz: 'ICC' }, year: 2023, services: [service._id], client: { uz: 'Maxfiy Bank' }, anonymousClient: { uz: 'Xorijiy bank' } });
      const secret = await create('/matters', { title: { uz: 'Yashirin bitim' }, summary: { uz: 'Sirli' }, year: 2024, client: { uz: 'Sir Holding' }, clientConsent: true, confidential: true });

      const visitor = (await app.api('/api/matters')).body.data as Array<{ _id: string; client: Record<string, string> }>;
      expect(visitor.find((matter) => matter._id === named._id)?.client).toEqual({ uz: 'Toshkent Agro' });
      expect(visitor.find((matter) => matter._id === unnamed._id)?.client).toEqual({});
      expect(JSON.stringify(visitor)).not.toContain('Maxfiy Bank');
      expect(visitor.some((matter) => matter._id === secret._id)).toBe(false);
      expect((await app.api(`/api/matters/${secret._id}`)).status).toBe(404);
      expect((await app.api(`/api/matters/${unnamed._id}`)).body.data.client).toEqual({});
      // Staff see everything.
      expect((await app.api(`/api/matters/${unnamed._id}?admin=true`, { token })).body.data.client).toEqual({ uz: 'Maxfiy Bank' });
      expect((await app.api(`/api/matters/${secret._id}?admin=true`, { token })).body.data.publicState).toBe('draft');

      const list = await page('/matters');
      expect(list.html).toContain('Toshkent Agro');
      expect(list.html).toContain('Xorijiy bank');
      expect(list.html).not.toContain('Maxfiy Bank');
      expect(list.html).not.toContain('Yashirin bitim');
      expect(list.html).toContain('Oldingi natijalar shunga o‘xshash natijani kafolatlamaydi');
      for (const address of [`/services/${service.slug}`, `/team/${lawyer.slug}`]) {
        const shown = await page(address);
        expect(shown.html).toContain('Kredit shartnomasi');
        expect(shown.html).toContain('Oldingi natijalar');
        expect(shown.html).not.toContain('Maxfiy Bank');
      }
      for (const query of ['Yashirin', 'Sir Holding', 'Maxfiy Bank']) {
        const hits = (await app.api(`/api/search?q=${encodeURIComponent(query)}&lang=uz`)).body.data;
        expect(hits).toEqual([]);
      }
      expect((await page('/search?q=Yashirin')).html).not.toContain('Yashirin bitim</');
      // A public matter is found, and shown where it stands in the list of matters (under the disclaimer).
      const hits = (await app.api('/api/search?q=Sindikatlangan&lang=uz')).body.data;
      expect(hits).toContainEqual(expect.objectContaining({ type: 'matters', _id: named._id, title: 'Kredit shartnomasi', url: `/matters#matter-${named._id}` }));
      expect(list.html).toContain(`id="matter-${named._id}"`);
      expect((await page('/search?q=Sindikatlangan')).html).toContain(`href="/matters#matter-${named._id}"`);
    });

    it('never shows a translator a confidential matter’s client or value, on any read, and keeps them through a translator’s save', async () => {
      const secret = await create('/matters', { title: { uz: 'Qo‘shilish bitimi' }, summary: { uz: 'Bank' }, year: 2025, client: { uz: 'Acme Holding' }, value: 'USD 40 mln', confidential: true });
      const open = await create('/matters', { title: { uz: 'Ochiq ish' }, summary: { uz: 'Soliq' }, year: 2025, client: { uz: 'Ochiq Mijoz' }, clientConsent: true });
      expect((await app.api('/api/auth/users', { token, body: { email: `tarjimon-${dialect}@example.uz`, password: 'a-long-password-1', role: 'translator', languages: ['ru'] } })).status).toBe(201);
      const translator = await app.login(`tarjimon-${dialect}@example.uz`, 'a-long-password-1');
      const read = async (path: string, init: Record<string, unknown> = {}) => {
        const response = await app.api(path, { token: translator, ...init });
        expect(response.status, path).toBeLessThan(300);
        return JSON.stringify(response.body);
      };
      const answers = [
        await read('/api/matters?admin=true'),
        await read('/api/matters?admin=true&fields=client,value,title'),
        await read('/api/matters?admin=true&confidential=true'),
        await read(`/api/matters/${secret._id}?admin=true`),
        await read(`/api/matters/${secret._id}/versions/1`),
        await read(`/api/matters/${secret._id}`, { method: 'PUT', body: { title: { uz: 'Qo‘shilish bitimi', ru: 'Сделка о слиянии' }, client: { uz: 'Boshqa' }, value: '' } }),
        await read(`/api/matters/${secret._id}/copy-language`, { body: { from: 'uz', to: 'ru' } }),
        await read(`/api/matters/${secret._id}/draft`, { method: 'PUT', body: { summary: { uz: 'Bank', ru: 'Банк' } } }),
        await read(`/api/matters/${secret._id}/draft`),
        await read('/api/translations/status?type=matters'),
        await read(`/api/translations/status?id=${secret._id}`),
      ];
      for (const [index, answer] of answers.entries()) {
        expect(answer, String(index)).not.toContain('Acme');
        expect(answer, String(index)).not.toContain('USD 40');
      }
      // What they translate of other matters, they read.
      expect(answers[0]).toContain('Ochiq Mijoz');
      expect(answers[1]).toContain(open._id);
      // Their save translated the title and left the client and value as they were (also no Russian client copied).
      const kept = (await app.api(`/api/matters/${secret._id}?admin=true`, { token })).body.data;
      expect(kept).toMatchObject({ title: { ru: 'Сделка о слиянии' }, client: { uz: 'Acme Holding' }, value: 'USD 40 mln' });
      expect(kept.client.ru).toBeUndefined();
      expect((await app.api(`/api/matters/${secret._id}/draft`, { token })).body.data.client).toEqual({ uz: 'Acme Holding' });
    });

    it('filters by service, industry and year, in the API and on the page without JavaScript', async () => {
      const other = await create('/matters', { title: { uz: 'Eski ish' }, summary: { uz: 'x' }, year: 2019 });
      const byService = (await app.api(`/api/matters?service=${service._id}`)).body.data.map((matter: { _id: string }) => matter._id);
      expect(byService.length).toBeGreaterThan(0);
      expect(byService).not.toContain(other._id);
      expect((await app.api('/api/matters?year=2019')).body.data.map((matter: { _id: string }) => matter._id)).toEqual([other._id]);
      const filtered = await page(`/matters?year=2019`);
      expect(filtered.html).toContain('Eski ish');
      expect(filtered.html).not.toContain('Kredit shartnomasi');
      const byPage = await page(`/matters?service=${service._id}&year=2024`);
      expect(byPage.html).toContain('Kredit shartnomasi');
      expect(byPage.html).not.toContain('Eski ish');
      expect(byPage.html).toMatch(new RegExp(`<option value="${service._id}" selected="">`));
      // Nonsense in the address is ignored, not an error.
      expect((await page('/matters?service=%3Cscript%3E&year=abc')).status).toBe(200);
    });

    it('refuses a client’s consent without the client’s name, and publishing while the disclaimer is empty', async () => {
      const noName = await app.api('/api/matters', { token, body: { title: { uz: 'X' }, summary: { uz: 'x' }, year: 2024, clientConsent: true } });
      expect(noName.status).toBe(400);
      expect(noName.body.details[0]).toMatchObject({ path: 'client', code: 'required' });
      await setDisclaimer({ uz: '', ru: 'Оговорка' });
      try {
        const refused = await app.api('/api/matters', { token, body: { title: { uz: 'Ogohlantirishsiz' }, summary: { uz: 'x' }, year: 2024 } });
        expect(refused.status).toBe(422);
        expect(refused.body.checks.map((check: { code: string }) => check.code)).toContain('disclaimer_missing');
        // A matter kept off the site may be written meanwhile.
        expect((await app.api('/api/matters', { token, body: { title: { uz: 'Qoralama' }, summary: { uz: 'x' }, year: 2024, isActive: false } })).status).toBe(201);
      } finally {
        await setDisclaimer({ uz: 'Oldingi natijalar shunga o‘xshash natijani kafolatlamaydi.', ru: 'Прошлые результаты не гарантируют такого же исхода.' });
      }
      expect((await app.api('/api/matters', { token, body: { title: { uz: 'Ogohlantirish bilan' }, summary: { uz: 'x' }, year: 2024 } })).status).toBe(201);
    });
  });

  describe('vacancies', () => {
    it('lists an open vacancy with JobPosting JSON-LD; after it closes it leaves the list and the sitemap and its page says so', async () => {
      const past = await app.api('/api/vacancies', { token, body: { title: { uz: 'Kechikkan' }, description: { uz: 'x' }, location: { uz: 'Toshkent' }, closesAt: '2020-01-01T09:00:00+05:00' } });
      expect(past.status).toBe(400);
      expect(past.body.details[0]).toMatchObject({ path: 'closesAt', code: 'in_past' });
      const open = await create('/vacancies', { title: { uz: 'Katta yurist', ru: 'Старший юрист' }, description: { uz: 'Korporativ amaliyot' }, location: { uz: 'Toshkent', ru: 'Ташкент' }, employmentType: 'FULL_TIME', closesAt: '2099-03-01T18:00:00+05:00' });
      const soon = await create('/vacancies', { title: { uz: 'Amaliyotchi' }, description: { uz: 'Yozgi amaliyot' }, location: { uz: 'Toshkent' }, employmentType: 'INTERN', closesAt: new Date(Date.now() + 1500).toISOString() });
      const list = await page('/careers');
      expect(list.html).toContain('Katta yurist');
      expect(list.html).toContain('Amaliyotchi');
      const shown = await page(`/ru/careers/${open.slug}`);
      const posting = jsonLd(shown.html).find((item) => (item as { '@type'?: string })['@type'] === 'JobPosting') as Record<string, unknown>;
      expect(posting).toMatchObject({ title: 'Старший юрист', employmentType: 'FULL_TIME', validThrough: '2099-03-01T13:00:00.000Z', jobLocation: { address: { addressLocality: 'Ташкент' } } });

      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await page('/careers')).html).not.toContain('Amaliyotchi');
      expect((await app.api('/api/vacancies')).body.data.map((vacancy: { _id: string }) => vacancy._id)).toEqual([open._id]);
      const closed = await page(`/careers/${soon.slug}`);
      expect(closed.status).toBe(200);
      expect(closed.html).toContain('Bu bo‘sh ish o‘rni');
      expect(closed.html).toContain('noindex');
      expect(jsonLd(closed.html).some((item) => (item as { '@type'?: string })['@type'] === 'JobPosting')).toBe(false);
      const sitemap = await wholeSitemap(app.url, BASE);
      expect(sitemap.text).toContain(`/careers/${open.slug}`);
      expect(sitemap.text).not.toContain(`/careers/${soon.slug}`);
      // A vacancy never made public is not shown as closed: it does not exist for visitors.
      const hidden = await create('/vacancies', { title: { uz: 'Yashirin' }, description: { uz: 'x' }, location: { uz: 'x' }, closesAt: '2099-01-01T00:00:00Z', isActive: false });
      expect((await page(`/careers/${hidden.slug}`)).status).toBe(404);
    });
  });

  describe('rankings', () => {
    it('requires an https source, shows the logo only under licence, leaves after its edition’s next year unless renewed', async () => {
      const base = { guide: 'Chambers Global', practice: { uz: 'Bank va moliya' }, tier: 'Band 1' };
      const thisYear = new Date().getUTCFullYear();
      for (const sourceUrl of [undefined, '', 'http://chambers.com/x', 'javascript:alert(1)', 'https://']) {
        const refused = await app.api('/api/rankings', { token, body: { ...base, edition: thisYear, ...(sourceUrl === undefined ? {} : { sourceUrl }) } });
        expect(refused.status, String(sourceUrl)).toBe(400);
        expect(refused.body.details[0].path).toBe('sourceUrl');
      }
      const lawyers = await create('/rankings', { ...base, edition: thisYear, team: lawyer._id, sourceUrl: 'https://chambers.com/lawyer/karimova', logo: '/uploads/chambers.png', logoLicensed: false });
      await create('/rankings', { ...base, guide: 'The Legal 500', edition: thisYear - 1, sourceUrl: 'https://legal500.com/uz', logo: '/uploads/legal500.png', logoLicensed: true });
      const old = await create('/rankings', { ...base, guide: 'IFLR1000', edition: thisYear - 2, sourceUrl: 'https://iflr1000.com/uz' });
      expect(old.publicState).toBe('expired');

      const publicGuides = () => app.api('/api/rankings').then((response) => response.body.data.map((ranking: { guide: string }) => ranking.guide));
      expect(await publicGuides()).toEqual(['Chambers Global', 'The Legal 500']);
      expect((await app.api(`/api/rankings/${old._id}`)).status).toBe(404);
      await app.api(`/api/rankings/${old._id}`, { method: 'PUT', token, body: { renewed: true } });
      expect(await publicGuides()).toContain('IFLR1000');

      const profile = await page(`/team/${lawyer.slug}`);
      expect(profile.html).toContain('https://chambers.com/lawyer/karimova');
      expect(profile.html).not.toContain('/uploads/chambers.png');
      const person = jsonLd(profile.html).find((item) => (item as { '@type'?: string })['@type'] === 'Person') as { award?: string[] };
      expect(person.award).toEqual([`Chambers Global ${thisYear}: Bank va moliya — Band 1`]);
      for (const address of ['/', '/team']) {
        const shown = await page(address);
        expect(shown.html).toContain('The Legal 500');
        expect(shown.html).toContain('https://legal500.com/uz');
        expect(shown.html).toContain('Chambers Global');
      }
      expect((await page('/team')).html).toContain('legal500.png');
      expect(lawyers.publicState).toBe('published');
      // Its leaving is a scheduled moment: the dashboard tells it, and the moment drops cached pages.
      const upcoming = (await app.api('/api/admin/schedule', { token })).body.data.upcoming as Array<{ _id: string; kind: string; at: string }>;
      // A day by the ranking's rule: the dashboard shows 1 January, not 05:00 on the firm's clock.
      expect(upcoming).toContainEqual(expect.objectContaining({ _id: lawyers._id, kind: 'unpublish', at: `${thisYear + 2}-01-01T00:00:00.000Z`, day: `${thisYear + 2}-01-01` }));
      expect(formatDay(`${thisYear + 2}-01-01`, 'en', 'Asia/Tashkent')).toBe(`Jan 1, ${thisYear + 2}`);
      expect(formatDay(`${thisYear + 2}-01-01`, 'ru', 'America/Los_Angeles')).toBe(`1 янв. ${thisYear + 2} г.`);
    });
  });
});
