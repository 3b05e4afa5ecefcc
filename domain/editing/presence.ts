import type { Database } from '../../db/connection.ts';
import { isoAt, type EditClock } from './clock.ts';

/*
 * Who has a record's form open (API-4.md "Never losing an edit"): a row per record and person,
 * written by the form's heartbeat (every 20 s) on whichever instance it reaches, read by all of
 * them. An entry counts PRESENCE_TTL_MS after its last heartbeat; a form closed says so and its
 * entry goes at once. "Edit anyway" (`takeOver`) marks the others' rows: their next heartbeat
 * answers who took over, until they close the form or take it back.
 */

/** An entry is shown this long after its last heartbeat. */
export const PRESENCE_TTL_MS = 60_000;
/** Rows of forms gone this long are deleted (a taken-over mark outlives a laptop's short sleep). */
const PRESENCE_KEEP_MS = 60 * 60_000;

export interface Editor {
  _id: string;
  name: string;
  since: string;
  field: string | null;
  lang: string | null;
}

interface TakenOver {
  _id: string;
  name: string;
  at: string;
}

interface PresenceRow {
  record_id: string;
  user_id: string;
  user_name: string;
  since: string;
  seen_at: string;
  field: string | null;
  lang: string | null;
  taken_over_by_id: string | null;
  taken_over_by_name: string | null;
  taken_over_at: string | null;
}

const editorOf = (row: PresenceRow): Editor => ({ _id: String(row.user_id), name: String(row.user_name), since: String(row.since), field: row.field ?? null, lang: row.lang ?? null });

export function createPresence(database: Database, clock: EditClock) {
  const { db } = database;
  const live = () => isoAt(clock, -PRESENCE_TTL_MS);

  return {
    /**
     * A heartbeat of `user`'s form of the record: where they are (`field`, `lang`), and with
     * `takeOver` the others are asked to stop. Answers the others present, and who took over from
     * this user if someone did.
     */
    async heartbeat(user: { _id: string; name: string }, type: string, id: string, where: { field?: string; lang?: string; takeOver?: boolean }) {
      const now = isoAt(clock);
      const fresh = live();
      const own = (await db
        .selectFrom('presence')
        .selectAll()
        .where('record_type', '=', type)
        .where('record_id', '=', id)
        .where('user_id', '=', user._id)
        .executeTakeFirst()) as PresenceRow | undefined;
      // A form back after its entry lapsed starts anew (its `since`); a take-over mark stays until it closes.
      const since = own && own.seen_at > fresh ? own.since : now;
      const values = { user_name: user.name, since, seen_at: now, field: where.field ?? null, lang: where.lang ?? null };
      const cleared = where.takeOver ? { taken_over_by_id: null, taken_over_by_name: null, taken_over_at: null } : {};
      await db
        .insertInto('presence')
        .values({ record_type: type, record_id: id, user_id: user._id, ...values })
        .onConflict((conflict) => conflict.columns(['record_type', 'record_id', 'user_id']).doUpdateSet({ ...values, ...cleared }))
        .execute();
      if (where.takeOver) {
        await db
          .updateTable('presence')
          .set({ taken_over_by_id: user._id, taken_over_by_name: user.name, taken_over_at: now })
          .where('record_type', '=', type)
          .where('record_id', '=', id)
          .where('user_id', '<>', user._id)
          .execute();
      }
      const others = (await db
        .selectFrom('presence')
        .selectAll()
        .where('record_type', '=', type)
        .where('record_id', '=', id)
        .where('user_id', '<>', user._id)
        .where('seen_at', '>', fresh)
        .orderBy('since')
        .execute()) as PresenceRow[];
      const takerId = !where.takeOver && own?.taken_over_by_id ? String(own.taken_over_by_id) : undefined;
      // Taken over by someone whose form is still open; once they left, the form is this user's again.
      const takenOverBy: TakenOver | undefined = takerId && others.some((row) => String(row.user_id) === takerId) ? { _id: takerId, name: String(own?.taken_over_by_name ?? ''), at: String(own?.taken_over_at ?? '') } : undefined;
      if (takerId && !takenOverBy) {
        await db.updateTable('presence').set({ taken_over_by_id: null, taken_over_by_name: null, taken_over_at: null }).where('record_type', '=', type).where('record_id', '=', id).where('user_id', '=', user._id).execute();
      }
      return { editors: others.map(editorOf), ...(takenOverBy ? { takenOverBy } : {}) };
    },

    /** The user closed the form: their entry goes now. */
    async leave(userId: string, type: string, id: string): Promise<void> {
      await db.deleteFrom('presence').where('record_type', '=', type).where('record_id', '=', id).where('user_id', '=', userId).execute();
    },

    /** Who has which record of a type open now (but `exceptUserId`), one range read of an index. */
    async ofType(type: string, exceptUserId?: string): Promise<Array<{ id: string; editors: Editor[] }>> {
      let query = db.selectFrom('presence').selectAll().where('record_type', '=', type).where('seen_at', '>', live());
      if (exceptUserId) query = query.where('user_id', '<>', exceptUserId);
      const rows = (await query.orderBy('record_id').orderBy('since').execute()) as PresenceRow[];
      const byRecord = new Map<string, Editor[]>();
      for (const row of rows) byRecord.set(String(row.record_id), [...(byRecord.get(String(row.record_id)) ?? []), editorOf(row)]);
      return [...byRecord].map(([id, editors]) => ({ id, editors }));
    },

    /** The record was deleted: nobody is on it any more. */
    async removeRecord(type: string, id: string): Promise<void> {
      await db.deleteFrom('presence').where('record_type', '=', type).where('record_id', '=', id).execute();
    },

    /** Deletes the rows of forms gone long ago; answers how many. */
    async expire(): Promise<number> {
      const result = await db.deleteFrom('presence').where('seen_at', '<=', isoAt(clock, -PRESENCE_KEEP_MS)).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
