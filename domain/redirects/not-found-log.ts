import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nowIso } from '../shared/ids.ts';
import { MAX_PATH } from './redirect-rules.ts';

/** Addresses kept in the not-found log; the least hit (then the oldest) go first. */
const NOT_FOUND_KEPT = 1000;
/** Distinct addresses counted in memory between two writes; the rest wait (scanners). */
const NOT_FOUND_PENDING = 500;

export interface NotFoundEntry {
  path: string;
  hits: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

/**
 * The log of addresses that answered 404: counted in memory as they come, written now and then
 * (one write at a time), kept to the most hit; an address dealt with (it redirects now) leaves it.
 */
export function createNotFoundLog(database: Database) {
  const { db } = database;
  const pendingNotFound = new Map<string, { hits: number; lastSeenAt: string }>();
  /** One write of the log at a time: the timer's and a caller's would otherwise interleave. */
  let flushing: Promise<void> = Promise.resolve();
  async function writeNotFound() {
    if (!pendingNotFound.size) return;
    const taken = [...pendingNotFound];
    pendingNotFound.clear();
    for (const [path, { hits, lastSeenAt }] of taken) {
      await db
        .insertInto('not_found_paths')
        .values({ path, hits, first_seen_at: lastSeenAt, last_seen_at: lastSeenAt })
        .onConflict((conflict) => conflict.column('path').doUpdateSet({ hits: sql`not_found_paths.hits + ${hits}`, last_seen_at: lastSeenAt }))
        .execute();
    }
    const count = Number((await db.selectFrom('not_found_paths').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    if (count > NOT_FOUND_KEPT) {
      const extra = await db.selectFrom('not_found_paths').select('path').orderBy('hits', 'asc').orderBy('last_seen_at', 'asc').limit(count - NOT_FOUND_KEPT).execute();
      await db.deleteFrom('not_found_paths').where('path', 'in', extra.map((row) => row.path)).execute();
    }
  }
  const flushNotFound = (): Promise<void> => {
    const next = flushing.catch(() => undefined).then(writeNotFound);
    flushing = next;
    return next;
  };
  /** Addresses dealt with (they redirect now) leave the log, and a write in flight cannot bring them back. */
  async function forgetNotFound(paths: string[]) {
    await flushing.catch(() => undefined);
    for (const path of paths) pendingNotFound.delete(path);
    for (let start = 0; start < paths.length; start += 500) await db.deleteFrom('not_found_paths').where('path', 'in', paths.slice(start, start + 500)).execute();
  }

  return {
    /** A public path answered 404: counted in memory, written with `flushNotFound`. */
    notFound(path: string): void {
      if (path.length > MAX_PATH) return;
      const entry = pendingNotFound.get(path);
      const now = nowIso();
      if (entry) {
        entry.hits += 1;
        entry.lastSeenAt = now;
      } else if (pendingNotFound.size < NOT_FOUND_PENDING) {
        pendingNotFound.set(path, { hits: 1, lastSeenAt: now });
      }
    },

    /** Writes the counted 404s and keeps the log bounded (after any write already under way). */
    flushNotFound,

    /** Addresses that answered 404, most hit first. */
    async notFoundLog(limit = 200): Promise<NotFoundEntry[]> {
      const rows = await db.selectFrom('not_found_paths').selectAll().orderBy('hits', 'desc').orderBy('last_seen_at', 'desc').limit(limit).execute();
      return rows.map((row) => ({ path: String(row.path), hits: Number(row.hits), firstSeenAt: String(row.first_seen_at), lastSeenAt: String(row.last_seen_at) }));
    },

    /** Forgets addresses of the log (they were dealt with). */
    forgetNotFound,

    /** Forgets an address of the log (it was dealt with). */
    async dismissNotFound(path: string): Promise<void> {
      await forgetNotFound([path]);
    },
  };
}
