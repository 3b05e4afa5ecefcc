import type { Database } from '../../db/connection.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { ChangeEvent } from '../shared/record-service.ts';
import { currentRelease } from '../shared/release-context.ts';

/** A write a release made says so (domain/releases). */
const withRelease = (summary: string): string => {
  const release = currentRelease();
  return release ? `${summary} (release "${release.title}")` : summary;
};

export interface ActivityEntry {
  _id: string;
  createdAt: string;
  userEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
}

/** Who changed what, when: every admin write is recorded. */
export function createActivityService(database: Database) {
  const { db } = database;
  return {
    /** Writes by a person, what the schedule published or hid, and a file refused for a virus; nothing else is an activity. */
    async record(event: ChangeEvent): Promise<void> {
      const bySystem = event.action === 'publish' || event.action === 'unpublish' || event.action === 'refuse';
      if (!event.actor && !bySystem) return;
      await db
        .insertInto('activity_log')
        .values({
          id: newId(),
          created_at: nowIso(),
          user_id: event.actor?.userId ?? null,
          user_email: event.actor?.email ?? '',
          action: event.action,
          entity: event.entity,
          entity_id: event.id,
          summary: withRelease(event.summary).slice(0, 300),
        })
        .execute();
    },

    /** Deletes the lines about these records (a person asked to be forgotten). */
    async forget(entity: string, ids: string[]): Promise<void> {
      for (let at = 0; at < ids.length; at += 500) await db.deleteFrom('activity_log').where('entity', '=', entity).where('entity_id', 'in', ids.slice(at, at + 500)).execute();
    },

    async latest(limit = 10): Promise<ActivityEntry[]> {
      const rows = await db.selectFrom('activity_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        _id: row.id,
        createdAt: row.created_at,
        userEmail: row.user_email,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        summary: row.summary,
      }));
    },
  };
}

