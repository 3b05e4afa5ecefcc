import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * A page nobody has asked for since a save is rendered once, however many visitors ask for it
 * while it is being rendered: they wait for that answer and get it from the cache.
 */
describe('many visitors asking for a page that is not cached', () => {
  let app: TestApp;
  const answered = new Map<string, number>();

  beforeAll(async () => {
    app = await startTestApp('sqlite', {
      demo: true,
      ssr: true,
      extend(server) {
        // A public read that takes 100 ms and counts how often it is really answered.
        for (const [path, cache] of [['/api/test-slow-read', true], ['/api/test-slow-unkept', false]] as const) {
          server.get(path, { config: { cache } }, async (request) => {
            const key = `${path}?${new URL(request.url, 'http://x').searchParams}`;
            answered.set(key, (answered.get(key) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 100));
            return { data: { answer: key } };
          });
        }
      },
    });
  });
  afterAll(() => app?.close());

  const together = (path: string, count = 20) => Promise.all(Array.from({ length: count }, async () => {
    const response = await fetch(app.url + path);
    return { status: response.status, cached: response.headers.get('x-cache') === 'hit', body: await response.text() };
  }));

  it('answers a slow read once for twenty visitors asking at once, each of them with the same answer (ten rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const answers = await together(`/api/test-slow-read?round=${round}`);
      expect(answered.get(`/api/test-slow-read?round=${round}`)).toBe(1);
      expect(answers.every((answer) => answer.status === 200 && answer.body === answers[0].body)).toBe(true);
      expect(answers.filter((answer) => !answer.cached)).toHaveLength(1);
    }
  });

  it('lets each visitor have an answer of their own when it is not kept (twenty at once, ten rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const answers = await together(`/api/test-slow-unkept?round=${round}`);
      expect(answers.every((answer) => answer.status === 200 && !answer.cached)).toBe(true);
      expect(answered.get(`/api/test-slow-unkept?round=${round}`)).toBe(20);
    }
  });

  it('renders a public page once for visitors asking together, and again after a save that showed on it', async () => {
    const token = await app.login();
    for (let round = 0; round < 10; round += 1) {
      const answers = await together(`/ru/faq?round=${round}`);
      expect(answers.every((answer) => answer.status === 200 && answer.body === answers[0].body)).toBe(true);
      expect(answers.filter((answer) => !answer.cached)).toHaveLength(1);
    }
    const faq = (await app.api('/api/faqs?admin=true&limit=1', { token })).body.data[0];
    const saved = await app.api(`/api/faqs/${faq._id}`, { method: 'PUT', token, body: { question: { ...faq.question, ru: 'Сколько стоит первая консультация?' }, version: faq.version } });
    expect(saved.status).toBe(200);
    const after = await together('/ru/faq?round=0');
    expect(after.filter((answer) => !answer.cached)).toHaveLength(1);
    expect(after.every((answer) => answer.body.includes('Сколько стоит первая консультация?'))).toBe(true);
    // A page that is not there: every visitor gets its 404.
    const missing = await together('/ru/no-such-page-here');
    expect(missing.every((answer) => answer.status === 404)).toBe(true);
  });
});
