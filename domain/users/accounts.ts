import type { Database } from '../../db/connection.ts';
import { languagesFor, rolesFor } from '../access/permissions.ts';
import { AppError, duplicate, notFound } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { ROLES, type PublicUser, type Role, type Scope } from './user-schema.ts';

/** An account's row in `users`. */
export interface UserRow {
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
  break_glass?: number | boolean | null;
  scope?: string | null;
}

/** The stored scope (`{"services":[…]}`), or null for none (or an unreadable one). */
function scopeOf(value: string | null | undefined): Scope {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { services?: unknown };
    const services = Array.isArray(parsed.services) ? parsed.services.filter((id): id is string => typeof id === 'string') : [];
    return services.length ? { services } : null;
  } catch {
    return null;
  }
}

export const toPublicUser = (row: UserRow): PublicUser => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  createdAt: row.created_at,
  role: ROLES.find((known) => known === row.role) ?? 'editor',
  twoFactor: Boolean(row.totp_secret),
  telegramChatId: row.telegram_chat_id ?? null,
  breakGlass: Boolean(Number(row.break_glass ?? 0)),
  scope: scopeOf(row.scope),
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
const NEEDS_LANGUAGE = 'A translator needs at least one language to translate into';
/** Who manages the accounts (PERMISSIONS 'user.manage'): the last of them stays one. */
const MANAGERS: readonly Role[] = rolesFor('user.manage');
const manages = (role: string) => MANAGERS.some((manager) => manager === role);
/** A role whose changes are bound to its own languages (a translator): the account keeps them. */
const languageBound = (role: Role) => languagesFor({ role }, 'record.edit') !== 'all';

/** The rows of accounts, as the other parts of sign-in read them. */
export function createUserRows(database: Database) {
  const { db } = database;
  const find = async (id: string) => (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
  return {
    find,
    /** The account's row; 404 when there is none. */
    async byId(id: string): Promise<UserRow> {
      const row = await find(id);
      if (!row) throw notFound('Account');
      return row;
    },
    async byEmail(email: string): Promise<UserRow | undefined> {
      return (await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()) as UserRow | undefined;
    },
  };
}
export type UserRows = ReturnType<typeof createUserRows>;

/** The firm's accounts: who they are, their role and languages, their password, where the bot tells them. */
export function createAccounts(database: Database, rows: UserRows) {
  const { db } = database;
  /** How many accounts manage the accounts (administrators). */
  async function managerCount(): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).where('role', 'in', [...MANAGERS]).executeTakeFirstOrThrow();
    return Number(row.count);
  }
  const getUser = async (id: string): Promise<PublicUser> => toPublicUser(await rows.byId(id));

  const accounts = {
    getUser,
    async countUsers(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listUsers(): Promise<PublicUser[]> {
      const all = (await db.selectFrom('users').selectAll().orderBy('created_at', 'asc').execute()) as UserRow[];
      return all.map(toPublicUser);
    },

    async createUser(input: { email: string; password: string; name?: string; role?: Role; languages?: string[] }): Promise<PublicUser> {
      const email = input.email.trim().toLowerCase();
      if (await rows.byEmail(email)) throw duplicate('An account with this email already exists');
      const now = nowIso();
      const row: UserRow = {
        id: newId(),
        email,
        name: input.name?.trim() || email.split('@')[0],
        password_hash: await hashPassword(input.password),
        created_at: now,
        role: input.role ?? 'admin',
        languages: JSON.stringify(input.role && languageBound(input.role) ? (input.languages ?? []) : []),
        totp_secret: null,
        totp_last_step: null,
        recovery_codes: '[]',
      };
      await db.insertInto('users').values({ ...row, updated_at: now, version: 1 }).execute();
      return toPublicUser(row);
    },

    /** Sets a new password and signs the user out everywhere. */
    async setPassword(email: string, password: string): Promise<void> {
      const user = await rows.byEmail(email);
      if (!user) throw notFound('Account');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
        .where('id', '=', user.id)
        .execute();
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    },

    async verifyUserPassword(userId: string, password: string): Promise<boolean> {
      const row = await rows.find(userId);
      return row ? verifyPassword(password, row.password_hash) : false;
    },

    async deleteUser(id: string): Promise<PublicUser> {
      const user = await getUser(id);
      if (manages(user.role) && (await managerCount()) <= 1) throw new AppError(409, 'CONFLICT', LAST_ADMIN);
      await db.deleteFrom('users').where('id', '=', id).execute();
      return user;
    },

    /** Changes an account's name, role or languages; the last administrator stays one. */
    async updateUser(id: string, change: { name?: string; role?: Role; languages?: string[]; breakGlass?: boolean; scope?: Scope }): Promise<PublicUser> {
      const user = await getUser(id);
      const role = change.role ?? user.role;
      const languages = change.languages ?? user.languages;
      if (manages(user.role) && !manages(role) && (await managerCount()) <= 1) throw new AppError(409, 'CONFLICT', LAST_ADMIN);
      // A translator's languages are what they may change (domain/access/permissions.ts); none would leave them nothing.
      if (languageBound(role) && languages.length === 0) {
        throw new AppError(400, 'VALIDATION_ERROR', NEEDS_LANGUAGE, { details: [{ path: 'languages', message: NEEDS_LANGUAGE, code: 'required' }] });
      }
      await db
        .updateTable('users')
        .set({
          name: change.name?.trim() || user.name,
          role,
          languages: JSON.stringify(languageBound(role) ? languages : []),
          break_glass: (change.breakGlass ?? user.breakGlass) ? 1 : 0,
          scope: change.scope === undefined ? (user.scope ? JSON.stringify(user.scope) : null) : change.scope ? JSON.stringify({ services: [...new Set(change.scope.services)] }) : null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      return getUser(id);
    },

    /** Where the firm's bot sends this person's notices (null: nowhere). */
    async setTelegramChat(id: string, chatId: string | null): Promise<PublicUser> {
      await rows.byId(id);
      await db.updateTable('users').set({ telegram_chat_id: chatId, updated_at: nowIso() }).where('id', '=', id).execute();
      return getUser(id);
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
      if ((await accounts.countUsers()) > 0) return 'exists';
      if (!email || !password) return 'missing';
      await accounts.createUser({ email, password });
      return 'created';
    },
  };
  return accounts;
}
