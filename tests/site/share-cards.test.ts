/*
 * Share cards cannot be redrawn without end: one spelling per card (others are sent there), a card
 * once drawn is served from memory under that one name, drawings wait in line, and one address may
 * ask for only so many cards not yet drawn.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

function get(base: string, path: string, from: string): Promise<{ status: number; location?: string; bytes: number }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: url.hostname, port: url.port, path: url.pathname, localAddress: from, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, bytes }));
    });
    request.on('error', reject);
  });
}

describe('share cards under load', () => {
  let app: TestApp;
  const cards: string[] = [];
  beforeAll(async () => {
    app = await startTestApp('sqlite', { ssr: true });
    const token = await app.login();
    for (let n = 0; n < 8; n += 1) {
      const created = await app.api('/api/news', { token, body: { title: { uz: `Yangilik ${n}`, ru: `Новость ${n}`, en: `News ${n}` }, excerpt: { uz: 'Q', ru: 'К', en: 'S' }, content: { uz: 'M', ru: 'Т', en: 'T' }, category: { uz: 'Soliq', ru: 'Налоги', en: 'Tax' } } });
      const { _id, version } = created.body.data as { _id: string; version: number };
      for (const lang of ['uz', 'ru', 'en']) cards.push(`/covers/${lang}/news/${_id}-${version}.jpg`);
    }
  });
  afterAll(() => app?.close());

  it('has one spelling per card: another case of the language is sent to it', async () => {
    const [card] = cards;
    for (const spelling of [card.replace('/uz/', '/UZ/'), card.replace('/uz/', '/Uz/')]) {
      const answer = await get(app.url, spelling, '127.0.0.20');
      expect(answer.status, spelling).toBe(301);
      expect(answer.location).toBe(card);
    }
    for (const spelling of [card.replace(/-(\d+)\.jpg$/, '-0$1.jpg')]) expect((await get(app.url, spelling, '127.0.0.20')).status).toBe(301);
    expect((await get(app.url, card.toUpperCase().replace('/COVERS/UZ/NEWS/', '/covers/uz/news/'), '127.0.0.20')).status).toBe(404);
  });

  it('draws cards asked for at once one after another, each once, and serves them all', async () => {
    const answers = await Promise.all(cards.slice(0, 6).flatMap((card, n) => [get(app.url, card, `127.0.1.${n + 2}`), get(app.url, card, `127.0.2.${n + 2}`)]));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.bytes).toBeGreaterThan(5000);
    }
  });

  it('limits the cards not yet drawn that one address asks for, and serves drawn ones to it still', async () => {
    const from = '127.0.3.2';
    const statuses: number[] = [];
    for (const card of cards.slice(6)) statuses.push((await get(app.url, card, from)).status);
    // 18 cards not drawn yet: all drawn for this address (the limit is 20 a minute)…
    expect(statuses.every((status) => status === 200)).toBe(true);
    // …then the 21st miss is refused, with when to come back; another address is not.
    const team = (await app.api('/api/team')).body.data as Array<{ _id: string; version: number }>;
    expect(team.length).toBe(0);
    const token = await app.login();
    const more: string[] = [];
    for (let n = 0; n < 4; n += 1) {
      const created = await app.api('/api/news', { token, body: { title: { uz: `Yana ${n}` }, excerpt: { uz: 'Q' }, content: { uz: 'M' }, category: { uz: 'Soliq' } } });
      more.push(`/covers/uz/news/${created.body.data._id}-${created.body.data.version}.jpg`);
    }
    expect((await get(app.url, more[0], from)).status).toBe(200);
    expect((await get(app.url, more[1], from)).status).toBe(200);
    const refused = await get(app.url, more[2], from);
    expect(refused.status).toBe(429);
    expect((await get(app.url, more[2], '127.0.3.3')).status).toBe(200);
    // A card already drawn is no miss: the limited address still gets it.
    expect((await get(app.url, cards[0], from)).status).toBe(200);
    expect((await get(app.url, more[0], from)).status).toBe(200);
  });
});
