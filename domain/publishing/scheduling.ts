import type { Database } from '../../db/connection.ts';
import { columnOf } from '../shared/entity.ts';
import { nowIso } from '../shared/ids.ts';
import { pickText, type Localized } from '../shared/localized.ts';
import type { ServiceEnvironment } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';

export interface ScheduledMoment {
  type: string;
  _id: string;
  title: Localized | string;
  /** publish: the record goes live; unpublish: it stops being shown. */
  kind: 'publish' | 'unpublish';
  at: string;
  /** The moment is a day's start by its type's rule (a ranking's 1 January): `2028-01-01`, to be shown as a date. */
  day?: string;
}

/**
 * Scheduled publishing: a record's visibility is decided at each read by its moments, so lists and
 * pages are exact; what has to follow the clock is everything kept in between (the response
 * caches) and the activity log. `check` finds the moments that came since the last check; every
 * instance checks, and the one that claims a moment first (a unique row) records it once and
 * tells the others to drop their caches.
 */
/** Working copies whose publishing was asked for a later moment (working-copies.ts): applied through the record's service, so through the publishing policy. */
interface DueCopies {
  due(until: string): Promise<Array<{ type: string; id: string; applyAt: string }>>;
  /** Applies one; throws when it cannot be (the record changed since the copy was made, or its approval no longer stands). */
  apply(type: string, id: string): Promise<void>;
  /** Takes back the moment of a copy that could not be applied (it waits in the form), saying why. */
  forget(type: string, id: string, why: unknown): Promise<void>;
}

export function createScheduleWatcher(database: Database, types: readonly RecordType[], environment: Pick<ServiceEnvironment, 'defaultLanguage' | 'changed' | 'pagesChanged'>, copies: DueCopies) {
  const { db } = database;
  // A record's own schedule (publishAt, unpublishAt), and the moment its type's rule hides it (a ranking's public_until).
  const columnsOf = (type: RecordType): Array<['publish' | 'unpublish', string]> => [
    ...(type.scheduleFields ? (['publish', 'unpublish'] as const).map((kind): ['publish' | 'unpublish', string] => [kind, columnOf(type.scheduleFields![kind])]) : []),
    ...(type.publicUntil ? [['unpublish', 'public_until'] as ['publish' | 'unpublish', string]] : []),
  ];
  const scheduled = types.filter((type) => type.visibilityField && columnsOf(type).length);

  /** Moments of live (published or active) records in (after, until], or after `after` with a limit. */
  async function moments(after: string, until: string | undefined, limit?: number): Promise<ScheduledMoment[]> {
    const found: ScheduledMoment[] = [];
    for (const type of scheduled) {
      for (const [kind, column] of columnsOf(type)) {
        let query = db
          .selectFrom(type.table)
          .select(['id', column, columnOf(type.admin.titleField)])
          .where(columnOf(type.visibilityField!), '=', true)
          .where(column, '>', after);
        if (until) query = query.where(column, '<=', until);
        if (limit) query = query.orderBy(column, 'asc').limit(limit);
        for (const row of await query.execute()) {
          const title = row[columnOf(type.admin.titleField)];
          const day = column === 'public_until' && type.publicUntilIsDay ? { day: String(row[column]).slice(0, 10) } : {};
          found.push({ type: type.name, _id: row.id, kind, at: row[column], ...day, title: typeof title === 'string' && title.startsWith('{') ? JSON.parse(title) : title });
        }
      }
    }
    return found.sort((a, b) => a.at.localeCompare(b.at));
  }

  /** True when this instance is the first to take the moment (a primary key decides). */
  async function claim(moment: ScheduledMoment | string): Promise<boolean> {
    const result = await db
      .insertInto('schedule_claims')
      .values({ claim: typeof moment === 'string' ? moment : `${moment.type}/${moment._id}/${moment.kind}/${moment.at}`, claimed_at: nowIso() })
      .onConflict((conflict) => conflict.column('claim').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  return {
    /** What goes live or is hidden next (the dashboard). */
    async upcoming(limit = 10): Promise<ScheduledMoment[]> {
      return (await moments(nowIso(), undefined, limit)).slice(0, limit);
    },

    /**
     * The moments in (since, until]: each is claimed, and the instance that claims it records
     * "published by schedule" and drops every instance's caches. Answers how many came.
     */
    async check(since: string, until: string): Promise<number> {
      const came = await moments(since, until);
      const defaultLanguage = came.length ? await environment.defaultLanguage() : '';
      for (const moment of came) {
        if (!(await claim(moment))) continue;
        const type = scheduled.find((candidate) => candidate.name === moment.type)!;
        const title = pickText(moment.title, defaultLanguage).slice(0, 80);
        await environment.changed({
          entity: type.table,
          action: moment.kind,
          id: moment._id,
          summary: `${type.label} "${title}" ${moment.kind === 'publish' ? 'published' : 'hidden'} by schedule`,
        });
      }
      // Moments at which a record's pages change by themselves (an event's start): their caches are dropped, once.
      for (const type of types.filter((candidate) => candidate.moments?.length && candidate.visibilityField)) {
        for (const field of type.moments!) {
          const column = columnOf(field);
          const rows = await db.selectFrom(type.table).select(['id', column]).where(columnOf(type.visibilityField!), '=', true).where(column, '>', since).where(column, '<=', until).execute();
          for (const row of rows) {
            if (!(await claim(`moment/${type.name}/${row.id}/${field}/${row[column]}`))) continue;
            await environment.pagesChanged({ entity: type.table, action: 'update', id: String(row.id), summary: `${field} came` });
          }
        }
      }
      // Working copies asked to be published at a moment that came: the one instance that claims
      // it applies the copy (a new version, every instance's caches dropped by the save).
      let applied = 0;
      for (const copy of await copies.due(until)) {
        if (!(await claim(`copy/${copy.type}/${copy.id}/${copy.applyAt}`))) continue;
        try {
          await copies.apply(copy.type, copy.id);
          applied += 1;
        } catch (error) {
          await copies.forget(copy.type, copy.id, error);
        }
      }
      return came.length + applied;
    },
  };
}

