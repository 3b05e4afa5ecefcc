import type { Database } from '../../db/connection.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { Actor } from '../shared/record-service.ts';
import { currentRelease } from '../shared/release-context.ts';

export type VersionAction = 'create' | 'update' | 'delete' | 'restore';

export interface VersionEntry {
  version: number;
  savedAt: string;
  savedBy: { _id: string; email: string } | null;
  action: VersionAction;
  summary: string;
  /** The release that made this save (domain/releases), when one did. */
  release?: { _id: string; title: string };
}

export interface TrashEntry {
  type: string;
  _id: string;
  /** The version the deletion kept: restoring it brings the record back. */
  version: number;
  title: string;
  deletedAt: string;
  deletedBy: { _id: string; email: string } | null;
}

interface VersionRow {
  record_type: string;
  record_id: string;
  version: number | string;
  action: string;
  data: unknown;
  saved_by_id: string | null;
  saved_by_email: string | null;
  saved_at: string;
  release_id?: string | null;
  release_title?: string | null;
}

const ACTIONS: VersionAction[] = ['create', 'update', 'delete', 'restore'];
const actionOf = (value: string): VersionAction => ACTIONS.find((action) => action === value) ?? 'update';
const dataOf = (value: unknown): Record<string, unknown> => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
};
/** The release running now, as a version's columns (migration 041). */
const releaseColumns = () => {
  const release = currentRelease();
  return release ? { release_id: release.id, release_title: release.title } : {};
};
const releaseOf = (row: VersionRow) => (row.release_id ? { release: { _id: row.release_id, title: row.release_title ?? '' } } : {});
const savedBy = (row: VersionRow) => (row.saved_by_id ? { _id: row.saved_by_id, email: row.saved_by_email ?? '' } : null);

/**
 * Every saved state of every record, whole: a version is kept on each create, update, delete
 * and restore, so any of them can be looked at, compared and brought back.
 */
export function createVersionService(database: Database) {
  const { db } = database;
  const json = (value: unknown) => JSON.stringify(value);

  return {
    async keep(entry: { type: string; id: string; version: number; action: VersionAction; data: Record<string, unknown>; actor?: Actor }): Promise<void> {
      await db
        .insertInto('record_versions')
        .values({
          id: newId(),
          record_type: entry.type,
          record_id: entry.id,
          version: entry.version,
          action: entry.action,
          data: json(entry.data),
          saved_by_id: entry.actor?.userId ?? null,
          saved_by_email: entry.actor?.email ?? null,
          saved_at: nowIso(),
          ...releaseColumns(),
        })
        .execute();
    },

    /** Newest first. `summary` names the fields that differ from the version before. */
    async list(type: string, id: string): Promise<VersionEntry[]> {
      const rows = (await db
        .selectFrom('record_versions')
        .selectAll()
        .where('record_type', '=', type)
        .where('record_id', '=', id)
        .orderBy('saved_at', 'asc')
        .orderBy('version', 'asc')
        .execute()) as VersionRow[];
      const entries: VersionEntry[] = [];
      let before: Record<string, unknown> = {};
      for (const row of rows) {
        const data = dataOf(row.data);
        const changed = Object.keys({ ...before, ...data }).filter((field) => !['version', 'updatedAt', 'createdAt', '_id'].includes(field) && json(before[field]) !== json(data[field]));
        entries.push({ version: Number(row.version), savedAt: row.saved_at, savedBy: savedBy(row), action: actionOf(row.action), summary: row.action === 'update' || row.action === 'restore' ? changed.join(', ') : '', ...releaseOf(row) });
        before = data;
      }
      return entries.reverse();
    },

    /** The record as it was saved in `version` (the newest entry with that number), or undefined. */
    async get(type: string, id: string, version: number): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom('record_versions')
        .select('data')
        .where('record_type', '=', type)
        .where('record_id', '=', id)
        .where('version', '=', version)
        .orderBy('saved_at', 'desc')
        .executeTakeFirst();
      return row ? dataOf(row.data) : undefined;
    },

    /** The highest version kept of a record (0 when none). */
    async lastVersion(type: string, id: string): Promise<number> {
      const row = await db
        .selectFrom('record_versions')
        .select((eb) => eb.fn.max('version').as('last'))
        .where('record_type', '=', type)
        .where('record_id', '=', id)
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },

    /** Records whose last saved state is a delete (no version saved after it), newest first; one query. */
    async trash(titleOf: (type: string, data: Record<string, unknown>) => string, limit = 200): Promise<TrashEntry[]> {
      const deletions = (await db
        .selectFrom('record_versions as deleted')
        .selectAll('deleted')
        .where('deleted.action', '=', 'delete')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('record_versions as later')
                .select('later.id')
                .whereRef('later.record_type', '=', 'deleted.record_type')
                .whereRef('later.record_id', '=', 'deleted.record_id')
                .where((eb) => eb.or([eb('later.saved_at', '>', eb.ref('deleted.saved_at')), eb.and([eb('later.saved_at', '=', eb.ref('deleted.saved_at')), eb('later.version', '>', eb.ref('deleted.version'))])])),
            ),
          ),
        )
        .orderBy('deleted.saved_at', 'desc')
        .limit(limit)
        .execute()) as VersionRow[];
      return deletions.map((row) => ({
        type: row.record_type,
        _id: row.record_id,
        version: Number(row.version),
        title: titleOf(row.record_type, dataOf(row.data)),
        deletedAt: row.saved_at,
        deletedBy: savedBy(row),
      }));
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;
