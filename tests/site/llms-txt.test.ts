import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * /llms.txt and /{lang}/llms.txt (llmstxt.org): an H1 with the firm's name, a summary quote, then
 * H2 sections of Markdown links — its practice areas, lawyers and latest alerts — each opening a
 * page of the site, in the file's language; a new alert is there once it is public, a draft never.
 */

const BASE = 'https://lawfirm.test';

describe('llms.txt', () => {
  let app: TestApp;
  let token: string;
  const get = async (path: string) => {
    const response = await fetch(app.url + path, { redirect: 'manual' });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  /** The Markdown links of a file: [words](address). */
  const linksOf = (text: string) => [...text.matchAll(/\[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)/g)].map((match) => ({ words: match[1], href: match[2] }));

  beforeAll(async () => {
    app = await startTestApp('sqlite', { demo: true, ssr: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  it('describes the firm in the default language, each link opening a page of the site', async () => {
    const { status, type, text } = await get('/llms.txt');
    expect(status).toBe(200);
    expect(type).toBe('text/markdown; charset=utf-8');
    const config = (await app.api('/api/site-config')).body.data;
    const lines = text.split('\n');
    expect(lines[0]).toBe(`# ${config.companyName.uz}`);
    expect(lines[2]).toMatch(/^> \S/);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections).toEqual(expect.arrayContaining([`## ${config.sections.services.title.uz}`, `## ${config.sections.team.title.uz}`, `## ${config.sections.news.title.uz}`]));
    const links = linksOf(text);
    const services = (await app.api('/api/services?lang=uz&limit=50')).body.data;
    const lawyers = (await app.api('/api/team?lang=uz&limit=50')).body.data;
    expect(links.filter((link) => link.href.startsWith(`${BASE}/services/`))).toHaveLength(services.length);
    expect(links.filter((link) => link.href.startsWith(`${BASE}/team/`))).toHaveLength(lawyers.length);
    expect(links.some((link) => link.href === `${BASE}/ru/llms.txt`)).toBe(true);
    for (const link of links.filter((item) => item.href.startsWith(BASE) && !item.href.endsWith('.txt'))) {
      const page = await get(link.href.slice(BASE.length));
      expect(page.status, link.href).toBe(200);
    }
  });

  it('is written in Russian at /ru/llms.txt, and 404 in a language the site does not have', async () => {
    const { status, text } = await get('/ru/llms.txt');
    expect(status).toBe(200);
    const config = (await app.api('/api/site-config')).body.data;
    expect(text.startsWith(`# ${config.companyName.ru}\n`)).toBe(true);
    expect(text).toContain(`## ${config.sections.team.title.ru}`);
    expect(linksOf(text).filter((link) => link.href.includes('/team/')).every((link) => link.href.startsWith(`${BASE}/ru/team/`))).toBe(true);
    expect((await get('/xx/llms.txt')).status).toBe(404);
  });

  it('lists a new alert once it is public, never a draft, and keeps Markdown out of its words', async () => {
    const before = (await get('/llms.txt')).text;
    const body = { excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Soliq', ru: 'Налоги' } };
    const draft = await app.api('/api/news', { token, body: { ...body, title: { uz: 'Qoralama [maxfiy]', ru: 'Черновик' }, published: false } });
    expect(draft.status).toBe(201);
    const published = await app.api('/api/news', { token, body: { ...body, title: { uz: 'Yangi [QQS](http://evil.example) tartibi', ru: 'Новый порядок НДС' }, published: true } });
    expect(published.status).toBe(201);
    const after = (await get('/llms.txt')).text;
    expect(after).not.toBe(before);
    expect(after).not.toContain('Qoralama');
    const line = after.split('\n').find((item) => item.includes(`/news/${published.body.data.slug})`));
    expect(line).toBe(`- [Yangi \\[QQS\\](http://evil.example) tartibi](${BASE}/news/${published.body.data.slug}) (${published.body.data.date.slice(0, 10)}): Qisqacha`);
    expect(linksOf(after).some((link) => link.href === 'http://evil.example')).toBe(false);
  });
});
