import type { Database } from '../../db/connection.ts';
import { tooManyRequests } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed in the window before further attempts are refused with 429. */
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Failed sign-ins (a wrong password, a wrong code) counted per e-mail and per client address in a
 * window of 15 minutes, in the database (every instance sees them); too many: 429 until the
 * oldest of them leaves the window.
 */
export function createSignInThrottle(database: Database) {
  const { db } = database;
  async function failuresSince(key: string, since: string): Promise<string[]> {
    const rows = await db.selectFrom('login_failures').select('failed_at').where('key', '=', key).where('failed_at', '>', since).orderBy('failed_at', 'asc').execute();
    return rows.map((row) => row.failed_at as string);
  }

  return {
    /** Throws 429 when the e-mail or the client address has failed too often in the window ('' for no e-mail: a passkey not yet known). */
    async assertNotLocked(email: string, address: string): Promise<void> {
      const now = Date.now();
      const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
      const checks: Array<[string, number]> = [
        ...(email ? [[`email:${email}`, MAX_FAILURES_PER_EMAIL] as [string, number]] : []),
        [`address:${address}`, MAX_FAILURES_PER_ADDRESS],
      ];
      for (const [key, limit] of checks) {
        const failures = await failuresSince(key, since);
        if (failures.length >= limit) {
          const oldestRelevant = Date.parse(failures[failures.length - limit]);
          const retryAfter = Math.max(1, Math.ceil((oldestRelevant + FAILURE_WINDOW_MS - now) / 1000));
          throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, retryAfter);
        }
      }
    },

    /** A failed attempt, counted for the e-mail (unless '') and the client address. */
    async recordFailure(email: string, address: string): Promise<void> {
      const failedAt = nowIso();
      await db
        .insertInto('login_failures')
        .values([...(email ? [{ key: `email:${email}`, failed_at: failedAt }] : []), { key: `address:${address}`, failed_at: failedAt }])
        .execute();
    },

    /** A sign-in succeeded: the e-mail's failures are forgotten, and everyone's that left the window. */
    async succeeded(email: string, now: number): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', `email:${email}`).execute();
      await db.deleteFrom('login_failures').where('failed_at', '<', new Date(now - FAILURE_WINDOW_MS).toISOString()).execute();
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
