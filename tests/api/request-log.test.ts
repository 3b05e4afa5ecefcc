/*
 * What the server's log holds: capability links (upload, preview, subscription, unsubscribe,
 * preferences, event cancel, password reset) with their token replaced; a production start without
 * DOCUMENT_KEY warns that the key lies beside the data. And file names lose the characters that
 * turn text around. The real server, its logger writing to a stream the test reads.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { SAMPLE } from '../helpers/documents.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A stream for the app's log, and everything written to it so far. */
function logSink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { stream, text: () => text };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('the request log on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  const log = logSink();

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true, logTo: log.stream, env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });
    token = await app.login();
  });
  afterAll(async () => {
    await app.close();
  });

  it('warns at a production start without DOCUMENT_KEY that the key lies beside the data', () => {
    const warning = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.msg.includes('DOCUMENT_KEY'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('Set DOCUMENT_KEY');
    expect(warning?.msg).toContain('apart from the data');
  });

  it('logs capability links with their token replaced, on every path that carries one', async () => {
    const matter = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    const link = (await app.api(`/api/contact/${matter.body.data._id}/upload-link`, { token, body: {} })).body.data.url as string;
    const upload = link.split('/upload/')[1];
    const article = await app.api('/api/blog', { token, body: { title: { uz: 'Yangi qonun' }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Qonunchilik' }, content: { uz: '<p>Matn</p>' }, status: 'draft' } });
    expect(article.status, article.text).toBe(201);
    const preview = await app.api('/api/preview', { token, body: { type: 'blog', id: article.body.data._id, lang: 'ru', reviewer: { name: 'Reviewer Rahimova', email: 'reviewer@example.uz' } } });
    expect(preview.status, preview.text).toBe(201);
    const previewToken = (preview.body.data.path as string).split('/preview/')[1];
    const made = () => randomBytes(32).toString('base64url');
    const others = { confirm: made(), preferences: made(), unsubscribe: made(), cancel: made(), confirmPlace: made(), reset: made() };
    const addresses = [
      `/upload/${upload}`,
      `/ru/upload/${upload}?sent=1`,
      `/upload/${upload}.data`,
      `/ru/preview/${previewToken}`,
      `/subscribe/confirm/${others.confirm}`,
      `/en/subscribe/preferences/${others.preferences}`,
      `/uz-Cyrl/unsubscribe/${others.unsubscribe}`,
      `/events/cancel/${others.cancel}`,
      `/ru/events/confirm/${others.confirmPlace}`,
      `/admin/reset/${others.reset}`,
    ];
    for (const address of addresses) await fetch(app.url + address, { headers: { 'x-forwarded-for': '198.51.100.8' } }).then((answer) => answer.arrayBuffer());
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(SAMPLE.pdf())]), 'a.pdf');
    expect((await fetch(`${app.url}/api/intake/upload/${upload}`, { method: 'POST', body: form, headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(201);
    await pause(200);
    const text = log.text();
    // Every request was logged, its address without the token.
    for (const logged of ['/upload/[token]', '/ru/upload/[token]?sent=1', '/ru/preview/[token]', '/subscribe/confirm/[token]', '/en/subscribe/preferences/[token]', '/uz-Cyrl/unsubscribe/[token]', '/events/cancel/[token]', '/ru/events/confirm/[token]', '/admin/reset/[token]', '/api/intake/upload/[token]']) {
      expect(text, logged).toContain(`"url":"${logged}"`);
    }
    for (const secret of [upload, previewToken, previewToken.split('.')[0], previewToken.split('.')[1], ...Object.values(others), 'reviewer@example.uz']) expect(text).not.toContain(secret);
    // Other addresses are logged as they are.
    expect(text).toContain('"url":"/api/contact"');
  });

  it('keeps a file’s name without the characters that turn text around or control it', async () => {
    const matter = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true }, headers: { 'x-forwarded-for': '198.51.100.10' } });
    const id = matter.body.data._id;
    const link = (await app.api(`/api/contact/${id}/upload-link`, { token, body: {} })).body.data.url as string;
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(SAMPLE.pdf())]), 'evil\u202Egnp.pdf');
    form.append('files', new Blob([new Uint8Array(SAMPLE.pdf())]), '\u2066shart\u2069noma\u200F\u0085.pdf');
    const sent = await fetch(`${app.url}/api/intake/upload/${link.split('/upload/')[1]}`, { method: 'POST', body: form, headers: { 'x-forwarded-for': '198.51.100.11' } });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const files = (await app.api(`/api/contact/${id}/files`, { token })).body.data as Array<{ name: string }>;
    expect(files.map((file) => file.name)).toEqual(['evilgnp.pdf', 'shartnoma.pdf']);

    // A CV with an application: the same.
    const vacancy = await app.api('/api/vacancies', { token, body: { title: { uz: 'Yurist' }, description: { uz: 'x' }, location: { uz: 'Toshkent' }, closesAt: '2099-03-01T18:00:00+05:00' } });
    const application = new FormData();
    for (const [name, value] of Object.entries({ name: 'Dilnoza Rahimova', email: 'dilnoza@example.uz', consent: 'true' })) application.append(name, value);
    application.append('cv', new Blob([new Uint8Array(SAMPLE.pdf())]), 'CV\u202Excod.pdf');
    const applied = await fetch(`${app.url}/api/vacancies/${vacancy.body.data._id}/applications`, { method: 'POST', body: application, headers: { 'x-forwarded-for': '198.51.100.12', accept: 'application/json' } });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const cv = (await app.api(`/api/contact/${(await applied.json()).data._id}/files`, { token })).body.data as Array<{ name: string }>;
    expect(cv.map((file) => file.name)).toEqual(['CVxcod.pdf']);

    // An image for the media library keeps letters, digits and a few signs only.
    const image = new FormData();
    image.append('image', new Blob([new Uint8Array(await SAMPLE.png())]), 'rasm\u202Egnp.png');
    const uploaded = await fetch(`${app.url}/api/upload/single`, { method: 'POST', body: image, headers: { authorization: `Bearer ${token}` } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect((await uploaded.json()).data.filename).toBe('rasmgnp.png');
  });
});
