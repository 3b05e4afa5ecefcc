import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { clientNetwork } from '../../domain/shared/request-limit.ts';
import { requestFrom } from '../helpers/local-address.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Alerts by e-mail (API-3.md "Alerts"): double opt-in, settings and unsubscribing without an account. */

const form = (values: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const item of [value].flat()) body.append(name, item);
  return body;
};

describe.each(DIALECTS)('subscriptions to alerts on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let topics: string[];
  const page = (path: string, init: RequestInit = {}) => fetch(app.url + path, { redirect: 'manual', ...init });
  const post = (path: string, values: Record<string, string | string[]>) => page(path, { method: 'POST', body: form(values) });
  // Each from an address of its own (the whole 127/8 is local): the tests' visitors are not one sender over the limit.
  let sender = 100;
  const subscribe = (body: unknown) => requestFrom(`127.0.0.${(sender += 1)}`, `${app.url}/api/subscriptions`, { body });
  const linkIn = (body: string, path: string) => new RegExp(`https://lawfirm\\.test(/[a-z-]*)?${path}/[A-Za-z0-9._-]+`).exec(body)?.[0].replace('https://lawfirm.test', '') ?? '';

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
    admin = await app.login();
    topics = (await app.api('/api/services?limit=3')).body.data.map((service: { _id: string }) => service._id);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('asks to confirm by e-mail; opening the link confirms nothing, its button does; a known address gets the same answer', async () => {
    const body = { email: 'Counsel@Client.uz', language: 'ru', topics: [topics[0]], consent: true };
    const first = await app.api('/api/subscriptions', { body });
    expect(first.status).toBe(202);
    await expect.poll(() => smtp.to('counsel@client.uz').length, { timeout: 10_000 }).toBe(1);
    const confirmation = smtp.to('counsel@client.uz')[0];
    expect(confirmation.body).toContain('Подтвердить подписку');
    const link = linkIn(confirmation.body, '/subscribe/confirm');
    expect(link).toMatch(/^\/ru\/subscribe\/confirm\//);
    // A mail scanner opening the link: the page asks, nothing is confirmed.
    const opened = await page(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const html = await opened.text();
    expect(html).toContain('counsel@client.uz');
    expect(html).toMatch(/<form[^>]*method="post"/);
    const waiting = (await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'counsel@client.uz');
    expect(waiting).toMatchObject({ state: 'pending', language: 'ru', topics: [topics[0]], consent: { version: expect.any(String), language: 'ru', topics: [topics[0]] } });
    expect(waiting.consent.text).toContain('правовые новости');
    // The button: confirmed.
    const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    expect(heading(html)).toBe('Подтвердите подписку');
    const pressed = await post(link, {});
    expect(pressed.status).toBe(200);
    const done = await pressed.text();
    expect(done).toContain('Готово');
    // Confirmed: the heading says so, no longer asking for it (the link opened again, too).
    expect(heading(done)).toBe('Подписка подтверждена');
    expect(heading(await (await page(link)).text())).toBe('Подписка подтверждена');
    expect((await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'counsel@client.uz').state).toBe('confirmed');
    // The same address again: the same answer, and no second confirmation (a note with the settings link, at most once in 10 minutes).
    const again = await app.api('/api/subscriptions', { body: { ...body, email: 'counsel@client.uz' } });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const unknown = await app.api('/api/subscriptions', { body: { ...body, email: 'nobody-yet@client.uz' } });
    expect(unknown.body).toEqual(first.body);
    // An altered link: a page that says so.
    const altered = await page(link.slice(0, -3) + 'AAA');
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain('Ссылка не работает');
  });

  it('refuses an address that is not one, no consent, an unknown topic or language, each naming its field', async () => {
    const good = { email: 'a@b.uz', language: 'uz', topics: [topics[0]], consent: true };
    const refused = async (body: unknown) => {
      const response = await app.api('/api/subscriptions', { body });
      expect(response.status).toBe(400);
      return response.body.details[0].path;
    };
    expect(await refused({ ...good, email: 'not-an-address' })).toBe('email');
    expect(await refused({ ...good, consent: false })).toBe('consent');
    expect(await refused({ ...good, topics: ['0'.repeat(24)] })).toBe('topics');
    expect(await refused({ ...good, topics: [] })).toBe('topics');
    expect(await refused({ ...good, language: 'xx' })).toBe('language');
    expect((await app.api('/api/subscriptions', { body: { ...good, extra: 1 } })).status).toBe(400);
    expect(smtp.to('a@b.uz')).toEqual([]);
  });

  it('works without JavaScript: the form names each refused field in Uzbek and Russian, then subscribes', async () => {
    const refused = await post('/subscribe', { email: 'yomon', language: 'uz' });
    expect(refused.status).toBe(400);
    const uz = await refused.text();
    expect(uz).toContain('to‘g‘ri e-pochta kiriting');
    expect(uz).toContain('Kamida bitta mavzuni tanlang');
    expect(uz).toContain('Rozilik belgisini qo‘ying');
    expect(uz).toContain('value="yomon"');
    const ru = await (await post('/ru/subscribe', { email: '', language: 'ru', topics: [topics[1]], consent: 'true' })).text();
    expect(ru).toContain('Пожалуйста, укажите эл. почту');
    expect(ru).not.toContain('Выберите хотя бы одну тему');
    const sent = await post('/ru/subscribe', { email: 'nojs@client.uz', language: 'ru', topics: [topics[1], topics[2]], consent: 'true' });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('письмо для подтверждения уже в пути');
    await expect.poll(() => smtp.to('nojs@client.uz').length, { timeout: 10_000 }).toBe(1);
    // The form page itself is the same for everyone, and cached like other pages.
    const shown = await page('/subscribe');
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('name="topics"');
  });

  it('ends an article with the alerts form (its topics ticked) that subscribes without JavaScript in the page’s language', async () => {
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Mavzuli maqola', ru: 'Статья с темой' }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Soliq' }, topics: [topics[2]] } })).body.data;
    const html = await (await page(`/ru/news/${article.slug}`)).text();
    const form = html.slice(html.indexOf('aria-labelledby="alerts-invite"'));
    expect(form).toContain('action="/ru/subscribe"');
    const box = /<input[^>]*name="topics"[^>]*>/.exec(form)![0];
    expect(box).toContain(`value="${topics[2]}"`);
    expect(box).toContain('checked=""');
    expect(form).not.toContain(`value="${topics[0]}"`);
    expect(form).toContain('name="language" value="ru"');
    const sent = await post('/ru/subscribe', { language: 'ru', topics: [topics[2]], email: 'reader@client.uz', consent: 'true' });
    expect(await sent.text()).toContain('письмо для подтверждения уже в пути');
    await expect.poll(() => smtp.to('reader@client.uz').length, { timeout: 10_000 }).toBe(1);
    // An article without topics invites to the page where they are chosen.
    const plain = (await app.api('/api/news?limit=20')).body.data.find((item: { topics: string[] }) => item.topics.length === 0);
    const invite = await (await page(`/news/${plain.slug}`)).text();
    expect(invite).toContain('href="/subscribe"');
  });

  it('offers public industries as topics beside practice areas, each group under its heading, on /subscribe and at an article’s end', async () => {
    const industries = (await app.api('/api/industries')).body.data as Array<{ _id: string; title: Record<string, string> }>;
    expect(industries.length).toBeGreaterThan(0);
    const industry = industries[0];
    // The API takes an industry as a topic; an inactive one is not offered.
    const subscribed = await subscribe({ email: 'energy@client.uz', language: 'ru', topics: [industry._id, topics[0]], consent: true });
    expect(subscribed.status).toBe(202);
    await expect.poll(() => smtp.to('energy@client.uz').length, { timeout: 10_000 }).toBe(1);
    expect(smtp.to('energy@client.uz')[0].body).toContain(industry.title.ru);
    const hidden = await app.api('/api/industries', { token: admin, body: { title: { uz: 'Yopiq soha', ru: 'Скрытая отрасль' }, description: { uz: 'Matn' }, isActive: false } });
    expect(hidden.status, hidden.text).toBe(201);
    const refused = await subscribe({ email: 'hidden@client.uz', language: 'ru', topics: [hidden.body.data._id], consent: true });
    expect([refused.status, refused.body.details[0].path]).toEqual([400, 'topics']);
    // The page: practice areas and industries, each under its heading, in the page's language.
    const ru = await (await page('/ru/subscribe')).text();
    const groups = [...ru.matchAll(/<legend[^>]*>([^<]+)<\/legend>/g)].map((match) => match[1]);
    expect(groups).toEqual(expect.arrayContaining(['Направления практики', 'Отрасли']));
    expect(ru.slice(ru.indexOf('Отрасли'))).toContain(`value="${industry._id}"`);
    expect(ru.slice(ru.indexOf('Направления практики'), ru.indexOf('Отрасли'))).not.toContain(`value="${industry._id}"`);
    const uz = await (await page('/subscribe')).text();
    expect(uz).toContain('Faoliyat yo‘nalishlari');
    expect(uz).toContain('>Sohalar<');
    // An article with an industry among its topics offers it at its end, under its heading.
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'Energetika yangiligi', ru: 'Новость энергетики' }, excerpt: { uz: 'x', ru: 'x' }, content: { uz: 'Matn', ru: 'Текст' }, category: { uz: 'Soliq' }, topics: [industry._id] } })).body.data;
    const html = await (await page(`/ru/news/${article.slug}`)).text();
    const form = html.slice(html.indexOf('aria-labelledby="alerts-invite"'));
    expect(form).toContain('Отрасли');
    expect(/<input[^>]*name="topics"[^>]*>/.exec(form)![0]).toContain(`value="${industry._id}"`);
  });

  it('changes topics and language, and unsubscribes with one POST without a session (List-Unsubscribe-Post)', async () => {
    await subscribe({ email: 'prefs@client.uz', language: 'uz', topics: [topics[0]], consent: true });
    await expect.poll(() => smtp.to('prefs@client.uz').length, { timeout: 10_000 }).toBe(1);
    await post(linkIn(smtp.to('prefs@client.uz')[0].body, '/subscribe/confirm'), {});
    const subscriber = (await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'prefs@client.uz');
    expect(subscriber.state).toBe('confirmed');
    const token = await app.services.subscriptions.manageToken(subscriber._id);
    const settings = await page(`/subscribe/preferences/${token}`);
    expect(settings.headers.get('cache-control')).toBe('no-store');
    expect(await settings.text()).toContain('prefs@client.uz');
    expect((await post(`/subscribe/preferences/${token}`, { language: 'ru', topics: [] })).status).toBe(400);
    const saved = await post(`/subscribe/preferences/${token}`, { language: 'ru', topics: [topics[1], topics[2]] });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Saqlandi');
    expect((await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'prefs@client.uz')).toMatchObject({ language: 'ru', topics: [topics[1], topics[2]] });
    // One click, as mail programs send it (RFC 8058): multipart/form-data (the RFC's SHOULD), a
    // urlencoded form, or no body at all; each unsubscribes.
    const state = async () => (await app.api('/api/subscriptions', { token: admin })).body.data.find((item: { email: string }) => item.email === 'prefs@client.uz').state;
    const multipart = new FormData();
    multipart.append('List-Unsubscribe', 'One-Click');
    const clicks: Array<RequestInit> = [
      { method: 'POST', body: multipart },
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' },
      { method: 'POST' },
    ];
    for (const click of clicks) {
      await app.services.database.db.updateTable('subscribers').set({ state: 'confirmed' }).where('email', '=', 'prefs@client.uz').execute();
      const oneClick = await page(`/unsubscribe/${token}`, click);
      expect(oneClick.status, String(click.body)).toBe(200);
      expect(await state()).toBe('unsubscribed');
    }
    expect(await (await page(`/unsubscribe/${token}`)).text()).toContain('prefs@client.uz');
    expect((await page(`/unsubscribe/${token.slice(0, -1)}x`)).status).toBe(404);
  });

  it('lists subscribers for administrators with counts and a CSV; removes one; the privacy kit exports and erases them', async () => {
    await subscribe({ email: 'privacy@client.uz', language: 'uz', topics: [topics[0]], consent: true });
    expect((await app.api('/api/subscriptions')).status).toBe(401);
    const editor = await app.api('/api/auth/users', { token: admin, body: { email: `editor-${dialect}@example.uz`, password: 'a-long-password-1', role: 'editor' } });
    expect(editor.status).toBe(201);
    const editorToken = await app.login(`editor-${dialect}@example.uz`, 'a-long-password-1');
    expect((await app.api('/api/subscriptions', { token: editorToken })).status).toBe(403);
    const counts = (await app.api('/api/subscriptions/counts', { token: admin })).body.data;
    expect(counts.byState.confirmed).toBeGreaterThanOrEqual(1);
    expect(counts.byTopic.find((topic: { _id: string }) => topic._id === topics[0]).count).toBeGreaterThanOrEqual(1);
    const csv = await fetch(`${app.url}/api/subscriptions/export?lang=ru`, { headers: { authorization: `Bearer ${admin}` } });
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // With a byte order mark: Excel opens the Cyrillic as it is.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Эл. почта,Язык,Темы,Статус,Подписка,Подтверждена');
    expect(text).toContain('privacy@client.uz,uz,');
    expect(text).toContain('ждёт подтверждения');
    const exported = await app.api('/api/contact/export?email=privacy@client.uz', { token: admin });
    expect(exported.body.subscriptions).toMatchObject([{ email: 'privacy@client.uz', state: 'pending', consent: { language: 'uz' } }]);
    const erased = await app.api('/api/contact/by-email?email=privacy@client.uz', { method: 'DELETE', token: admin });
    expect(erased.body.data).toMatchObject({ subscriptions: 1 });
    expect((await app.api('/api/contact/export?email=privacy@client.uz', { token: admin })).body.subscriptions).toEqual([]);
    const one = (await app.api('/api/subscriptions', { token: admin })).body.data[0];
    expect((await app.api(`/api/subscriptions/${one._id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await app.api(`/api/subscriptions/${one._id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  it('forgets addresses not confirmed within 7 days, and their confirmation links stop working', async () => {
    await subscribe({ email: 'late@client.uz', language: 'uz', topics: [topics[0]], consent: true });
    await expect.poll(() => smtp.to('late@client.uz').length, { timeout: 10_000 }).toBe(1);
    const link = linkIn(smtp.to('late@client.uz')[0].body, '/subscribe/confirm');
    expect(await app.services.subscriptions.forgetUnconfirmed(Date.now())).toEqual([]);
    const forgotten = await app.services.subscriptions.forgetUnconfirmed(Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000);
    expect(forgotten.length).toBeGreaterThanOrEqual(1);
    expect((await app.api('/api/subscriptions', { token: admin })).body.data.some((item: { email: string }) => item.email === 'late@client.uz')).toBe(false);
    expect((await page(link)).status).toBe(404);
  });
});

describe.each(DIALECTS)('limits on subscribing on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let topic: string;
  const from = (address: string, email: string) => requestFrom(address, `${app.url}/api/subscriptions`, { body: { email, language: 'ru', topics: [topic], consent: true } });

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { demo: true, ssr: true, env: { SMTP_URL: smtp.url } });
    topic = (await app.api('/api/services?limit=1')).body.data[0]._id;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('answers the 6th request of one sender within the hour with 429 and Retry-After, another sender still subscribes', async () => {
    for (let n = 1; n <= 5; n += 1) expect((await from('127.0.0.2', `invented${n}-${dialect}@client.uz`)).status).toBe(202);
    const sixth = await from('127.0.0.2', `invented6-${dialect}@client.uz`);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(sixth.body.error).toBe('You have asked for alerts several times in a short time. Please try again in an hour.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Refused fields do not count, and the same form without JavaScript says it in the page's language.
    const page = await requestFrom('127.0.0.2', `${app.url}/ru/subscribe`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({ email: 'nojs@client.uz', language: 'ru', topics: topic, consent: 'true' }).toString(),
    });
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBeTruthy();
    expect(page.text).toContain('За короткое время пришло слишком много запросов на подписку');
    const other = await from('127.0.0.3', `someone-${dialect}@client.uz`);
    expect(other.status).toBe(202);
    await expect.poll(() => smtp.to(`someone-${dialect}@client.uz`).length, { timeout: 10_000 }).toBe(1);
    expect(smtp.to(`invented6-${dialect}@client.uz`)).toHaveLength(0);
  });

  it('queues at most 30 confirmations a minute for the whole site, whoever asks', async () => {
    // Senders 127.0.0.10 … each asking once (the previous test queued 6 already this minute).
    const answers: number[] = [];
    for (let n = 10; n < 40; n += 1) answers.push((await from(`127.0.0.${n}`, `crowd${n}-${dialect}@client.uz`)).status);
    expect(answers.filter((status) => status === 202).length).toBe(30 - 6);
    const refused = await from('127.0.0.50', `late-${dialect}@client.uz`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Many people are subscribing right now. Please try again in a minute.');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('who the limits count as one sender', () => {
  it('takes an IPv4 address as it is and an IPv6 address by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:0DB8:00aa:bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('subscriptions without e-mail set up', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(() => app?.close());

  it('answers 503 with what to do instead', async () => {
    const response = await app.api('/api/subscriptions', { body: { email: 'a@b.uz', language: 'uz', topics: ['0'.repeat(24)], consent: true } });
    expect(response.status).toBe(503);
    expect(response.body.error).toContain('write to the firm');
  });
});
