import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';

/*
 * What a visitor typed into a form that works without JavaScript, kept for a few minutes when the
 * server refused the post for its file (a CV of the wrong kind, too large, missing): the page the
 * visitor is sent back to fills the fields in again, so nothing but the file is chosen twice. In
 * the database, so that any instance answers the page; read once, then gone; the address carries
 * only a random key, never the visitor's words.
 */

const KEEP_MS = 10 * 60 * 1000;
/** The fields a form may have kept, each cut to its form's own limit. */
const LIMITS: Record<string, number> = { name: 200, email: 320, phone: 50, letter: 10_000, consent: 10 };

export type KeptFields = Partial<Record<'name' | 'email' | 'phone' | 'letter' | 'consent', string>>;

export function createKeptForms(database: Database) {
  const { db } = database;
  return {
    /** Keeps the known fields of `fields` (others are dropped); answers the key for the page's address. */
    async keep(fields: Record<string, string>): Promise<string> {
      const now = Date.now();
      await db.deleteFrom('kept_forms').where('expires_at', '<', new Date(now).toISOString()).execute();
      const kept = Object.fromEntries(Object.entries(LIMITS).flatMap(([name, max]) => (typeof fields[name] === 'string' && fields[name] ? [[name, fields[name].slice(0, max)]] : [])));
      const id = randomBytes(18).toString('base64url');
      await db.insertInto('kept_forms').values({ id, fields: JSON.stringify(kept), expires_at: new Date(now + KEEP_MS).toISOString() }).execute();
      return id;
    },

    /** The fields kept under `id`, once (then deleted); nothing for an unknown or expired key. */
    async take(id: string): Promise<KeptFields | undefined> {
      if (!/^[A-Za-z0-9_-]{24}$/.test(id)) return undefined;
      const row = await db.selectFrom('kept_forms').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('kept_forms').where('id', '=', id).execute();
      if (String(row.expires_at) < new Date().toISOString()) return undefined;
      try {
        return JSON.parse(String(row.fields)) as KeptFields;
      } catch {
        return undefined;
      }
    },
  };
}
