import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { AppError, notFound, tooManyRequests, validationError } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { email } from '../shared/schema-helpers.ts';
import { sharedSecret } from '../shared/secrets.ts';
import { createRequestLimit } from '../shared/request-limit.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { alreadySubscribedMail, confirmationMail, type Mail } from './alert-mail.ts';
import { storedConsent, type ConsentNoticeOf, type StoredConsent } from '../privacy/consent.ts';

/*
 * Subscriptions to the firm's legal alerts (API-3.md "Alerts"): double opt-in by e-mail, the
 * consent kept as given, settings and unsubscribing through signed links without an account.
 */

/** A confirmation link works this long; an address not confirmed by then is forgotten. */
const CONFIRM_DAYS = 7;
const CONFIRM_MS = CONFIRM_DAYS * 24 * 60 * 60 * 1000;
/** One confirmation e-mail per address in this time, however often the form is sent (no mail-bombing). */
const RESEND_MS = 10 * 60 * 1000;
/**
 * Requests for alerts one sender (an IPv4 address, an IPv6 /64) may make: 5 an hour, the 6th is a
 * 429 (a person subscribes once, perhaps after a typo or two).
 */
const SENDER_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
/**
 * E-mails the form may queue a minute, the whole site together: invented addresses from many senders
 * cannot fill the mail queue (what a person waits for goes in its own queue, server/periodic-jobs.ts).
 */
const SITE_LIMIT = { max: 30, windowMs: 60 * 1000 };

const STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
type State = (typeof STATES)[number];

export interface Subscriber {
  _id: string;
  email: string;
  language: string;
  topics: string[];
  state: State;
  createdAt: string;
  confirmedAt: string | null;
  consent: StoredConsent & { topics: string[] };
}

const topicsSchema = z.array(z.string().regex(/^[0-9a-f]{24}$/, { message: 'A topic is the id of a practice area or an industry' }), { error: 'Choose the topics as a list' }).min(1, { message: 'Choose at least one topic' }).max(100);
export const SubscribeSchema = z.strictObject({
  email: email({ required: true }),
  language: z.string({ error: 'Choose a language' }).min(2).max(12),
  topics: topicsSchema,
  consent: z.literal(true, { error: 'Consent is needed to send you alerts' }),
  /** The language of the page whose form was sent (its consent's words); else `language`. */
  lang: z.string({ error: 'lang is a language code of the site, such as uz or ru' }).min(2).max(12).optional(),
});
const PreferencesSchema = z.strictObject({ language: z.string({ error: 'Choose a language' }).min(2).max(12), topics: topicsSchema });

/** What the alerts need of the rest of the site. */
export interface SubscriptionHost {
  /** The codes of the languages visitors may choose. */
  languages(): Promise<string[]>;
  /** The topics one may subscribe to (public practice areas and industries), with their names in a language. */
  topics(language: string): Promise<Array<{ _id: string; title: string; group: 'services' | 'industries' }>>;
  /** The firm's name in a language, for the e-mails. */
  siteName(language: string): Promise<string>;
  /** The address of a page of the site in a language (/subscribe/confirm/… under /ru/ and so on). */
  pageUrl(language: string, path: string): Promise<string>;
  /** Queues an e-mail in the outbox (sent with retries; several instances send it once). */
  mail(message: Mail, about: string): Promise<void>;
  /** E-mail can be sent at all (SMTP is set up). */
  mailReady: boolean;
  /** A keyed hash of a sender's network (the limit per sender; no address is kept). */
  clientKey(address: string): Promise<string>;
  /** The words and facts the form's consent shows now (kept with the subscription). */
  consent: ConsentNoticeOf;
}

interface Row {
  id: string;
  email: string;
  language: string;
  topics: string;
  state: string;
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  consent: string;
  created_at: string;
  updated_at: string;
}

const parseJson = <T>(value: unknown, fallback: T): T => {
  try {
    return typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T) ?? fallback);
  } catch {
    return fallback;
  }
};

const toSubscriber = (row: Row): Subscriber => ({
  _id: String(row.id),
  email: String(row.email),
  language: String(row.language),
  topics: parseJson<string[]>(row.topics, []),
  state: STATES.find((state) => state === row.state) ?? 'pending',
  createdAt: String(row.created_at),
  confirmedAt: row.confirmed_at ? String(row.confirmed_at) : null,
  consent: parseJson(row.consent, { version: '', text: '', facts: null, at: '', language: '', topics: [] }),
});

export function createSubscriptions(database: Database, host: SubscriptionHost) {
  const { db } = database;
  const key = sharedSecret(database, 'subscriptions');
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const perSender = createRequestLimit(database, 'subscribe', SENDER_LIMIT);
  const perSite = createRequestLimit(database, 'subscription-mail', SITE_LIMIT);

  /** `{id}.{signature}`: settings and unsubscribing, for as long as the subscriber exists. */
  const manageToken = async (id: string) => `${id}.${await sign(`manage:${id}`)}`;
  /** `{id}.{time}.{signature}`: confirms the request made at that time, for 7 days. */
  const confirmToken = async (id: string, requestedAt: string) => {
    const at = Date.parse(requestedAt).toString(36);
    return `${id}.${at}.${await sign(`confirm:${id}:${at}`)}`;
  };

  async function byToken(token: string): Promise<Row | undefined> {
    const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || !same(match[2], await sign(`manage:${match[1]}`))) return undefined;
    return (await db.selectFrom('subscribers').selectAll().where('id', '=', match[1]).executeTakeFirst()) as Row | undefined;
  }

  /** The topics and language checked against what the site offers now (400 naming the field). */
  async function checkChoice(language: string, topics: string[]) {
    const [languages, offered] = await Promise.all([host.languages(), host.topics(language)]);
    if (!languages.includes(language)) throw validationError([{ path: 'language', code: 'one_of', message: `Choose one of the site's languages: ${languages.join(', ')}`, params: { values: languages.join(', ') } }]);
    const unknown = topics.find((topic) => !offered.some((item) => item._id === topic));
    if (unknown) throw validationError([{ path: 'topics', code: 'one_of', message: 'Choose topics from the list: one of them is not offered (any more)' }]);
    return offered.filter((item) => topics.includes(item._id)).map((item) => item.title);
  }

  async function sendConfirmation(row: Pick<Row, 'id' | 'email' | 'language' | 'requested_at'>, topicNames: string[]) {
    const token = await confirmToken(row.id, row.requested_at);
    const [site, confirmUrl] = await Promise.all([host.siteName(row.language), host.pageUrl(row.language, `/subscribe/confirm/${token}`)]);
    await perSite.count('site');
    await host.mail({ ...confirmationMail({ to: row.email, language: row.language, site, topics: topicNames, confirmUrl }), secrets: [token] }, `subscribers/${row.id}`);
  }

  return {
    manageToken,
    /** Alerts can be subscribed to (e-mail is set up): the site shows its invitations only then. */
    ready: host.mailReady,
    /** What one may subscribe to, named in a language. */
    topics: (language: string) => host.topics(language),

    /**
     * A visitor asks for alerts: the same answer whether the address is new, waiting or known
     * (nothing to learn from it). A new or unsubscribed address gets a confirmation e-mail, a
     * confirmed one a note with its settings link; at most one e-mail per address in 10 minutes.
     * `from`: the sender's IP address, for the limits (SENDER_LIMIT, SITE_LIMIT).
     */
    async subscribe(body: unknown, from: { address: string }): Promise<void> {
      if (!host.mailReady) throw new AppError(503, 'UNAVAILABLE', 'Alerts by e-mail are not set up on this site yet: write to the firm instead');
      const input = parseOrThrow(SubscribeSchema, body);
      const address = input.email.toLowerCase();
      const topics = [...new Set(input.topics)];
      const topicNames = await checkChoice(input.language, topics);
      // Only requests that pass the checks count (a typo corrected does not); the same answer
      // whatever the address, so a refusal tells nothing of it.
      const sender = await host.clientKey(from.address);
      const wait = await perSender.waitFor(sender);
      if (wait > 0) throw tooManyRequests('You have asked for alerts several times in a short time. Please try again in an hour.', wait);
      const busy = await perSite.waitFor('site');
      if (busy > 0) throw tooManyRequests('Many people are subscribing right now. Please try again in a minute.', busy);
      await perSender.count(sender);
      const now = nowIso();
      const shownIn = input.lang && (await host.languages()).includes(input.lang) ? input.lang : input.language;
      const consent = JSON.stringify({ ...storedConsent(await host.consent('subscription', shownIn), shownIn, now), topics });
      const existing = (await db.selectFrom('subscribers').selectAll().where('email', '=', address).executeTakeFirst()) as Row | undefined;
      if (existing?.state === 'confirmed') {
        if (Date.parse(existing.updated_at) > Date.now() - RESEND_MS) return;
        await db.updateTable('subscribers').set({ updated_at: now }).where('id', '=', existing.id).execute();
        await perSite.count('site');
        const token = await manageToken(existing.id);
        const [site, manageUrl] = await Promise.all([host.siteName(existing.language), host.pageUrl(existing.language, `/subscribe/preferences/${token}`)]);
        await host.mail({ ...alreadySubscribedMail({ to: address, language: existing.language, site, manageUrl }), secrets: [token] }, `subscribers/${existing.id}`);
        return;
      }
      if (existing && existing.state === 'pending' && Date.parse(existing.requested_at) > Date.now() - RESEND_MS) return;
      const row = { email: address, language: input.language, topics: JSON.stringify(topics), state: 'pending', requested_at: now, consent, updated_at: now, unsubscribed_at: null, confirmed_at: null };
      const id = existing?.id ?? newId();
      if (existing) await db.updateTable('subscribers').set(row).where('id', '=', id).execute();
      else {
        const inserted = await db
          .insertInto('subscribers')
          .values({ id, ...row, created_at: now })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .executeTakeFirst();
        // The same address sent twice at once: the first one's e-mail is enough.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      }
      await sendConfirmation({ id, email: address, language: input.language, requested_at: now }, topicNames);
    },

    /** Who a confirmation link is for, when it is genuine and younger than 7 days. */
    async openConfirmation(token: string, now = Date.now()): Promise<Subscriber | undefined> {
      const match = /^([0-9a-f]{24})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match || !same(match[3], await sign(`confirm:${match[1]}:${match[2]}`))) return undefined;
      const requested = Number.parseInt(match[2], 36);
      if (!(requested > now - CONFIRM_MS)) return undefined;
      const row = (await db.selectFrom('subscribers').selectAll().where('id', '=', match[1]).executeTakeFirst()) as Row | undefined;
      // A newer request (or an unsubscribe since) makes an older link void.
      if (!row || Date.parse(row.requested_at) !== requested || row.state === 'unsubscribed') return undefined;
      return toSubscriber(row);
    },

    /** The button on the confirmation page: the address is confirmed (twice changes nothing). */
    async confirm(token: string): Promise<Subscriber | undefined> {
      const found = await this.openConfirmation(token);
      if (!found) return undefined;
      if (found.state === 'pending') await db.updateTable('subscribers').set({ state: 'confirmed', confirmed_at: nowIso(), updated_at: nowIso() }).where('id', '=', found._id).where('state', '=', 'pending').execute();
      return { ...found, state: 'confirmed' };
    },

    /** The subscriber a settings or unsubscribe link is for (undefined: altered, or removed since). */
    async open(token: string): Promise<(Subscriber & { token: string }) | undefined> {
      const row = await byToken(token);
      return row ? { ...toSubscriber(row), token } : undefined;
    },

    /** New topics and language from the settings page. */
    async setPreferences(token: string, body: unknown): Promise<Subscriber> {
      const row = await byToken(token);
      if (!row) throw notFound('Subscription');
      const input = parseOrThrow(PreferencesSchema, body);
      const topics = [...new Set(input.topics)];
      await checkChoice(input.language, topics);
      await db.updateTable('subscribers').set({ language: input.language, topics: JSON.stringify(topics), updated_at: nowIso() }).where('id', '=', row.id).execute();
      return toSubscriber({ ...row, language: input.language, topics: JSON.stringify(topics) });
    },

    /** One click (the e-mail's header or the page's button): no more alerts. False: an unknown link. */
    async unsubscribe(token: string): Promise<boolean> {
      const row = await byToken(token);
      if (!row) return false;
      if (row.state !== 'unsubscribed') await db.updateTable('subscribers').set({ state: 'unsubscribed', unsubscribed_at: nowIso(), updated_at: nowIso() }).where('id', '=', row.id).execute();
      return true;
    },

    /** Every subscriber, newest first (the admin's list and its CSV). */
    async list(): Promise<Subscriber[]> {
      const rows = (await db.selectFrom('subscribers').selectAll().orderBy('created_at', 'desc').execute()) as Row[];
      return rows.map(toSubscriber);
    },

    /** Confirmed subscribers of any of these topics (who an alert goes to). */
    async confirmedFor(topics: string[]): Promise<Subscriber[]> {
      const rows = (await db.selectFrom('subscribers').selectAll().where('state', '=', 'confirmed').execute()) as Row[];
      return rows.map(toSubscriber).filter((subscriber) => subscriber.topics.some((topic) => topics.includes(topic)));
    },

    async remove(id: string): Promise<void> {
      const deleted = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('Subscriber');
      await db.deleteFrom('alert_sends').where('subscriber_id', '=', id).execute();
    },

    /** The privacy kit: what is kept of this address (its subscription and consent), or nothing. */
    async byEmail(address: string): Promise<Subscriber[]> {
      const rows = (await db.selectFrom('subscribers').selectAll().where('email', '=', address.toLowerCase()).execute()) as Row[];
      return rows.map(toSubscriber);
    },

    /** The privacy kit: forgets the address; answers the ids removed. */
    async eraseByEmail(address: string): Promise<string[]> {
      const found = await this.byEmail(address);
      for (const subscriber of found) await this.remove(subscriber._id);
      return found.map((subscriber) => subscriber._id);
    },

    /** Forgets addresses not confirmed within 7 days of their last request; answers how many. */
    async forgetUnconfirmed(now = Date.now()): Promise<string[]> {
      const before = new Date(now - CONFIRM_MS).toISOString();
      const rows = await db.selectFrom('subscribers').select('id').where('state', '=', 'pending').where('requested_at', '<', before).execute();
      const ids = rows.map((row) => String(row.id));
      for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('subscribers').where('id', 'in', ids.slice(at, at + 500)).execute();
      return ids;
    },
  };
}
