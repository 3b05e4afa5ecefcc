import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* Alerts out (API-3.md "Alerts"): an article with `notify` goes once to each subscriber of its topics. */

describe.each(DIALECTS)('alerts by e-mail on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let topics: string[];
  // Every e-mail signed with DKIM (a key made here; the verifier's DNS look-up answers with its public half).
  const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = () => ({
    SMTP_URL: smtp.url,
    DKIM_DOMAIN: 'lawfirm.test',
    DKIM_SELECTOR: 'alerts2026',
    // As one line of an environment file: the PEM's line breaks written as \n.
    DKIM_PRIVATE_KEY: dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
  });
  const publishedKey = `v=DKIM1; k=rsa; p=${dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  const alertsTo = (address: string, title: string) => smtp.to(address).filter((mail) => mail.body.includes(title));

  async function subscriber(email: string, language: string, chosen: string[]) {
    if ((await first.api('/api/subscriptions', { body: { email, language, topics: chosen, consent: true } })).status !== 202) throw new Error(`could not subscribe ${email}`);
    for (let waited = 0; smtp.to(email).length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const link = /https:\/\/lawfirm\.test(\/[a-z-]*)?\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(smtp.to(email)[0].body)![0].replace('https://lawfirm.test', '');
    if ((await fetch(first.url + link, { method: 'POST', body: new URLSearchParams() })).status !== 200) throw new Error(`could not confirm ${email}`);
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    first = await startTestApp(dialect, { demo: true, ssr: true, env: env() });
    // A second instance on the same database: each alert is still sent once.
    second = await startTestApp(dialect, { ssr: true, env: env(), existing: { dataDir: first.dataDir, schema: first.schema } });
    admin = await first.login();
    topics = (await first.api('/api/services?limit=2')).body.data.map((service: { _id: string }) => service._id);
    await subscriber('ru@client.uz', 'ru', [topics[0]]);
    await subscriber('uz@client.uz', 'uz', [topics[0], topics[1]]);
    await subscriber('en@client.uz', 'en', [topics[0]]);
    await subscriber('other@client.uz', 'uz', [topics[1]]);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await smtp?.close();
  });

  it('sends a public article with notify once to each subscriber of its topics, in their language, with unsubscribe headers', async () => {
    const title = { uz: 'Yangi soliq kodeksi', ru: 'Новый налоговый кодекс' };
    const created = await first.api('/api/news', { token: admin, body: { title, excerpt: { uz: 'Qisqacha', ru: 'Кратко' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [topics[0]], notify: true, published: true } });
    expect(created.status).toBe(201);
    await expect.poll(() => alertsTo('ru@client.uz', title.ru).length + alertsTo('uz@client.uz', title.uz).length, { timeout: 15_000 }).toBe(2);
    // Nothing in English (the article has no English text), nothing for another topic, and no second copy.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(alertsTo('ru@client.uz', title.ru)).toHaveLength(1);
    expect(alertsTo('uz@client.uz', title.uz)).toHaveLength(1);
    expect(smtp.to('en@client.uz')).toHaveLength(1);
    expect(smtp.to('other@client.uz')).toHaveLength(1);
    const mail = alertsTo('ru@client.uz', title.ru)[0];
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/lawfirm\.test\/ru\/unsubscribe\/[0-9a-f]{24}\.[A-Za-z0-9_-]{43}>, <mailto:[^>]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // RFC 2919: the list named by the site's host from PUBLIC_URL.
    expect(mail.headers['list-id']).toBe('<alerts.lawfirm.test>');
    // Signed: a real DKIM verifier passes it with the published key, for the domain of DKIM_DOMAIN.
    const asked: string[] = [];
    const verified = await dkimVerify(mail.raw, {
      resolver: async (name: string, type: string) => {
        asked.push(`${name} ${type}`);
        return name === 'alerts2026._domainkey.lawfirm.test' && type === 'TXT' ? [[publishedKey]] : [];
      },
    });
    expect(asked).toContain('alerts2026._domainkey.lawfirm.test TXT');
    expect(verified.results.map((result) => [result.signingDomain, result.status.result])).toEqual([['lawfirm.test', 'pass']]);
    expect(mail.headers['content-type']).toMatch(/multipart\/alternative/);
    expect(mail.body).toContain('Кратко');
    expect(mail.body).toMatch(/https:\/\/lawfirm\.test\/ru\/news\/[a-z0-9-]+\?source=email/);
    expect(mail.body).not.toMatch(/<img/i);
    expect(mail.body).toContain('Отписаться');
    // One click from the header unsubscribes, without a session.
    const unsubscribe = /<(https:[^>]+)>/.exec(mail.headers['list-unsubscribe'])![1].replace('https://lawfirm.test', first.url);
    expect((await fetch(unsubscribe, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const log = await first.api(`/api/news/${created.body.data._id}/alerts`, { token: admin });
    expect(log.body.data).toMatchObject({ subscribers: 2, waiting: 0, failed: 0, sent: 2, sentAt: expect.any(String) });
  });

  it('sends an article to the subscribers of its industries too', async () => {
    const industry = (await first.api('/api/industries')).body.data[0]._id as string;
    await subscriber('industry@client.uz', 'ru', [industry]);
    const title = { uz: 'Energetika: yangi tarif', ru: 'Энергетика: новый тариф' };
    const created = await first.api('/api/news', { token: admin, body: { title, excerpt: { uz: 'Q', ru: 'К' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [industry], notify: true, published: true } });
    expect(created.status).toBe(201);
    await expect.poll(() => alertsTo('industry@client.uz', title.ru).length, { timeout: 15_000 }).toBe(1);
    const industryName = (await first.api(`/api/industries/${industry}`)).body.data.title.ru;
    expect(alertsTo('industry@client.uz', title.ru)[0].body).toContain(`(${industryName})`);
    // Subscribers of practice areas only: not sent.
    expect(alertsTo('ru@client.uz', title.ru)).toHaveLength(0);
  });

  it('sends a draft when it is published later, and an article whose working copy is applied only once', async () => {
    const title = { uz: 'Keyin chop etilgan' };
    const draft = (await first.api('/api/news', { token: admin, body: { title, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [topics[1]], notify: true, published: false } })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(alertsTo('other@client.uz', title.uz)).toHaveLength(0);
    const published = await first.api(`/api/news/${draft._id}`, { method: 'PUT', token: admin, body: { ...draft, published: true } });
    expect(published.status).toBe(200);
    await expect.poll(() => alertsTo('other@client.uz', title.uz).length, { timeout: 15_000 }).toBe(1);
    // A change saved as a working copy and applied: the article was public already, it is not sent again.
    const copy = await first.api(`/api/news/${draft._id}/draft`, { method: 'PUT', token: admin, body: { ...published.body.data, excerpt: { uz: 'Yangilangan' } } });
    expect(copy.status).toBeLessThan(300);
    expect((await first.api(`/api/news/${draft._id}/draft/publish`, { method: 'POST', token: admin, body: {} })).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(alertsTo('other@client.uz', title.uz)).toHaveLength(1);
  });

  it('sends a scheduled article when it goes live, a draft never, and nothing again after a restart', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const title = { uz: 'Rejalashtirilgan xabar' };
    await first.api('/api/news', { token: admin, body: { title, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [topics[1]], notify: true, published: true, publishAt: soon } });
    const draft = { uz: 'Qoralama xabar' };
    await first.api('/api/news', { token: admin, body: { title: draft, excerpt: { uz: 'x' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' }, topics: [topics[1]], notify: true, published: false } });
    expect(alertsTo('other@client.uz', title.uz)).toHaveLength(0);
    await expect.poll(() => alertsTo('other@client.uz', title.uz).length, { timeout: 15_000 }).toBe(1);
    expect(alertsTo('uz@client.uz', title.uz)).toHaveLength(1);
    // The second instance restarts: what was sent is not sent again.
    await second?.close();
    second = await startTestApp(dialect, { ssr: true, env: env(), existing: { dataDir: first.dataDir, schema: first.schema } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(alertsTo('other@client.uz', title.uz)).toHaveLength(1);
    expect(alertsTo('other@client.uz', draft.uz)).toHaveLength(0);
  });
});

describe.each(DIALECTS)('the mail rate (MAIL_RATE_PER_MINUTE) on %s', (dialect) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends at most that many alerts a minute, never holding back a message a person waits for; the rest wait in the outbox, none lost', async () => {
    // Five alerts and one confirmation queued at once (one transaction: the sender sees all or none).
    await app.services.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 5; n += 1) await app.services.outbox.enqueue('mail', { to: `reader${n}@client.uz`, subject: `Alert ${n}`, text: 'Matn' }, undefined, trx);
      await app.services.outbox.enqueue('mail-first', { to: 'waiting@client.uz', subject: 'Confirm', text: 'Matn' }, undefined, trx);
    });
    await expect.poll(() => smtp.to('waiting@client.uz').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('reader')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Several more looks at the outbox (every 200 ms here) send no more alerts within the minute.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const alerts = smtp.received.filter((mail) => mail.to.includes('reader')).length;
    expect(alerts).toBeLessThanOrEqual(2);
    expect(await app.services.outbox.state('mail')).toMatchObject({ pending: 5 - alerts, sent: alerts, failed: 0 });
  });

  it('delivers a password reset at once while 500 alerts wait in the queue and the minute’s rate is used up', async () => {
    const admin = await app.login();
    const email = `busy-${dialect}@example.uz`;
    expect((await app.api('/api/auth/users', { token: admin, body: { email, password: 'the-first-password', role: 'editor' } })).status).toBe(201);
    await app.services.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 500; n += 1) await app.services.outbox.enqueue('mail', { to: `bulk${n}@client.uz`, subject: `Alert ${n}`, text: 'Matn' }, undefined, trx);
    });
    expect((await app.services.outbox.state('mail')).pending).toBeGreaterThanOrEqual(500);
    const asked = Date.now();
    expect((await app.api('/api/auth/password-reset', { body: { email } })).status).toBe(202);
    await expect.poll(() => smtp.to(email).length, { timeout: 4000, interval: 50 }).toBe(1);
    expect(Date.now() - asked).toBeLessThan(4000);
    expect(smtp.to(email)[0].body).toMatch(/\/admin\/reset\/[A-Za-z0-9_-]{43}/);
    // The alerts still keep to the rate.
    expect(smtp.received.filter((mail) => /bulk\d+@/.test(mail.to)).length).toBeLessThanOrEqual(2);
  });
});
