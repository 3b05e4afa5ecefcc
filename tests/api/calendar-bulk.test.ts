/*
 * The calendar, actions on many records and the day a law takes effect (API-4.md "Releases, the
 * calendar and bulk actions"), on both databases through the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../app/i18n/translator.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { jsonLd } from '../helpers/html.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-password-1';
const all = { uz: 'Matn', ru: 'Текст', en: 'Text' };

interface Result {
  id: string;
  ok: boolean;
  error?: { status: number; code: string; reason?: string; message: string };
}

describe('an interface text a Cyrillic Uzbek language lacks', () => {
  it('is transliterated from the Latin one, its placeholders kept', () => {
    expect(createTranslator('uz-Cyrl', 'uz')('article.inForce', { date: '1-январь, 2027' })).toBe('Кучга кириш санаси: 1-январь, 2027');
    expect(createTranslator('uz-Cyrl', 'uz', { 'article.inForce': 'Амалда: {date}' })('article.inForce', { date: 'x' })).toBe('Амалда: x');
    expect(createTranslator('uz', 'uz')('article.inForce', { date: '1-yanvar, 2027' })).toBe('Kuchga kirish sanasi: 1-yanvar, 2027');
  });
});

describe.each(DIALECTS)('the calendar, bulk actions and inForceAt on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let editor: string;
  let translator: string;

  const article = async (title: string, extra: Record<string, unknown> = {}, token = admin) => {
    const response = await app.api('/api/news', { token, body: { title: { uz: title, ru: `${title} (ru)`, en: `${title} (en)` }, excerpt: all, category: all, content: all, ...extra } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { _id: string; slug: string; version: number };
  };
  const bulk = async (body: unknown, token = editor, type = 'news') => app.api(`/api/${type}/bulk`, { method: 'POST', token, body });
  const calendar = async (query: string, token = editor) => app.api(`/api/calendar?${query}`, { token });

  beforeAll(async () => {
    app = await startTestApp(dialect, { demo: true, ssr: true });
    admin = await app.login();
    for (const [role, extra] of [['editor', {}], ['translator', { languages: ['ru'] }]] as const) {
      expect((await app.api('/api/auth/users', { token: admin, body: { email: `${role}-bulk-${dialect}@example.uz`, password: PASSWORD, role, ...extra } })).status).toBe(201);
    }
    editor = await app.login(`editor-bulk-${dialect}@example.uz`, PASSWORD);
    translator = await app.login(`translator-bulk-${dialect}@example.uz`, PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('publishes many at once, each under its own rules: one failing its checks is refused with checks_failed, the others go live', async () => {
    const hidden = (await app.api('/api/services', { token: admin, body: { title: { uz: 'Yashirin xizmat' }, description: all, isActive: false } })).body.data;
    const badLink = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Xizmat', marks: [{ type: 'link', attrs: { ref: { type: 'services', id: hidden._id } } }] }] }] };
    const good = [await article('Birinchi', { published: false }), await article('Ikkinchi', { published: false })];
    const failing = await article('Tekshiruvdan o‘tmaydi', { published: false, content: { ...all, uz: badLink } });
    const missing = '0123456789abcdef01234567';

    // A translator may publish none of them: each is refused as it would be alone.
    const refused = await bulk({ ids: [good[0]._id], action: 'publish' }, translator);
    expect(refused.status).toBe(200);
    expect(refused.body.data.results).toEqual([{ id: good[0]._id, ok: false, error: expect.objectContaining({ status: 403, code: 'FORBIDDEN' }) }]);
    expect((await app.api(`/api/news/${good[0]._id}`)).status).toBe(404);

    const answer = await bulk({ ids: [good[0]._id, failing._id, good[1]._id, missing], action: 'publish' });
    expect(answer.status).toBe(200);
    const results = answer.body.data.results as Result[];
    expect(results.map((result) => [result.id, result.ok])).toEqual([
      [good[0]._id, true],
      [failing._id, false],
      [good[1]._id, true],
      [missing, false],
    ]);
    expect(results[1].error).toMatchObject({ status: 422, code: 'CHECKS_FAILED', reason: 'checks_failed' });
    expect(results[3].error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Each record's state after: the two good ones public, the failing one as it was.
    for (const { _id } of good) expect((await app.api(`/api/news/${_id}`)).status).toBe(200);
    expect((await app.api(`/api/news/${failing._id}`)).status).toBe(404);
    expect((await app.api(`/api/news/${failing._id}?admin=true`, { token: editor })).body.data.published).toBe(false);

    // Unpublished together, then moved to the trash and brought back.
    expect((await bulk({ ids: good.map((one) => one._id), action: 'unpublish' })).body.data.results.every((result: Result) => result.ok)).toBe(true);
    for (const { _id } of good) expect((await app.api(`/api/news/${_id}`)).status).toBe(404);
    const trashed = await bulk({ ids: [good[0]._id, failing._id], action: 'delete' });
    expect(trashed.body.data.results).toEqual([{ id: good[0]._id, ok: true }, { id: failing._id, ok: true }]);
    expect((await app.api(`/api/news/${good[0]._id}?admin=true`, { token: editor })).status).toBe(404);
    const restored = await bulk({ ids: [good[0]._id, good[1]._id], action: 'restore' });
    expect(restored.body.data.results).toEqual([{ id: good[0]._id, ok: true }, { id: good[1]._id, ok: false, error: expect.objectContaining({ status: 409, code: 'CONFLICT' }) }]);
    expect((await app.api(`/api/news/${good[0]._id}?admin=true`, { token: editor })).status).toBe(200);
  });

  it('adds many records to a release, each refused alone when it is in another open release', async () => {
    const [one, two] = [await article('Relizga A', { published: false }), await article('Relizga B', { published: false })];
    const release = async (title: string) => (await app.api('/api/releases', { token: editor, body: { title } })).body.data as { _id: string };
    const [first, second] = [await release('Soliq kodeksi 1-yanvar'), await release('Boshqa reliz')];
    const added = await bulk({ ids: [one._id, two._id], action: 'addToRelease', releaseId: first._id });
    expect(added.status).toBe(200);
    expect(added.body.data.results).toEqual([{ id: one._id, ok: true }, { id: two._id, ok: true }]);
    const items = (await app.api(`/api/releases/${first._id}`, { token: editor })).body.data.items as Array<{ type: string; id: string; action: string }>;
    expect(items.map((item) => [item.type, item.id, item.action])).toEqual([['news', one._id, 'publish'], ['news', two._id, 'publish']]);
    // Nothing went live: a release publishes at its moment.
    expect((await app.api(`/api/news/${one._id}`)).status).toBe(404);
    const elsewhere = await bulk({ ids: [one._id], action: 'addToRelease', releaseId: second._id });
    expect(elsewhere.body.data.results).toEqual([{ id: one._id, ok: false, error: expect.objectContaining({ status: 409, code: 'CONFLICT' }) }]);
    // A translator may not; an unknown release or none at all is said once for the call.
    expect((await bulk({ ids: [one._id], action: 'addToRelease', releaseId: first._id }, translator)).body.data.results[0].error).toMatchObject({ status: 403 });
    expect((await bulk({ ids: [one._id], action: 'addToRelease', releaseId: '0123456789abcdef01234567' })).status).toBe(404);
    expect((await bulk({ ids: [one._id], action: 'addToRelease' })).status).toBe(400);
  });

  it('refuses what is not a bulk action: too many ids, no ids, an unknown action, no session', async () => {
    const many = Array.from({ length: 101 }, (_, index) => index.toString(16).padStart(24, '0'));
    expect((await bulk({ ids: many, action: 'delete' })).status).toBe(400);
    expect((await bulk({ ids: [], action: 'delete' })).status).toBe(400);
    expect((await bulk({ ids: [many[0]], action: 'archive' })).status).toBe(400);
    expect((await bulk({ ids: [many[0]], action: 'publish' }, editor, 'team')).status).toBe(200);
    expect((await app.api('/api/news/bulk', { method: 'POST', body: { ids: [many[0]], action: 'delete' } })).status).toBe(401);
  });

  it('lists every dated thing of a range on the firm’s clock, and nothing outside it', async () => {
    // Tashkent is UTC+5: 00:30 on 1 March is 19:30 UTC on 28 February.
    const justAfterMidnight = await article('Yarim tundan keyin', { publishAt: '2031-03-01T00:30:00+05:00' });
    const justBefore = await article('Yarim tundan oldin', { publishAt: '2031-02-28T23:30:00+05:00' });
    const inForce = await article('Yangi Soliq kodeksi', { inForceAt: '2031-03-01', published: false });
    const later = await article('Keyinroq', { unpublishAt: '2031-04-15T10:00:00+05:00' });
    const event = (await app.api('/api/events', { token: admin, body: { title: { uz: 'Seminar' }, description: { uz: 'Seminar haqida' }, venue: { uz: 'Toshkent' }, startsAt: '2031-03-01T10:00:00+05:00', endsAt: '2031-03-01T12:00:00+05:00', registrationClosesAt: '2031-02-28T18:00:00+05:00' } })).body.data;
    const vacancy = (await app.api('/api/vacancies', { token: admin, body: { title: { uz: 'Yurist' }, description: { uz: 'Korporativ' }, location: { uz: 'Toshkent' }, closesAt: '2031-03-01T18:00:00+05:00' } })).body.data;

    const march = await calendar('from=2031-03-01&to=2031-03-01');
    expect(march.status).toBe(200);
    const entries = march.body.data as Array<{ kind: string; type: string; id: string; at: string; title: string; allDay: boolean }>;
    const mine = (kind: string, id: string) => entries.find((entry) => entry.kind === kind && entry.id === id);
    expect(mine('publish', justAfterMidnight._id)).toMatchObject({ type: 'news', at: '2031-03-01T00:30:00+05:00', title: 'Yarim tundan keyin', allDay: false });
    expect(mine('publish', justBefore._id)).toBeUndefined();
    expect(mine('in_force', inForce._id)).toMatchObject({ at: '2031-03-01', allDay: true, title: 'Yangi Soliq kodeksi' });
    expect(mine('event', event._id)).toMatchObject({ type: 'events', at: '2031-03-01T10:00:00+05:00' });
    expect(mine('vacancy_closes', vacancy._id)).toMatchObject({ type: 'vacancies', at: '2031-03-01T18:00:00+05:00' });
    expect(mine('registration_closes', event._id)).toBeUndefined();
    expect(mine('unpublish', later._id)).toBeUndefined();
    // In order: the day's all-day things first, then by the clock.
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort((a, b) => a.slice(0, 10).localeCompare(b.slice(0, 10)) || (a.length === 10 ? -1 : b.length === 10 ? 1 : a.localeCompare(b))));

    const february = (await calendar('from=2031-02-28&to=2031-02-28')).body.data as typeof entries;
    expect(february.find((entry) => entry.id === justBefore._id)).toMatchObject({ kind: 'publish', at: '2031-02-28T23:30:00+05:00' });
    expect(february.find((entry) => entry.id === justAfterMidnight._id)).toBeUndefined();
    expect(february.find((entry) => entry.kind === 'registration_closes')).toMatchObject({ id: event._id });

    // Filters: by kind, by type, by language (titled in it).
    expect(((await calendar('from=2031-02-01&to=2031-04-30&kinds=in_force')).body.data as typeof entries).map((entry) => entry.id)).toEqual([inForce._id]);
    expect(((await calendar('from=2031-02-01&to=2031-04-30&types=events')).body.data as typeof entries).every((entry) => entry.type === 'events')).toBe(true);
    const russian = (await calendar('from=2031-03-01&to=2031-03-01&lang=ru')).body.data as Array<{ id: string; title: string; lang: string }>;
    expect(russian.find((entry) => entry.id === inForce._id)).toMatchObject({ title: 'Yangi Soliq kodeksi (ru)', lang: 'ru' });
    expect(russian.find((entry) => entry.id === event._id)).toBeUndefined();
    // Titles in the reader's language without filtering by it: a record without one keeps the default language's.
    const titled = (await calendar('from=2031-03-01&to=2031-03-01&titleLang=ru')).body.data as Array<{ id: string; title: string; lang?: string }>;
    expect(titled.find((entry) => entry.id === inForce._id)).toMatchObject({ title: 'Yangi Soliq kodeksi (ru)' });
    expect(titled.find((entry) => entry.id === event._id)).toMatchObject({ title: 'Seminar' });
    expect(titled.find((entry) => entry.id === event._id)).not.toHaveProperty('lang');

    // A range too long, backwards or malformed is a 400 that says why; a visitor has no calendar.
    const tooLong = await calendar('from=2031-01-01&to=2031-04-11');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/at most 100 days/);
    expect((await calendar('from=2031-01-01&to=2031-04-10')).status).toBe(200);
    expect((await calendar('from=2031-03-02&to=2031-03-01')).status).toBe(400);
    expect((await calendar('from=2031-3-1&to=2031-03-01')).status).toBe(400);
    expect((await calendar('from=2031-03-01&to=2031-03-01&kinds=birthday')).status).toBe(400);
    expect((await app.api('/api/calendar?from=2031-03-01&to=2031-03-01')).status).toBe(401);
    // A translator reads it too (everything they may read).
    expect((await calendar('from=2031-03-01&to=2031-03-01', translator)).status).toBe(200);

    // A release scheduled at midnight Tashkent is on its day, not the day before.
    const release = (await app.api('/api/releases', { token: editor, body: { title: 'Yangi yil relizi', publishAt: '2031-03-01T00:00:00+05:00' } })).body.data as { _id: string };
    const withRelease = (await calendar('from=2031-03-01&to=2031-03-01&kinds=release')).body.data;
    expect(withRelease).toEqual([{ kind: 'release', type: 'releases', id: release._id, title: 'Yangi yil relizi', at: '2031-03-01T00:00:00+05:00', allDay: false }]);
    expect((await calendar('from=2031-02-28&to=2031-02-28&kinds=release')).body.data).toEqual([]);
  });

  it('keeps inForceAt as a validated day, and shows it on the page in its language and in JSON-LD', async () => {
    expect((await app.api('/api/news', { token: admin, body: { title: { uz: 'X' }, excerpt: all, category: all, content: all, inForceAt: '2027-02-30' } })).status).toBe(400);
    expect((await app.api('/api/news', { token: admin, body: { title: { uz: 'X' }, excerpt: all, category: all, content: all, inForceAt: 'soon' } })).status).toBe(400);
    const law = await article('Soliq kodeksi kuchga kiradi', { inForceAt: '2027-01-01' });
    expect((await app.api(`/api/news/${law._id}`)).body.data.inForceAt).toBe('2027-01-01');
    const page = async (lang: string) => (await fetch(`${app.url}/${lang}/news/${law.slug}`)).text();
    const [uz, ru, en] = [await page('uz'), await page('ru'), await page('en')];
    expect(uz).toContain('Kuchga kirish sanasi: 1-yanvar, 2027');
    expect(ru).toContain('Действует с 1 января 2027');
    expect(en).toMatch(/In force from (January 1, 2027|1 January 2027)/);
    const ld = (jsonLd(ru) as Array<Record<string, unknown>>).find((item) => item['@type'] === 'NewsArticle');
    expect(ld).toMatchObject({ temporalCoverage: '2027-01-01/..', inLanguage: 'ru' });
    // Cleared, it is gone from the page and the JSON-LD.
    const current = (await app.api(`/api/news/${law._id}`)).body.data;
    expect((await app.api(`/api/news/${law._id}`, { method: 'PUT', token: admin, body: { inForceAt: null, version: current.version } })).status).toBe(200);
    const cleared = await page('ru');
    expect(cleared).not.toContain('Действует с');
    expect((jsonLd(cleared) as Array<Record<string, unknown>>).find((item) => item['@type'] === 'NewsArticle')).not.toHaveProperty('temporalCoverage');
  });
});
