import { expect } from 'vitest';
import { requestFrom } from './local-address.ts';
import type { startSmtp } from './smtp.ts';
import type { TestApp } from './test-app.ts';

/** One visit of a signed link's page: opened, or its form sent (`post`) after it was opened. */
export interface TokenPageVisit {
  /** What is shown: "unsubscribe/asks", "upload/expired"… */
  state: string;
  path: string;
  /** The page's form is sent with these values (a browser presses its button instead). */
  post?: Record<string, string | string[]>;
}

let made = 0;
/** One contact request per app for the upload links: the contact form takes five a sender in ten minutes. */
const requests = new WeakMap<TestApp, string>();

async function requestOf(app: TestApp): Promise<string> {
  const kept = requests.get(app);
  if (kept) return kept;
  // From a client's address of its own: the contact form's per-sender limit is not the other tests'.
  const contact = await requestFrom('127.0.9.1', `${app.url}/api/contact`, { body: { name: 'Olga Kim', email: 'documents@client.uz', subject: 'Hujjatlar', message: 'Salom' } });
  expect(contact.status, contact.text).toBe(201);
  requests.set(app, contact.body.data._id);
  return contact.body.data._id;
}

/**
 * The pages of one-time and signed links (confirm, settings, unsubscribe, an event's cancel, a
 * client's upload) in every state they can be in, with fresh links under `prefix` ('' or '/ru'):
 * each link is used up by the visits, in order, so a caller takes a new set for each language.
 * Links come as a visitor gets them: the confirmation from the e-mail the SMTP server received.
 */
export async function tokenPageVisits(app: TestApp, smtp: Awaited<ReturnType<typeof startSmtp>>, prefix: string): Promise<TokenPageVisit[]> {
  const n = ++made;
  const token = await app.login();
  const email = `links-${n}@client.uz`;
  const topic = (await app.api('/api/services?limit=1')).body.data[0]._id as string;
  const language = prefix.slice(1) || 'uz';

  // Each set of links is another visitor's, from an address of their own (127.0.0.0/8 is local):
  // the per-client limits on subscribing and registering count them apart, as they would people.
  const visitor = `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`;
  const subscribed = await requestFrom(visitor, `${app.url}/api/subscriptions`, { body: { email, language, topics: [topic], consent: true } });
  expect(subscribed.status, subscribed.text).toBe(202);
  await expect.poll(() => smtp.to(email).length, { timeout: 10_000 }).toBe(1);
  const confirm = /\/subscribe\/confirm\/[A-Za-z0-9._-]+/.exec(smtp.to(email)[0].body)![0];
  const subscriber = (await app.api('/api/subscriptions', { token })).body.data.find((item: { email: string }) => item.email === email);
  const manage = await app.services.subscriptions.manageToken(subscriber._id);

  const event = await app.api('/api/events', {
    token,
    body: { title: { uz: `Havolalar seminari ${n}`, ru: `Семинар ссылок ${n}`, en: `Links seminar ${n}` }, description: { uz: 'Seminar', ru: 'Семинар', en: 'Seminar' }, venue: { uz: 'Toshkent' }, startsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(), endsAt: new Date(Date.now() + 10 * 86_400_000 + 7_200_000).toISOString() },
  });
  expect(event.status, event.text).toBe(201);
  const registered = await requestFrom(visitor, `${app.url}/api/events/${event.body.data._id}/registrations`, { body: { name: 'Aziz Karimov', email, language, consent: true } });
  expect(registered.status, registered.text).toBe(201);
  const registration = (await app.api(`/api/events/${event.body.data._id}/registrations`, { token })).body.data[0];
  const cancel = await app.services.registrations.cancelToken(registration._id);
  // The registration's first e-mail asks to confirm it: its link as the visitor gets it.
  await expect.poll(() => smtp.to(email).some((mail) => mail.body.includes('/events/confirm/')), { timeout: 10_000 }).toBe(true);
  const confirmPlace = /\/events\/confirm\/[A-Za-z0-9._-]+/.exec(smtp.to(email).find((mail) => mail.body.includes('/events/confirm/'))!.body)![0];

  const contactId = await requestOf(app);
  const upload = async () => {
    const link = await app.api(`/api/contact/${contactId}/upload-link`, { token, body: {} });
    expect(link.status, link.text).toBe(201);
    return (link.body.data.url as string).split('/upload/')[1];
  };
  // One link expired, one used (sent through), one open: each marked as it is made, the others not yet there.
  const { db } = app.services.database;
  const expired = await upload();
  await db.updateTable('upload_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('contact_id', '=', contactId).execute();
  const used = await upload();
  await db.updateTable('upload_links').set({ used_at: new Date().toISOString() }).where('contact_id', '=', contactId).where('used_at', 'is', null).where('expires_at', '>', new Date().toISOString()).execute();
  const open = await upload();

  const altered = (link: string) => `${link.slice(0, -2)}xx`;
  const at = (path: string) => prefix + path;
  return [
    { state: 'subscribe-confirm/asks', path: at(confirm) },
    { state: 'subscribe-confirm/done', path: at(confirm), post: {} },
    { state: 'subscribe-confirm/unknown', path: at(altered(confirm)) },
    { state: 'subscribe-preferences/form', path: at(`/subscribe/preferences/${manage}`) },
    { state: 'subscribe-preferences/saved', path: at(`/subscribe/preferences/${manage}`), post: { language, topics: [topic] } },
    { state: 'subscribe-preferences/unknown', path: at(`/subscribe/preferences/${altered(manage)}`) },
    { state: 'unsubscribe/asks', path: at(`/unsubscribe/${manage}`) },
    { state: 'unsubscribe/done', path: at(`/unsubscribe/${manage}`), post: {} },
    { state: 'unsubscribe/unknown', path: at(`/unsubscribe/${altered(manage)}`) },
    { state: 'events-confirm/asks', path: at(confirmPlace) },
    { state: 'events-confirm/done', path: at(confirmPlace), post: {} },
    { state: 'events-confirm/unknown', path: at(altered(confirmPlace)) },
    { state: 'events-cancel/asks', path: at(`/events/cancel/${cancel}`) },
    { state: 'events-cancel/done', path: at(`/events/cancel/${cancel}`), post: {} },
    { state: 'events-cancel/unknown', path: at(`/events/cancel/${altered(cancel)}`) },
    { state: 'upload/open', path: at(`/upload/${open}`) },
    { state: 'upload/refused', path: at(`/upload/${open}?error=wrong_type&file=scan.exe`) },
    { state: 'upload/sent', path: at(`/upload/${used}?sent=2`) },
    { state: 'upload/used', path: at(`/upload/${used}`) },
    { state: 'upload/expired', path: at(`/upload/${expired}`) },
    { state: 'upload/unknown', path: at(`/upload/${altered(open)}`) },
  ];
}

/** A visit as a browser without JavaScript makes it: a GET, or its form POSTed. */
export function visit(app: TestApp, { path, post }: TokenPageVisit): Promise<Response> {
  if (!post) return fetch(app.url + path, { redirect: 'manual' });
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(post)) for (const one of [value].flat()) body.append(name, one);
  return fetch(app.url + path, { method: 'POST', body, redirect: 'manual' });
}
