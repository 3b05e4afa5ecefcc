import Ajv2020 from 'ajv/dist/2020.js';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIcs, registrationMail, type EventFacts } from '../../domain/events/event-mail.ts';
import { passwordResetMessage } from '../../domain/notifications/password-reset-message.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { jsonLd } from '../helpers/html.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Events (API-3.md "The firm's record"): the pages, registration without JavaScript, its confirmation, the .ics, the waiting list, export, removal, privacy and retention. */

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const FACTS: EventFacts = { id: '0123456789abcdef01234567', title: 'Soliq seminari', description: '', startsAt: '2026-12-05T05:00:00Z', endsAt: '2026-12-05T07:00:00Z', venue: '', onlineUrl: '', pageUrl: 'https://lawfirm.test/uz-cyrl/events/x', cancelUrl: 'https://lawfirm.test/uz-cyrl/events/cancel/x', when: '', host: 'lawfirm.test', sequence: 0, organizer: { name: 'Adliya Partners', email: 'info@adliya.uz' } };
/** The calendar entry of a mail, read by a calendar library (ical.js): its VEVENT. */
const veventOf = (body: string) => {
  const text = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR\r?\n/.exec(body)?.[0] ?? '';
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, event: calendar.getFirstSubcomponent('vevent')! };
};

describe('the calendar entry (.ics)', () => {
  it('escapes its texts and folds long lines at 75 octets without cutting a letter, in UTC', () => {
    const title = 'Семинар; «Налоговый кодекс», часть 1\\2 — '.repeat(40);
    const ics = eventIcs({ ...FACTS, title, description: 'Строка 1\nСтрока 2', startsAt: '2026-12-05T10:00:00+05:00', endsAt: '2026-12-05T12:00:00+05:00', venue: 'Ташкент', pageUrl: 'https://lawfirm.test/ru/events/x', cancelUrl: '' }, '2026-11-26T11:00:00.000Z');
    const lines = ics.split('\r\n');
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines).toContain('DTSTART:20261205T050000Z');
    expect(lines).toContain('DTEND:20261205T070000Z');
    expect(lines).toContain('UID:event-0123456789abcdef01234567@lawfirm.test');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Семинар\\; «Налоговый кодекс»\\, часть 1\\\\2 — ');
    expect(unfolded).toContain('DESCRIPTION:Строка 1\\nСтрока 2');
    expect(Buffer.from(unfolded, 'utf8').toString('utf8')).not.toContain('\uFFFD');
  });
  it('keeps a line break of any kind (a bare CR too) and control characters inside the property they came in (RFC 5545 §3.3.11)', () => {
    const title = 'Seminar\rATTENDEE:mailto:evil@example.com\r\nEND:VEVENT\u2028x\u0000y\u0085z';
    const venue = 'Toshkent\rORGANIZER:mailto:evil@example.com\nBEGIN:VALARM';
    const ics = eventIcs({ ...FACTS, title, venue }, '2026-11-26T11:00:00.000Z');
    // Every physical line is a property, a fold (a leading space) or the calendar's frame: no CR or LF alone.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n\u0000-\u001F]/);
    const names = ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean).map((line) => line.split(/[:;]/)[0]);
    expect(names).not.toContain('ATTENDEE');
    expect(names.filter((name) => name === 'END')).toHaveLength(2);
    const { event } = veventOf(ics);
    expect(event.getFirstPropertyValue('summary')).toBe('Seminar\nATTENDEE:mailto:evil@example.com\nEND:VEVENT\nxy\nz');
    expect(event.getFirstPropertyValue('location')).toBe('Toshkent\nORGANIZER:mailto:evil@example.com\nBEGIN:VALARM');
    expect(event.getAllProperties('attendee')).toHaveLength(0);
    expect(event.getAllProperties('organizer')).toHaveLength(1);
    expect(event.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('publishes with the firm as ORGANIZER, a SEQUENCE, a stable UID and DTSTAMP (RFC 5546 §3.2.1), as a calendar library reads it', () => {
    const { calendar, event } = veventOf(eventIcs({ ...FACTS, sequence: 3, organizer: { name: 'Adliya "Partners"', email: 'info@adliya.uz' } }, '2026-11-26T11:00:00.000Z'));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const organizer = event.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:info@adliya.uz');
    expect(organizer.getParameter('cn')).toBe("Adliya 'Partners'");
    expect(event.getFirstPropertyValue('sequence')).toBe(3);
    expect(event.getFirstPropertyValue('uid')).toBe('event-0123456789abcdef01234567@lawfirm.test');
    expect(String(event.getFirstPropertyValue('dtstamp'))).toBe('2026-11-26T11:00:00Z');
  });
});

describe('mails in Uzbek Cyrillic', () => {
  it('fill their placeholders: only the words around them change script', () => {
    const mail = registrationMail({ to: 'a@b.uz', name: 'Aziz', language: 'uz-Cyrl', site: 'Adliya', kind: 'registered', event: FACTS });
    expect(mail.subject).toBe('Сиз рўйхатдан ўтдингиз: Soliq seminari');
    expect(mail.text).not.toMatch(/[{}]/);
    expect(passwordResetMessage({ site: 'Adliya', url: 'https://lawfirm.test/admin/reset/x' }, 'uz-Cyrl').subject).toContain('Adliya');
  });
});

describe.each(DIALECTS)('events on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token: string;
  const page = (path: string, init: RequestInit = {}) => fetch(app.url + path, { redirect: 'manual', ...init });
  const html = async (path: string) => (await page(path)).text();
  const create = async (body: Record<string, unknown>) => {
    const response = await app.api('/api/events', { token, body: { description: { uz: 'Seminar haqida' }, venue: { uz: 'Toshkent, Amir Temur 107B' }, startsAt: at(10 * DAY), endsAt: at(10 * DAY + 2 * 3600_000), ...body } });
    if (response.status !== 201) throw new Error(`${response.status} ${response.text}`);
    return response.body.data as { _id: string; slug: string; version: number };
  };
  /** Each visitor from an address of their own (TRUST_PROXY), so that the per-client limit stays out of the way unless tested. */
  let visitor = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.${Math.floor((visitor += 1) / 250)}.${visitor % 250}` });
  const register = (id: string, email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = from()) =>
    app.api(`/api/events/${id}/registrations`, { body: { name: 'Aziz Karimov', email, language: 'uz', consent: true, ...extra }, headers });
  const linkIn = (body: string, kind = 'cancel') => new RegExp(`https://lawfirm\\.test(/[a-z-]+)?/events/${kind}/[A-Za-z0-9._-]+`).exec(body)?.[0].replace('https://lawfirm.test', '') ?? '';
  /** The page's own form, posted as a browser without JavaScript posts it, shown `shownMsAgo` before. */
  const postForm = (path: string, values: Record<string, string>, shownMsAgo = 5000) =>
    page(path, { method: 'POST', headers: from(), body: new URLSearchParams({ renderedAt: String(Date.now() - shownMsAgo), ...values }) });
  /** Waits for the n-th e-mail to this address. */
  const mailTo = async (address: string, count = 1) => {
    await expect.poll(() => smtp.to(address).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    return smtp.to(address)[count - 1];
  };
  /** Presses the button of the confirmation e-mail's page, as a person does (the page's POST). */
  const confirmMail = async (address: string) => {
    const link = linkIn((await mailTo(address)).body, 'confirm');
    const pressed = await page(link, { method: 'POST', body: new URLSearchParams() });
    return { link, pressed, text: await pressed.text() };
  };
  /** Registers and confirms: the status it came to. */
  const registerAndConfirm = async (id: string, address: string) => {
    const asked = await register(id, address);
    if (asked.status !== 201) throw new Error(`${asked.status} ${asked.text}`);
    await confirmMail(address);
    return (await app.api(`/api/events/${id}/registrations`, { token })).body.data.find((item: { email: string }) => item.email === address).status as string;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { ssr: true, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', MAIL_RATE_PER_MINUTE: '1000' } });
    token = await app.login();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('refuses an event ending before it starts, an online event without its link and an event in a room without its venue', async () => {
    const base = { title: { uz: 'Noto‘g‘ri' }, description: { uz: 'x' } };
    const backwards = await app.api('/api/events', { token, body: { ...base, venue: { uz: 'Toshkent' }, startsAt: at(DAY), endsAt: at(DAY - 3600_000) } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0]).toMatchObject({ path: 'endsAt', code: 'before_start' });
    const noLink = await app.api('/api/events', { token, body: { ...base, mode: 'online', startsAt: at(DAY), endsAt: at(DAY + 3600_000) } });
    expect(noLink.body.details).toContainEqual(expect.objectContaining({ path: 'onlineUrl', code: 'required' }));
    const plainLink = await app.api('/api/events', { token, body: { ...base, mode: 'online', onlineUrl: 'http://zoom.us/j/1', startsAt: at(DAY), endsAt: at(DAY + 3600_000) } });
    expect(plainLink.body.details[0]).toMatchObject({ path: 'onlineUrl', code: 'invalid_url' });
    const noVenue = await app.api('/api/events', { token, body: { ...base, startsAt: at(DAY), endsAt: at(DAY + 3600_000) } });
    expect(noVenue.body.details).toContainEqual(expect.objectContaining({ path: 'venue', code: 'required' }));
    const noStart = await app.api('/api/events', { token, body: { ...base, venue: { uz: 'Toshkent' } } });
    expect(noStart.status).toBe(400);
  });

  it('registers without JavaScript, sends the calendar entry with the link to join, which no page shows', async () => {
    const event = await create({ title: { uz: 'Soliq seminari', ru: 'Налоговый семинар' }, mode: 'mixed', onlineUrl: 'https://meet.example.uz/tax-2026' });
    expect((await app.api(`/api/events/${event._id}`)).body.data.onlineUrl).toBe('');
    expect((await app.api(`/api/events/${event._id}?admin=true`, { token })).body.data.onlineUrl).toBe('https://meet.example.uz/tax-2026');
    const shown = await html('/ru/events/soliq-seminari');
    expect(shown).not.toContain('meet.example.uz');
    const ld = jsonLd(shown).find((item) => (item as { '@type'?: string })['@type'] === 'Event') as Record<string, unknown>;
    expect(ld).toMatchObject({ name: 'Налоговый семинар', eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode', startDate: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(ld)).not.toContain('meet.example.uz');
    // Its share card: drawn by the server (the page names it), with its start in the firm's time.
    expect(shown).toContain(`/covers/ru/events/${event._id}-${event.version}.jpg`);
    const card = await page(`/covers/ru/events/${event._id}-${event.version}.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');

    // The page's own form, posted as a browser without JavaScript posts it: refused without consent, in Russian.
    expect(shown).toMatch(/name="renderedAt" value="\d{13}"/);
    const refused = await postForm('/ru/events/soliq-seminari', { name: 'Алия', email: 'aliya@client.uz' });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain('Отметьте согласие');
    expect(refusedPage).toContain('value="aliya@client.uz"');
    const done = await postForm('/ru/events/soliq-seminari', { name: 'Алия', email: 'Aliya@Client.uz', company: 'Toshkent Agro', consent: 'yes' });
    // Sent on to the result, where the form was (a reload sends nothing again).
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/ru/events/soliq-seminari?registration=held#registration');
    expect(await html('/ru/events/soliq-seminari?registration=held')).toContain('Почти готово');

    // First the e-mail that asks to confirm: nothing the visitor typed, no calendar entry, no link to join.
    const asking = await mailTo('aliya@client.uz');
    expect(asking.body).toContain('Подтвердите регистрацию');
    expect(asking.body).not.toContain('Алия');
    expect(asking.body).not.toContain('BEGIN:VCALENDAR');
    expect(asking.body).not.toContain('meet.example.uz');
    // Opening the link (a mail scanner does) confirms nothing; the page's button does.
    const confirmLink = linkIn(asking.body, 'confirm');
    expect(confirmLink).toMatch(/^\/ru\/events\/confirm\//);
    const opened = await page(confirmLink);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(await opened.text()).toMatch(/<form[^>]*method="post"/);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data[0].status).toBe('unconfirmed');
    const pressed = await page(confirmLink, { method: 'POST', body: new URLSearchParams() });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Вы зарегистрированы');

    const mail = await mailTo('aliya@client.uz', 2);
    expect(mail.headers.subject).toContain('=?'); // a Russian subject, encoded
    expect(mail.body).toContain('Налоговый семинар');
    expect(mail.body).toContain('https://meet.example.uz/tax-2026');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.body).toContain('BEGIN:VCALENDAR');
    expect(mail.body).toContain(`UID:event-${event._id}@lawfirm.test`);
    expect(mail.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(linkIn(mail.body)).toMatch(/^\/ru\/events\/cancel\//);
    // The same address again: the same registration, no third e-mail.
    const again = await register(event._id, 'aliya@client.uz');
    expect(again.status).toBe(201);
    expect(again.body.data.status).toBe('registered');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(smtp.to('aliya@client.uz')).toHaveLength(2);
    const listed = await app.api(`/api/events/${event._id}/registrations`, { token });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ name: 'Алия', email: 'aliya@client.uz', company: 'Toshkent Agro', language: 'ru', status: 'registered', consent: { language: 'ru' } });
    expect(listed.body.data[0].consent.text).toContain('согласен');
  });

  it('holds a place only until it is confirmed: one client cannot take every place, an expired hold frees it, and the first confirmed waiting person moves up', async () => {
    const event = await create({ title: { uz: 'O‘n kishilik seminar' }, capacity: 10 });
    // One client (one IPv6 /64, whatever address of it) asks for five, then is refused for a while.
    const network = (n: number) => ({ 'x-forwarded-for': `2001:db8:7:1:${n.toString(16)}::${n}` });
    const robot = await Promise.all(Array.from({ length: 5 }, (_, n) => register(event._id, `fake${n}@robot.example`, {}, network(n + 1))));
    expect(robot.map((answer) => answer.status)).toEqual(Array(5).fill(201));
    const refused = await register(event._id, 'fake9@robot.example', {}, network(99));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await register(event._id, 'fake10@robot.example', {}, { 'x-forwarded-for': '2001:db8:7:2::1' })).status).toBe(201);
    // The real visitor still gets a place, which the page counts while the holds run.
    expect((await register(event._id, 'real@client.uz')).body.data.heldUntil).toEqual(expect.any(String));
    expect(await html(`/events/${event.slug}`)).toContain('3 ta o‘rin qoldi');
    expect(await registerAndConfirm(event._id, 'real@client.uz')).toBe('registered');
    // Nobody confirmed the robot's: when their holds run out, the places are free again.
    expect(await app.services.registrations.releaseExpired(at(31 * 60_000))).toBe(6);
    expect(await html(`/events/${event.slug}`)).toContain('9 ta o‘rin qoldi');

    // A full event: the place freed by a hold that ran out goes to the first person who confirmed waiting.
    const small = await create({ title: { uz: 'Bir kishilik suhbat' }, capacity: 1 });
    expect((await register(small._id, 'slow@client.uz')).body.data.heldUntil).toEqual(expect.any(String));
    expect((await register(small._id, 'next@client.uz')).body.data.heldUntil).toBeNull();
    expect(await registerAndConfirm(small._id, 'next@client.uz')).toBe('waitlisted');
    await app.services.registrations.releaseExpired(at(31 * 60_000));
    const listed = async () => Object.fromEntries((await app.api(`/api/events/${small._id}/registrations`, { token })).body.data.map((item: { email: string; status: string }) => [item.email, item.status]));
    expect(await listed()).toEqual({ 'slow@client.uz': 'unconfirmed', 'next@client.uz': 'registered' });
    expect((await mailTo('next@client.uz', 3)).body).toContain('O‘rin bo‘shadi');
    // The late one confirms after all: no place left, so the waiting list.
    const late = await confirmMail('slow@client.uz');
    expect(late.pressed.status).toBe(200);
    expect(late.text).toContain('kutish ro‘yxatidasiz');
    expect(await listed()).toEqual({ 'slow@client.uz': 'waitlisted', 'next@client.uz': 'registered' });
    // A link altered: nothing confirmed.
    expect((await app.api('/api/events/registrations/confirm', { body: { token: `${late.link.split('/').pop()!.slice(0, -2)}xx` } })).status).toBe(404);
  });

  it('refuses a form sent sooner than a person fills it, and a name that is a link or more than one line, and keeps the name out of the first e-mail', async () => {
    const event = await create({ title: { uz: 'Tezkor seminar', en: 'Quick seminar' } });
    const fast = await postForm(`/en/events/${event.slug}`, { name: 'Quick Robot', email: 'quick@robot.example', consent: 'yes' }, 200);
    expect(fast.status).toBe(400);
    expect(await fast.text()).toContain('Please take a moment to check your message');
    const unshown = await page(`/en/events/${event.slug}`, { method: 'POST', headers: from(), body: new URLSearchParams({ name: 'No Page', email: 'nopage@robot.example', consent: 'yes' }) });
    expect(unshown.status).toBe(400);
    for (const name of ['Win a prize at https://evil.example', 'Visit www.evil.example', 'Aziz\nBcc: someone@example.com', 'Aziz\rKarimov', 'Prize: evil.example/win', '<b>Aziz</b>']) {
      const answer = await register(event._id, 'named@client.uz', { name });
      expect(answer.status, name).toBe(400);
      expect(answer.body.details[0]).toMatchObject({ path: 'name', code: /\n|\r/.test(name) ? 'one_line' : 'invalid_format' });
    }
    const form = await postForm(`/en/events/${event.slug}`, { name: 'See https://evil.example', email: 'named@client.uz', consent: 'yes' });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('Write just your name, on one line, without a web address.');
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data).toEqual([]);
    expect((await register(event._id, 'named@client.uz', { name: 'Nodira O‘ktamovna' })).status).toBe(201);
    expect((await mailTo('named@client.uz')).body).not.toContain('Nodira');
  });

  it('lets editors remove chosen registrations or every unconfirmed one (approvers and visitors cannot), a freed place going to the first waiting', async () => {
    const event = await create({ title: { uz: 'Tozalanadigan seminar' }, capacity: 1 });
    expect(await registerAndConfirm(event._id, 'kept@guest.uz')).toBe('registered');
    expect(await registerAndConfirm(event._id, 'waiting@guest.uz')).toBe('waitlisted');
    for (let n = 0; n < 3; n++) await register(event._id, `bulk${n}@robot.example`);
    const remove = (body: unknown, as = token) => app.api(`/api/events/${event._id}/registrations/remove`, { body, token: as });
    expect((await app.api(`/api/events/${event._id}/registrations/remove`, { body: { unconfirmed: true } })).status).toBe(401);
    expect((await app.api('/api/auth/users', { token, body: { email: 'approver-events@example.uz', password: 'approver-password-1', role: 'approver' } })).status).toBe(201);
    expect((await remove({ unconfirmed: true }, await app.login('approver-events@example.uz', 'approver-password-1'))).status).toBe(403);
    expect((await remove({ unconfirmed: true, ids: [] })).status).toBe(400);
    const cleared = await remove({ unconfirmed: true });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.removed).toBe(3);
    const list = async () => (await app.api(`/api/events/${event._id}/registrations`, { token })).body.data as Array<{ _id: string; email: string; status: string }>;
    expect((await list()).map((item) => item.email)).toEqual(['kept@guest.uz', 'waiting@guest.uz']);
    const kept = (await list())[0];
    expect((await remove({ ids: [kept._id] })).body.data.removed).toBe(1);
    expect(await list()).toEqual([expect.objectContaining({ email: 'waiting@guest.uz', status: 'registered' })]);
    expect((await mailTo('waiting@guest.uz', 3)).body).toContain('O‘rin bo‘shadi');
  });

  it('takes the language of the request, else the site’s default, when a registration names none (API-3.md)', async () => {
    const event = await create({ title: { uz: 'Til seminari', ru: 'Семинар о языке' } });
    const plain = await app.api(`/api/events/${event._id}/registrations`, { body: { name: 'Aziz Karimov', email: 'nolang@client.uz', consent: true }, headers: from() });
    expect(plain.status).toBe(201);
    const russian = await app.api(`/api/events/${event._id}/registrations`, { body: { name: 'Алия', email: 'ru@client.uz', consent: true }, headers: { ...from(), 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } });
    expect(russian.status).toBe(201);
    const languages = Object.fromEntries((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { email: string; language: string }) => [item.email, item.language]));
    expect(languages).toEqual({ 'nolang@client.uz': 'uz', 'ru@client.uz': 'ru' });
    expect((await mailTo('ru@client.uz')).body).toContain('Подтвердите регистрацию');
  });

  it('answers a closed registration as its OpenAPI document says, and refuses a control character in an event’s one-line texts', async () => {
    const past = await create({ title: { uz: 'O‘tib ketgan seminar' }, startsAt: at(-2 * DAY), endsAt: at(-2 * DAY + 3600_000) });
    const late = await register(past._id, 'late@client.uz');
    expect(late.status).toBe(409);
    const document = (await app.api('/api/docs/openapi.json')).body as { components: { responses: Record<string, { content: Record<string, { schema: object }> }> } };
    const ajv = new Ajv2020({ strict: false });
    const valid = ajv.compile(document.components.responses.E409.content['application/json'].schema);
    expect(valid(late.body), JSON.stringify(valid.errors)).toBe(true);
    expect(late.body.reason).toBe('registration_closed');

    for (const body of [{ title: { uz: 'Seminar\rATTENDEE:mailto:x@example.com' } }, { title: { uz: 'Seminar' }, venue: { uz: 'Toshkent\nEND:VEVENT' } }, { title: { uz: 'Semi\u0000nar' } }]) {
      const refused = await app.api('/api/events', { token, body: { description: { uz: 'x' }, venue: { uz: 'Toshkent' }, startsAt: at(DAY), endsAt: at(DAY + 3600_000), ...body } });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0]).toMatchObject({ code: 'one_line', message: expect.stringContaining('must be one line') });
    }
  });

  it('sends a calendar entry with the firm as ORGANIZER and a SEQUENCE that grows when the event changes', async () => {
    const event = await create({ title: { uz: 'O‘zgaradigan seminar' } });
    await registerAndConfirm(event._id, 'before@client.uz');
    const first = veventOf((await mailTo('before@client.uz', 2)).body).event;
    const site = (await app.api('/api/site-config')).body.data as { contactInfo: { email: string } };
    expect(first.getFirstPropertyValue('organizer')).toBe(`mailto:${site.contactInfo.email}`);
    expect(first.getFirstProperty('organizer')!.getParameter('cn')).toBeTruthy();
    expect(first.getFirstPropertyValue('uid')).toBe(`event-${event._id}@lawfirm.test`);
    expect(first.getFirstPropertyValue('dtstamp')).toBeTruthy();
    const moved = await app.api(`/api/events/${event._id}`, { method: 'PUT', token, body: { startsAt: at(11 * DAY), endsAt: at(11 * DAY + 3600_000), venue: { uz: 'Samarqand, Registon 1' } } });
    expect(moved.status).toBe(200);
    await registerAndConfirm(event._id, 'after@client.uz');
    const second = veventOf((await mailTo('after@client.uz', 2)).body).event;
    expect(second.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
    expect(Number(second.getFirstPropertyValue('sequence'))).toBeGreaterThan(Number(first.getFirstPropertyValue('sequence')));
    expect(second.getFirstPropertyValue('location')).toBe('Samarqand, Registon 1');
  });

  it('previews an event, a vacancy and an industry before they are public, without their forms, never cached nor indexed', async () => {
    const event = await create({ title: { uz: 'Yashirin seminar', ru: 'Закрытый семинар' }, isActive: false, mode: 'online', onlineUrl: 'https://meet.example.uz/secret', venue: {} });
    const vacancy = (await app.api('/api/vacancies', { token, body: { title: { uz: 'Yangi lavozim' }, description: { uz: 'Tez orada' }, location: { uz: 'Samarqand' }, closesAt: at(30 * DAY), isActive: false } })).body.data;
    const industry = (await app.api('/api/industries', { token, body: { title: { uz: 'Tog‘-kon sanoati' }, description: { uz: 'Konlar va litsenziyalar' }, isActive: false } })).body.data;
    for (const [type, record, words, path] of [
      ['events', event, 'Закрытый семинар', `/ru/events/${event.slug}`],
      ['vacancies', vacancy, 'Yangi lavozim', `/careers/${vacancy.slug}`],
      ['industries', industry, 'Konlar va litsenziyalar', `/industries/${industry.slug}`],
    ] as const) {
      expect((await page(path)).status).toBe(404);
      const created = await app.api('/api/preview', { token, body: { type, id: record._id, lang: path.startsWith('/ru/') ? 'ru' : 'uz' } });
      expect(created.status, type).toBe(201);
      const response = await page(created.body.data.path);
      expect(response.status, type).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
      const shown = await response.text();
      expect(shown).toContain(words);
      expect(shown).not.toContain('name="consent"');
      expect(shown).not.toContain('meet.example.uz');
    }
  });

  it('refuses registrations at their limits at once (100,000 letters a field), the API and the page’s form alike', async () => {
    const event = await create({ title: { uz: 'Chegaralar' }, capacity: 1 });
    const long = 'ж'.repeat(100_000);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => register(event._id, `${long}@client.uz`)),
      ...Array.from({ length: 5 }, () => register(event._id, 'ok@client.uz', { name: long, company: long })),
      // The page's form within the site's form size (a bigger body is a 413, tested with the other bodies).
      postForm(`/events/${event.slug}`, { name: long.slice(0, 20_000), email: long.slice(0, 20_000), company: long.slice(0, 20_000), consent: 'yes' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(11).fill(400));
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data).toEqual([]);
  });

  it('puts people on the waiting list when full, and a cancel (by the link’s button, not by opening it) moves the first one up', async () => {
    const event = await create({ title: { uz: 'Kichik davra suhbati' }, capacity: 1 });
    // The page is cached: a registration drops it, so it never offers a place that is gone.
    for (let n = 0; n < 2; n++) expect(await html('/events/kichik-davra-suhbati')).toContain('1 ta o‘rin qoldi');
    // The first request holds the place (the page says so at once); the others are told it is full.
    expect((await register(event._id, 'first@client.uz')).body.data).toMatchObject({ status: 'unconfirmed', heldUntil: expect.any(String) });
    expect(await html('/events/kichik-davra-suhbati')).toContain('Joy qolmadi');
    expect((await register(event._id, 'second@client.uz')).body.data).toMatchObject({ status: 'unconfirmed', heldUntil: null });
    expect((await register(event._id, 'third@client.uz')).body.data).toMatchObject({ status: 'unconfirmed', heldUntil: null });
    expect(await confirmMail('first@client.uz')).toMatchObject({ pressed: { status: 200 } });
    for (const address of ['second@client.uz', 'third@client.uz']) await confirmMail(address);
    expect(await html('/events/kichik-davra-suhbati')).toContain('Joy qolmadi');
    const waiting = await mailTo('second@client.uz', 2);
    expect(waiting.body).toContain('Kutish ro‘yxatidasiz');
    expect(waiting.body).not.toContain('BEGIN:VCALENDAR');

    const cancel = linkIn((await mailTo('first@client.uz', 2)).body);
    const opened = await page(cancel);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(await opened.text()).toMatch(/<form[^>]*method="post"/);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { status: string }) => item.status)).toEqual(['registered', 'waitlisted', 'waitlisted']);
    const pressed = await page(cancel, { method: 'POST', body: new URLSearchParams() });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('bekor qilindi');
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { status: string }) => item.status)).toEqual(['cancelled', 'registered', 'waitlisted']);
    const movedUp = await mailTo('second@client.uz', 3);
    expect(movedUp.body).toContain('O‘rin bo‘shadi');
    expect(movedUp.body).toContain('BEGIN:VCALENDAR');
    // A second press, or an altered link: nothing more moves.
    expect((await page(cancel, { method: 'POST', body: new URLSearchParams() })).status).toBe(200);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { status: string }) => item.status)).toEqual(['cancelled', 'registered', 'waitlisted']);
    expect((await page(`${cancel.slice(0, -2)}xx`)).status).toBe(404);
    expect((await app.api('/api/events/registrations/cancel', { body: { token: 'nonsense' } })).status).toBe(404);
  });

  it('never gives more places than there are when many register at once (repeated)', async () => {
    for (let round = 0; round < 5; round++) {
      const event = await create({ title: { uz: `Ommaviy seminar ${round}` }, capacity: 2 });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => register(event._id, `crowd${round}-${n}@client.uz`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
      const held = answers.map((answer) => answer.body.data.heldUntil);
      expect(held.filter(Boolean)).toHaveLength(2);
      expect(held.filter((until) => until === null)).toHaveLength(6);
    }
  });

  it('refuses a registration without consent, after registration closed, for an unknown or hidden event, and a list without the right role', async () => {
    const event = await create({ title: { uz: 'Yopiq ro‘yxat' }, registrationClosesAt: at(1200) });
    const noConsent = await register(event._id, 'x@client.uz', { consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.details[0].path).toBe('consent');
    const extra = await register(event._id, 'x@client.uz', { admin: true });
    expect(extra.status).toBe(400);
    // The page, cached while registration is open, is dropped when it closes (a scheduled moment).
    for (let n = 0; n < 2; n++) expect(await html('/events/yopiq-royxat')).toContain('name="consent"');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const late = await register(event._id, 'late@client.uz');
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('registration_closed');
    await expect.poll(() => html('/events/yopiq-royxat'), { timeout: 5000 }).toContain('ro‘yxatdan o‘tish yakunlangan');
    expect((await register('0123456789abcdef01234567', 'x@client.uz')).status).toBe(404);
    const hidden = await create({ title: { uz: 'Qoralama tadbir' }, isActive: false });
    expect((await register(hidden._id, 'x@client.uz')).status).toBe(404);
    expect((await app.api(`/api/events/${event._id}/registrations`)).status).toBe(401);
    expect((await app.api('/api/auth/users', { token, body: { email: 'translator@example.uz', password: 'translator-password-1', role: 'translator', languages: ['ru'] } })).status).toBe(201);
    const translator = await app.login('translator@example.uz', 'translator-password-1');
    expect((await app.api(`/api/events/${event._id}/registrations`, { token: translator })).status).toBe(403);
  });

  it('exports the registrations as CSV, lists upcoming events before the archive, and covers them in the privacy kit and the retention', async () => {
    const event = await create({ title: { uz: 'Arbitraj seminari' } });
    await register(event._id, 'Kept@Client.uz', { name: 'Nodira "N" Yusupova', company: '=SUM(1)' });
    await confirmMail('kept@client.uz');
    const csv = await page(`/api/events/${event._id}/registrations?format=csv&lang=ru`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Имя,Эл. почта,Компания,Язык,Статус,Зарегистрирован(а),Отменил(а)');
    expect(text).toContain('"Nodira ""N"" Yusupova"');
    expect(text).not.toContain(',=SUM(1)');

    const past = await create({ title: { uz: 'O‘tgan konferensiya' }, startsAt: at(-3 * DAY), endsAt: at(-3 * DAY + 3600_000), slidesUrl: 'https://example.uz/slides.pdf' });
    const list = await html('/events');
    expect(list.indexOf('Arbitraj seminari')).toBeGreaterThan(-1);
    expect(list.indexOf('O‘tgan konferensiya')).toBeGreaterThan(list.indexOf('Arbitraj seminari'));
    expect(await html(`/events/${past.slug}`)).toContain('https://example.uz/slides.pdf');

    const exported = await app.api('/api/contact/export?email=kept@client.uz', { token });
    expect(exported.body.registrations).toEqual([expect.objectContaining({ eventId: event._id, email: 'kept@client.uz', status: 'registered' })]);
    const erased = await app.api('/api/contact/by-email?email=KEPT@client.uz', { method: 'DELETE', token });
    expect(erased.body.data.registrations).toBe(1);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data).toEqual([]);

    // Ended more than EVENT_RETENTION_DAYS ago: erased; an event still to come keeps its registrations.
    const ended = await create({ title: { uz: 'Eski tadbir' } });
    await register(ended._id, 'old@client.uz');
    await register(event._id, 'stays@client.uz');
    await app.api(`/api/events/${ended._id}`, { method: 'PUT', token, body: { startsAt: at(-100 * DAY), endsAt: at(-100 * DAY + 3600_000) } });
    const forgotten = await app.services.registrations.forgetEnded(app.services.config.eventRetentionDays);
    expect(forgotten).toHaveLength(1);
    expect((await app.api(`/api/events/${ended._id}/registrations`, { token })).body.data).toEqual([]);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { email: string }) => item.email)).toEqual(['stays@client.uz']);
  });
});
