import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { Mail } from '../alerts/alert-mail.ts';
import { AppError, notFound } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { email, text } from '../shared/schema-helpers.ts';
import { sharedSecret } from '../shared/secrets.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { registrationConsent, registrationMail, type EventFacts } from './event-mail.ts';

/*
 * Registrations for an event (API-3.md "The firm's record"): no account; up to the event's places,
 * then a waiting list in the order people came; a signed link in every e-mail cancels, and a
 * cancelled place goes to the first person waiting. Kept until EVENT_RETENTION_DAYS after the event.
 */

/** The version of the consent's words, kept with each registration. */
const CONSENT_VERSION = '2026-11';
const STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
/** What a registration is while it holds: a place, or one on the waiting list. */
type Holding = Exclude<Status, 'cancelled'>;

export interface Registration {
  _id: string;
  eventId: string;
  name: string;
  email: string;
  company: string;
  language: string;
  status: Status;
  createdAt: string;
  cancelledAt: string | null;
  consent: { version: string; text: string; at: string; language: string };
}

const RegisterSchema = z.strictObject({
  name: text('Name', { required: true, max: 100 }),
  email: email({ required: true }),
  company: text('Company', { max: 200 }).optional(),
  language: z.string({ error: 'Choose a language' }).min(2).max(12),
  consent: z.literal(true, { error: 'Consent is needed to register: tick the box' }),
});

/** The event as registrations need it (a public one), and its words in a language. */
export interface RegistrationEvent {
  _id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  registrationClosesAt: string | null;
  capacity: number;
}

export interface RegistrationHost {
  /** A public event, or undefined. */
  event(id: string): Promise<RegistrationEvent | undefined>;
  /** What the e-mails say of the event in a language, with the links. */
  facts(eventId: string, language: string, cancelUrl: string): Promise<EventFacts | undefined>;
  languages(): Promise<string[]>;
  siteName(language: string): Promise<string>;
  pageUrl(language: string, path: string): Promise<string>;
  mail(message: Mail, about: string): Promise<void>;
  mailReady: boolean;
  /** The event's places changed: cached pages that show them are dropped (every instance). */
  placesChanged(eventId: string): Promise<void>;
}

interface Row {
  id: string;
  event_id: string;
  name: string;
  email: string;
  company: string;
  language: string;
  status: string;
  consent: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}

const toRegistration = (row: Row): Registration => {
  let consent: Registration['consent'] = { version: '', text: '', at: '', language: '' };
  try {
    consent = JSON.parse(row.consent) as Registration['consent'];
  } catch {
    // A row written by hand: its consent is shown empty.
  }
  return {
    _id: String(row.id),
    eventId: String(row.event_id),
    name: String(row.name),
    email: String(row.email),
    company: String(row.company ?? ''),
    language: String(row.language),
    status: STATUSES.find((status) => status === row.status) ?? 'registered',
    createdAt: String(row.created_at),
    cancelledAt: row.cancelled_at ? String(row.cancelled_at) : null,
    consent,
  };
};

/** One change at a time per event in this process (the database lock covers other instances). */
function queue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return next;
  };
}

export function createRegistrations(database: Database, host: RegistrationHost) {
  const { db } = database;
  const key = sharedSecret(database, 'event-registrations');
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const inOrder = queue();
  /** Changes of one event's registrations, one at a time across instances too. */
  const exclusively = <T>(eventId: string, work: () => Promise<T>) => inOrder(eventId, () => database.exclusively(`event-registrations:${eventId}`, work));

  const cancelToken = async (id: string) => `${id}.${await sign(`cancel:${id}`)}`;
  async function byToken(token: string): Promise<Row | undefined> {
    const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || !same(match[2], await sign(`cancel:${match[1]}`))) return undefined;
    return (await db.selectFrom('event_registrations').selectAll().where('id', '=', match[1]).executeTakeFirst()) as Row | undefined;
  }

  async function send(row: Pick<Row, 'id' | 'event_id' | 'name' | 'email' | 'language'>, kind: 'registered' | 'waitlisted' | 'movedUp') {
    if (!host.mailReady) return;
    const token = await cancelToken(row.id);
    const cancelUrl = await host.pageUrl(row.language, `/events/cancel/${token}`);
    const [facts, site] = await Promise.all([host.facts(row.event_id, row.language, cancelUrl), host.siteName(row.language)]);
    if (!facts) return;
    await host.mail({ ...registrationMail({ to: row.email, name: row.name, language: row.language, site, kind, event: facts }), secrets: [token] }, `event-registrations/${row.id}`);
  }

  /** When registration ends: its own moment, else the start. */
  const closesAt = (event: RegistrationEvent) => event.registrationClosesAt ?? event.startsAt;
  const registeredCount = async (eventId: string) =>
    Number((await db.selectFrom('event_registrations').select((eb) => eb.fn.countAll().as('count')).where('event_id', '=', eventId).where('status', '=', 'registered').executeTakeFirst())?.count ?? 0);

  return {
    cancelToken,
    registrationConsent,

    /**
     * A visitor registers: registered while there are places, else waitlisted. The same address
     * twice is the same registration (its status is answered, no second e-mail).
     */
    async register(eventId: string, body: unknown): Promise<{ _id: string; status: Holding }> {
      const event = /^[0-9a-f]{24}$/.test(eventId) ? await host.event(eventId) : undefined;
      if (!event) throw notFound('Event');
      if (nowIso() >= closesAt(event)) throw new AppError(409, 'CONFLICT', 'Registration for this event has closed: write to the firm if you would still like to come', { reason: 'registration_closed' });
      const input = parseOrThrow(RegisterSchema, body);
      const languages = await host.languages();
      const language = languages.includes(input.language) ? input.language : languages[0] ?? 'uz';
      const address = input.email.toLowerCase();
      const result = await exclusively(eventId, async () => {
        const existing = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('email', '=', address).executeTakeFirst()) as Row | undefined;
        if (existing && existing.status !== 'cancelled') return { row: existing, status: (existing.status === 'waitlisted' ? 'waitlisted' : 'registered') as Holding, fresh: false };
        const status: Holding = event.capacity > 0 && (await registeredCount(eventId)) >= event.capacity ? 'waitlisted' : 'registered';
        const now = nowIso();
        const values = { name: input.name, company: input.company ?? '', language, status, consent: JSON.stringify({ version: CONSENT_VERSION, text: registrationConsent(language), at: now, language }), created_at: now, updated_at: now, cancelled_at: null };
        if (existing) {
          await db.updateTable('event_registrations').set(values).where('id', '=', existing.id).execute();
          return { row: { ...existing, ...values }, status, fresh: true };
        }
        const row = { id: newId(), event_id: eventId, email: address, ...values };
        await db.insertInto('event_registrations').values(row).execute();
        return { row, status, fresh: true };
      });
      if (result.fresh) {
        if (result.status === 'registered') await host.placesChanged(eventId);
        await send(result.row, result.status === 'registered' ? 'registered' : 'waitlisted');
      }
      return { _id: String(result.row.id), status: result.status };
    },

    /** Who a cancel link is for (undefined: altered, or erased since). */
    async open(token: string): Promise<Registration | undefined> {
      const row = await byToken(token);
      return row ? toRegistration(row) : undefined;
    },

    /** The cancel page's button: the place is freed and goes to the first person waiting. False: an unknown link. */
    async cancel(token: string): Promise<boolean> {
      const row = await byToken(token);
      if (!row) return false;
      let changedPlaces = false;
      const promoted = await exclusively(row.event_id, async () => {
        const current = (await db.selectFrom('event_registrations').selectAll().where('id', '=', row.id).executeTakeFirst()) as Row | undefined;
        if (!current || current.status === 'cancelled') return undefined;
        const now = nowIso();
        changedPlaces = current.status === 'registered';
        await db.updateTable('event_registrations').set({ status: 'cancelled', cancelled_at: now, updated_at: now }).where('id', '=', row.id).execute();
        if (current.status !== 'registered') return undefined;
        const event = await host.event(row.event_id);
        if (!event || now >= event.endsAt) return undefined;
        if (event.capacity > 0 && (await registeredCount(row.event_id)) >= event.capacity) return undefined;
        const next = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', row.event_id).where('status', '=', 'waitlisted').orderBy('created_at', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst()) as Row | undefined;
        if (!next) return undefined;
        await db.updateTable('event_registrations').set({ status: 'registered', updated_at: now }).where('id', '=', next.id).execute();
        return next;
      });
      if (changedPlaces) await host.placesChanged(row.event_id);
      if (promoted) await send(promoted, 'movedUp');
      return true;
    },

    /** An event's registrations in the order they came (the admin's list and its CSV). */
    async list(eventId: string): Promise<Registration[]> {
      const rows = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute()) as Row[];
      return rows.map(toRegistration);
    },

    /** How many are registered and waiting (the event page says how many places are left). */
    async counts(eventId: string): Promise<{ registered: number; waitlisted: number }> {
      const rows = await db.selectFrom('event_registrations').select(['status', (eb) => eb.fn.countAll().as('count')]).where('event_id', '=', eventId).groupBy('status').execute();
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { registered: of('registered'), waitlisted: of('waitlisted') };
    },

    /** The privacy kit: this address's registrations. */
    async byEmail(address: string): Promise<Registration[]> {
      const rows = (await db.selectFrom('event_registrations').selectAll().where('email', '=', address.toLowerCase()).execute()) as Row[];
      return rows.map(toRegistration);
    },

    /** The privacy kit: forgets this address's registrations; answers their ids. */
    async eraseByEmail(address: string): Promise<string[]> {
      const found = await this.byEmail(address);
      if (found.length) await db.deleteFrom('event_registrations').where('email', '=', address.toLowerCase()).execute();
      return found.map((registration) => registration._id);
    },

    /** Registrations of events that ended more than `days` ago (or were deleted): erased; answers their ids. */
    async forgetEnded(days: number, now = Date.now()): Promise<string[]> {
      const before = new Date(now - days * 86_400_000).toISOString();
      const rows = await db
        .selectFrom('event_registrations')
        .select('id')
        .where((eb) => eb.or([eb('event_id', 'in', eb.selectFrom('events').select('id').where('ends_at', '<', before)), eb('event_id', 'not in', eb.selectFrom('events').select('id'))]))
        .execute();
      const ids = rows.map((row) => String(row.id));
      for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('event_registrations').where('id', 'in', ids.slice(at, at + 500)).execute();
      return ids;
    },
  };
}
