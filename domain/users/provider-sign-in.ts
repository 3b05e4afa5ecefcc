import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { UserRow, UserRows } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import type { Role } from './user-schema.ts';

/** How a provider's groups become roles: the first role (in the order configured) whose group the person is in. */
export interface RoleMapping {
  roles: ReadonlyArray<{ role: Role; group: string }>;
  /** The claim that lists the person's groups (`groups`, `roles`…). */
  roleClaim: string;
  /** An account is made at the first sign-in of an address that has none. */
  createAccounts: boolean;
}

/** Why a provider's sign-in was refused: the admin's sign-in page says what to do for each. */
export type ProviderRefusal = 'email_unverified' | 'no_group' | 'no_account';

export type ProviderOutcome = { ok: true; user: UserRow; created: boolean; role: Role } | { ok: false; reason: ProviderRefusal; email: string; userId?: string };

/** The values of a claim as a list of strings (a list, or one string). */
function claimValues(claims: Record<string, unknown>, name: string): string[] {
  const value = claims[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** The role the claims give (the first mapped group the person is in), or undefined. */
function roleFromClaims(claims: Record<string, unknown>, mapping: RoleMapping): Role | undefined {
  const groups = new Set(claimValues(claims, mapping.roleClaim));
  return mapping.roles.find((entry) => groups.has(entry.group))?.role;
}

/**
 * An OpenID Connect sign-in after the library verified the ID token (signature, issuer, audience,
 * expiry, nonce): the account is found by its verified e-mail (made only when allowed), and its
 * role follows the group claim at every sign-in. With no mapped group the account is refused and
 * every session it has ends: IT removing someone from the group is felt here at once.
 */
export function createProviderSignIn(database: Database, rows: UserRows) {
  const { db } = database;
  return {
    async resolve(claims: Record<string, unknown>, mapping: RoleMapping): Promise<ProviderOutcome> {
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      // Entra ID leaves email_verified out for work accounts its tenant owns; an explicit false is refused.
      if (!email || claims.email_verified === false) return { ok: false, reason: 'email_unverified', email };
      const existing = await rows.byEmail(email);
      const role = roleFromClaims(claims, mapping);
      if (!role) {
        if (existing) await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
        return { ok: false, reason: 'no_group', email, userId: existing?.id };
      }
      if (existing) {
        if (existing.role !== role) await db.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', existing.id).execute();
        return { ok: true, user: { ...existing, role }, created: false, role };
      }
      if (!mapping.createAccounts) return { ok: false, reason: 'no_account', email };
      const now = nowIso();
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 200) : email.split('@')[0]!;
      // No password anyone knows: the account signs in through the provider (an administrator may set one later).
      const user: UserRow = {
        id: newId(),
        email,
        name,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        created_at: now,
        role,
        languages: '[]',
        totp_secret: null,
        totp_last_step: null,
        recovery_codes: '[]',
      };
      await db.insertInto('users').values({ ...user, updated_at: now, version: 1 }).execute();
      return { ok: true, user, created: true, role };
    },
  };
}
