import type { Database } from '../../db/connection.ts';
import { AppError } from '../shared/errors.ts';
import { createAccounts, createUserRows, type UserRow } from './accounts.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { createPasswordResets } from './password-resets.ts';
import { createPasskeys, type PasskeyInfo, type RelyingParty } from './passkeys.ts';
import { createProviderSignIn } from './provider-sign-in.ts';
import { createSignInHandoffs } from './sign-in-handoffs.ts';
import { createSessions, type ClientInfo, type SignedIn } from './sessions.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { createTwoFactor, WRONG_CODE } from './two-factor.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';

export { TWO_FACTOR_OFF } from './two-factor.ts';

const WRONG_LOGIN = 'Invalid email or password';

/**
 * Sign-in and the firm's accounts, composed of their parts: accounts (accounts.ts), sessions
 * (sessions.ts), the throttle of failed attempts (sign-in-throttle.ts), two-factor sign-in
 * (two-factor.ts), passkeys (passkeys.ts) and password resets (password-resets.ts). This file
 * holds the ways of signing in, which use all of them. `site` is where the passkeys belong (the
 * public address); a command-line tool that signs nobody in leaves it out.
 */
export function createAuthService(database: Database, options: { idleMs?: number; passwordSignIn?: boolean; providerName?: string; site?: RelyingParty } = {}) {
  const rows = createUserRows(database);
  const throttle = createSignInThrottle(database);
  const sessions = createSessions(database, options.idleMs ?? 12 * 60 * 60 * 1000);
  const { signChallenge, openChallenge, useSecondFactor, ...twoFactor } = createTwoFactor(database, rows, throttle);
  const passkeys = createPasskeys(database, rows, throttle, options.site ?? { publicUrl: 'http://localhost', name: async () => '' });
  const accounts = createAccounts(database, rows);

  /** The password (and code) were right: the failures of this e-mail are forgotten and a session starts. */
  async function signIn(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const now = Date.now();
    await throttle.succeeded(user.email, now);
    return sessions.start(user, client, now);
  }

  return {
    /**
     * Checks the password. Without two-factor sign-in that is the sign-in (a token); with it, the
     * answer is a challenge for the second step (`loginSecondStep`), valid five minutes.
     */
    async login(emailInput: string, password: string, client: ClientInfo): Promise<SignedIn | { twoFactorRequired: true; challenge: string }> {
      const address = client.ip;
      const email = emailInput.trim().toLowerCase();
      await throttle.assertNotLocked(email, address);
      const user = await rows.byEmail(email);
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        await throttle.recordFailure(email, address);
        throw new AppError(401, 'UNAUTHORIZED', WRONG_LOGIN);
      }
      // PASSWORD_SIGN_IN=false: only a break-glass account still signs in with its password.
      if (options.passwordSignIn === false && !Number(user.break_glass ?? 0)) {
        throw new AppError(403, 'FORBIDDEN', `Passwords are turned off on this site: use “Sign in with ${options.providerName ?? 'single sign-on'}”. If that does not work, ask your IT department.`, { reason: 'password_sign_in_off' });
      }
      if (user.totp_secret) return { twoFactorRequired: true, challenge: await signChallenge(user.id) };
      return signIn(user, client);
    },

    /** The second step: a code from the authenticator app, or one of the recovery codes; each works once. */
    async loginSecondStep(input: { challenge?: unknown; code?: unknown; recoveryCode?: unknown }, client: ClientInfo): Promise<SignedIn> {
      const userId = typeof input.challenge === 'string' ? await openChallenge(input.challenge) : undefined;
      const row = userId ? await rows.find(userId) : undefined;
      if (!row || !row.totp_secret) throw new AppError(401, 'UNAUTHORIZED', 'The sign-in has expired or is not valid: sign in again with your password');
      await throttle.assertNotLocked(row.email, client.ip);
      if (!(await useSecondFactor(row, input.code, input.recoveryCode))) {
        await throttle.recordFailure(row.email, client.ip);
        throw new AppError(401, 'UNAUTHORIZED', WRONG_CODE);
      }
      return signIn(row, client);
    },

    /** A sign-in with a passkey: the authenticator verified its user, so no second factor is asked. */
    async loginWithPasskey(response: AuthenticationResponseJSON, client: ClientInfo): Promise<{ signedIn: SignedIn; passkey: PasskeyInfo }> {
      const { user, passkey } = await passkeys.authenticate(response, client.ip);
      // PASSWORD_SIGN_IN=false: the firm's provider decides who signs in (IT disables one account
      // there); a passkey would go around it, so only a break-glass account still uses one.
      if (options.passwordSignIn === false && !Number(user.break_glass ?? 0)) {
        throw new AppError(403, 'FORBIDDEN', `Only “Sign in with ${options.providerName ?? 'single sign-on'}” is used on this site: a passkey does not sign in here. If that does not work, ask your IT department.`, { reason: 'password_sign_in_off' });
      }
      return { signedIn: await signIn(user, client), passkey };
    },
    passkeys,

    /** A sign-in another party vouched for (an OpenID Connect provider, after its one-time code): a session starts. */
    async signInAccount(userId: string, client: ClientInfo): Promise<SignedIn | undefined> {
      const user = await rows.find(userId);
      return user ? signIn(user, client) : undefined;
    },
    providerSignIn: createProviderSignIn(database, rows),
    handoffs: createSignInHandoffs(database),
    ...twoFactor,
    authenticate: sessions.authenticate,
    sessions: sessions.sessions,
    endSession: sessions.endSession,
    endOtherSessions: sessions.endOtherSessions,
    logout: sessions.logout,
    ...accounts,
    /** Removes an account, and its passkeys with it. */
    async deleteUser(id: string) {
      const removed = await accounts.deleteUser(id);
      await passkeys.forgetUser(id);
      return removed;
    },
    ...createPasswordResets(database, rows),
  };
}
