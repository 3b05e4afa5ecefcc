import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Short-lived, single-use values of a sign-in through another party (migration 043): an OpenID
 * Connect sign-in in flight (its PKCE verifier and nonce, under its state) and a finished one's
 * one-time code, which the admin exchanges for its session. Only the key's hash is stored; taking
 * a value deletes it, so a second use (a replayed callback, a code used twice) finds nothing.
 */
export function createSignInHandoffs(database: Database) {
  const { db } = database;
  return {
    /** Keeps `data` for `ttlMs` under a new random key (or under `key` when given), which is answered. */
    async put(kind: string, data: Record<string, unknown>, ttlMs: number, key = randomBytes(32).toString('base64url')): Promise<string> {
      const now = new Date();
      await db.deleteFrom('sign_in_handoffs').where('expires_at', '<', now.toISOString()).execute();
      await db
        .insertInto('sign_in_handoffs')
        .values({ key_hash: hashKey(key), kind, data: JSON.stringify(data), expires_at: new Date(now.getTime() + ttlMs).toISOString() })
        .execute();
      return key;
    },
    /** The value kept under `key` for `kind`, once: it is gone afterwards. Undefined when unknown, used or expired. */
    async take(kind: string, key: string): Promise<Record<string, unknown> | undefined> {
      if (!key || key.length > 200) return undefined;
      const row = await db.selectFrom('sign_in_handoffs').selectAll().where('key_hash', '=', hashKey(key)).where('kind', '=', kind).executeTakeFirst();
      if (!row) return undefined;
      const deleted = await db.deleteFrom('sign_in_handoffs').where('key_hash', '=', hashKey(key)).executeTakeFirst();
      // Two requests with the same key: only the one that deleted the row goes on.
      if (Number(deleted.numDeletedRows) !== 1 || String(row.expires_at) <= new Date().toISOString()) return undefined;
      return JSON.parse(String(row.data)) as Record<string, unknown>;
    },
  };
}
