import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, notFound } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { sharedSecret } from '../shared/secrets.ts';
import type { UserRow, UserRows } from './accounts.ts';
import { verifyPassword } from './passwords.ts';
import type { ClientInfo } from './sessions.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { base32Encode, newTotpSecret, openSecret, otpauthUrl, sealSecret, totpStep } from './totp.ts';

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;
export const WRONG_CODE = 'The code is wrong or was already used: enter the current code from your authenticator app, or a recovery code';
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** An account's columns with two-factor sign-in off: no secret, none waiting, no recovery codes. */
export const TWO_FACTOR_OFF = { totp_secret: null, totp_pending: null, totp_last_step: null, recovery_codes: '[]' } as const;

/**
 * Two-factor sign-in (TOTP): the signed challenge between the password and the code, the code or
 * a recovery code used once, and turning it on, off, or off from the command line.
 */
export function createTwoFactor(database: Database, rows: UserRows, throttle: SignInThrottle) {
  const { db } = database;
  const challengeKey = sharedSecret(database, 'login-challenge');
  const totpKey = sharedSecret(database, 'totp-secrets');

  const twoFactor = {
    /** A signed note that the password was right: user and expiry, HMAC-SHA256. */
    async signChallenge(userId: string): Promise<string> {
      const payload = Buffer.from(JSON.stringify({ u: userId, e: Date.now() + CHALLENGE_LIFETIME_MS })).toString('base64url');
      return `${payload}.${createHmac('sha256', await challengeKey()).update(payload).digest('base64url')}`;
    },

    /** The user a challenge was signed for, while it is valid; undefined otherwise. */
    async openChallenge(challenge: string): Promise<string | undefined> {
      const [payload, signature] = challenge.split('.');
      if (!payload || !signature || challenge.length > 500) return undefined;
      const expected = Buffer.from(createHmac('sha256', await challengeKey()).update(payload).digest('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; e?: unknown };
        return typeof parsed.u === 'string' && typeof parsed.e === 'number' && parsed.e > Date.now() ? parsed.u : undefined;
      } catch {
        return undefined;
      }
    },

    /**
     * Accepts a code of a later time step than the last one used (so each code works once), or an
     * unused recovery code (then crossed off); false otherwise.
     */
    async useSecondFactor(row: UserRow, code: unknown, recoveryCode: unknown): Promise<boolean> {
      if (typeof recoveryCode === 'string' && recoveryCode.trim()) {
        const hashes: string[] = JSON.parse(row.recovery_codes || '[]');
        const wanted = hashCode(recoveryCode.trim().toLowerCase());
        if (!hashes.includes(wanted)) return false;
        const result = await db
          .updateTable('users')
          .set({ recovery_codes: JSON.stringify(hashes.filter((hash) => hash !== wanted)) })
          .where('id', '=', row.id)
          .where('recovery_codes', '=', row.recovery_codes)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      }
      if (typeof code !== 'string' || !row.totp_secret) return false;
      const step = totpStep(openSecret(row.totp_secret, await totpKey()), code.replace(/\s+/g, ''));
      if (step === undefined || (row.totp_last_step !== null && step <= Number(row.totp_last_step))) return false;
      // One atomic update: two requests with the same code cannot both pass.
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Starts setting up two-factor sign-in: a new secret, kept aside until a code from it is confirmed. */
    async startTwoFactor(userId: string, issuer: string): Promise<{ secret: string; otpauthUrl: string }> {
      const row = await rows.byId(userId);
      if (row.totp_secret) throw new AppError(409, 'CONFLICT', 'Two-factor sign-in is already on: turn it off first to set it up again');
      const secret = newTotpSecret();
      await db.updateTable('users').set({ totp_pending: sealSecret(secret, await totpKey()) }).where('id', '=', userId).execute();
      return { secret, otpauthUrl: otpauthUrl(secret, row.email, issuer) };
    },

    /**
     * Turns two-factor sign-in on: the password again (someone at an unlocked screen cannot) and a
     * code from the new secret; answers the ten recovery codes (shown once).
     */
    async enableTwoFactor(userId: string, input: { password?: unknown; code?: unknown }, client: ClientInfo): Promise<{ recoveryCodes: string[] }> {
      const row = await rows.byId(userId);
      if (!row.totp_pending) throw badRequest('Start the setup first: no secret is waiting to be confirmed');
      await throttle.assertNotLocked(row.email, client.ip);
      if (!(typeof input.password === 'string' && (await verifyPassword(input.password, row.password_hash)))) {
        await throttle.recordFailure(row.email, client.ip);
        throw new AppError(400, 'VALIDATION_ERROR', 'The password is wrong', { details: [{ path: 'password', message: 'The password is wrong', code: 'invalid' }] });
      }
      const { code } = input;
      const secret = openSecret(row.totp_pending, await totpKey());
      const step = typeof code === 'string' ? totpStep(secret, code.replace(/\s+/g, '')) : undefined;
      if (step === undefined) throw new AppError(400, 'VALIDATION_ERROR', WRONG_CODE, { details: [{ path: 'code', message: WRONG_CODE, code: 'invalid' }] });
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
        const raw = base32Encode(randomBytes(5)).toLowerCase();
        return `${raw.slice(0, 4)}-${raw.slice(4, 8)}`;
      });
      await db
        .updateTable('users')
        .set({ totp_secret: row.totp_pending, totp_pending: null, totp_last_step: step, recovery_codes: JSON.stringify(recoveryCodes.map(hashCode)) })
        .where('id', '=', userId)
        .execute();
      return { recoveryCodes };
    },

    /** Turns two-factor sign-in off: needs the password and a current code (or a recovery code). */
    async disableTwoFactor(userId: string, input: { password?: unknown; code?: unknown; recoveryCode?: unknown }, client: ClientInfo): Promise<void> {
      const row = await rows.byId(userId);
      if (!row.totp_secret) throw badRequest('Two-factor sign-in is not on');
      await throttle.assertNotLocked(row.email, client.ip);
      const passwordOk = typeof input.password === 'string' && (await verifyPassword(input.password, row.password_hash));
      if (!passwordOk || !(await twoFactor.useSecondFactor(row, input.code, input.recoveryCode))) {
        await throttle.recordFailure(row.email, client.ip);
        throw new AppError(400, 'VALIDATION_ERROR', 'The password or the code is wrong', { details: [{ path: passwordOk ? 'code' : 'password', message: passwordOk ? WRONG_CODE : 'The password is wrong', code: 'invalid' }] });
      }
      await db.updateTable('users').set(TWO_FACTOR_OFF).where('id', '=', userId).execute();
    },

    /**
     * Turns two-factor sign-in off for an account that lost its app and its recovery codes (from the
     * command line only); its open sessions are signed out. Answers whether it was on.
     */
    async resetTwoFactor(email: string): Promise<boolean> {
      const user = await rows.byEmail(email);
      if (!user) throw notFound('Account');
      await db.updateTable('users').set({ ...TWO_FACTOR_OFF, updated_at: nowIso() }).where('id', '=', user.id).execute();
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      return Boolean(user.totp_secret);
    },
  };
  return twoFactor;
}
