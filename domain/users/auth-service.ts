import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, duplicate, notFound, tooManyRequests } from '../shared/errors.ts';
import { sharedSecret } from '../shared/secrets.ts';
import { base32Encode, newTotpSecret, openSecret, otpauthUrl, sealSecret, totpStep } from './totp.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { z } from 'zod';
import { parseOrThrow } from '../shared/validation.ts';
import { PasswordSchema, ROLES, type PublicUser, type Role } from './user-schema.ts';

const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's "last used" is written at most this often (not on every request). */
const LAST_USED_PRECISION_MS = 60 * 1000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed in the window before further attempts are refused with 429. */
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
const WRONG_LOGIN = 'Invalid email or password';

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  role: string;
  languages: string;
  totp_secret: string | null;
  totp_pending?: string | null;
  totp_last_step: number | null;
  recovery_codes: string;
  telegram_chat_id?: string | null;
}

/** A session's token, its end, and who it is. */
interface SignedIn {
  token: string;
  expiresAt: string;
  user: PublicUser;
}

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;
const WRONG_CODE = 'The code is wrong or was already used: enter the current code from your authenticator app, or a recovery code';
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** A password-reset link works this long, and one is sent at most this often per account. */
const RESET_LIFETIME_MS = 60 * 60 * 1000;
const RESET_RESEND_MS = 10 * 60 * 1000;

const toPublicUser = (row: UserRow): PublicUser => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  createdAt: row.created_at,
  role: ROLES.find((known) => known === row.role) ?? 'editor',
  twoFactor: Boolean(row.totp_secret),
  telegramChatId: row.telegram_chat_id ?? null,
  languages: (() => {
    try {
      const parsed: unknown = JSON.parse(row.languages ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
    } catch {
      return [];
    }
  })(),
});

const LAST_ADMIN = 'This is the last administrator: make another account an administrator first';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A signed-in device as its user sees it in the settings. */
export interface SessionInfo {
  _id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

/** Who made a request: shown to the user among their sessions. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** An account's columns with two-factor sign-in off: no secret, none waiting, no recovery codes. */
export const TWO_FACTOR_OFF = { totp_secret: null, totp_pending: null, totp_last_step: null, recovery_codes: '[]' } as const;

export function createAuthService(database: Database, options: { idleMs?: number } = {}) {
  const idleMs = options.idleMs ?? 12 * 60 * 60 * 1000;
  /** Used within the idle time: a session last used before this has ended. */
  const activeSince = (now: number) => new Date(now - idleMs).toISOString();
  const { db } = database;

  async function failuresSince(key: string, since: string): Promise<string[]> {
    const rows = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('key', '=', key)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'asc')
      .execute();
    return rows.map((row) => row.failed_at as string);
  }

  /** Throws 429 when the e-mail or the client address has failed too often in the window. */
  async function assertNotLocked(email: string, address: string): Promise<void> {
    const now = Date.now();
    const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
    const checks: Array<[string, number]> = [
      [`email:${email}`, MAX_FAILURES_PER_EMAIL],
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
  }

  async function recordFailure(email: string, address: string): Promise<void> {
    const failedAt = nowIso();
    await db
      .insertInto('login_failures')
      .values([
        { key: `email:${email}`, failed_at: failedAt },
        { key: `address:${address}`, failed_at: failedAt },
      ])
      .execute();
  }

  async function startSession(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const now = Date.now();
    await db.deleteFrom('login_failures').where('key', '=', `email:${user.email}`).execute();
    await db.deleteFrom('login_failures').where('failed_at', '<', new Date(now - FAILURE_WINDOW_MS).toISOString()).execute();
    await db.deleteFrom('sessions').where('expires_at', '<', new Date(now).toISOString()).execute();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
    const at = new Date(now).toISOString();
    await db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), id: newId(), user_id: user.id, created_at: at, last_used_at: at, expires_at: expiresAt, ip: client.ip.slice(0, 64), user_agent: client.userAgent.slice(0, 300) })
      .execute();
    return { token, expiresAt, user: toPublicUser(user) };
  }

  const challengeKey = sharedSecret(database, 'login-challenge');
  const totpKey = sharedSecret(database, 'totp-secrets');

  /** A signed note that the password was right: user and expiry, HMAC-SHA256. */
  async function signChallenge(userId: string): Promise<string> {
    const payload = Buffer.from(JSON.stringify({ u: userId, e: Date.now() + CHALLENGE_LIFETIME_MS })).toString('base64url');
    return `${payload}.${createHmac('sha256', await challengeKey()).update(payload).digest('base64url')}`;
  }

  async function openChallenge(challenge: string): Promise<string | undefined> {
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
  }

  /**
   * Accepts a code of a later time step than the last one used (so each code works once), or an
   * unused recovery code (then crossed off); false otherwise.
   */
  async function useSecondFactor(row: UserRow, code: unknown, recoveryCode: unknown): Promise<boolean> {
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
  }

  async function userRow(id: string): Promise<UserRow> {
    const row = (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
    if (!row) throw notFound('Account');
    return row;
  }

  async function adminCount(): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).where('role', '=', 'admin').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    return (await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()) as
      | UserRow
      | undefined;
  }

  return {
    /**
     * Checks the password. Without two-factor sign-in that is the sign-in (a token); with it, the
     * answer is a challenge for the second step (`loginSecondStep`), valid five minutes.
     */
    async login(emailInput: string, password: string, client: ClientInfo): Promise<SignedIn | { twoFactorRequired: true; challenge: string }> {
      const address = client.ip;
      const email = emailInput.trim().toLowerCase();
      await assertNotLocked(email, address);
      const user = await findUserByEmail(email);
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        await recordFailure(email, address);
        throw new AppError(401, 'UNAUTHORIZED', WRONG_LOGIN);
      }
      if (user.totp_secret) return { twoFactorRequired: true, challenge: await signChallenge(user.id) };
      return startSession(user, client);
    },

    /** The second step: a code from the authenticator app, or one of the recovery codes; each works once. */
    async loginSecondStep(input: { challenge?: unknown; code?: unknown; recoveryCode?: unknown }, client: ClientInfo): Promise<SignedIn> {
      const userId = typeof input.challenge === 'string' ? await openChallenge(input.challenge) : undefined;
      const row = userId ? ((await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) as UserRow | undefined) : undefined;
      if (!row || !row.totp_secret) throw new AppError(401, 'UNAUTHORIZED', 'The sign-in has expired or is not valid: sign in again with your password');
      await assertNotLocked(row.email, client.ip);
      if (!(await useSecondFactor(row, input.code, input.recoveryCode))) {
        await recordFailure(row.email, client.ip);
        throw new AppError(401, 'UNAUTHORIZED', WRONG_CODE);
      }
      return startSession(row, client);
    },

    /** Starts setting up two-factor sign-in: a new secret, kept aside until a code from it is confirmed. */
    async startTwoFactor(userId: string, issuer: string): Promise<{ secret: string; otpauthUrl: string }> {
      const row = await userRow(userId);
      if (row.totp_secret) throw new AppError(409, 'CONFLICT', 'Two-factor sign-in is already on: turn it off first to set it up again');
      const secret = newTotpSecret();
      await db.updateTable('users').set({ totp_pending: sealSecret(secret, await totpKey()) }).where('id', '=', userId).execute();
      return { secret, otpauthUrl: otpauthUrl(secret, row.email, issuer) };
    },

    /** Turns two-factor sign-in on with a code from the new secret; answers the ten recovery codes (shown once). */
    /** Turns it on: the password again (someone at an unlocked screen cannot) and a code from the app. */
    async enableTwoFactor(userId: string, input: { password?: unknown; code?: unknown }, client: ClientInfo): Promise<{ recoveryCodes: string[] }> {
      const row = await userRow(userId);
      if (!row.totp_pending) throw badRequest('Start the setup first: no secret is waiting to be confirmed');
      await assertNotLocked(row.email, client.ip);
      if (!(typeof input.password === 'string' && (await verifyPassword(input.password, row.password_hash)))) {
        await recordFailure(row.email, client.ip);
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
      const row = await userRow(userId);
      if (!row.totp_secret) throw badRequest('Two-factor sign-in is not on');
      await assertNotLocked(row.email, client.ip);
      const passwordOk = typeof input.password === 'string' && (await verifyPassword(input.password, row.password_hash));
      if (!passwordOk || !(await useSecondFactor(row, input.code, input.recoveryCode))) {
        await recordFailure(row.email, client.ip);
        throw new AppError(400, 'VALIDATION_ERROR', 'The password or the code is wrong', { details: [{ path: passwordOk ? 'code' : 'password', message: passwordOk ? WRONG_CODE : 'The password is wrong', code: 'invalid' }] });
      }
      await db.updateTable('users').set(TWO_FACTOR_OFF).where('id', '=', userId).execute();
    },

    /**
     * The signed-in user and session for a bearer token, or undefined when it is unknown, expired
     * or revoked. Notes when the session was last used (at most once a minute).
     */
    async authenticate(token: string): Promise<{ user: PublicUser; sessionId: string } | undefined> {
      if (!token || token.length > 200) return undefined;
      const tokenHash = hashToken(token);
      const row = (await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.email', 'users.name', 'users.password_hash', 'users.created_at', 'users.role', 'users.languages', 'users.totp_secret', 'users.totp_last_step', 'users.recovery_codes', 'users.telegram_chat_id', 'sessions.expires_at', 'sessions.last_used_at', 'sessions.id as session_id'])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst()) as (UserRow & { expires_at: string; last_used_at: string | null; session_id: string }) | undefined;
      const now = nowIso();
      if (!row || row.expires_at <= now) return undefined;
      // Unused for longer than the idle time: ended, as if the person had signed out.
      if (row.last_used_at && row.last_used_at < activeSince(Date.parse(now))) {
        await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        return undefined;
      }
      if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > LAST_USED_PRECISION_MS) {
        await db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
      }
      return { user: toPublicUser(row), sessionId: row.session_id };
    },

    /** The user's live sessions, the one in use marked, newest use first. */
    async sessions(userId: string, currentId: string | undefined): Promise<SessionInfo[]> {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowIso())
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '>=', activeSince(Date.now()))]))
        .orderBy('last_used_at', 'desc')
        .execute();
      return rows.map((row) => ({
        _id: String(row.id),
        createdAt: String(row.created_at),
        lastUsedAt: String(row.last_used_at ?? row.created_at),
        expiresAt: String(row.expires_at),
        userAgent: String(row.user_agent ?? ''),
        ip: String(row.ip ?? ''),
        current: row.id === currentId,
      }));
    },

    /** Ends one of the user's sessions at once (its token stops working on the next request). */
    async endSession(userId: string, sessionId: string): Promise<void> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', sessionId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Session');
    },

    /** Ends every session of the user but the one in use. */
    async endOtherSessions(userId: string, currentId: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', currentId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async logout(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    async countUsers(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listUsers(): Promise<PublicUser[]> {
      const rows = (await db.selectFrom('users').selectAll().orderBy('created_at', 'asc').execute()) as UserRow[];
      return rows.map(toPublicUser);
    },

    async createUser(input: { email: string; password: string; name?: string; role?: Role; languages?: string[] }): Promise<PublicUser> {
      const email = input.email.trim().toLowerCase();
      if (await findUserByEmail(email)) throw duplicate('An account with this email already exists');
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        email,
        name: input.name?.trim() || email.split('@')[0],
        password_hash: await hashPassword(input.password),
        created_at: now,
        role: input.role ?? 'admin',
        languages: JSON.stringify(input.role === 'translator' ? (input.languages ?? []) : []),
        totp_secret: null,
        totp_last_step: null,
        recovery_codes: '[]',
      };
      await db.insertInto('users').values({ ...row, updated_at: now, version: 1 }).execute();
      return toPublicUser(row);
    },

    /** Sets a new password and signs the user out everywhere. */
    /**
     * Turns two-factor sign-in off for an account that lost its app and its recovery codes (from the
     * command line only); its open sessions are signed out. Answers whether it was on.
     */
    async resetTwoFactor(email: string): Promise<boolean> {
      const user = await findUserByEmail(email);
      if (!user) throw notFound('Account');
      await db.updateTable('users').set({ ...TWO_FACTOR_OFF, updated_at: nowIso() }).where('id', '=', user.id).execute();
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      return Boolean(user.totp_secret);
    },

    async setPassword(email: string, password: string): Promise<void> {
      const user = await findUserByEmail(email);
      if (!user) throw notFound('Account');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
        .where('id', '=', user.id)
        .execute();
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    },

    /**
     * "Forgot password?": a one-use token for the account of this e-mail, handed to `send` (the
     * e-mail with the link); nothing for an unknown address (the caller answers the same), and at
     * most one link in 10 minutes per account.
     */
    async requestPasswordReset(emailInput: unknown, send: (to: string, token: string) => Promise<void>): Promise<void> {
      const address = typeof emailInput === 'string' ? emailInput.trim().toLowerCase().slice(0, 320) : '';
      const user = address ? await findUserByEmail(address) : undefined;
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
      if (!row || row.used_at || String(row.expires_at) <= nowIso()) throw new AppError(400, 'BAD_REQUEST', 'This link has expired or was used already: ask for a new one on the sign-in page');
      // Taken by one request only: the update that marks it used is the claim.
      const claimed = await db.updateTable('password_resets').set({ used_at: nowIso() }).where('token_hash', '=', row.token_hash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(400, 'BAD_REQUEST', 'This link has expired or was used already: ask for a new one on the sign-in page');
      await db.updateTable('users').set({ password_hash: await hashPassword(password), updated_at: nowIso() }).where('id', '=', String(row.user_id)).execute();
      await db.deleteFrom('sessions').where('user_id', '=', String(row.user_id)).execute();
      await db.deleteFrom('password_resets').where('user_id', '=', String(row.user_id)).where('used_at', 'is', null).execute();
    },

    async verifyUserPassword(userId: string, password: string): Promise<boolean> {
      const row = (await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) as UserRow | undefined;
      return row ? verifyPassword(password, row.password_hash) : false;
    },

    async deleteUser(id: string): Promise<PublicUser> {
      const user = await this.getUser(id);
      if (user.role === 'admin' && (await adminCount()) <= 1) throw new AppError(409, 'CONFLICT', LAST_ADMIN);
      await db.deleteFrom('users').where('id', '=', id).execute();
      return user;
    },

    async getUser(id: string): Promise<PublicUser> {
      return toPublicUser(await userRow(id));
    },

    /** Changes an account's name, role or languages; the last administrator stays one. */
    async updateUser(id: string, change: { name?: string; role?: Role; languages?: string[] }): Promise<PublicUser> {
      const user = await this.getUser(id);
      const role = change.role ?? user.role;
      const languages = change.languages ?? user.languages;
      if (user.role === 'admin' && role !== 'admin' && (await adminCount()) <= 1) throw new AppError(409, 'CONFLICT', LAST_ADMIN);
      if (role === 'translator' && languages.length === 0) {
        throw new AppError(400, 'VALIDATION_ERROR', 'A translator needs at least one language to translate into', { details: [{ path: 'languages', message: 'A translator needs at least one language to translate into', code: 'required' }] });
      }
      await db
        .updateTable('users')
        .set({ name: change.name?.trim() || user.name, role, languages: JSON.stringify(role === 'translator' ? languages : []), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return this.getUser(id);
    },

    /** Where the firm's bot sends this person's notices (null: nowhere). */
    async setTelegramChat(id: string, chatId: string | null): Promise<PublicUser> {
      await userRow(id);
      await db.updateTable('users').set({ telegram_chat_id: chatId, updated_at: nowIso() }).where('id', '=', id).execute();
      return this.getUser(id);
    },

    /** The language this person reads the admin in (what they are told of a review is in it): uz, ru, en, or null when not known. */
    async interfaceLanguage(id: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('interface_language').where('id', '=', id).executeTakeFirst();
      return row?.interface_language ? String(row.interface_language) : null;
    },

    async setInterfaceLanguage(id: string, language: string): Promise<void> {
      await db.updateTable('users').set({ interface_language: language }).where('id', '=', id).execute();
    },

    /** Creates the first administrator from the environment when there is none yet. */
    async ensureFirstAdmin(email: string | undefined, password: string | undefined): Promise<'created' | 'exists' | 'missing'> {
      if ((await this.countUsers()) > 0) return 'exists';
      if (!email || !password) return 'missing';
      await this.createUser({ email, password });
      return 'created';
    },
  };
}

