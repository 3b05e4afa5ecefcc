import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { notFound } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { toPublicUser, type UserRow } from './accounts.ts';
import type { PublicUser } from './user-schema.ts';

const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's "last used" is written at most this often (not on every request). */
const LAST_USED_PRECISION_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session's token, its end, and who it is. */
export interface SignedIn {
  token: string;
  expiresAt: string;
  user: PublicUser;
}

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

/**
 * Sessions: a bearer token (only its hash is stored) that ends after 7 days, or when unused for
 * `idleMs`, or when its user ends it.
 */
export function createSessions(database: Database, idleMs: number) {
  const { db } = database;
  /** Used within the idle time: a session last used before this has ended. */
  const activeSince = (now: number) => new Date(now - idleMs).toISOString();

  return {
    /** A new session for an account that signed in (ended sessions are cleared on the way). */
    async start(user: UserRow, client: ClientInfo, now: number): Promise<SignedIn> {
      await db.deleteFrom('sessions').where('expires_at', '<', new Date(now).toISOString()).execute();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
      const at = new Date(now).toISOString();
      await db
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), id: newId(), user_id: user.id, created_at: at, last_used_at: at, expires_at: expiresAt, ip: client.ip.slice(0, 64), user_agent: client.userAgent.slice(0, 300) })
        .execute();
      return { token, expiresAt, user: toPublicUser(user) };
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
        .select(['users.id', 'users.email', 'users.name', 'users.password_hash', 'users.created_at', 'users.role', 'users.languages', 'users.totp_secret', 'users.totp_last_step', 'users.recovery_codes', 'users.telegram_chat_id', 'users.break_glass', 'users.scope', 'sessions.expires_at', 'sessions.last_used_at', 'sessions.id as session_id'])
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
  };
}
