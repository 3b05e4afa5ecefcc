import type { Database } from '../../db/connection.ts';
import { nowIso } from '../shared/ids.ts';
import { toRegistration, type Registration, type Row } from './registration-rows.ts';

/** What the firm reads of an event's registrations (its list, its counts), and what the privacy kit and the retention period erase. */
export function createRegistrationRecords(database: Database, taken: (eventId: string, now?: string) => Promise<number>) {
  const { db } = database;
  /** The privacy kit: this address's registrations. */
  async function byEmail(address: string): Promise<Registration[]> {
    const rows = (await db.selectFrom('event_registrations').selectAll().where('email', '=', address.toLowerCase()).execute()) as Row[];
    return rows.map(toRegistration);
  }

  return {
    /** An event's registrations in the order they came (the admin's list and its CSV). */
    async list(eventId: string): Promise<Registration[]> {
      const rows = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute()) as Row[];
      return rows.map(toRegistration);
    },

    /** How many are registered, hold a place unconfirmed, and wait (the event page says how many places are left). */
    async counts(eventId: string, now = nowIso()): Promise<{ registered: number; held: number; waitlisted: number; unconfirmed: number }> {
      const rows = await db.selectFrom('event_registrations').select(['status', (eb) => eb.fn.countAll().as('count')]).where('event_id', '=', eventId).groupBy('status').execute();
      const of = (status: string) => Number(rows.find((item) => item.status === status)?.count ?? 0);
      const held = (await taken(eventId, now)) - of('registered');
      return { registered: of('registered'), held, waitlisted: of('waitlisted'), unconfirmed: of('unconfirmed') };
    },

    byEmail,

    /** The privacy kit: forgets this address's registrations; answers their ids. */
    async eraseByEmail(address: string): Promise<string[]> {
      const found = await byEmail(address);
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
      const ids = rows.map((item) => String(item.id));
      for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('event_registrations').where('id', 'in', ids.slice(at, at + 500)).execute();
      return ids;
    },
  };
}
