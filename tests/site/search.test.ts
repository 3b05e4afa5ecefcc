import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { textOf } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The site search (API-2.md "Search"): API and server-rendered page, both scripts of Uzbek, every apostrophe form, only what a visitor may see. */

interface Hit {
  type: string;
  _id: string;
  slug: string;
  title: string;
  excerpt: string;
  url: string;
}

describe.each(DIALECTS)('site search on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const search = async (q: string, lang = 'uz') => {
    const response = await app.api(`/api/search?lang=${lang}&q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return response.body.data as Hit[];
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    token = await app.login();
    const create = async (type: string, body: Record<string, unknown>) => {
      const response = await app.api(`/api/${type}`, { method: 'POST', token, body });
      expect(response.status, response.text).toBe(201);
      return response.body.data;
    };
    await create('news', {
      title: { uz: 'Soliq kodeksidagi oʻzgarishlar', ru: 'Изменения в Налоговом кодексе' },
      excerpt: { uz: 'Yangi tartib 1-yanvardan kuchga kiradi.', ru: 'Новый порядок вступает в силу с 1 января.' },
      content: { uz: 'Korxonalar uchun arbitraj nizolari boʻyicha muhim oʻzgarish.', ru: 'Важное изменение по арбитражным спорам.' },
      category: { uz: 'Soliq', ru: 'Налоги' },
    });
    await create('blog', {
      title: { uz: 'Шартнома тузишда нималарга эътибор бериш керак', ru: 'На что смотреть при заключении договора' },
      excerpt: { uz: 'Амалий маслаҳатлар', ru: 'Практические советы' },
      content: { uz: 'Ҳар бир шартнома аниқ бўлиши керак.', ru: 'Каждый договор должен быть точным.' },
      category: { uz: 'Maslahat', ru: 'Советы' },
      readTime: '4 min',
    });
    await create('news', { title: { uz: 'Qoralama arbitraj xabari' }, excerpt: { uz: 'Hali chiqmagan' }, content: { uz: 'Qoralama' }, category: { uz: 'Soliq' }, published: false });
  });
  afterAll(() => app?.close());

  it('finds news, blog posts, services and lawyers, best matches first, with their page in the reader’s language', async () => {
    const services = (await app.api('/api/services?lang=ru')).body.data;
    const lawyer = (await app.api('/api/team')).body.data[0];
    const serviceHits = await search(services[0].title.ru, 'ru');
    expect(serviceHits[0]).toMatchObject({ type: 'services', _id: services[0]._id, url: `/ru/services/${services[0].slug}`, title: services[0].title.ru });
    const lawyerHits = await search(lawyer.name.uz);
    expect(lawyerHits[0]).toMatchObject({ type: 'team', _id: lawyer._id, url: `/team/${lawyer.slug}` });
    const tax = await search('soliq kodeksi');
    // Title matches first: the article, and the demo's seminar on the new Tax Code (an event is found like an article).
    expect(tax.slice(0, 2)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'news', title: 'Soliq kodeksidagi oʻzgarishlar' }), expect.objectContaining({ type: 'events', url: '/events/yangi-soliq-kodeksi-biznes-uchun-seminar' })]));
    // Found in the text only: the excerpt is the passage where it was found.
    const inText = await search('arbitraj nizolari');
    expect(inText).toHaveLength(1);
    expect(inText[0].excerpt).toContain('arbitraj nizolari');
  });

  it('finds Uzbek Latin text with a Cyrillic query and Cyrillic text with a Latin one, whatever the apostrophe', async () => {
    expect((await search('СОЛИҚ КОДЕКСИ')).map((hit) => hit.title)).toContain('Soliq kodeksidagi oʻzgarishlar');
    expect((await search('шартнома тузиш')).map((hit) => hit.type)).toContain('blog');
    expect((await search('shartnoma tuzishda')).map((hit) => hit.title)).toContain('Шартнома тузишда нималарга эътибор бериш керак');
    for (const apostrophe of ['ʻ', '‘', '’', "'", '`']) expect((await search(`o${apostrophe}zgarishlar`)).length, apostrophe).toBeGreaterThan(0);
  });

  it('never shows a draft, answers nothing for one letter, and refuses a bad language', async () => {
    expect((await search('Qoralama arbitraj')).length).toBe(0);
    expect(await search('a')).toEqual([]);
    expect((await app.api('/api/search?q=soliq&lang=not a language')).status).toBe(400);
  });

  it('renders the results on the server with highlights, in uz and ru, and a search box in the header', async () => {
    const response = await fetch(`${app.url}/ru/search?q=${encodeURIComponent('арбитраж')}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(html).toMatch(/<mark[^>]*>арбитраж<\/mark>/);
    const uz = await (await fetch(`${app.url}/search?q=${encodeURIComponent('soliq kodeksi')}`)).text();
    expect(textOf(uz, 'h1')).toEqual(['Qidiruv']);
    expect(uz).toMatch(/<mark[^>]*>Soliq kodeksi<\/mark>dagi/);
    expect(uz).toContain('href="/news/');
    const none = await (await fetch(`${app.url}/search?q=${encodeURIComponent('yoʻq narsa xyz')}`)).text();
    expect(none).toContain('hech narsa topilmadi');
    // The empty state offers the way to ask a person.
    expect(none).toMatch(/hech narsa topilmadi[^<]*(?:<!-- -->)? <a href="\/contact"[^>]*>Bizga yozing<\/a>/);
    const home = await (await fetch(`${app.url}/ru`)).text();
    expect(home).toMatch(/<form role="search"[^>]*action="\/ru\/search"/);
  });

  it('finds questions and answers and the pages of text, each word in any ending, and opens the question on the FAQ page', async () => {
    const [free] = await search('бесплатная консультация', 'ru');
    expect(free).toMatchObject({ type: 'faqs', title: 'Сколько стоит первая консультация?' });
    expect(free.url).toMatch(/^\/ru\/faq\?open=[0-9a-f]{24}#q-[0-9a-f]{24}$/);
    const [divorce] = await search('ajrashish bolalar');
    expect(divorce).toMatchObject({ type: 'faqs', title: 'Ajrashishda bolalar bilan bog‘liq masalalar qanday hal qilinadi?' });
    // Uzbek in the other script finds it too.
    expect((await search('ажрашиш болалар')).map((hit) => hit.title)).toContain('Ajrashishda bolalar bilan bog‘liq masalalar qanday hal qilinadi?');
    expect((await search('maxfiylik siyosati')).find((hit) => hit.type === 'pages')).toMatchObject({ url: '/privacy', title: 'Maxfiylik siyosati' });
    // Words that are not all there find nothing.
    expect(await search('ajrashish kriptovalyuta')).toEqual([]);
    const page = await (await fetch(app.url + free.url.replace(/#.*$/, ''))).text();
    expect(page).toMatch(new RegExp(`<details id="q-${free._id}" open=""`));
    expect((page.match(/<details [^>]*open=""/g) ?? []).length).toBe(1);
    const hits = await (await fetch(`${app.url}/ru/search?q=${encodeURIComponent('бесплатная консультация')}`)).text();
    expect(hits).toContain(`href="/ru/faq?open=${free._id}#q-${free._id}"`);
    expect(hits).toContain('Вопрос');
  });

  it('escapes what it repeats of the query', async () => {
    const html = await (await fetch(`${app.url}/search?q=${encodeURIComponent('<script>alert(1)</script>')}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
