/*
 * Never losing an edit (API-4.md), the server's side, on both databases: autosaves per user and
 * record (nobody else's, never public, no cached page dropped, size and translator limits, gone
 * after the owner's save, the record's deletion or 30 days), presence (two people, expiry at 60 s
 * on a moved clock, take-over, the lists' read) and a stale save's 409 with what changed and who.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a-long-enough-password-1';
const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe.each(DIALECTS)('autosaves, presence and conflicts on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let alice: string;
  let bobo: string;
  let translator: string;
  const ids: Record<string, string> = {};

  async function account(email: string, name: string, role: string, languages?: string[]) {
    const made = await app.api('/api/auth/users', { token: admin, body: { email, name, password: PASSWORD, role, ...(languages ? { languages } : {}) } });
    expect(made.status).toBe(201);
    ids[name] = made.body.data._id;
    return app.login(email, PASSWORD);
  }
  async function article(title: string) {
    const created = await app.api('/api/news', { token: admin, body: { title: { uz: title, ru: `${title} ru` }, excerpt: { uz: 'Qisqacha' }, category: { uz: 'Soliq' }, content: { uz: paragraph('Matn.') }, published: true } });
    expect(created.status).toBe(201);
    return created.body.data as { _id: string; slug: string; version: number };
  }
  const moveClock = (ms: number) => {
    app.services.edits.clock.now = () => Date.now() + ms;
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, { ssr: true });
    admin = await app.login();
    alice = await account('alisher@example.uz', 'Alisher', 'editor');
    bobo = await account('bobur@example.uz', 'Bobur', 'editor');
    translator = await account('tarjimon@example.uz', 'Tarjimon', 'translator', ['ru']);
  });
  afterAll(() => app?.close());

  it('keeps one autosave per user and record, which only its owner reads', async () => {
    const { _id: id, version } = await article('Avtosaqlash');
    const put = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { title: { uz: 'Alisherning matni' }, content: { uz: paragraph('Yozilmoqda…') } }, baseVersion: version } });
    expect(put.status).toBe(200);
    expect(Date.parse(put.body.data.savedAt)).toBeGreaterThan(0);
    const mine = await app.api(`/api/news/${id}/autosave`, { token: alice });
    expect(mine.body.data).toEqual({ fields: { title: { uz: 'Alisherning matni' }, content: { uz: paragraph('Yozilmoqda…') } }, baseVersion: version, savedAt: put.body.data.savedAt });
    // Another editor has none of their own, and cannot read Alisher's.
    expect((await app.api(`/api/news/${id}/autosave`, { token: bobo })).status).toBe(404);
    expect((await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: bobo, body: { fields: { excerpt: { uz: 'Boburniki' } }, baseVersion: version } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { token: alice })).body.data.fields).toEqual({ title: { uz: 'Alisherning matni' }, content: { uz: paragraph('Yozilmoqda…') } });
    // A second autosave replaces the first.
    await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { title: { uz: 'Ikkinchi' } }, baseVersion: version } });
    expect((await app.api(`/api/news/${id}/autosave`, { token: alice })).body.data.fields).toEqual({ title: { uz: 'Ikkinchi' } });
    // Never public.
    expect((await app.api(`/api/news/${id}/autosave`)).status).toBe(401);
    expect(JSON.stringify((await app.api(`/api/news/${id}`)).body)).not.toContain('Ikkinchi');
    expect((await app.api(`/api/news/${id}/autosave`, { method: 'DELETE', token: alice })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { token: alice })).status).toBe(404);
    expect((await app.api(`/api/news/${id}/autosave`, { token: bobo })).status).toBe(200);
    // A record that does not exist has no autosave.
    expect((await app.api('/api/news/ffffffffffffffffffffffff/autosave', { method: 'PUT', token: alice, body: { fields: {}, baseVersion: 1 } })).status).toBe(404);
  });

  it('drops no cached page and writes nothing to the activity log', async () => {
    const { _id: id, slug, version } = await article('Kesh sahifasi');
    const page = async () => (await fetch(`${app.url}/news/${slug}`)).headers.get('x-cache');
    // A news article's own read counts views and is never cached: the list is.
    const api = async () => (await fetch(`${app.url}/api/news?limit=50`)).headers.get('x-cache');
    await page();
    await api();
    expect(await page()).toBe('hit');
    expect(await api()).toBe('hit');
    const activity = async () => JSON.stringify((await app.api('/api/admin/activity', { token: admin })).body.data);
    const before = await activity();
    for (let n = 0; n < 3; n += 1) {
      expect((await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { title: { uz: `Yangi ${n}` } }, baseVersion: version } })).status).toBe(200);
      expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: { field: 'title', lang: 'uz' } })).status).toBe(200);
    }
    expect(await page()).toBe('hit');
    expect(await api()).toBe('hit');
    expect(await activity()).toBe(before);
  });

  it('refuses an autosave too large (413), of fields the type has not, or of a broken document (400)', async () => {
    const { _id: id, version } = await article('Chegaralar');
    const large = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { content: { uz: paragraph('x'.repeat(1_000_000)) } }, baseVersion: version } });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ path: 'fields', code: 'too_large' }] });
    expect(large.body.error).toMatch(/too large to keep .* save the record now/);
    const unknown = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { nosuchfield: 1 }, baseVersion: version } });
    expect(unknown.status).toBe(400);
    const broken = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { content: { uz: { type: 'doc', content: [{ type: 'script', text: 'x' }] } } }, baseVersion: version } });
    expect(broken.status).toBe(400);
    expect(broken.body.details[0].path).toMatch(/^content\.uz/);
    expect((await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: {} } })).status).toBe(400);
  });

  it('lets a translator autosave the texts of their languages only', async () => {
    const { _id: id, version } = await article('Tarjima');
    const ru = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: translator, body: { fields: { title: { uz: 'Tarjima', ru: 'Перевод' } }, baseVersion: version } });
    expect(ru.status).toBe(200);
    const uz = await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: translator, body: { fields: { title: { uz: 'Boshqa', ru: 'Перевод' } }, baseVersion: version } });
    expect(uz.status).toBe(403);
    expect(uz.body.error).toMatch(/only the RU texts; "title\.uz"/);
    expect((await app.api(`/api/news/${id}/autosave`, { token: translator })).body.data.fields.title.ru).toBe('Перевод');
    // Writing in the working copy: measured against the copy as well as the record.
    expect((await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: admin, body: { title: { uz: 'Nusxadagi', ru: 'Tarjima ru' } } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: translator, body: { fields: { title: { uz: 'Nusxadagi', ru: 'В копии' } }, baseVersion: version } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: translator, body: { fields: { title: { uz: 'Uchinchi', ru: 'В копии' } }, baseVersion: version } })).status).toBe(403);
  });

  it('drops the owner’s autosave when their save goes through, everyone’s when the record is deleted, and each after 30 days', async () => {
    const { _id: id, version } = await article('Saqlash');
    for (const token of [alice, bobo]) await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token, body: { fields: { excerpt: { uz: 'Qoralama' } }, baseVersion: version } });
    expect((await app.api(`/api/news/${id}`, { method: 'PUT', token: alice, body: { excerpt: { uz: 'Saqlandi' }, version } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { token: alice })).status).toBe(404);
    expect((await app.api(`/api/news/${id}/autosave`, { token: bobo })).status).toBe(200);
    // A working copy saved is a save too.
    await app.api(`/api/news/${id}/autosave`, { method: 'PUT', token: alice, body: { fields: { excerpt: { uz: 'Nusxa' } }, baseVersion: version + 1 } });
    expect((await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: alice, body: { excerpt: { uz: 'Nusxa' } } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { token: alice })).status).toBe(404);

    const other = await article('Muddati');
    await app.api(`/api/news/${other._id}/autosave`, { method: 'PUT', token: alice, body: { fields: { excerpt: { uz: 'Eski' } }, baseVersion: other.version } });
    expect((await app.api(`/api/news/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/versions/${version + 1}/restore`, { token: admin, body: {} })).status).toBe(200);
    expect((await app.api(`/api/news/${id}/autosave`, { token: bobo })).status).toBe(404);
    moveClock(31 * 86_400_000);
    try {
      expect((await app.api(`/api/news/${other._id}/autosave`, { token: alice })).status).toBe(404);
      expect(await app.services.edits.autosaves.expire()).toBeGreaterThan(0);
    } finally {
      moveClock(0);
    }
  });

  it('shows who else has a record open and where, forgets them 60 s after their last heartbeat or at once when they leave', async () => {
    const { _id: id } = await article('Kim tahrirlayapti');
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data).toEqual({ editors: [] });
    const seen = await app.api(`/api/news/${id}/presence`, { token: bobo, body: { field: 'title', lang: 'ru' } });
    expect(seen.body.data.editors).toEqual([{ _id: ids.Alisher, name: 'Alisher', since: expect.any(String), field: null, lang: null }]);
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: { field: 'content', lang: 'uz' } })).body.data.editors).toEqual([{ _id: ids.Bobur, name: 'Bobur', since: expect.any(String), field: 'title', lang: 'ru' }]);
    // The list's avatars: every record of the type someone else has open.
    const list = await app.api('/api/presence?type=news', { token: admin });
    expect(list.body.data.find((row: { id: string }) => row.id === id).editors.map((editor: { name: string }) => editor.name)).toEqual(['Alisher', 'Bobur']);
    expect((await app.api('/api/presence?type=nothing', { token: admin })).status).toBe(400);
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: { field: 'nosuchfield' } })).status).toBe(400);

    // 59 s later Bobur still counts; 61 s later only whoever sent a heartbeat since.
    moveClock(59_000);
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data.editors).toHaveLength(1);
    moveClock(61_000);
    try {
      expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data.editors).toEqual([]);
      expect((await app.api('/api/presence?type=news', { token: admin })).body.data.find((row: { id: string }) => row.id === id).editors.map((editor: { name: string }) => editor.name)).toEqual(['Alisher']);
      await app.api(`/api/news/${id}/presence`, { token: bobo, body: {} });
      expect((await app.api(`/api/news/${id}/presence`, { method: 'DELETE', token: bobo })).status).toBe(200);
      expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data.editors).toEqual([]);
    } finally {
      moveClock(0);
    }
  });

  it('tells the others’ next heartbeat who took over, until that person leaves', async () => {
    const { _id: id } = await article('Egallash');
    await app.api(`/api/news/${id}/presence`, { token: alice, body: {} });
    const took = await app.api(`/api/news/${id}/presence`, { token: bobo, body: { takeOver: true } });
    expect(took.body.data.takenOverBy).toBeUndefined();
    const told = (await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data;
    expect(told.takenOverBy).toEqual({ _id: ids.Bobur, name: 'Bobur', at: expect.any(String) });
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data.takenOverBy?.name).toBe('Bobur');
    expect((await app.api(`/api/news/${id}/presence`, { token: bobo, body: {} })).body.data.takenOverBy).toBeUndefined();
    await app.api(`/api/news/${id}/presence`, { method: 'DELETE', token: bobo });
    expect((await app.api(`/api/news/${id}/presence`, { token: alice, body: {} })).body.data.takenOverBy).toBeUndefined();
  });

  it('answers a stale save with the record now, the fields changed since (per language) and who changed them (ten rounds of two saves at once)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { _id: id, version } = await article(`Ziddiyat ${round}`);
      const [first, second] = await Promise.all([
        app.api(`/api/news/${id}`, { method: 'PUT', token: alice, body: { title: { uz: `Ziddiyat ${round}`, ru: 'Алишер' }, version } }),
        app.api(`/api/news/${id}`, { method: 'PUT', token: bobo, body: { excerpt: { uz: 'Bobur' }, version } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const [won, lost, winner, changed] = first.status === 200 ? [first, second, 'Alisher', ['title.ru']] : [second, first, 'Bobur', ['excerpt.uz']];
      expect(lost.body).toMatchObject({ code: 'CONFLICT', reason: 'stale_version' });
      const [detail] = lost.body.details;
      expect(detail).toMatchObject({ code: 'stale_version', path: 'version', changedFields: changed, changedBy: { _id: ids[winner], name: winner } });
      expect(detail.current).toMatchObject({ _id: id, version: won.body.data.version });
      expect(lost.body.error).toContain(`${winner} saved this`);
    }
  });

  it('answers publishing a working copy made before a later save with what changed since', async () => {
    const { _id: id, version } = await article('Nusxa ziddiyati');
    expect((await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: alice, body: { excerpt: { uz: 'Nusxada' }, version } })).status).toBe(200);
    expect((await app.api(`/api/news/${id}`, { method: 'PUT', token: bobo, body: { title: { uz: 'Nusxa ziddiyati', ru: 'Новое' }, version } })).status).toBe(200);
    const refused = await app.api(`/api/news/${id}/draft/publish`, { token: admin, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.details[0]).toMatchObject({ code: 'stale_version', changedFields: ['title.ru'], changedBy: { name: 'Bobur' }, current: { _id: id, version: version + 1, hasDraft: true } });
  });

  it('answers a working copy saved over a colleague’s newer copy with their copy and who saved it', async () => {
    const { _id: id, version } = await article('Nusxa ustiga');
    const made = await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: alice, body: { excerpt: { uz: 'Alisherniki' }, version, draftVersion: 0 } });
    expect(made.status).toBe(200);
    expect((await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: bobo, body: { excerpt: { uz: 'Boburniki' }, draftVersion: made.body.data.draftVersion } })).status).toBe(200);
    const refused = await app.api(`/api/news/${id}/draft`, { method: 'PUT', token: alice, body: { excerpt: { uz: 'Alisher yana' }, draftVersion: made.body.data.draftVersion } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'copy_changed', details: [{ code: 'copy_changed', changedBy: { _id: ids.Bobur, name: 'Bobur' }, current: { _id: id, excerpt: { uz: 'Boburniki' }, hasDraft: true } }] });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('presence across two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp('postgres');
    second = await startTestApp('postgres', { existing: { dataDir: first.dataDir, schema: first.schema } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shows each instance’s editors on the other, forgets them after 60 s on both, and carries a take-over across (ten rounds)', async () => {
    const admin = await first.login();
    const made = await first.api('/api/auth/users', { token: admin, body: { email: 'ikkinchi@example.uz', name: 'Ikkinchi', password: PASSWORD, role: 'editor' } });
    expect(made.status).toBe(201);
    const other = await second.login('ikkinchi@example.uz', PASSWORD);
    const adminId = (await first.api('/api/auth/me', { token: admin })).body.data._id as string;
    for (let round = 0; round < 10; round += 1) {
      const created = await first.api('/api/faqs', { token: admin, body: { question: { uz: `Savol ${round}` }, answer: { uz: 'Javob' } } });
      expect(created.status, created.text).toBe(201);
      const id = created.body.data._id as string;
      // At the same moment, one on each instance.
      await Promise.all([first.api(`/api/faqs/${id}/presence`, { token: admin, body: { field: 'question', lang: 'uz' } }), second.api(`/api/faqs/${id}/presence`, { token: other, body: { field: 'answer', lang: 'ru' } })]);
      const seenOnFirst = (await first.api(`/api/faqs/${id}/presence`, { token: admin, body: { field: 'question', lang: 'uz' } })).body.data;
      expect(seenOnFirst.editors).toEqual([{ _id: made.body.data._id, name: 'Ikkinchi', since: expect.any(String), field: 'answer', lang: 'ru' }]);
      const seenOnSecond = (await second.api(`/api/faqs/${id}/presence`, { token: other, body: { field: 'answer', lang: 'ru', takeOver: true } })).body.data;
      expect(seenOnSecond.editors.map((editor: { _id: string }) => editor._id)).toEqual([adminId]);
      expect((await first.api(`/api/faqs/${id}/presence`, { token: admin, body: {} })).body.data.takenOverBy).toMatchObject({ _id: made.body.data._id, name: 'Ikkinchi' });
      expect((await second.api('/api/presence?type=faqs', { token: other })).body.data).toContainEqual({ id, editors: [expect.objectContaining({ _id: adminId })] });
      // A minute and a second later, on either instance, nobody who sent nothing since is shown.
      for (const app of [first, second]) app.services.edits.clock.now = () => Date.now() + 61_000;
      try {
        expect((await second.api(`/api/faqs/${id}/presence`, { token: other, body: {} })).body.data.editors).toEqual([]);
        expect((await first.api('/api/presence?type=faqs', { token: admin })).body.data.find((row: { id: string }) => row.id === id)).toMatchObject({ editors: [{ name: 'Ikkinchi' }] });
      } finally {
        for (const app of [first, second]) app.services.edits.clock.now = () => Date.now();
      }
    }
  });
});
