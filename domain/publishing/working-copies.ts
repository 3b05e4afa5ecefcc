import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nowIso } from '../shared/ids.ts';
import type { Actor } from '../shared/record-service.ts';

/** The changes to a public record kept apart from it until they are published (API-3.md "Working copies"). */
export interface WorkingCopy {
  data: Record<string, unknown>;
  /** The record's version the copy was made on: publishing it over a later one is refused. */
  baseVersion: number;
  savedAt: string;
  savedBy: { _id: string; email: string; name: string } | null;
  /** The copy's own version, one more at each save: a save over a copy saved since it was read is refused. */
  version: number;
  /** When publishing was asked for a later moment: the copy is applied then. */
  applyAt: string | null;
}

export type WorkingCopies = ReturnType<typeof createWorkingCopies>;

export function createWorkingCopies(database: Database) {
  const { db } = database;
  const parse = (value: unknown): Record<string, unknown> => {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
  };
  return {
    async get(type: string, id: string): Promise<WorkingCopy | undefined> {
      const row = await db.selectFrom('working_copies').selectAll().where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { data: parse(row.data), baseVersion: Number(row.base_version), savedAt: String(row.saved_at), savedBy: row.saved_by_id ? { _id: String(row.saved_by_id), email: String(row.saved_by_email ?? ''), name: String(row.saved_by_name ?? '') } : null, version: Number(row.version ?? 1), applyAt: row.apply_at ? String(row.apply_at) : null };
    },

    /**
     * Saves the copy. With `expected` (the copy's version the saver read; 0: they read no copy),
     * only over that version: false when someone saved the copy since, or made one.
     */
    async put(type: string, id: string, data: Record<string, unknown>, baseVersion: number, actor?: Actor, expected?: number): Promise<boolean> {
      // A change to the copy takes back a publishing asked for later: it is asked again for what it holds now.
      const values = { base_version: baseVersion, data: JSON.stringify(data), saved_by_id: actor?.userId ?? null, saved_by_email: actor?.email ?? null, saved_by_name: actor?.name ?? null, saved_at: nowIso(), apply_at: null };
      if (expected !== undefined && expected > 0) {
        const result = await db
          .updateTable('working_copies')
          .set({ ...values, version: sql`version + 1` })
          .where('record_type', '=', type)
          .where('record_id', '=', id)
          .where('version', '=', expected)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      }
      if (expected === 0) {
        // Read without a copy: made now, unless a colleague made one meanwhile.
        const result = await db.insertInto('working_copies').values({ record_type: type, record_id: id, ...values, version: 1 }).onConflict((conflict) => conflict.columns(['record_type', 'record_id']).doNothing()).executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      await db
        .insertInto('working_copies')
        .values({ record_type: type, record_id: id, ...values, version: 1 })
        .onConflict((conflict) => conflict.columns(['record_type', 'record_id']).doUpdateSet({ ...values, version: sql`working_copies.version + 1` }))
        .execute();
      return true;
    },

    async remove(type: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('working_copies').where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Publishing the copy asked for `at` (a later moment), or taken back (null). */
    async applyAt(type: string, id: string, at: string | null): Promise<void> {
      await db.updateTable('working_copies').set({ apply_at: at }).where('record_type', '=', type).where('record_id', '=', id).execute();
    },

    /** The copies whose moment came by `until`, oldest first. */
    async due(until: string): Promise<Array<{ type: string; id: string; applyAt: string }>> {
      const rows = await db.selectFrom('working_copies').select(['record_type', 'record_id', 'apply_at']).where('apply_at', 'is not', null).where('apply_at', '<=', until).orderBy('apply_at').execute();
      return rows.map((row) => ({ type: String(row.record_type), id: String(row.record_id), applyAt: String(row.apply_at) }));
    },

    /** The ids of a type's records that hold a working copy (admin lists say so). */
    async ids(type: string): Promise<Set<string>> {
      const rows = await db.selectFrom('working_copies').select('record_id').where('record_type', '=', type).execute();
      return new Set(rows.map((row) => String(row.record_id)));
    },
  };
}
