/*
 * The translation desk's imports under clients that send slowly or hang up halfway (the agency's
 * XLIFF file, a termbase file), over real sockets on both databases: a sender that hangs up halfway
 * changes nothing (no working copy, no term), one that trickles its body does not hold back another
 * editor's import, and the same file sent whole afterwards is applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { multipart, pause, rawUpload, within } from '../helpers/raw-upload.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const text = (value: string) => ({ type: 'text', text: value });
const doc = (...words: string[]) => ({ type: 'doc', content: words.map((value) => ({ type: 'paragraph', content: [text(value)] })) });
/** Every segment of an exported file given a Russian target. */
const withTargets = (xml: string) => xml.replace(/<source>([\s\S]*?)<\/source><\/segment>/g, (_all, source: string) => `<source>${source}</source><target>[ru] ${source}</target></segment>`);

describe.each(DIALECTS)('imports from slow and vanishing senders on %s', (dialect) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    token = await app.login();
  });
  afterAll(() => app?.close());

  /** A news article in Uzbek and its XLIFF (uz → ru) with every target written. */
  const translatedFile = async (title: string) => {
    const created = await app.api('/api/news', { token, body: { title: { uz: title }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: doc(...Array.from({ length: 400 }, (_, at) => `${title}: ${at + 1}-band, hisobot har chorakda topshiriladi.`)) } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data._id as string;
    const exported = await fetch(`${app.url}/api/news/${id}/xliff?from=uz&to=ru`, { headers: { authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
    return { id, body: multipart({}, [{ field: 'file', name: 'back.xlf', data: Buffer.from(withTargets(await exported.text())) }]) };
  };
  const draftStatus = async (id: string) => (await app.api(`/api/news/${id}/draft`, { token })).status;
  const xliffSender = (body: Buffer) => rawUpload(app.url, '/api/xliff', body, { Authorization: `Bearer ${token}` });

  it('keeps nothing of an XLIFF file whose sender hangs up halfway, and applies the same file sent whole (three times)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, body } = await translatedFile(`Yarim fayl ${round}`);
      expect(body.length).toBeGreaterThan(64 * 1024);
      const sender = xliffSender(body);
      sender.write(body.subarray(0, Math.floor(body.length / 2)));
      await pause(200);
      sender.close();
      await pause(200);
      expect(await draftStatus(id), `round ${round}: no working copy from half a file`).toBe(404);
      const whole = xliffSender(body);
      whole.write(body);
      expect(await within(whole.status, 10_000, `round ${round}: the whole file`), whole.answer()).toBe(200);
      expect(JSON.parse(whole.answer().slice(whole.answer().indexOf('\r\n\r\n') + 4)).data).toMatchObject({ stale: [], invalid: [] });
      expect(await draftStatus(id)).toBe(200);
      const draft = (await app.api(`/api/news/${id}/draft`, { token })).body.data;
      expect(draft.title.ru).toBe(`[ru] Yarim fayl ${round}`);
    }
  });

  it('answers another editor’s XLIFF import at once while a sender trickles its file a few bytes at a time', async () => {
    const slow = await translatedFile('Sekin fayl');
    const quick = await translatedFile('Tez fayl');
    const trickler = xliffSender(slow.body);
    let sent = 0;
    const trickle = setInterval(() => {
      trickler.write(slow.body.subarray(sent, sent + 16));
      sent += 16;
    }, 50);
    try {
      await pause(300);
      const other = xliffSender(quick.body);
      other.write(quick.body);
      expect(await within(other.status, 5_000, 'the other editor’s import'), other.answer()).toBe(200);
      expect(await draftStatus(quick.id)).toBe(200);
      expect(await draftStatus(slow.id), 'the trickled file is not applied before it is complete').toBe(404);
    } finally {
      clearInterval(trickle);
      trickler.close();
    }
    await pause(200);
    expect(await draftStatus(slow.id)).toBe(404);
  });

  it('adds no term from a termbase file whose sender hangs up halfway, nor holds back another import while one trickles', async () => {
    const rows = Array.from({ length: 2000 }, (_, at) => `soliq atamasi ${at},налоговый термин ${at},tax term ${at}`);
    const csv = JSON.stringify({ format: 'csv', content: ['uz,ru,en', ...rows].join('\n') });
    const body = Buffer.from(csv);
    const termSender = () => rawUpload(app.url, '/api/terms/import', body, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
    const count = async () => ((await app.api('/api/terms?q=atamasi', { token })).body.data as unknown[]).length;
    const before = await count();

    const quitter = termSender();
    quitter.write(body.subarray(0, Math.floor(body.length / 2)));
    await pause(200);
    quitter.close();

    const trickler = termSender();
    let sent = 0;
    const trickle = setInterval(() => {
      trickler.write(body.subarray(sent, sent + 16));
      sent += 16;
    }, 50);
    try {
      await pause(300);
      const small = await within(app.api('/api/terms/import', { token, body: { format: 'csv', content: 'uz,ru\nboshqa atama,другой термин' } }), 5_000, 'another import');
      expect(small.status, small.text).toBe(200);
      expect(small.body.data.added).toHaveLength(1);
    } finally {
      clearInterval(trickle);
      trickler.close();
    }
    await pause(200);
    expect(await count(), 'nothing of the half-sent or trickled file').toBe(before);

    const whole = termSender();
    whole.write(body);
    expect(await within(whole.status, 10_000, 'the whole file'), whole.answer().slice(0, 300)).toBe(200);
    expect(await count()).toBe(before + 2000);
  });
});
