import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNames, knownParties, nameKeys } from '../../domain/intake/conflicts.ts';
import { contactMessage } from '../../domain/notifications/contact-message.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { EICAR, SAMPLE, startClamd } from '../helpers/documents.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Intake (API-3.md "Intake, secure documents and careers"): new matters and their conflicts, one-time upload links, encrypted files, ClamAV, applications, retention and privacy. */

const PASSWORD = 'a-long-enough-password';
const DAY = 86_400_000;

describe('names compared for conflicts', () => {
  it('finds a name in the other script of Uzbek, in Russian spelling, with any apostrophe and letter case', () => {
    const same = [
      ['Ташкент Агро', 'Toshkent Agro MChJ'],
      ['Тошкент Агро', 'TOSHKENT AGRO'],
      ['Ўзбекистон темир йўллари', 'Oʻzbekiston Temir Yoʻllari AJ'],
      ["O'zbekiston temir yo‘llari", 'O`zbekiston Temir Yo’llari'],
      ['Xalq banki', 'Халк банк'],
      ['ООО «Ташкент Агро»', 'toshkent agro'],
    ];
    for (const [a, b] of same) expect(compareNames(nameKeys(a), nameKeys(b)), `${a} / ${b}`).toBe('same_name');
    expect(compareNames(nameKeys('Artel'), nameKeys('Artel Electronics'))).toBe('similar_name');
    // A short common word alone is no match; nor are different names.
    expect(compareNames(nameKeys('Agro'), nameKeys('Toshkent Agro'))).toBeUndefined();
    expect(compareNames(nameKeys('Samarqand Invest'), nameKeys('Toshkent Agro'))).toBeUndefined();
    expect(nameKeys('MChJ')).toEqual([]);
  });

  it('reads a foreign name written in Latin as Russian writes it in Cyrillic (c as k or s, x as ks, ph as f), and makes no other letters one', () => {
    const same = [
      ['Силк Роуд Капитал', 'Silk Road Capital LLC'],
      ['Ситибанк', 'Citibank'],
      ['Центр Инвест', 'Centr Invest'],
      ['Кока-Кола Ичимликлари', 'Coca-Cola Ichimliklari'],
      ['Ксерокс', 'Xerox'],
      ['Ника Фарм', 'Nika Pharm'],
    ];
    for (const [a, b] of same) expect(compareNames(nameKeys(a), nameKeys(b)), `${a} / ${b}`).toBe('same_name');
    expect(compareNames(nameKeys('Силк Роуд Капитал'), nameKeys('“Silk Road Capital Partners” MChJ'))).toBe('similar_name');
    for (const [a, b] of [
      ['Sanoat Invest', 'Kanoat Invest'],
      ['Citibank', 'Kitobbank'],
      ['Cement Sanoat', 'Kement Sanoat'],
      ['Silk Road Capital', 'Turon Savdo Bank'],
    ]) expect(compareNames(nameKeys(a), nameKeys(b)), `${a} / ${b}`).toBeUndefined();
  });

  it('says an earlier request by its day in the firm’s time zone (02:20 in Tashkent is that day, not the day before in UTC)', () => {
    const earlier = { _id: 'a', kind: 'message', name: 'Farhod Yusupov', company: '', tin: '', counterparties: [], createdAt: '2026-11-28T21:20:00.000Z' };
    expect(knownParties([earlier], [], '', () => '', 'Asia/Tashkent')[0].context).toBe('2026-11-29');
    expect(knownParties([earlier], [], '', () => '', 'UTC')[0].context).toBe('2026-11-28');
  });

  it('keeps the cost of a name at its limit flat (a 300-letter word, 30 words at most)', () => {
    const started = performance.now();
    for (let index = 0; index < 2000; index += 1) nameKeys(`${'Ҳ'.repeat(300)} ${'a '.repeat(500)}`);
    expect(nameKeys(`${'word '.repeat(500)}`).length).toBe(30);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('the firm’s notice of a new matter', () => {
  it('says it is a new matter awaiting the conflict check, with the company and the other parties', () => {
    const request = { _id: '0123456789abcdef01234567', createdAt: '', status: 'conflict_check' as const, kind: 'matter', name: 'Aziz', email: 'a@b.uz', subject: 'Toshkent Agro', message: '', company: 'Toshkent Agro', counterparties: ['Artel', 'Xalq banki'] };
    const text = contactMessage(request, { language: 'ru', personalData: true, publicUrl: 'https://lawfirm.test' });
    expect(text).toContain('Заявка на новое дело: сначала проверьте конфликт интересов');
    expect(text).toContain('Компания: Toshkent Agro');
    expect(text).toContain('Другие стороны: Artel; Xalq banki');
    expect(contactMessage(request, { language: 'uz', personalData: false, publicUrl: 'https://lawfirm.test' })).not.toContain('Toshkent');
  });
});

describe.each(DIALECTS)('intake on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clamd: Awaited<ReturnType<typeof startClamd>>;
  let token: string;
  let translator: string;
  let visitor = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${(visitor += 1) % 250}`, accept: 'application/json' });
  const matter = (body: Record<string, unknown>) =>
    app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.uz', company: 'Samarqand Invest', acknowledged: true, ...body }, headers: from() });
  const stored = async (id: string) => (await app.api(`/api/contact/${id}`, { token })).body.data;
  const link = async (id: string, body: Record<string, unknown> = {}) => {
    const made = await app.api(`/api/contact/${id}/upload-link`, { token, body });
    expect(made.status, made.text).toBe(201);
    return made.body.data as { url: string; expiresAt: string };
  };
  const tokenOf = (url: string) => url.split('/upload/')[1];
  const form = (files: Array<{ name: string; data: Buffer }>, field = 'files', fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append(field, new Blob([new Uint8Array(file.data)]), file.name);
    return body;
  };
  const send = (url: string, files: Array<{ name: string; data: Buffer }>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/intake/upload/${tokenOf(url)}`, { method: 'POST', body: form(files), headers });
  /** Every file under the data folder, and its bytes. */
  const filesOnDisk = (folder: string): Array<{ file: string; data: Buffer }> =>
    fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => ({ file: path.join(entry.parentPath, entry.name), data: fs.readFileSync(path.join(entry.parentPath, entry.name)) })) : [];

  beforeAll(async () => {
    smtp = await startSmtp();
    clamd = await startClamd();
    app = await startTestApp(dialect, { ssr: true, env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url, PUBLIC_URL: 'https://lawfirm.test', CLAMAV_SOCKET: clamd.socket } });
    token = await app.login();
    const made = await app.api('/api/auth/users', { token, body: { email: 'translator@example.uz', password: PASSWORD, role: 'translator', languages: ['ru'] } });
    expect(made.status, made.text).toBe(201);
    translator = await app.login('translator@example.uz', PASSWORD);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await clamd.close();
  });

  it('takes a new matter only with the warnings acknowledged, and starts it at the conflict check', async () => {
    const missing = await matter({ acknowledged: undefined, tin: '12345' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((detail: { path: string; code: string }) => `${detail.path}:${detail.code}`)).toEqual(['tin:invalid_format', 'acknowledged:required']);
    expect((await matter({ company: '' })).body.details[0]).toMatchObject({ path: 'company', code: 'required' });
    expect((await matter({ counterparties: Array.from({ length: 21 }, (_, index) => `Party ${index}`) })).body.details[0]).toMatchObject({ path: 'counterparties', code: 'too_many' });
    const created = await matter({ tin: '301234567', counterparties: ['Bank A', '  '], service: 'Korporativ huquq', lang: 'ru' });
    expect(created.status, created.text).toBe(201);
    const request = await stored(created.body.data._id);
    expect(request).toMatchObject({ kind: 'matter', status: 'conflict_check', company: 'Samarqand Invest', tin: '301234567', counterparties: ['Bank A'], lang: 'ru', files: [], conflicts: [] });
    expect((await app.api('/api/contact?kind=matter', { token })).body.data.map((item: { _id: string }) => item._id)).toContain(request._id);
    expect((await app.api('/api/contact?kind=application', { token })).body.data.map((item: { _id: string }) => item._id)).not.toContain(request._id);
    expect((await app.api('/api/contact', { body: { kind: 'application', name: 'A', email: 'a@b.uz', subject: 'x', message: 'y' }, headers: from() })).status).toBe(400);
  });

  it('lists possible conflicts across both scripts, apostrophes and letter case, with the reason of each', async () => {
    const earlier = await matter({ company: 'Toshkent Agro MChJ', tin: '309876543', counterparties: ['Artel Electronics'] });
    const client = await app.api('/api/matters', { token, body: { title: { uz: 'Temir yo‘l bitimi' }, summary: { uz: 'Bitim' }, client: { uz: 'Oʻzbekiston Temir Yoʻllari AJ' }, clientConsent: false, confidential: true } });
    expect(client.status, client.text).toBe(201);
    const later = await matter({ company: 'ООО «Ташкент Агро»', counterparties: ['Узбекистон темир йуллари', 'Artel', 'Boshqa Kompaniya'] });
    const { conflicts } = await stored(later.body.data._id);
    const seen = conflicts.map((conflict: Record<string, string>) => `${conflict.kind}:${conflict.ours}→${conflict.theirs}:${conflict.reason}:${conflict.name}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'request:company→company:same_name:Toshkent Agro MChJ',
        'matter:counterparty→client:same_name:Oʻzbekiston Temir Yoʻllari AJ',
        'request:counterparty→counterparty:similar_name:Artel Electronics',
      ]),
    );
    expect(conflicts.find((conflict: Record<string, string>) => conflict.kind === 'matter')).toMatchObject({ _id: client.body.data._id, matched: 'Узбекистон темир йуллари', context: 'Temir yo‘l bitimi' });
    expect(seen.some((line: string) => line.includes('Boshqa'))).toBe(false);
    // The same tax number is a conflict whatever the name.
    const renamed = await matter({ company: 'Yangi Nom', tin: '309876543' });
    expect((await stored(renamed.body.data._id)).conflicts[0]).toMatchObject({ _id: earlier.body.data._id, reason: 'same_tin', matched: 'Yangi Nom' });
  });

  it('moves a new matter from the conflict check to cleared or declined, and opens it only once cleared', async () => {
    const created = await matter({});
    const id = created.body.data._id;
    const put = (status: string) => app.api(`/api/contact/${id}`, { method: 'PUT', token, body: { status } });
    expect((await put('matter_opened')).status).toBe(400);
    expect((await put('read')).status).toBe(400);
    expect((await put('cleared')).status).toBe(200);
    expect((await put('matter_opened')).status).toBe(200);
    expect((await stored(id)).status).toBe('matter_opened');
    const message = await app.api('/api/contact', { body: { name: 'A', email: 'a@b.uz', subject: 'Savol', message: 'Salom' }, headers: from() });
    expect((await app.api(`/api/contact/${message.body.data._id}`, { method: 'PUT', token, body: { status: 'cleared' } })).status).toBe(400);
  });

  it('lists what waits for the office together: new messages and new matters at their conflict check, not what was acted on', async () => {
    const waitingMatter = (await matter({ company: 'Kutayotgan MChJ' })).body.data._id;
    const clearedMatter = (await matter({ company: 'Tekshirilgan MChJ' })).body.data._id;
    await app.api(`/api/contact/${clearedMatter}`, { method: 'PUT', token, body: { status: 'cleared' } });
    const newMessage = (await app.api('/api/contact', { body: { name: 'B', email: 'b@b.uz', subject: 'Yangi savol', message: 'Salom' }, headers: from() })).body.data._id;
    const readMessage = (await app.api('/api/contact', { body: { name: 'C', email: 'c@b.uz', subject: 'O‘qilgan', message: 'Salom' }, headers: from() })).body.data._id;
    await app.api(`/api/contact/${readMessage}`, { method: 'PUT', token, body: { status: 'read' } });
    const waiting = await app.api('/api/contact?status=waiting&limit=100', { token });
    const ids = waiting.body.data.map((item: { _id: string }) => item._id);
    expect(ids).toEqual(expect.arrayContaining([waitingMatter, newMessage]));
    expect(ids).not.toContain(clearedMatter);
    expect(ids).not.toContain(readMessage);
    const counts = (await app.api('/api/contact/counts', { token })).body.data;
    expect(waiting.body.pagination.total).toBe((counts.new ?? 0) + (counts.conflict_check ?? 0));
    expect((await app.api('/api/contact?status=waiting', { token: translator })).status).toBe(403);
  });

  it('makes a one-time link (token and an editor’s role needed), e-mailed in the request’s language', async () => {
    const created = await matter({ lang: 'ru', email: 'client.ru@example.uz' });
    const id = created.body.data._id;
    expect((await app.api(`/api/contact/${id}/upload-link`, { body: {} })).status).toBe(401);
    expect((await app.api(`/api/contact/${id}/upload-link`, { token: translator, body: {} })).status).toBe(403);
    expect((await app.api(`/api/contact/${id}/upload-link`, { token, body: { expiresInDays: 31 } })).body.details[0].path).toBe('expiresInDays');
    expect((await app.api(`/api/contact/${id}/upload-link`, { token, body: { other: 1 } })).status).toBe(400);
    expect((await app.api('/api/contact/0123456789abcdef01234567/upload-link', { token, body: {} })).status).toBe(404);
    const made = await link(id, { expiresInDays: 3, send: true });
    expect(made.url).toMatch(/^https:\/\/lawfirm\.test\/ru\/upload\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    await expect.poll(() => smtp.to('client.ru@example.uz').length, { timeout: 10_000 }).toBe(1);
    const [mail] = smtp.to('client.ru@example.uz');
    expect(mail.headers.subject).toContain('=?'); // a Russian subject, encoded
    expect(mail.body).toContain('Ссылка для безопасной отправки ваших документов');
    expect(mail.body).toContain(made.url);
    // The link is kept as a hash only.
    const rows = await app.services.database.db.selectFrom('upload_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(tokenOf(made.url));
  });

  it('takes up to 10 files of the five kinds once, checked by their bytes, encrypted at rest and never public', async () => {
    const created = await matter({});
    const id = created.body.data._id;
    const made = await link(id);
    const secret = 'Maxfiy shartnoma 4815162342';
    const files = [
      { name: 'shartnoma.pdf', data: SAMPLE.pdf(secret) },
      { name: 'Устав.docx', data: SAMPLE.docx() },
      { name: 'hisob.xlsx', data: SAMPLE.xlsx() },
      { name: 'pasport.png', data: await SAMPLE.png() },
      { name: 'skan.JPG', data: await SAMPLE.jpeg() },
    ];
    const sent = await send(made.url, files);
    expect(sent.status, await sent.clone().text()).toBe(201);
    const listed = (await stored(id)).files;
    expect(listed.map((file: { name: string; type: string; scan: string }) => `${file.name}|${file.type}|${file.scan}`)).toEqual([
      'shartnoma.pdf|application/pdf|clean',
      'Устав.docx|application/vnd.openxmlformats-officedocument.wordprocessingml.document|clean',
      'hisob.xlsx|application/vnd.openxmlformats-officedocument.spreadsheetml.sheet|clean',
      'pasport.png|image/png|clean',
      'skan.JPG|image/jpeg|clean',
    ]);
    // Once only.
    const again = await send(made.url, [{ name: 'b.pdf', data: SAMPLE.pdf() }]);
    expect(again.status).toBe(410);
    // Encrypted on disk, not in the media folder, not at any public address.
    const onDisk = filesOnDisk(path.join(app.dataDir, 'documents'));
    expect(onDisk.length).toBeGreaterThanOrEqual(5);
    for (const { data } of onDisk) {
      expect(data.includes(Buffer.from(secret))).toBe(false);
      expect(data.includes(Buffer.from('%PDF'))).toBe(false);
    }
    expect(filesOnDisk(path.join(app.dataDir, 'uploads')).some(({ data }) => data.includes(Buffer.from(secret)))).toBe(false);
    const database = JSON.stringify(await app.services.database.db.selectFrom('intake_files').selectAll().execute());
    expect(database).not.toContain(secret);
    for (const { file } of onDisk) {
      const relative = path.relative(app.dataDir, file).split(path.sep).join('/');
      for (const address of [`/${relative}`, `/uploads/${relative}`, `/uploads/${path.basename(file)}`]) expect((await fetch(app.url + address)).status, address).toBe(404);
    }
    // Downloaded by staff only, each download in the activity log.
    const pdf = listed[0];
    const address = `${app.url}/api/contact/${id}/files/${pdf._id}`;
    expect((await fetch(address)).status).toBe(401);
    expect((await fetch(address, { headers: { authorization: `Bearer ${translator}` } })).status).toBe(403);
    const download = await fetch(address, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''shartnoma.pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(files[0].data)).toBe(true);
    const word = await fetch(`${app.url}/api/contact/${id}/files/${listed[1]._id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(word.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Устав.docx')}`);
    const activity = (await app.api('/api/admin/activity', { token })).body.data;
    expect(activity.some((entry: { action: string; summary: string }) => entry.action === 'download' && entry.summary.includes('shartnoma.pdf'))).toBe(true);
    expect((await fetch(`${app.url}/api/contact/${id}/files/0123456789abcdef01234567`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it('refuses a file that is not what its name says, too many or too large files, an empty form, a used or unknown link: nothing stored, the link still usable', async () => {
    const created = await matter({});
    const id = created.body.data._id;
    const made = await link(id);
    const before = filesOnDisk(path.join(app.dataDir, 'documents')).length;
    const refusals: Array<[Array<{ name: string; data: Buffer }>, number, string]> = [
      [[{ name: 'contract.pdf', data: await SAMPLE.png() }], 400, 'files.0'],
      [[{ name: 'ok.pdf', data: SAMPLE.pdf() }, { name: 'program.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') }], 400, 'files.1'],
      [[{ name: 'archive.zip', data: SAMPLE.docx() }], 400, 'files.0'],
      [[{ name: 'notes.txt', data: Buffer.from('text') }], 400, 'files.0'],
      [Array.from({ length: 11 }, (_, index) => ({ name: `f${index}.pdf`, data: SAMPLE.pdf() })), 400, 'files'],
      [[{ name: 'big.pdf', data: Buffer.concat([SAMPLE.pdf(), Buffer.alloc(25 * 1024 * 1024)]) }], 413, 'files.0'],
      [[], 400, 'files'],
    ];
    for (const [files, status, where] of refusals) {
      const refused = await send(made.url, files);
      const body = await refused.json();
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(body.details?.[0]?.path, `${files.length} files: ${JSON.stringify(body)}`).toBe(where);
    }
    // The answer to a file too large arrives whole every time, while the client is still sending (ten times).
    const big = { name: 'katta.pdf', data: Buffer.concat([SAMPLE.pdf(), Buffer.alloc(26 * 1024 * 1024)]) };
    for (let round = 0; round < 10; round += 1) {
      const refused = await send(made.url, [{ name: 'ok.pdf', data: SAMPLE.pdf() }, big]);
      const body = await refused.json();
      expect(refused.status, `round ${round}: ${JSON.stringify(body)}`).toBe(413);
      expect(body.details[0]).toMatchObject({ path: 'files.1', code: 'too_large', params: { name: 'katta.pdf' } });
    }
    expect(filesOnDisk(path.join(app.dataDir, 'documents')).length).toBe(before);
    expect((await stored(id)).files).toEqual([]);
    const infected = await send(made.url, [{ name: 'virus.pdf', data: Buffer.concat([SAMPLE.pdf(), Buffer.from(EICAR)]) }]);
    expect(infected.status).toBe(422);
    expect((await infected.json()).details[0].params.virus).toBe('Eicar-Test-Signature');
    expect((await stored(id)).files).toEqual([]);
    // Reported: on the dashboard's activity, with the request it came for.
    const activity = (await app.api('/api/admin/activity', { token })).body.data;
    expect(activity.find((entry: { action: string }) => entry.action === 'refuse')).toMatchObject({ entityId: id, summary: expect.stringContaining('virus.pdf” (Eicar-Test-Signature)') });
    // After all that, the link still takes the right files.
    expect((await send(made.url, [{ name: 'ok.pdf', data: SAMPLE.pdf() }])).status).toBe(201);
    expect((await send(`${app.url}/upload/${'x'.repeat(43)}`, [{ name: 'ok.pdf', data: SAMPLE.pdf() }])).status).toBe(404);
    expect((await send(`${app.url}/upload/short`, [{ name: 'ok.pdf', data: SAMPLE.pdf() }])).status).toBe(404);
  });

  it('lets one sender only use a link, when several send at once (ten rounds)', async () => {
    const created = await matter({});
    const id = created.body.data._id;
    for (let round = 0; round < 10; round += 1) {
      const made = await link(id);
      const answers = await Promise.all(Array.from({ length: 4 }, () => send(made.url, [{ name: `r${round}.pdf`, data: SAMPLE.pdf() }])));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410, 410, 410]);
    }
    expect((await stored(id)).files).toHaveLength(10);
  });

  it('refuses an expired link', async () => {
    const created = await matter({});
    const made = await link(created.body.data._id);
    await app.services.database.db.updateTable('upload_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('contact_id', '=', created.body.data._id).execute();
    const late = await send(made.url, [{ name: 'ok.pdf', data: SAMPLE.pdf() }]);
    expect(late.status).toBe(410);
    expect((await late.json()).error).toContain('expired');
  });

  it('deletes documents after the retention time unless the matter was opened, and with an erased or deleted request', async () => {
    const kept = (await matter({ email: 'kept@example.uz' })).body.data._id;
    const dropped = (await matter({ email: 'dropped@example.uz' })).body.data._id;
    for (const id of [kept, dropped]) expect((await send((await link(id)).url, [{ name: `${id}.pdf`, data: SAMPLE.pdf() }])).status).toBe(201);
    for (const status of ['cleared', 'matter_opened']) await app.api(`/api/contact/${kept}`, { method: 'PUT', token, body: { status } });
    const countFor = (id: string) => filesOnDisk(path.join(app.dataDir, 'documents', id)).length;
    expect(countFor(dropped)).toBe(1);
    expect(await app.services.intakeDocuments.forgetOlderThan(90)).toBe(0);
    await app.services.intakeDocuments.forgetOlderThan(90, Date.now() + 91 * DAY);
    expect((await stored(dropped)).files).toEqual([]);
    expect(countFor(dropped)).toBe(0);
    expect((await stored(kept)).files).toHaveLength(1);

    // The privacy kit: the export names the documents, the erase deletes them with the request.
    const exported = await app.api('/api/contact/export?email=kept@example.uz', { token });
    expect(exported.body.data[0].files[0]).toMatchObject({ name: `${kept}.pdf`, type: 'application/pdf' });
    expect((await app.api('/api/contact/by-email?email=kept@example.uz', { method: 'DELETE', token })).status).toBe(200);
    expect(countFor(kept)).toBe(0);
    expect(await app.services.database.db.selectFrom('intake_files').select('id').where('contact_id', '=', kept).execute()).toEqual([]);

    const deleted = (await matter({})).body.data._id;
    await send((await link(deleted)).url, [{ name: 'a.pdf', data: SAMPLE.pdf() }]);
    expect((await app.api(`/api/contact/${deleted}`, { method: 'DELETE', token })).status).toBe(200);
    expect(countFor(deleted)).toBe(0);
  });

  it('takes an application for a vacancy with its CV (PDF or Word) and consent, and erases it after its retention time', async () => {
    const vacancy = await app.api('/api/vacancies', { token, body: { title: { uz: 'Katta yurist', ru: 'Старший юрист' }, description: { uz: 'Korporativ amaliyot' }, location: { uz: 'Toshkent' }, employmentType: 'FULL_TIME', closesAt: '2099-03-01T18:00:00+05:00' } });
    expect(vacancy.status, vacancy.text).toBe(201);
    const id = vacancy.body.data._id;
    const apply = (fields: Record<string, string>, cv?: { name: string; data: Buffer }) =>
      fetch(`${app.url}/api/vacancies/${id}/applications`, { method: 'POST', headers: from(), body: form(cv ? [cv] : [], 'cv', { name: 'Dilnoza Rahimova', email: 'dilnoza@example.uz', phone: '+998 90 123 45 67', letter: 'Salom', lang: 'uz', ...fields }) });
    const noConsent = await apply({}, { name: 'cv.pdf', data: SAMPLE.pdf() });
    expect(noConsent.status).toBe(400);
    expect((await noConsent.json()).details[0].path).toBe('consent');
    const noCv = await apply({ consent: 'true' });
    expect((await noCv.json()).details[0]).toMatchObject({ path: 'cv', code: 'required' });
    const image = await apply({ consent: 'true' }, { name: 'cv.png', data: await SAMPLE.png() });
    expect(image.status).toBe(400);
    expect((await image.json()).details[0].path).toBe('cv.0');
    const before = (await app.api('/api/contact?kind=application', { token })).body.data.length;
    expect(before).toBe(0);
    const applied = await apply({ consent: 'true' }, { name: 'Rahimova CV.docx', data: SAMPLE.docx() });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const [application] = (await app.api('/api/contact?kind=application', { token })).body.data;
    const full = await stored(application._id);
    expect(full).toMatchObject({ kind: 'application', status: 'new', vacancy: id, subject: 'Katta yurist', message: 'Salom', name: 'Dilnoza Rahimova' });
    expect(full.files.map((file: { name: string }) => file.name)).toEqual(['Rahimova CV.docx']);
    expect(full.consent).toMatchObject({ given: true });

    const closed = await app.api('/api/vacancies', { token, body: { title: { uz: 'Amaliyotchi' }, description: { uz: 'x' }, location: { uz: 'Toshkent' }, closesAt: new Date(Date.now() + 1200).toISOString() } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const late = await fetch(`${app.url}/api/vacancies/${closed.body.data._id}/applications`, { method: 'POST', headers: from(), body: form([{ name: 'cv.pdf', data: SAMPLE.pdf() }], 'cv', { name: 'A', email: 'a@b.uz', consent: 'true' }) });
    expect(late.status).toBe(409);

    expect(await app.services.contacts.eraseApplicationsOlderThan(180)).toEqual([]);
    expect(await app.services.contacts.eraseApplicationsOlderThan(180, Date.now() + 181 * DAY)).toEqual([application._id]);
    expect((await app.api(`/api/contact/${application._id}`, { token })).status).toBe(404);
    expect(filesOnDisk(path.join(app.dataDir, 'documents', application._id))).toEqual([]);
  });

  it('refuses files, and keeps none, while the virus scanner cannot be reached', async () => {
    const created = await matter({});
    const made = await link(created.body.data._id);
    await clamd.close();
    const refused = await send(made.url, [{ name: 'ok.pdf', data: SAMPLE.pdf() }]);
    expect(refused.status).toBe(503);
    expect((await stored(created.body.data._id)).files).toEqual([]);
    clamd = await startClamd();
  });
});
