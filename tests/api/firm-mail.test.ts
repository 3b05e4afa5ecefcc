import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { SAMPLE } from '../helpers/documents.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * What a clerk meets in intake, careers and events, and in the firm's own e-mails: the conflict
 * check's hits ranked by what they mean and counted in the inbox and the e-mail (uz by default),
 * an absolute link to the request, the notice of a client's documents, forms that work without
 * JavaScript landing on their result, and a demo that e-mails nobody.
 */

const DAY = 86_400_000;

describe.each(DIALECTS)('the firm’s intake and e-mails on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token: string;
  let visitor = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${(visitor += 1) % 250}`, accept: 'application/json' });
  const matter = (body: Record<string, unknown>) =>
    app.api('/api/contact', { body: { kind: 'matter', name: 'Aziz Karimov', email: 'aziz@example.com', company: 'Samarqand Invest', acknowledged: true, ...body }, headers: from() });
  const page = (path: string, init: RequestInit = {}) => fetch(app.url + path, { redirect: 'manual', ...init });

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { ssr: true, env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url, PUBLIC_URL: 'https://lawfirm.test' } });
    token = await app.login();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('finds our client on the other side, the other side of our matters and earlier enquirers, most serious first, each with its kind', async () => {
    // A matter of ours, confidential: its real client and the other side are recorded, never public.
    const ours = await app.api('/api/matters', {
      token,
      body: { title: { uz: 'Bank aksiyalari' }, summary: { uz: 'Bitim' }, client: { uz: '“Silk Road Capital” MChJ' }, clientConsent: false, opposingParties: ['“Turon Savdo Bank” ATB', '', 'Karimov Akmal'], confidential: true },
    });
    expect(ours.status, ours.text).toBe(201);
    expect((await app.api(`/api/matters/${ours.body.data._id}?admin=true`, { token })).body.data.opposingParties).toEqual(['“Turon Savdo Bank” ATB', 'Karimov Akmal']);
    expect((await app.api(`/api/matters/${ours.body.data._id}`)).status).toBe(404);
    // Someone who wrote to us earlier (a plain message): a prospective client.
    expect((await app.api('/api/contact', { body: { name: 'Farhod Yusupov', email: 'farhod@example.org', subject: 'Maslahat', message: 'Salom' }, headers: from() })).status).toBe(201);

    // The other side of the new matter is our client (in Cyrillic), and one who asked us earlier; the new client was the other side of our matter.
    const created = await matter({ company: 'Турон Савдо Банк', counterparties: ['Silk Road Capital LLC', 'Фарход Юсупов', 'Каримов Акмал'] });
    expect(created.status, created.text).toBe(201);
    const { conflicts } = (await app.api(`/api/contact/${created.body.data._id}`, { token })).body.data;
    const seen = conflicts.map((conflict: Record<string, string>) => `${conflict.hit}|${conflict.ours}→${conflict.theirs}|${conflict.matched}`);
    expect(seen).toEqual([
      'against_our_client|counterparty→client|Silk Road Capital LLC',
      'our_clients_opponent|company→opposing|Турон Савдо Банк',
      'same_opponent|counterparty→opposing|Каримов Акмал',
      'earlier_enquirer|counterparty→enquirer|Фарход Юсупов',
    ]);

    // The same client again, on the same side: the lowest kind, after everything else.
    const again = await matter({ company: 'Silk Road Capital', counterparties: ['Фарход Юсупов'] });
    const later = (await app.api(`/api/contact/${again.body.data._id}`, { token })).body.data.conflicts.map((conflict: Record<string, string>) => conflict.hit);
    expect(later[0]).toBe('earlier_enquirer');
    expect(later).toContain('same_party');
    expect(later.slice(later.indexOf('same_party')).every((hit: string) => hit === 'same_party')).toBe(true);

    // The inbox's row says how many.
    const rows = (await app.api('/api/contact?kind=matter', { token })).body.data;
    const now = (await app.api(`/api/contact/${created.body.data._id}`, { token })).body.data.conflicts.length;
    expect(now).toBe(6);
    expect(rows.find((row: { _id: string }) => row._id === created.body.data._id).conflictCount).toBe(now);
  });

  it('e-mails the firm a new matter in Uzbek with its conflicts counted and listed, a clickable link, and no invitation to reply', async () => {
    const created = await matter({ company: 'Yangi Mijoz MChJ', counterparties: ['Silk Road Capital LLC', 'Farhod Yusupov'] });
    const id = created.body.data._id;
    await expect.poll(() => smtp.received.filter((mail) => mail.body.includes(id)).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received.find((message) => message.body.includes(id))!;
    expect(mail.to).toContain('info@example.uz');
    expect(mail.body).toContain('Yangi ish bo‘yicha murojaat: avval manfaatlar to‘qnashuvini tekshiring');
    const { conflicts } = (await app.api(`/api/contact/${id}`, { token })).body.data;
    expect(conflicts.length).toBeGreaterThanOrEqual(2);
    expect(mail.body).toContain(`${conflicts.length} ta ehtimoliy manfaatlar to‘qnashuvi:`);
    expect(mail.body).toContain('1. Qarama-qarshi tomon — bizning mijozimiz: «Silk Road Capital LLC» — «“Silk Road Capital” MChJ», «Bank aksiyalari» ishi');
    expect(mail.body).toContain('Bo‘lajak mijoz: avvalgi murojaat qarama-qarshi tomonda: «Farhod Yusupov» — «Farhod Yusupov»');
    expect(mail.body).toContain(`https://lawfirm.test/admin/contacts?open=${id}`);
    expect(mail.body).toContain('Bu xatga javob yozmang');
    expect(mail.body).not.toMatch(/Reply to this e-mail/);
    expect(mail.headers['reply-to']).toBeUndefined();
    // A message may be answered by replying (in Uzbek too).
    const message = await app.api('/api/contact', { body: { name: 'Olga Kim', email: 'olga@example.org', subject: 'Ajrashish', message: 'Yordam kerak' }, headers: from() });
    const messageId = message.body.data._id;
    await expect.poll(() => smtp.received.filter((item) => item.body.includes(messageId)).length, { timeout: 10_000 }).toBe(1);
    const answerable = smtp.received.find((item) => item.body.includes(messageId))!;
    expect(answerable.headers['reply-to']).toContain('olga@example.org');
    expect(answerable.body).toContain('shu xatga javob yozing');
    expect(answerable.body).toContain(`https://lawfirm.test/admin/contacts?open=${messageId}`);
  });

  it('tells the firm when a client’s documents arrive: how many, names made safe, the link, no contents', async () => {
    const created = await matter({ company: 'Hujjat Yuboruvchi' });
    const id = created.body.data._id;
    const link = (await app.api(`/api/contact/${id}/upload-link`, { token, body: {} })).body.data.url as string;
    const body = new FormData();
    const secret = 'Maxfiy shartnoma 4815162342';
    body.append('files', new Blob([new Uint8Array(SAMPLE.pdf(secret))]), 'shartnoma <script>.pdf');
    const sent = await fetch(`${app.url}/api/intake/upload/${link.split('/upload/')[1]}`, { method: 'POST', body });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await expect.poll(() => smtp.received.filter((mail) => mail.body.includes(`open=${id}`) && mail.body.includes('1 ta fayl')).length, { timeout: 10_000 }).toBe(1);
    const notice = smtp.received.find((mail) => mail.body.includes(`open=${id}`) && mail.body.includes('1 ta fayl'))!;
    expect(notice.body).toContain('- shartnoma script.pdf (1 KB)');
    expect(notice.body).not.toContain('<script>');
    expect(notice.body).not.toContain(secret);
    expect(notice.body).toContain(`https://lawfirm.test/admin/contacts?open=${id}`);
    expect(notice.raw).not.toMatch(/Content-Disposition: attachment/i);
  });

  it('lands a registration without JavaScript on its result, and a reload sends nothing again', async () => {
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const event = await app.api('/api/events', { token, body: { title: { uz: 'Soliq seminari' }, description: { uz: 'Seminar' }, venue: { uz: 'Toshkent' }, startsAt: at(10 * DAY), endsAt: at(10 * DAY + 7_200_000), capacity: 10 } });
    expect(event.status, event.text).toBe(201);
    const path = `/events/${event.body.data.slug}`;
    const form = await (await page(path)).text();
    expect(form).toContain(`action="${path}#registration"`);
    // Sent as the page's form sends it: with the moment it was shown (the contact form's time check).
    const posted = await page(path, { method: 'POST', body: new URLSearchParams({ renderedAt: String(Date.now() - 5000), name: 'Aziz Karimov', email: 'aziz.event@example.com', consent: 'yes' }) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`${path}?registration=held#registration`);
    const after = await (await page(posted.headers.get('location')!.split('#')[0])).text();
    expect(after).toContain('id="registration"');
    expect(after).toContain('Oz qoldi: sizga xat yubordik.');
    // The place is held (not yet confirmed); a reload of the result page sends nothing again.
    await page(posted.headers.get('location')!.split('#')[0]);
    expect((await app.api(`/api/events/${event.body.data._id}/registrations`, { token })).body.data).toHaveLength(1);
  });

  it('keeps what an applicant typed (all but the file) when the form without JavaScript is refused for its CV', async () => {
    const vacancy = await app.api('/api/vacancies', { token, body: { title: { uz: 'Yurist' }, description: { uz: 'Korporativ amaliyot' }, location: { uz: 'Toshkent' }, employmentType: 'FULL_TIME', closesAt: '2099-03-01T18:00:00+05:00' } });
    expect(vacancy.status, vacancy.text).toBe(201);
    const path = `/careers/${vacancy.body.data.slug}`;
    const body = new FormData();
    const typed = { name: 'Dilnoza Rahimova', email: 'dilnoza@example.com', phone: '+998 90 123 45 67', letter: 'Assalomu alaykum! Korporativ huquqda 5 yillik tajribam bor.', consent: 'true', lang: 'uz' };
    for (const [name, value] of Object.entries(typed)) body.append(name, value);
    body.append('cv', new Blob([new Uint8Array(await SAMPLE.png())]), 'cv.png');
    const refused = await page(`${path}/apply`, { method: 'POST', body, headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.77' } });
    expect(refused.status).toBe(303);
    const location = refused.headers.get('location')!;
    expect(location).toMatch(/[?&]form=[A-Za-z0-9_-]{24}/);
    expect(location).not.toContain('Dilnoza');
    expect(location.endsWith('#apply')).toBe(true);
    const shown = await page(location.split('#')[0]);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    expect(html).toContain('value="Dilnoza Rahimova"');
    expect(html).toContain('value="dilnoza@example.com"');
    expect(html).toContain('value="+998 90 123 45 67"');
    expect(html).toContain('Korporativ huquqda 5 yillik tajribam bor.</textarea>');
    expect(html).toMatch(/id="apply-consent"[^>]*checked/);
    // Read once: the same address later shows an empty form.
    expect(await (await page(location.split('#')[0])).text()).not.toContain('Dilnoza Rahimova');
  });

  it('shows an application’s CV as its own, never among a client’s documents (the CV’s heading words)', async () => {
    const { ADMIN_TEXTS } = await import('../../app/admin/admin-texts.ts');
    expect([ADMIN_TEXTS.uz['intake.files.cv'], ADMIN_TEXTS.ru['intake.files.cv'], ADMIN_TEXTS.en['intake.files.cv']]).toEqual(['Rezyume', 'Резюме', 'CV']);
  });

  it('describes the conflict check in the OpenAPI document: the hits’ kinds and roles, the inbox’s count, a matter’s other side', async () => {
    const document = (await app.api('/api/docs/openapi.json')).body;
    const conflict = document.components.schemas.Conflict.properties;
    expect(conflict.hit.enum).toEqual(['against_our_client', 'our_clients_opponent', 'same_opponent', 'earlier_enquirer', 'same_party']);
    expect(conflict.theirs.enum).toEqual(expect.arrayContaining(['enquirer', 'client', 'opposing']));
    const list = document.paths['/contact'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(list)).toContain('conflictCount');
    expect(document.components.schemas.MattersInput.properties.opposingParties).toMatchObject({ type: 'array', maxItems: 50, items: { type: 'string', maxLength: 300 } });
  });

  it('finds a company’s foreign name written in Cyrillic among names written in Latin (c as k or s), and no unrelated name', async () => {
    const ours = await app.api('/api/matters', {
      token,
      body: { title: { uz: 'Lizing bitimi' }, summary: { uz: 'Bitim' }, client: { uz: 'Silk Road Capital Partners' }, opposingParties: ['Citibank Uzbekistan', 'Xerox Trade'], confidential: true },
    });
    expect(ours.status, ours.text).toBe(201);
    // Letters that sound alike elsewhere are no match: Sanoat is not Kanoat, a book bank is not Citibank.
    const unrelated = await app.api('/api/matters', { token, body: { title: { uz: 'Boshqa ish' }, summary: { uz: 'Bitim' }, client: { uz: 'Kitob Bank' }, opposingParties: ['Sanoat Invest Group'], confidential: true } });
    expect(unrelated.status, unrelated.text).toBe(201);

    const created = await matter({ company: 'Ситибанк Узбекистан', counterparties: ['ООО «Силк Роуд Капитал Партнерс»', 'Ксерокс Трейд', 'Kanoat Invest Group'] });
    expect(created.status, created.text).toBe(201);
    const { conflicts } = (await app.api(`/api/contact/${created.body.data._id}`, { token })).body.data;
    const withOurs = conflicts.filter((conflict: { _id: string }) => conflict._id === ours.body.data._id).map((conflict: Record<string, string>) => `${conflict.hit}|${conflict.matched}|${conflict.name}|${conflict.reason}`);
    expect(withOurs).toEqual([
      'against_our_client|ООО «Силк Роуд Капитал Партнерс»|Silk Road Capital Partners|same_name',
      'our_clients_opponent|Ситибанк Узбекистан|Citibank Uzbekistan|same_name',
      'same_opponent|Ксерокс Трейд|Xerox Trade|same_name',
    ]);
    expect(conflicts.filter((conflict: { _id: string }) => conflict._id === unrelated.body.data._id)).toEqual([]);
  });
});

describe.each(DIALECTS)('the demo on %s', (dialect) => {
  it('e-mails nobody at its first start, its requests at reserved example addresses', async () => {
    const smtp = await startSmtp();
    // DEMO_CONTENT in env: seeded at this start, not copied from a template.
    const app = await startTestApp(dialect, { demo: true, env: { SMTP_URL: smtp.url, DEMO_CONTENT: 'true' } });
    try {
      const token = await app.login();
      const requests = (await app.api('/api/contact?limit=100', { token })).body.data as Array<{ email: string; kind?: string; conflictCount?: number }>;
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((request) => /@example\.(com|org)$/.test(request.email))).toBe(true);
      // The demo's new matter is against the firm's client: its conflict check finds it.
      expect(requests.find((request) => request.kind === 'matter')?.conflictCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
