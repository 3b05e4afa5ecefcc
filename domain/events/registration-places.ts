import type { Database } from '../../db/connection.ts';
import { nowIso } from '../shared/ids.ts';
import type { Row } from './registration-rows.ts';
import type { RegistrationEvent, RegistrationHost } from './registrations.ts';

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


/**
 * An event's places: who holds one (registered people, and requests whose hold still runs), and
 * the first people waiting moved up when one is freed — one change of an event's registrations
 * at a time, across instances too.
 */
export function createRegistrationPlaces(database: Database, host: Pick<RegistrationHost, 'event'>) {
  const { db } = database;
  const inOrder = queue();
  /** Changes of one event's registrations, one at a time across instances too. */
  const exclusively = <T>(eventId: string, work: () => Promise<T>) => inOrder(eventId, () => database.exclusively(`event-registrations:${eventId}`, work));
  const row = async (id: string) => (await db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;

  /** When registration ends: its own moment, else the start. */
  const closesAt = (event: RegistrationEvent) => event.registrationClosesAt ?? event.startsAt;
  /** The places taken: registered people, and requests whose hold still runs. */
  const taken = async (eventId: string, now = nowIso()) =>
    Number(
      (
        await db
          .selectFrom('event_registrations')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('event_id', '=', eventId)
          .where((eb) => eb.or([eb('status', '=', 'registered'), eb.and([eb('status', '=', 'unconfirmed'), eb('held_until', '>', now)])]))
          .executeTakeFirst()
      )?.count ?? 0,
    );
  const hasPlace = async (event: RegistrationEvent, now = nowIso()) => event.capacity === 0 || (await taken(event._id, now)) < event.capacity;

  /** Moves the first people waiting up while the event has places (a cancel, a removal, a hold run out); answers who moved. */
  async function fillPlaces(eventId: string, now: string): Promise<Row[]> {
    const event = await host.event(eventId);
    if (!event || now >= event.endsAt) return [];
    const moved: Row[] = [];
    while (await hasPlace(event, now)) {
      const next = (await db.selectFrom('event_registrations').selectAll().where('event_id', '=', eventId).where('status', '=', 'waitlisted').orderBy('confirmed_at', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst()) as Row | undefined;
      if (!next) break;
      await db.updateTable('event_registrations').set({ status: 'registered', updated_at: now }).where('id', '=', next.id).execute();
      moved.push(next);
    }
    return moved;
  }

  return { exclusively, row, closesAt, taken, hasPlace, fillPlaces };
}
