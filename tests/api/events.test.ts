import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIcs, registrationMail } from '../../domain/events/event-mail.ts';
import { passwordResetMessage } from '../../domain/notifications/password-reset-message.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { jsonLd } from '../helpers/html.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Events (API-3.md "The firm's record"): the pages, registration without JavaScript, the .ics, the waiting list, export, privacy and retention. */

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('the calendar entry (.ics)', () => {
  it('escapes its texts and folds long lines at 75 octets without cutting a letter, in UTC', () => {
    const title = 'Семинар; «Налоговый кодекс», часть 1\\2 — '.repeat(40);
    const ics = eventIcs({ id: '0123456789abcdef01234567', title, description: 'Строка 1\nСтрока 2', startsAt: '2026-12-05T10:00:00+05:00', endsAt: '2026-12-05T12:00:00+05:00', venue: 'Ташкент', onlineUrl: '', pageUrl: 'https://lawfirm.test/ru/events/x', cancelUrl: '', when: '', host: 'lawfirm.test' }, '2026-11-26T11:00:00.000Z');
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
});

describe('mails in Uzbek Cyrillic', () => {
  it('fill their placeholders: only the words around them change script', () => {
    const event = { id: '0123456789abcdef01234567', title: 'Soliq seminari', description: '', startsAt: '2026-12-05T05:00:00Z', endsAt: '2026-12-05T07:00:00Z', venue: '', onlineUrl: '', pageUrl: 'https://lawfirm.test/uz-cyrl/events/x', cancelUrl: 'https://lawfirm.test/uz-cyrl/events/cancel/x', when: '', host: 'lawfirm.test' };
    const mail = registrationMail({ to: 'a@b.uz', name: 'Aziz', language: 'uz-Cyrl', site: 'Adliya', kind: 'registered', event });
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
  const register = (id: string, email: string, extra: Record<string, unknown> = {}) => app.api(`/api/events/${id}/registrations`, { body: { name: 'Aziz Karimov', email, language: 'uz', consent: true, ...extra } });
  const linkIn = (body: string) => /https:\/\/lawfirm\.test(\/[a-z-]+)?\/events\/cancel\/[A-Za-z0-9._-]+/.exec(body)?.[0].replace('https://lawfirm.test', '') ?? '';

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { ssr: true, env: { SMTP_URL: smtp.url } });
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
    const form = (values: Record<string, string>) => new URLSearchParams(values);
    const refused = await page('/ru/events/soliq-seminari', { method: 'POST', body: form({ name: 'Алия', email: 'aliya@client.uz' }) });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain('Отметьте согласие');
    expect(refusedPage).toContain('value="aliya@client.uz"');
    const done = await page('/ru/events/soliq-seminari', { method: 'POST', body: form({ name: 'Алия', email: 'Aliya@Client.uz', company: 'Toshkent Agro', consent: 'yes' }) });
    // Sent on to the result, where the form was (a reload sends nothing again).
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/ru/events/soliq-seminari?registration=registered#registration');
    expect(await html('/ru/events/soliq-seminari?registration=registered')).toContain('Вы зарегистрированы');

    await expect.poll(() => smtp.to('aliya@client.uz').length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.to('aliya@client.uz')[0];
    expect(mail.headers.subject).toContain('=?'); // a Russian subject, encoded
    expect(mail.body).toContain('Налоговый семинар');
    expect(mail.body).toContain('https://meet.example.uz/tax-2026');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.body).toContain('BEGIN:VCALENDAR');
    expect(mail.body).toContain(`UID:event-${event._id}@lawfirm.test`);
    expect(mail.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(linkIn(mail.body)).toMatch(/^\/ru\/events\/cancel\//);
    // The same address again: the same registration, no second e-mail.
    const again = await register(event._id, 'aliya@client.uz');
    expect(again.status).toBe(201);
    expect(again.body.data.status).toBe('registered');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(smtp.to('aliya@client.uz')).toHaveLength(1);
    const listed = await app.api(`/api/events/${event._id}/registrations`, { token });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ name: 'Алия', email: 'aliya@client.uz', company: 'Toshkent Agro', language: 'ru', status: 'registered', consent: { language: 'ru' } });
    expect(listed.body.data[0].consent.text).toContain('согласен');
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
      page(`/events/${event.slug}`, { method: 'POST', body: new URLSearchParams({ name: long.slice(0, 20_000), email: long.slice(0, 20_000), company: long.slice(0, 20_000), consent: 'yes' }) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(11).fill(400));
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data).toEqual([]);
  });

  it('puts people on the waiting list when full, and a cancel (by the link’s button, not by opening it) moves the first one up', async () => {
    const event = await create({ title: { uz: 'Kichik davra suhbati' }, capacity: 1 });
    // The page is cached: a registration drops it, so it never offers a place that is gone.
    for (let n = 0; n < 2; n++) expect(await html('/events/kichik-davra-suhbati')).toContain('1 ta o‘rin qoldi');
    expect((await register(event._id, 'first@client.uz')).body.data.status).toBe('registered');
    expect((await register(event._id, 'second@client.uz')).body.data.status).toBe('waitlisted');
    expect((await register(event._id, 'third@client.uz')).body.data.status).toBe('waitlisted');
    expect(await html('/events/kichik-davra-suhbati')).toContain('Joy qolmadi');
    await expect.poll(() => smtp.to('second@client.uz').length, { timeout: 10_000 }).toBe(1);
    const waiting = smtp.to('second@client.uz')[0];
    expect(waiting.body).toContain('Kutish ro‘yxatidasiz');
    expect(waiting.body).not.toContain('BEGIN:VCALENDAR');

    await expect.poll(() => smtp.to('first@client.uz').length, { timeout: 10_000 }).toBe(1);
    const cancel = linkIn(smtp.to('first@client.uz')[0].body);
    const opened = await page(cancel);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(await opened.text()).toMatch(/<form[^>]*method="post"/);
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { status: string }) => item.status)).toEqual(['registered', 'waitlisted', 'waitlisted']);
    const pressed = await page(cancel, { method: 'POST', body: new URLSearchParams() });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('bekor qilindi');
    expect((await app.api(`/api/events/${event._id}/registrations`, { token })).body.data.map((item: { status: string }) => item.status)).toEqual(['cancelled', 'registered', 'waitlisted']);
    await expect.poll(() => smtp.to('second@client.uz').length, { timeout: 10_000 }).toBe(2);
    const movedUp = smtp.to('second@client.uz')[1];
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
      const statuses = answers.map((answer) => answer.body.data.status);
      expect(statuses.filter((status) => status === 'registered')).toHaveLength(2);
      expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(6);
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
