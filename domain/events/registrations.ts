import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { Mail } from '../alerts/alert-mail.ts';
import { HONEYPOT_FIELD, refuseTooFast } from '../contacts/contact-service.ts';
import { AppError, notFound, tooManyRequests } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { CONTROL_CHARACTER, email, text } from '../shared/schema-helpers.ts';
import { secondsUntilAllowed } from '../shared/request-limit.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { HOLD_MINUTES, type EventFacts } from './event-mail.ts';
import { storedConsent, type ConsentNoticeOf } from '../privacy/consent.ts';
import { createRegistrationLinks } from './registration-links.ts';
import { createRegistrationPlaces } from './registration-places.ts';
import { createRegistrationRecords } from './registration-records.ts';
import { STATUSES, toRegistration, type Registration, type Row, type Status } from './registration-rows.ts';

/*
 * Registrations for an event (API-3.md "The firm's record"): no account; a request holds a place for
 * HOLD_MINUTES while its e-mail's link is confirmed (the page's button, never the GET a mail scanner
 * makes); confirmed, it is registered up to the event's places, then on a waiting list in the order
 * people confirmed. A signed link in every later e-mail cancels, and a cancelled place goes to the
 * first person waiting. One client (a keyed hash of its address, IPv6 by its /64) may ask for
 * CLIENT_LIMIT.max registrations in CLIENT_LIMIT.windowMs, so one client never holds more places
 * than that at once. Kept until EVENT_RETENTION_DAYS after the event.
 */

/** A window as long as a hold: one client holds at most `max` unconfirmed places at a time. */
const CLIENT_LIMIT = { max: 5, windowMs: HOLD_MINUTES * 60_000 };
const HOLD_MS = HOLD_MINUTES * 60_000;

/** A name as it goes into the firm's e-mails: one line of plain words, no link. */
const personName = text('Name', { required: true, max: 100 })
  .refine((value) => !CONTROL_CHARACTER.test(value), { message: 'Name must be one line: remove the line break or control character', params: { code: 'one_line' } })
  // Read only within the length allowed (a longer one is refused already): the pattern is not for 100,000 letters.
  .refine((value) => value.length > 100 || !/[<>@]|:\/\/|www\.|https?:|(?<![\p{L}\d-])[\p{L}\d-]{2,}\.\p{L}{2,}(?:[/\s]|$)/iu.test(value), { message: 'Name must be just your name, without a web address', params: { code: 'invalid_format' } });

export const RegisterSchema = z.strictObject({
  name: personName,
  email: email({ required: true }),
  company: text('Company', { max: 200 })
    .refine((value) => !CONTROL_CHARACTER.test(value), { message: 'Company must be one line: remove the line break or control character', params: { code: 'one_line' } })
    .optional(),
  // Optional: the language of the page, else the site's default language (API-3.md names no language).
  language: z.string({ error: 'language is a language code of the site, such as uz or ru' }).min(2).max(12).optional(),
  consent: z.literal(true, { error: 'Consent is needed to register: tick the box' }),
  /** The page's form: how long it was shown before it was sent (too fast: a robot). */
  elapsedMs: z.number().optional(),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});

/** Who asks: the client's address (for the per-client limit) and the site language its request prefers (the page's, the visitor's choice). */
export interface RegisterContext {
  address?: string;
  prefers?: (codes: string[]) => string | undefined;
}

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
  defaultLanguage(): Promise<string>;
  siteName(language: string): Promise<string>;
  pageUrl(language: string, path: string): Promise<string>;
  mail(message: Mail, about: string): Promise<void>;
  mailReady: boolean;
  /** The event's places changed: cached pages that show them are dropped (every instance). */
  placesChanged(eventId: string): Promise<void>;
  /** A keyed hash of a client's address (the contact form's): the limit is kept without the address. */
  clientKey(address: string): Promise<string>;
  /** The words and facts the form's consent shows now (kept with the registration). */
  consent: ConsentNoticeOf;
}

/** What confirming a registration came to: registered, on the waiting list, or too late (the event closed). */
export type Confirmed = { status: 'registered' | 'waitlisted' | 'cancelled'; eventId: string } | { status: 'closed'; eventId: string };

/**
 * A registration's way from the request to the place (ask, confirm, cancel, a hold run out, staff
 * removing), over an event's places (registration-places.ts) and its e-mails' signed links
 * (registration-links.ts); what the firm reads and erases of them is registration-records.ts.
 */
export function createRegistrations(database: Database, host: RegistrationHost) {
  const { db } = database;
  const { exclusively, row, closesAt, taken, hasPlace, fillPlaces } = createRegistrationPlaces(database, host);
  const { cancelToken, confirmToken, byToken, byConfirmToken, send, askToConfirm } = createRegistrationLinks(database, host, row);

  /** Seconds until this client may ask again (0: now): its registrations asked within the window. */
  async function waitFor(clientKey: string, now = Date.now()): Promise<number> {
    const since = new Date(now - CLIENT_LIMIT.windowMs).toISOString();
    const recent = await db.selectFrom('event_registrations').select('created_at').where('client_key', '=', clientKey).where('created_at', '>', since).orderBy('created_at', 'desc').limit(CLIENT_LIMIT.max).execute();
    return secondsUntilAllowed(recent.map((row) => row.created_at), CLIENT_LIMIT, now);
  }

  return {
    ...createRegistrationRecords(database, taken),
    cancelToken,
    confirmToken,

    /**
     * A visitor asks to register: the request holds a place for HOLD_MINUTES while there are places
     * (else none) and a confirmation e-mail goes to the address. The same address again while its
     * request or registration stands is the same registration (its status is answered, no e-mail).
     */
    async register(eventId: string, body: unknown, context: RegisterContext = {}): Promise<{ _id: string; status: Exclude<Status, 'cancelled'>; heldUntil: string | null }> {
      const event = /^[0-9a-f]{24}$/.test(eventId) ? await host.event(eventId) : undefined;
      if (!event) throw notFound('Event');
      if (nowIso() >= closesAt(event)) throw new AppError(409, 'CONFLICT', 'Registration for this event has closed: write to the firm if you would still like to come', { reason: 'registration_closed' });
      const raw = assertObject(body);
      refuseTooFast(raw.elapsedMs);
      const clientKey = context.address ? await host.clientKey(context.address) : undefined;
      if (clientKey) {
        const wait = await waitFor(clientKey);
        if (wait > 0) throw tooManyRequests('Several registrations were asked from your connection in a short time. Please try again in a few minutes.', wait);
      }
      const input = parseOrThrow(RegisterSchema, raw);
      // A filled honeypot field: answered as if taken, nothing is kept or sent (the robot learns nothing).
      if (input[HONEYPOT_FIELD]) return { _id: newId(), status: 'unconfirmed', heldUntil: new Date(Date.now() + HOLD_MS).toISOString() };
      const languages = await host.languages();
      const wanted = [input.language, context.prefers?.(languages)].find((code) => code && languages.includes(code));
      const language = wanted ?? (await host.defaultLanguage());
      const address = input.email.toLowerCase();
      const notice = await host.consent('registration', language);
      const result = await exclusively(eventId, async () => {
        const now = nowIso();
        const existing = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('email', '=', address).executeTakeFirst()) as Row | undefined;
        const standing = existing && (existing.status === 'registered' || existing.status === 'waitlisted' || (existing.status === 'unconfirmed' && Date.parse(existing.created_at) + HOLD_MS > Date.now()));
        if (existing && standing) return { row: existing, fresh: false };
        const heldUntil = (await hasPlace(event, now)) ? new Date(Date.now() + HOLD_MS).toISOString() : null;
        const values = {
          name: input.name,
          company: input.company ?? '',
          language,
          status: 'unconfirmed',
          held_until: heldUntil,
          confirmed_at: null,
          client_key: clientKey ?? null,
          consent: JSON.stringify(storedConsent(notice, language, now)),
          created_at: now,
          updated_at: now,
          cancelled_at: null,
        };
        if (existing) {
          await db.updateTable('event_registrations').set(values).where('id', '=', existing.id).execute();
          return { row: { ...existing, ...values }, fresh: true };
        }
        const created = { id: newId(), event_id: eventId, email: address, ...values };
        await db.insertInto('event_registrations').values(created).execute();
        return { row: created as Row, fresh: true };
      });
      const registration = toRegistration(result.row);
      if (result.fresh) {
        if (registration.heldUntil) await host.placesChanged(eventId);
        await askToConfirm(result.row, Boolean(registration.heldUntil));
      }
      return { _id: registration._id, status: registration.status === 'cancelled' ? 'unconfirmed' : registration.status, heldUntil: registration.heldUntil };
    },

    /** Who a confirmation link is for (undefined: altered, asked anew since, or erased). */
    async openConfirmation(token: string): Promise<Registration | undefined> {
      const found = await byConfirmToken(token);
      return found ? toRegistration(found) : undefined;
    },

    /**
     * The confirmation page's button: registered while its hold runs or a place is free, else on the
     * waiting list; the e-mail with the calendar entry (or the waiting list's) follows. Twice changes
     * nothing. Undefined: an unknown link.
     */
    async confirm(token: string): Promise<Confirmed | undefined> {
      const found = await byConfirmToken(token);
      if (!found) return undefined;
      const outcome = await exclusively(found.event_id, async (): Promise<{ confirmed: Confirmed; send?: 'registered' | 'waitlisted' }> => {
        const current = await row(found.id);
        if (!current || current.created_at !== found.created_at) return { confirmed: { status: 'closed', eventId: found.event_id } };
        if (current.status !== 'unconfirmed') return { confirmed: { status: STATUSES.find((status) => status === current.status && status !== 'unconfirmed') ?? 'registered', eventId: current.event_id } as Confirmed };
        const now = nowIso();
        const holding = Boolean(current.held_until && current.held_until > now);
        const event = await host.event(current.event_id);
        // A running hold is kept to the end even if registration closed meanwhile; otherwise it must still be open.
        if (!event || now >= event.endsAt || (!holding && now >= closesAt(event))) return { confirmed: { status: 'closed', eventId: current.event_id } };
        const status = holding || (await hasPlace(event, now)) ? 'registered' : 'waitlisted';
        await db.updateTable('event_registrations').set({ status, held_until: null, confirmed_at: now, updated_at: now }).where('id', '=', current.id).execute();
        return { confirmed: { status, eventId: current.event_id }, send: status };
      });
      if (outcome.send) {
        await host.placesChanged(found.event_id);
        await send(found, outcome.send);
      }
      return outcome.confirmed;
    },

    /** Who a cancel link is for (undefined: altered, or erased since). */
    async open(token: string): Promise<Registration | undefined> {
      const found = await byToken(token);
      return found ? toRegistration(found) : undefined;
    },

    /** The cancel page's button: the place is freed and goes to the first person waiting. False: an unknown link. */
    async cancel(token: string): Promise<boolean> {
      const found = await byToken(token);
      if (!found) return false;
      let changedPlaces = false;
      const promoted = await exclusively(found.event_id, async () => {
        const current = await row(found.id);
        if (!current || current.status === 'cancelled') return [];
        const now = nowIso();
        changedPlaces = current.status === 'registered' || current.status === 'unconfirmed';
        await db.updateTable('event_registrations').set({ status: 'cancelled', held_until: null, cancelled_at: now, updated_at: now }).where('id', '=', found.id).execute();
        return current.status === 'registered' ? fillPlaces(found.event_id, now) : [];
      });
      if (changedPlaces) await host.placesChanged(found.event_id);
      for (const next of promoted) await send(next, 'movedUp');
      return true;
    },

    /**
     * Holds that ran out free their places (asked every minute, by any instance): the page's count
     * is dropped from the caches and the first people waiting move up. Answers how many ran out.
     */
    async releaseExpired(now = nowIso()): Promise<number> {
      const expired = await db.selectFrom('event_registrations').select(['id', 'event_id']).where('status', '=', 'unconfirmed').where('held_until', '<=', now).execute();
      const events = [...new Set(expired.map((item) => String(item.event_id)))];
      for (const eventId of events) {
        const promoted = await exclusively(eventId, async () => {
          await db.updateTable('event_registrations').set({ held_until: null, updated_at: nowIso() }).where('event_id', '=', eventId).where('status', '=', 'unconfirmed').where('held_until', '<=', now).execute();
          return fillPlaces(eventId, now);
        });
        await host.placesChanged(eventId);
        for (const next of promoted) await send(next, 'movedUp');
      }
      return expired.length;
    },

    /**
     * Staff remove registrations (bulk ones of a robot, say): these ids of the event, or every
     * unconfirmed one. A freed place goes to the first person waiting. Answers the removed ids.
     */
    async remove(eventId: string, which: { ids?: string[]; unconfirmed?: boolean }): Promise<string[]> {
      const result = await exclusively(eventId, async () => {
        let query = db.selectFrom('event_registrations').select(['id', 'status']).where('event_id', '=', eventId);
        if (which.unconfirmed) query = query.where('status', '=', 'unconfirmed');
        else query = query.where('id', 'in', which.ids?.length ? which.ids : ['']);
        const found = await query.execute();
        const ids = found.map((item) => String(item.id));
        for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('event_registrations').where('id', 'in', ids.slice(at, at + 500)).execute();
        const freed = found.some((item) => item.status === 'registered' || item.status === 'unconfirmed');
        return { ids, promoted: freed ? await fillPlaces(eventId, nowIso()) : [] };
      });
      if (result.ids.length) await host.placesChanged(eventId);
      for (const next of result.promoted) await send(next, 'movedUp');
      return result.ids;
    },
  };
}
