import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/connection.ts';
import { AppError, notFound, tooManyRequests } from '../shared/errors.ts';
import { newId, nowIso } from '../shared/ids.ts';
import type { UserRow, UserRows } from './accounts.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** A challenge is good for one answer within this time. */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** How long the browser waits for the person at the authenticator. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * The signature algorithms accepted: EdDSA, ES256, RS256 (COSE ids). The library would also offer
 * ML-DSA, which Node verifies only with an experimental API; authenticators use these three.
 */
const ALGORITHMS = [-8, -7, -257];
/** Sign-in challenges waiting at once (a public route): more are refused until some expire. */
const MAX_OPEN_SIGN_IN_CHALLENGES = 1000;

const NOT_KNOWN = 'This passkey is not registered on this site: sign in with your password, then add the passkey in Settings';
const EXPIRED = 'The passkey request has expired or was already used: try again';
const NOT_VERIFIED = 'The passkey could not be verified for this site: try again, or sign in with your password';

/** A passkey as its owner sees it in Settings. */
export interface PasskeyInfo {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** singleDevice: bound to one authenticator; multiDevice: synced (a phone's or a password manager's). */
  deviceType: string;
  backedUp: boolean;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Where the site is, as the browser sees it: from the configured public address, never from a request's Host. */
export interface RelyingParty {
  /** The site's name shown by the authenticator. */
  name: () => Promise<string>;
  /** PUBLIC_URL: its host name is the passkeys' rpID, its origin the only one accepted. */
  publicUrl: string;
}

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  deviceType: row.device_type,
  backedUp: Boolean(Number(row.backed_up)),
});

const transportsOf = (row: PasskeyRow): string[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): registering one for the signed-in account,
 * signing in with one (no second factor: the authenticator verified its user), listing and
 * removing one's own. Every challenge is kept in `passkey_challenges` and used once.
 */
export function createPasskeys(database: Database, rows: UserRows, throttle: SignInThrottle, site: RelyingParty) {
  const { db } = database;
  const url = new URL(site.publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;

  async function keepChallenge(challenge: string, purpose: 'register' | 'login', userId: string | null): Promise<void> {
    const now = Date.now();
    await db.deleteFrom('passkey_challenges').where('expires_at', '<', new Date(now).toISOString()).execute();
    if (purpose === 'login') {
      const open = await db.selectFrom('passkey_challenges').select((eb) => eb.fn.countAll().as('count')).where('purpose', '=', 'login').executeTakeFirstOrThrow();
      if (Number(open.count) >= MAX_OPEN_SIGN_IN_CHALLENGES) throw tooManyRequests('Too many passkey sign-ins are under way: try again in a few minutes.', 300);
    }
    await db
      .insertInto('passkey_challenges')
      .values({ challenge, purpose, user_id: userId, expires_at: new Date(now + CHALLENGE_LIFETIME_MS).toISOString(), created_at: new Date(now).toISOString() })
      .execute();
  }

  /** Takes a challenge (it is deleted: a second answer with it finds none); true when it was waiting, live, for this purpose and account. */
  function useChallenge(purpose: 'register' | 'login', userId: string | null) {
    return async (challenge: string): Promise<boolean> => {
      if (typeof challenge !== 'string' || challenge.length > 200) return false;
      let query = db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).where('purpose', '=', purpose).where('expires_at', '>', nowIso());
      query = userId ? query.where('user_id', '=', userId) : query.where('user_id', 'is', null);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    };
  }

  const ofUser = async (userId: string) => (await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute()) as PasskeyRow[];

  /** A ceremony's refusal: the challenge first (expired or replayed), else the verification itself. */
  async function verified<T>(work: () => Promise<T>, status: 400 | 401): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error && /challenge/i.test(error.message) ? EXPIRED : NOT_VERIFIED;
      throw new AppError(status, status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR', message);
    }
  }

  return {
    /** The signed-in account's passkeys, oldest first. */
    async list(userId: string): Promise<PasskeyInfo[]> {
      return (await ofUser(userId)).map(toInfo);
    },

    /** Options for the browser to create a passkey for the signed-in account (its existing ones excluded). */
    async registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const user = await rows.byId(userId);
      const options = await generateRegistrationOptions({
        rpName: (await site.name()) || 'Law firm',
        rpID,
        userName: user.email,
        userDisplayName: user.name || user.email,
        userID: new TextEncoder().encode(user.id),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: (await ofUser(userId)).map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await keepChallenge(options.challenge, 'register', userId);
      return options;
    },

    /** Checks the browser's answer (its challenge, this site's origin and rpID, a verified user) and keeps the passkey under its name. */
    async register(userId: string, input: { name: string; response: RegistrationResponseJSON }): Promise<PasskeyInfo> {
      const result = await verified(
        () =>
          verifyRegistrationResponse({
            response: input.response,
            expectedChallenge: useChallenge('register', userId),
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
            supportedAlgorithmIDs: ALGORITHMS,
          }),
        400,
      );
      if (!result.verified) throw new AppError(400, 'VALIDATION_ERROR', NOT_VERIFIED);
      const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
      const taken = await db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
      if (taken) throw new AppError(409, 'CONFLICT', 'This passkey is already registered on this site', { reason: 'duplicate' });
      const row: PasskeyRow = {
        id: newId(),
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? input.response.response.transports ?? []),
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp ? 1 : 0,
        name: input.name.trim(),
        created_at: nowIso(),
        last_used_at: null,
      };
      await db.insertInto('passkeys').values(row).execute();
      return toInfo(row);
    },

    /** Options for a sign-in with any passkey of this site (the authenticator offers its own). */
    async authenticationOptions(address: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      await throttle.assertNotLocked('', address);
      const options = await generateAuthenticationOptions({ rpID, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'required' });
      await keepChallenge(options.challenge, 'login', null);
      return options;
    },

    /**
     * Checks a sign-in's answer: a known passkey of an account that exists, the challenge handed out
     * (once), this site's origin and rpID, the signature by the stored key, a counter that went up.
     * Each refusal counts toward the sign-in throttle. Answers the account and the passkey used.
     */
    async authenticate(response: AuthenticationResponseJSON, address: string): Promise<{ user: UserRow; passkey: PasskeyInfo }> {
      await throttle.assertNotLocked('', address);
      const found = (await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst()) as PasskeyRow | undefined;
      const user = found ? await rows.find(found.user_id) : undefined;
      if (!found || !user) {
        await throttle.recordFailure('', address);
        throw new AppError(401, 'UNAUTHORIZED', NOT_KNOWN);
      }
      await throttle.assertNotLocked(user.email, address);
      const counter = Number(found.counter);
      try {
        const result = await verified(
          () =>
            verifyAuthenticationResponse({
              response,
              expectedChallenge: useChallenge('login', null),
              expectedOrigin: origin,
              expectedRPID: rpID,
              credential: { id: found.credential_id, publicKey: new Uint8Array(Buffer.from(found.public_key, 'base64url')), counter, transports: transportsOf(found) },
              requireUserVerification: true,
            }),
          401,
        );
        if (!result.verified) throw new AppError(401, 'UNAUTHORIZED', NOT_VERIFIED);
        // Atomic: two answers signed with the same counter cannot both pass.
        const usedAt = nowIso();
        const updated = await db
          .updateTable('passkeys')
          .set({ counter: result.authenticationInfo.newCounter, last_used_at: usedAt, backed_up: result.authenticationInfo.credentialBackedUp ? 1 : 0 })
          .where('id', '=', found.id)
          .where('counter', '=', counter)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new AppError(401, 'UNAUTHORIZED', NOT_VERIFIED);
        return { user, passkey: toInfo({ ...found, last_used_at: usedAt }) };
      } catch (error) {
        await throttle.recordFailure(user.email, address);
        throw error;
      }
    },

    /** Removes one of the account's own passkeys (another account's is not found). */
    async remove(userId: string, id: string): Promise<PasskeyInfo> {
      const row = (await db.selectFrom('passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) as PasskeyRow | undefined;
      if (!row) throw notFound('Passkey');
      await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).execute();
      return toInfo(row);
    },

    /** Renames one of the account's own passkeys. */
    async rename(userId: string, id: string, name: string): Promise<PasskeyInfo> {
      const result = await db.updateTable('passkeys').set({ name: name.trim() }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound('Passkey');
      return toInfo((await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as PasskeyRow);
    },

    /** An account removed: its passkeys go with it. */
    async forgetUser(userId: string): Promise<void> {
      await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
    },
  };
}
