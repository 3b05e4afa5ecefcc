import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database } from '../../db/connection.ts';
import { nowIso } from './ids.ts';
import { sharedSecret } from './secrets.ts';

/**
 * Who a limit counts as one sender: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber line or host usually holds a whole /64, and picking a new address in it costs nothing).
 */
export function clientNetwork(address: string): string {
  if (isIP(address) !== 6) return address;
  const plain = address.split('%')[0].toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1];
  const [head, tail] = plain.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A keyed hash of a client's network (`clientNetwork`), the same on every instance (the secret
 * `name` is kept in the database): a limit counts a sender without storing their address.
 */
export function clientKeys(database: Database, name: string): (address: string) => Promise<string> {
  const secret = sharedSecret(database, name);
  return async (address) => createHmac('sha256', await secret()).update(clientNetwork(address)).digest('base64url').slice(0, 32);
}

/**
 * Seconds until a sender whose newest requests (newest first, at most `max`) were made at `times`
 * may ask again under `limit`; 0: now.
 */
export function secondsUntilAllowed(times: readonly unknown[], limit: { max: number; windowMs: number }, now = Date.now()): number {
  if (times.length < limit.max) return 0;
  const oldest = Date.parse(String(times[times.length - 1]));
  return Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
}

/**
 * At most `max` requests of one kind from one sender in `windowMs`, counted in the database (every
 * instance sees the same count, also after a restart). `key` is a keyed hash of the sender's
 * network (never the address), or one fixed key for a limit of the whole site.
 */
export function createRequestLimit(database: Database, kind: string, limit: { max: number; windowMs: number }) {
  const { db } = database;
  return {
    /** Seconds until this sender may ask again; 0: now. */
    async waitFor(key: string, now = Date.now()): Promise<number> {
      const since = new Date(now - limit.windowMs).toISOString();
      const recent = await db
        .selectFrom('request_limits')
        .select('created_at')
        .where('kind', '=', kind)
        .where('client_key', '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(limit.max)
        .execute();
      return secondsUntilAllowed(recent.map((row) => row.created_at), limit, now);
    },
    /** A request that went through: counted; what fell out of every sender's window is dropped. */
    async count(key: string): Promise<void> {
      await db.insertInto('request_limits').values({ kind, client_key: key, created_at: nowIso() }).execute();
      await db.deleteFrom('request_limits').where('kind', '=', kind).where('created_at', '<', new Date(Date.now() - limit.windowMs).toISOString()).execute();
    },
  };
}
