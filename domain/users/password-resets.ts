import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { AppError } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { parseOrThrow } from '../shared/validation.ts';
import type { UserRows } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { hashCode } from './two-factor.ts';
import { PasswordSchema } from './user-schema.ts';

/** A password-reset link works this long, and one is sent at most this often per account. */
const RESET_LIFETIME_MS = 60 * 60 * 1000;
const RESET_RESEND_MS = 10 * 60 * 1000;
const USED_OR_EXPIRED = 'This link has expired or was used already: ask for a new one on the sign-in page';

/** "Forgot password?": a one-use link by e-mail, and the new password set through it. */
export function createPasswordResets(database: Database, rows: UserRows) {
  const { db } = database;
  return {
    /**
     * A one-use token for the account of this e-mail, handed to `send` (the e-mail with the link);
     * nothing for an unknown address (the caller answers the same), and at most one link in 10
     * minutes per account.
     */
    async requestPasswordReset(emailInput: unknown, send: (to: string, token: string) => Promise<void>): Promise<void> {
      const address = typeof emailInput === 'string' ? emailInput.trim().toLowerCase().slice(0, 320) : '';
      const user = address ? await rows.byEmail(address) : undefined;
      if (!user) return;
      const now = Date.now();
      const recent = await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).where('used_at', 'is', null).where('created_at', '>', new Date(now - RESET_RESEND_MS).toISOString()).executeTakeFirst();
      if (recent) return;
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('password_resets')
        .values({ token_hash: hashCode(token), user_id: user.id, expires_at: new Date(now + RESET_LIFETIME_MS).toISOString(), used_at: null, created_at: new Date(now).toISOString() })
        .execute();
      await send(user.email, token);
    },

    /** A new password from the e-mail's link: once, within the hour; every session of the account ends. */
    async completePasswordReset(input: { token?: unknown; password?: unknown }): Promise<void> {
      const token = typeof input.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(input.token) ? input.token : '';
      const password = parseOrThrow(z.object({ password: PasswordSchema }), { password: input.password }).password;
      const row = token ? await db.selectFrom('password_resets').selectAll().where('token_hash', '=', hashCode(token)).executeTakeFirst() : undefined;
      if (!row || row.used_at || String(row.expires_at) <= nowIso()) throw new AppError(400, 'BAD_REQUEST', USED_OR_EXPIRED);
      // Taken by one request only: the update that marks it used is the claim.
      const claimed = await db.updateTable('password_resets').set({ used_at: nowIso() }).where('token_hash', '=', row.token_hash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(400, 'BAD_REQUEST', USED_OR_EXPIRED);
      await db.updateTable('users').set({ password_hash: await hashPassword(password), updated_at: nowIso() }).where('id', '=', String(row.user_id)).execute();
      await db.deleteFrom('sessions').where('user_id', '=', String(row.user_id)).execute();
      await db.deleteFrom('password_resets').where('user_id', '=', String(row.user_id)).where('used_at', 'is', null).execute();
    },
  };
}
