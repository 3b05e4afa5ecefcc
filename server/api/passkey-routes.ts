import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertObject, parseOrThrow } from '../../domain/shared/validation.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { named, route } from '../http/route.ts';
import { ANY_OBJECT, component, idParams, NO_DATA } from './route-parts.ts';

/*
 * Passkeys (WebAuthn, API-4.md "Sign-in that a firm's IT accepts"): one registers them for one's
 * own account in Settings and signs in with one instead of a password and a code. The browser's
 * answers are read with closed schemas of the WebAuthn JSON (what @simplewebauthn/browser sends).
 */

const tags = ['Auth'];
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const ExtensionResults = z.strictObject({
  credProps: z.strictObject({ rk: z.boolean().optional() }).optional(),
  appid: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
});
const Attachment = z.enum(['platform', 'cross-platform']).optional();

const RegistrationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20000),
    authenticatorData: base64url(4000).optional(),
    transports: z.array(Transport).max(7).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});
const AuthenticationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
});

const PasskeyName = z.string().trim().min(1, 'Name the passkey (such as “Work laptop”)').max(60);
const RegisterVerifyBody = named(z.strictObject({ name: PasskeyName, response: RegistrationResponse }), 'PasskeyRegistration');
const LoginVerifyBody = named(z.strictObject({ response: AuthenticationResponse }), 'PasskeySignIn');
const RenameBody = z.strictObject({ name: PasskeyName });
const EmptyBody = z.strictObject({});
/** The options' calls take no fields: nothing, or an empty object. */
const refuseAnyBody = (body: unknown) => {
  if (body !== undefined && body !== null) parseOrThrow(EmptyBody, assertObject(body));
};

const PASSKEY = named(
  {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      name: { type: 'string' },
      createdAt: { type: 'string', format: 'date-time' },
      lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
      deviceType: { type: 'string', enum: ['singleDevice', 'multiDevice'], description: 'multiDevice: synced between devices (a phone’s or a password manager’s)' },
      backedUp: { type: 'boolean' },
    },
  },
  'Passkey',
);
const SIGNED_IN = { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: component('User') } };

/** Registering, listing, renaming and removing one's own passkeys; signing in with one. */
export function passkeyRoutes(app: FastifyInstance, services: AppServices) {
  const { auth } = services;
  const { passkeys } = auth;

  route(app, {
    method: 'GET',
    url: '/auth/passkeys',
    operationId: 'listPasskeys',
    summary: "The signed-in user's passkeys: name, when added and last used",
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'Passkeys, oldest first', data: { type: 'array', items: PASSKEY } } },
    errors: [401],
    handler: async (request) => ok(await passkeys.list(request.user!._id)),
  });
  route(app, {
    method: 'POST',
    url: '/auth/passkeys/register/options',
    operationId: 'passkeyRegistrationOptions',
    summary: 'Options for navigator.credentials.create() (WebAuthn) to add a passkey to your own account; its challenge works once, for 5 minutes',
    tags,
    access: 'signedIn',
    body: EmptyBody,
    bodyRequired: false,
    answers: { 200: { description: 'PublicKeyCredentialCreationOptionsJSON', data: ANY_OBJECT } },
    errors: [400, 401],
    handler: async (request) => {
      refuseAnyBody(request.body);
      return ok(await passkeys.registrationOptions(request.user!._id));
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/passkeys/register/verify',
    operationId: 'registerPasskey',
    summary: 'Keep the passkey the browser created (its challenge, this site’s origin and a verified user are checked) under the name you give it',
    tags,
    access: 'signedIn',
    body: RegisterVerifyBody,
    answers: { 201: { description: 'Added', data: PASSKEY } },
    errors: [400, 401, 409],
    handler: async (request, reply) => {
      const input = parseOrThrow(RegisterVerifyBody, assertObject(request.body));
      const passkey = await passkeys.register(request.user!._id, input);
      await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: passkey “${passkey.name}” added` });
      return reply.status(201).send(ok(passkey, { message: 'Passkey added' }));
    },
  });
  route(app, {
    method: 'PUT',
    url: '/auth/passkeys/:id',
    operationId: 'renamePasskey',
    summary: 'Rename one of your passkeys',
    tags,
    access: 'signedIn',
    params: idParams('The passkey'),
    body: RenameBody,
    answers: { 200: { description: 'Renamed', data: PASSKEY } },
    errors: [400, 401, 404],
    handler: async (request) => {
      const { name } = parseOrThrow(RenameBody, assertObject(request.body));
      return ok(await passkeys.rename(request.user!._id, (request.params as { id: string }).id, name), { message: 'Passkey renamed' });
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/auth/passkeys/:id',
    operationId: 'removePasskey',
    summary: 'Remove one of your passkeys: it no longer signs in (another account’s is not found)',
    tags,
    access: 'signedIn',
    params: idParams('The passkey'),
    answers: { 200: { description: 'Removed', data: NO_DATA } },
    errors: [401, 404],
    handler: async (request) => {
      const removed = await passkeys.remove(request.user!._id, (request.params as { id: string }).id);
      await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: passkey “${removed.name}” removed` });
      return ok(null, { message: 'Passkey removed' });
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/passkeys/login/options',
    operationId: 'passkeySignInOptions',
    summary: 'Options for navigator.credentials.get() (WebAuthn) to sign in with a passkey; its challenge works once, for 5 minutes. Refused (429) while the address is locked out',
    tags,
    access: 'public',
    body: EmptyBody,
    bodyRequired: false,
    answers: { 200: { description: 'PublicKeyCredentialRequestOptionsJSON', data: ANY_OBJECT } },
    errors: [400, 429],
    handler: async (request) => {
      refuseAnyBody(request.body);
      return ok(await passkeys.authenticationOptions(request.ip));
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/passkeys/login/verify',
    operationId: 'passkeySignIn',
    summary: 'Sign in with a passkey: the answer of navigator.credentials.get(); a token as a password sign-in gives, with no second factor. Every refusal counts toward the sign-in lock-out; with PASSWORD_SIGN_IN=false only a break-glass account (403 password_sign_in_off)',
    tags,
    access: 'public',
    body: LoginVerifyBody,
    answers: { 200: { description: 'Signed in', data: SIGNED_IN } },
    errors: [400, 401, 403, 429],
    handler: async (request) => {
      const { response } = parseOrThrow(LoginVerifyBody, assertObject(request.body));
      const { signedIn, passkey } = await auth.loginWithPasskey(response, clientOf(request));
      const { user } = signedIn;
      await services.activity.record({ entity: 'users', action: 'sign-in', id: user._id, actor: { userId: user._id, email: user.email, role: user.role, name: user.name }, summary: `with the passkey “${passkey.name}”` });
      return ok(signedIn, { message: 'Signed in' });
    },
  });
}
