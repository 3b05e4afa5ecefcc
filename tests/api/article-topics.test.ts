import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * An article's and a blog post's topics (API-3.md "Alerts"): what a subscriber may choose, public
 * practice areas and industries, and nothing else.
 */

describe.each(DIALECTS)('the topics of articles and blog posts on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let practice: string;
  let industry: string;
  let hidden: string;
  const UNKNOWN = 'abcdefabcdefabcdefabcdef';

  const create = async (path: string, body: Record<string, unknown>) => {
    const response = await app.api(`/api${path}`, { token, body });
    expect(response.status).toBe(201);
    return response.body.data as { _id: string; version: number; topics: string[] };
  };
  const article = (topics: string[]) => ({ title: { uz: `Maqola ${Math.random()}` }, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics });

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
    practice = (await create('/services', { title: { uz: 'Soliq huquqi', ru: 'Налоговое право' }, description: { uz: 'Soliqlar' } }))._id;
    industry = (await create('/industries', { title: { uz: 'Energetika', ru: 'Энергетика' }, description: { uz: 'Quyosh' } }))._id;
    hidden = (await create('/industries', { title: { uz: 'Yopiq soha', ru: 'Скрытая отрасль' }, description: { uz: 'x' }, isActive: false }))._id;
  });
  afterAll(() => app?.close());

  it('takes public practice areas and industries as an article’s and a blog post’s topics', async () => {
    const news = await create('/news', article([practice, industry]));
    expect((await app.api(`/api/news/${news._id}`)).body.data.topics).toEqual([practice, industry]);
    const post = await create('/blog', article([industry]));
    expect(post.topics).toEqual([industry]);
    // The list of an industry's articles answers by topic too.
    expect((await app.api(`/api/news?topic=${industry}`)).body.data.map((item: { _id: string }) => item._id)).toEqual([news._id]);
  });

  it('refuses an unknown id, a hidden industry or a record of another kind, naming the field', async () => {
    const lawyer = (await create('/team', { name: { uz: 'Dilnoza' }, position: { uz: 'Hamkor' }, bio: { uz: 'x' }, specialization: { uz: 'x' }, experience: '5', education: { uz: 'x' }, email: 'd@example.uz', phone: '+998 71 200 00 00' }))._id;
    for (const [path, topic] of [['/news', UNKNOWN], ['/blog', UNKNOWN], ['/news', hidden], ['/news', lawyer]]) {
      const refused = await app.api(`/api${path}`, { token, body: article([practice, topic]) });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.details).toEqual([expect.objectContaining({ path: 'topics', code: 'one_of', message: expect.stringContaining('choose from the list') })]);
    }
  });

  it('refuses an unknown id added by an update or to a working copy, and keeps a topic hidden since', async () => {
    const news = await create('/news', article([industry]));
    const added = await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { version: news.version, topics: [industry, UNKNOWN] } });
    expect(added.status).toBe(400);
    expect(added.body.details[0]).toMatchObject({ path: 'topics', code: 'one_of' });
    const copy = await app.api(`/api/news/${news._id}/draft`, { method: 'PUT', token, body: { version: news.version, topics: [UNKNOWN] } });
    expect(copy.status).toBe(400);
    // The industry is hidden after the article named it: the article is still saved, with it.
    const shown = (await app.api(`/api/industries/${industry}?admin=true`, { token })).body.data;
    expect((await app.api(`/api/industries/${industry}`, { method: 'PUT', token, body: { version: shown.version, isActive: false } })).status).toBe(200);
    const kept = await app.api(`/api/news/${news._id}`, { method: 'PUT', token, body: { version: news.version, excerpt: { uz: 'Yangi' } } });
    expect(kept.status).toBe(200);
    expect(kept.body.data.topics).toEqual([industry]);
    expect((await app.api(`/api/industries/${industry}`, { method: 'PUT', token, body: { version: shown.version + 1, isActive: true } })).status).toBe(200);
  });
});
