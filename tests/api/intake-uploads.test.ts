/*
 * Anonymous uploads under attack (a client's documents through their link, a CV with an
 * application), over real sockets: a made-up link is answered while the body is still being sent;
 * slow senders and senders that hang up halfway hold no place that a real visitor needs; and
 * after any number of abandoned uploads every place is free again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { SAMPLE } from '../helpers/documents.ts';
import { BOUNDARY, multipart, pause, rawUpload, within, type RawUpload } from '../helpers/raw-upload.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A PDF of `size` bytes: a real start, then padding. */
const bigPdf = (size: number) => Buffer.concat([SAMPLE.pdf(), Buffer.alloc(size, 0x20)]);

describe.each(DIALECTS)('anonymous uploads on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let vacancy: string;
  let visitor = 0;
  const address = () => `198.51.100.${(visitor += 1) % 250}`;
  const newLink = async () => {
    const created = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true }, headers: { 'x-forwarded-for': address() } });
    expect(created.status, created.text).toBe(201);
    const made = await app.api(`/api/contact/${created.body.data._id}/upload-link`, { token, body: {} });
    expect(made.status, made.text).toBe(201);
    return (made.body.data.url as string).split('/upload/')[1];
  };
  const application = (cv: Buffer) => multipart({ name: 'Dilnoza Rahimova', email: 'dilnoza@example.uz', consent: 'true', lang: 'uz' }, [{ field: 'cv', name: 'cv.pdf', data: cv }]);
  /** A real visitor's upload through a link, with fetch, from its own address. */
  const realUpload = (link: string, from: string) =>
    fetch(`${app.url}/api/intake/upload/${link}`, { method: 'POST', headers: { 'x-forwarded-for': from, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: new Uint8Array(multipart({}, [{ field: 'files', name: 'shartnoma.pdf', data: SAMPLE.pdf() }])) });
  const realApplication = (from: string) =>
    fetch(`${app.url}/api/vacancies/${vacancy}/applications`, { method: 'POST', headers: { 'x-forwarded-for': from, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: new Uint8Array(application(SAMPLE.pdf())) });

  beforeAll(async () => {
    app = await startTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    token = await app.login();
    const made = await app.api('/api/vacancies', { token, body: { title: { uz: 'Katta yurist' }, description: { uz: 'Korporativ amaliyot' }, location: { uz: 'Toshkent' }, employmentType: 'FULL_TIME', closesAt: '2099-03-01T18:00:00+05:00' } });
    expect(made.status, made.text).toBe(201);
    vacancy = made.body.data._id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a made-up, used or closed address while the body is still being sent (ten times)', async () => {
    const used = await newLink();
    expect((await realUpload(used, address())).status).toBe(201);
    const closed = await app.api('/api/vacancies', { token, body: { title: { uz: 'Amaliyotchi' }, description: { uz: 'x' }, location: { uz: 'Toshkent' }, closesAt: new Date(Date.now() + 1000).toISOString() } });
    await pause(1200);
    const body = multipart({}, [{ field: 'files', name: 'katta.pdf', data: bigPdf(24 * 1024 * 1024) }]);
    for (let round = 0; round < 10; round += 1) {
      for (const [path, expected] of [
        [`/api/intake/upload/${'x'.repeat(43)}`, 404],
        [`/upload/${'y'.repeat(43)}`, 404],
        [`/api/intake/upload/${used}`, 410],
        [`/api/vacancies/${closed.body.data._id}/applications`, 409],
        ['/api/vacancies/0123456789abcdef01234567/applications', 404],
      ] as const) {
        const upload = rawUpload(app.url, path, body, { 'x-forwarded-for': address() });
        // The first 64 KB of 24 MB: the answer must come without the rest.
        upload.write(body.subarray(0, 64 * 1024));
        expect(await within(upload.status, 5000, `round ${round} ${path}`), path).toBe(expected);
        upload.close();
      }
    }
  });

  it('lets a real visitor upload and apply while others trickle a byte a second or hang up halfway (ten rounds)', async () => {
    const attacker = address();
    for (let round = 0; round < 10; round += 1) {
      const link = await newLink();
      const body = multipart({}, [{ field: 'files', name: 'katta.pdf', data: bigPdf(1024 * 1024) }]);
      const cv = application(bigPdf(1024 * 1024));
      // Two slow senders, on the link and on the vacancy; two more from elsewhere that hang up halfway.
      const slow = [rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': attacker }), rawUpload(app.url, `/api/vacancies/${vacancy}/applications`, cv, { 'x-forwarded-for': attacker })];
      const trickle = setInterval(() => {
        for (const sender of slow) sender.write(Buffer.from('-'));
      }, 1000);
      const quitters = [address(), address()].map((from, index) => {
        const sender = index ? rawUpload(app.url, `/api/vacancies/${vacancy}/applications`, cv, { 'x-forwarded-for': from }) : rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': from });
        sender.write((index ? cv : body).subarray(0, 300 * 1024));
        return sender;
      });
      await pause(200);
      for (const sender of quitters) sender.close();
      try {
        const [uploaded, applied] = await within(Promise.all([realUpload(await newLink(), address()), realApplication(address())]), 10_000, `round ${round}`);
        expect(uploaded.status, `round ${round}: ${await uploaded.clone().text()}`).toBe(201);
        expect(applied.status, `round ${round}: ${await applied.clone().text()}`).toBe(201);
      } finally {
        clearInterval(trickle);
        for (const sender of slow) sender.close();
      }
    }
  });

  it('writes each file, encrypted, to disk as it arrives (never whole in memory), and keeps nothing of a sender who hangs up', async () => {
    const staging = path.join(app.dataDir, 'incoming');
    const secret = Buffer.from('Maxfiy hujjat 4815162342 '.repeat(40_000));
    const body = multipart({}, [{ field: 'files', name: 'maxfiy.pdf', data: Buffer.concat([SAMPLE.pdf(), secret]) }]);
    const sender = rawUpload(app.url, `/api/intake/upload/${await newLink()}`, body, { 'x-forwarded-for': address() });
    sender.write(body.subarray(0, body.length / 2));
    const staged = () => (fs.existsSync(staging) ? fs.readdirSync(staging).map((name) => fs.readFileSync(path.join(staging, name))) : []);
    for (let waited = 0; waited < 50 && !staged().some((data) => data.length > 256 * 1024); waited += 1) await pause(100);
    const [written] = staged();
    expect(written?.length, 'half the file on disk before the body is complete').toBeGreaterThan(256 * 1024);
    expect(written.includes(Buffer.from('Maxfiy hujjat'))).toBe(false);
    expect(written.includes(Buffer.from('%PDF'))).toBe(false);
    sender.close();
    for (let waited = 0; waited < 50 && staged().length; waited += 1) await pause(100);
    expect(staged()).toEqual([]);
  });

  it('frees every place of uploads whose client went away, while reading or still waiting', async () => {
    const from = address();
    const link = await newLink();
    const body = multipart({}, [{ field: 'files', name: 'katta.pdf', data: bigPdf(4 * 1024 * 1024) }]);
    // Twelve at once from one address: two are read, the others wait; all hang up.
    for (let round = 0; round < 3; round += 1) {
      const senders = Array.from({ length: 12 }, () => rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': from }));
      for (const sender of senders) sender.write(body.subarray(0, 512 * 1024));
      await pause(300);
      for (const sender of senders) sender.close();
    }
    await pause(200);
    // The same address, and a full instance's worth of others, are then served at once.
    const answers = await within(Promise.all([realUpload(link, from), ...Array.from({ length: 8 }, async () => realUpload(await newLink(), address()))]), 10_000, 'after the abandoned uploads');
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 9 }, () => 201));
  });
});

describe.each(DIALECTS)('anonymous uploads cut off on %s', (dialect) => {
  let app: TestApp;
  let token: string;
  let visitor = 0;
  const address = () => `203.0.113.${(visitor += 1) % 250}`;
  const staging = () => path.join(app.dataDir, 'incoming');
  const staged = () => (fs.existsSync(staging()) ? fs.readdirSync(staging()) : []);
  const newLink = async () => {
    const created = await app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true }, headers: { 'x-forwarded-for': address() } });
    expect(created.status, created.text).toBe(201);
    const made = await app.api(`/api/contact/${created.body.data._id}/upload-link`, { token, body: {} });
    expect(made.status, made.text).toBe(201);
    return { contact: created.body.data._id as string, link: (made.body.data.url as string).split('/upload/')[1] };
  };
  const realUpload = (link: string, from: string) =>
    fetch(`${app.url}/api/intake/upload/${link}`, { method: 'POST', headers: { 'x-forwarded-for': from, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: new Uint8Array(multipart({}, [{ field: 'files', name: 'shartnoma.pdf', data: SAMPLE.pdf() }])) });
  const body = multipart({}, [{ field: 'files', name: 'katta.pdf', data: bigPdf(4 * 1024 * 1024) }]);
  /** Nothing of a cut-off upload stays: no file in the staging folder, none kept for the request. */
  const nothingKept = async (contact: string) => {
    for (let waited = 0; waited < 30 && staged().length; waited += 1) await pause(100);
    expect(staged()).toEqual([]);
    const files = await app.api(`/api/contact/${contact}/files`, { token });
    expect(files.body.data).toEqual([]);
  };
  /** Sends `chunk` every `everyMs` until stopped. */
  const keepSending = (upload: RawUpload, chunk: number, everyMs: number) => {
    let at = 64 * 1024;
    const timer = setInterval(() => {
      upload.write(body.subarray(at, at + chunk));
      at += chunk;
    }, everyMs);
    return () => clearInterval(timer);
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true, env: { TRUST_PROXY: 'true' }, uploadLimits: { idleMs: 1000, graceMs: 1000, minBytesPerSecond: 8 * 1024, wholeMs: 3000, waitMs: 1000 } });
    token = await app.login();
  });
  afterAll(async () => {
    await app.close();
  });

  it('cuts off a sender that goes silent after the idle limit, answers it, frees its place and keeps nothing (three times)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { contact, link } = await newLink();
      const from = address();
      const upload = rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': from });
      upload.write(body.subarray(0, 64 * 1024));
      const started = Date.now();
      expect(await within(upload.status, 4000, `round ${round}: the silent sender's answer`)).toBe(408);
      expect(Date.now() - started, 'not before the idle limit').toBeGreaterThanOrEqual(900);
      expect(upload.answer()).toMatch(/connection: close/i);
      expect(upload.answer()).toContain('Nothing was kept: please send them again');
      await within(upload.closed, 2000, 'the connection closed');
      await nothingKept(contact);
      // Its place is free: the same address uploads at once (a place held would make it wait a second, then 503).
      const again = Date.now();
      const real = await realUpload(link, from);
      expect(real.status, await real.clone().text()).toBe(201);
      expect(Date.now() - again).toBeLessThan(900);
    }
  });

  it('cuts off a sender slower than the minimum rate once the grace period is over (three times)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { contact, link } = await newLink();
      const upload = rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': address() });
      upload.write(body.subarray(0, 1024));
      // 500 bytes a second: never silent for the idle limit, far below 8 KB/s.
      const stopSending = keepSending(upload, 100, 200);
      try {
        expect(await within(upload.status, 5000, `round ${round}: the slow sender's answer`)).toBe(408);
        expect(upload.answer()).toContain('arrived too slowly');
      } finally {
        stopSending();
        upload.close();
      }
      await nothingKept(contact);
    }
  });

  it('cuts off a body that takes longer than the whole limit, however steadily it arrives', async () => {
    const { contact, link } = await newLink();
    const upload = rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': address() });
    upload.write(body.subarray(0, 64 * 1024));
    // 80 KB a second: well above the rate, but 4 MB would take fifty seconds.
    const stopSending = keepSending(upload, 16 * 1024, 200);
    const started = Date.now();
    try {
      expect(await within(upload.status, 6000, 'the long sender\'s answer')).toBe(408);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    } finally {
      stopSending();
      upload.close();
    }
    await nothingKept(contact);
  });

  it('makes a request wait for a place, answers 503 with Retry-After after the wait limit, and starts it as soon as a place frees (three times)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const from = address();
      const { link } = await newLink();
      // The address's two places, held by senders fast enough for every limit but the whole one.
      const holders = [0, 1].map(() => rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': from }));
      const stops = holders.map((holder) => {
        holder.write(body.subarray(0, 64 * 1024));
        return keepSending(holder, 16 * 1024, 200);
      });
      try {
        await pause(200);
        const waited = Date.now();
        const refused = await realUpload(link, from);
        expect(refused.status, `round ${round}`).toBe(503);
        expect(Date.now() - waited, 'it waited for the wait limit').toBeGreaterThanOrEqual(900);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect((await refused.json()).error).toContain('send yours again in a minute');
        // Waiting again; a holder hangs up; the waiting upload goes through at once.
        const waiting = realUpload(link, from);
        await pause(300);
        stops[0]();
        holders[0].close();
        const freed = Date.now();
        const served = await within(waiting, 2000, `round ${round}: the waiting upload`);
        expect(served.status, await served.clone().text()).toBe(201);
        expect(Date.now() - freed).toBeLessThan(600);
      } finally {
        for (const stop of stops) stop();
        for (const holder of holders) holder.close();
      }
    }
  });

  it('sends the page without JavaScript back with what to do, in its language, when the upload is cut off or has no place', async () => {
    const { link } = await newLink();
    const from = address();
    const upload = rawUpload(app.url, `/ru/upload/${link}`, body, { 'x-forwarded-for': from, accept: 'text/html' });
    upload.write(body.subarray(0, 64 * 1024));
    expect(await within(upload.status, 4000, 'the page form\'s answer')).toBe(303);
    expect(upload.answer()).toMatch(new RegExp(`location: /ru/upload/${link}\\?error=slow`, 'i'));
    const pages = { ru: 'Файлы шли слишком медленно', uz: 'Fayllar juda sekin keldi', en: 'The files arrived too slowly' };
    for (const [lang, text] of Object.entries(pages)) {
      const page = await fetch(`${app.url}/${lang}/upload/${link}?error=slow`);
      expect(await page.text(), lang).toContain(text);
    }
    const holders = [0, 1].map(() => rawUpload(app.url, `/api/intake/upload/${link}`, body, { 'x-forwarded-for': from }));
    const stops = holders.map((holder) => {
      holder.write(body.subarray(0, 64 * 1024));
      return keepSending(holder, 16 * 1024, 200);
    });
    try {
      await pause(200);
      const form = await fetch(`${app.url}/uz/upload/${link}`, { method: 'POST', redirect: 'manual', headers: { 'x-forwarded-for': from, accept: 'text/html', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: new Uint8Array(multipart({}, [{ field: 'files', name: 'shartnoma.pdf', data: SAMPLE.pdf() }])) });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe(`/uz/upload/${link}?error=busy`);
      const page = await fetch(`${app.url}/uz/upload/${link}?error=busy`);
      expect(await page.text()).toContain('Hozir firmaga ko‘p fayl yuborilmoqda');
    } finally {
      for (const stop of stops) stop();
      for (const holder of holders) holder.close();
    }
  });
});
