import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pickText } from '../../domain/shared/localized.ts';
import { AppError, badRequest } from '../../domain/shared/errors.ts';
import { assertObject, parseOrThrow } from '../../domain/shared/validation.ts';
import { ChangePasswordSchema, InterfaceLanguageSchema, LoginInputSchema, NewUserSchema, TelegramChatSchema, UserChangeSchema } from '../../domain/users/user-schema.ts';
import { TelegramError } from '../telegram.ts';
import { passwordResetMessage } from '../../domain/notifications/password-reset-message.ts';
import { telegramTestMessage } from '../../domain/notifications/review-message.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { component, idParams, NO_DATA, RecordIdParams, ANY_OBJECT } from './route-parts.ts';
import { passkeyRoutes } from './passkey-routes.ts';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

const tags = ['Auth'];
const USER = component('User');
const SIGNED_IN = { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: USER } };
const SecondStepBody = z.strictObject({ challenge: z.string(), code: z.string().regex(/^\d{6}$/).optional(), recoveryCode: z.string().optional() });
const EnableTwoFactorBody = z.strictObject({ password: z.string(), code: z.string() });
const DisableTwoFactorBody = z.strictObject({ password: z.string(), code: z.string().optional(), recoveryCode: z.string().optional() });
const PasswordResetBody = z.strictObject({ email: z.email() });
const PasswordResetCompleteBody = z.strictObject({ token: z.string(), password: z.string().min(10).max(200) });
const SESSION = {
  type: 'object',
  properties: { _id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, lastUsedAt: { type: 'string', format: 'date-time' }, expiresAt: { type: 'string', format: 'date-time' }, userAgent: { type: 'string' }, ip: { type: 'string' }, current: { type: 'boolean' } },
};

/** Signing in and out, the account signed in, its sessions and a forgotten password; two-factor sign-in, accounts and own settings in their groups below. */
export async function authRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  signInRoutes(app, services);
  twoFactorRoutes(app, services);
  accountRoutes(app, services);
  ownSettingsRoutes(app, services);
  passkeyRoutes(app, services);
}

/** Sign in, the devices signed in, sign out, who I am, a forgotten password. */
function signInRoutes(app: FastifyInstance, services: AppServices) {
  const { auth } = services;

  route(app, {
    method: 'POST',
    url: '/auth/login',
    operationId: 'login',
    summary: 'Sign in: a token, or with two-factor sign-in on { twoFactorRequired: true, challenge } for POST /auth/login/2fa',
    tags,
    access: 'public',
    body: LoginInputSchema,
    answers: {
      200: {
        description: 'A bearer token, or a challenge',
        data: { oneOf: [SIGNED_IN, { type: 'object', properties: { twoFactorRequired: { const: true }, challenge: { type: 'string', description: 'Signed, valid 5 minutes' } } }] },
      },
    },
    errors: [400, 401, 403, 429],
    handler: async (request) => {
      const { email, password } = parseOrThrow(LoginInputSchema, assertObject(request.body));
      const result = await auth.login(email, password, clientOf(request));
      return ok(result, { message: 'twoFactorRequired' in result ? 'Enter the code from your authenticator app' : 'Signed in' });
    },
  });

  // The devices signed in as this user: each can be ended, or all but this one.
  route(app, {
    method: 'GET',
    url: '/auth/sessions',
    operationId: 'listSessions',
    summary: "The signed-in user's sessions: device, address, last use, and which one is this",
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'Sessions', data: { type: 'array', items: SESSION } } },
    errors: [401],
    handler: async (request) => ok(await auth.sessions(request.user!._id, request.sessionId)),
  });
  route(app, {
    method: 'DELETE',
    url: '/auth/sessions/:id',
    operationId: 'endSession',
    summary: "End one of one's sessions at once",
    tags,
    access: 'signedIn',
    params: idParams('The session'),
    answers: { 200: { description: 'Ended', data: NO_DATA } },
    errors: [401, 404],
    handler: async (request) => {
      const { id } = request.params as { id: string };
      await auth.endSession(request.user!._id, id);
      return ok(null, { message: id === request.sessionId ? 'Signed out' : 'Session ended' });
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/sessions/end-others',
    operationId: 'endOtherSessions',
    summary: 'End every session of the user but this one',
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'How many', data: { type: 'object', properties: { ended: { type: 'integer' } } } } },
    errors: [401],
    handler: async (request) => {
      const ended = await auth.endOtherSessions(request.user!._id, request.sessionId!);
      return ok({ ended }, { message: `${ended} other sessions ended` });
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/logout',
    operationId: 'logout',
    summary: 'Revoke the token',
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'Signed out', data: NO_DATA } },
    errors: [401],
    handler: async (request) => {
      await auth.logout(request.token!);
      return ok(null, { message: 'Signed out' });
    },
  });

  route(app, {
    method: 'GET',
    url: '/auth/me',
    operationId: 'getCurrentUser',
    summary: 'The signed-in administrator',
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'The user', data: USER } },
    errors: [401],
    handler: async (request) => ok(request.user),
  });

  // "Forgot password?": by e-mail when mail is set up (SMTP_URL), else the sign-in page says to ask an administrator.
  route(app, {
    method: 'GET',
    url: '/auth/password-reset',
    operationId: 'passwordResetAvailable',
    summary: 'Whether a forgotten password is reset by e-mail on this site',
    tags,
    access: 'public',
    answers: { 200: { description: 'The answer', data: { type: 'object', properties: { byEmail: { type: 'boolean' } } } } },
    errors: [],
    handler: async () => ok({ byEmail: Boolean(services.mailer) }),
  });
  route(app, {
    method: 'POST',
    url: '/auth/password-reset',
    operationId: 'requestPasswordReset',
    summary: 'E-mail a one-use link (an hour) to set a new password; the same 202 for every address, one link in 10 minutes per account',
    tags,
    access: 'public',
    body: PasswordResetBody,
    answers: { 202: { description: 'Asked', data: NO_DATA } },
    errors: [409],
    handler: async (request, reply) => {
      if (!services.mailer) throw new AppError(409, 'CONFLICT', 'Passwords are not reset by e-mail on this site: ask an administrator to set a new one for you');
      const { email } = assertObject(request.body);
      const [language, site] = await Promise.all([services.languages.defaultLanguage(), services.siteConfig.get()]);
      await auth.requestPasswordReset(email, async (to, token) => {
        const message = passwordResetMessage({ site: pickText(site.companyName, language), url: `${services.publicUrl}/admin/reset/${token}` }, language);
        await services.outbox.enqueue('mail-first', { to, ...message, secrets: [token] });
      });
      // The same answer for every address: nobody learns from it who has an account.
      return reply.status(202).send(ok(null, { message: 'If this address has an account, a link to set a new password is on its way: it works for an hour' }));
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/password-reset/complete',
    operationId: 'completePasswordReset',
    summary: 'Set the new password with the e-mail’s token (once, within the hour); every session of the account ends',
    tags,
    access: 'public',
    body: PasswordResetCompleteBody,
    answers: { 200: { description: 'Changed', data: NO_DATA } },
    errors: [400],
    handler: async (request) => {
      await auth.completePasswordReset(assertObject(request.body));
      return ok(null, { message: 'Your password is changed, and every session of the account has ended: sign in with the new password' });
    },
  });
}

/** Two-factor sign-in: the second step of a login, and setting it up or turning it off. */
function twoFactorRoutes(app: FastifyInstance, services: AppServices) {
  const { auth } = services;

  // Two-factor sign-in: the second step of a login, and setting it up or turning it off.
  route(app, {
    method: 'POST',
    url: '/auth/login/2fa',
    operationId: 'loginSecondStep',
    summary: 'Second step of a sign-in with two-factor on: the challenge from /auth/login and a code (or a recovery code); each code works once',
    tags,
    access: 'public',
    body: SecondStepBody,
    answers: { 200: { description: 'Signed in', data: SIGNED_IN } },
    errors: [400, 401, 429],
    handler: async (request) => ok(await auth.loginSecondStep(assertObject(request.body), clientOf(request)), { message: 'Signed in' }),
  });
  route(app, {
    method: 'POST',
    url: '/auth/2fa/setup',
    operationId: 'setUpTwoFactor',
    summary: 'A new TOTP secret (RFC 6238, SHA-1, 30 s, 6 digits), kept aside until confirmed',
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'The secret', data: { type: 'object', properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } } } } },
    errors: [401, 409],
    handler: async (request) => {
      const site = await services.siteConfig.get();
      return ok(await auth.startTwoFactor(request.user!._id, pickText(site.companyName, await services.languages.defaultLanguage()) || 'Law firm'), { message: 'Scan the code, then enter a code from the app' });
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/2fa/enable',
    operationId: 'enableTwoFactor',
    summary: 'Turn two-factor sign-in on with the password again and a code from the new secret; answers ten recovery codes, shown once. A wrong password counts toward the lock-out',
    tags,
    access: 'signedIn',
    body: EnableTwoFactorBody,
    answers: { 200: { description: 'Recovery codes', data: { type: 'object', properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } } } } },
    errors: [400, 401, 429],
    handler: async (request) => {
      const result = await auth.enableTwoFactor(request.user!._id, assertObject(request.body), clientOf(request));
      await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: two-factor sign-in on` });
      return ok(result, { message: 'Two-factor sign-in is on: keep the recovery codes somewhere safe' });
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/2fa/disable',
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor sign-in off: the password and a code (or a recovery code)',
    tags,
    access: 'signedIn',
    body: DisableTwoFactorBody,
    answers: { 200: { description: 'Off', data: NO_DATA } },
    errors: [400, 401, 429],
    handler: async (request) => {
      await auth.disableTwoFactor(request.user!._id, assertObject(request.body), clientOf(request));
      await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: two-factor sign-in off` });
      return ok(null, { message: 'Two-factor sign-in is off' });
    },
  });
}

/** Accounts (the settings screen, administrators only): list, add, change role, remove. */
function accountRoutes(app: FastifyInstance, services: AppServices) {
  const { auth } = services;

  // Accounts (the settings screen, administrators only): list, add, change role, remove.
  route(app, {
    method: 'GET',
    url: '/auth/users',
    operationId: 'listUsers',
    summary: 'List accounts with their roles (administrators only)',
    tags,
    access: 'user.manage',
    answers: { 200: { description: 'Accounts', data: { type: 'array', items: USER } } },
    errors: [401, 403],
    handler: async () => ok(await auth.listUsers()),
  });

  route(app, {
    method: 'POST',
    url: '/auth/users',
    operationId: 'createUser',
    summary: 'Add an account: role admin, editor or translator (with languages)',
    tags,
    access: 'user.manage',
    body: NewUserSchema,
    answers: { 201: { description: 'Added', data: USER } },
    errors: [400, 401, 403, 409],
    handler: async (request, reply) => {
      const input = parseOrThrow(NewUserSchema, assertObject(request.body));
      const user = await auth.createUser(input);
      await services.environment.changed({ entity: 'users', action: 'create', id: user._id, actor: actorOf(request), summary: `Account ${user.email} (${user.role})` });
      return reply.status(201).send(ok(user, { message: 'Account added' }));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/auth/users/:id',
    operationId: 'updateUser',
    summary: "Change an account's name, role, languages, break-glass password sign-in or practice-area scope; the last administrator cannot be demoted (409)",
    tags,
    access: 'user.manage',
    params: RecordIdParams,
    body: UserChangeSchema,
    answers: { 200: { description: 'Saved', data: USER } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => {
      const change = parseOrThrow(UserChangeSchema, assertObject(request.body));
      const user = await auth.updateUser((request.params as { id: string }).id, change);
      const languages = user.role === 'translator' ? ` for ${user.languages.join(', ')}` : '';
      const scope = user.scope ? `, limited to ${user.scope.services.length} practice areas` : '';
      const breakGlass = user.breakGlass ? ', break-glass password sign-in' : '';
      await services.environment.changed({ entity: 'users', action: 'update', id: user._id, actor: actorOf(request), summary: `Account ${user.email}: ${user.role}${languages}${scope}${breakGlass}` });
      return ok(user, { message: 'Account updated' });
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/auth/users/:id',
    operationId: 'deleteUser',
    summary: 'Remove an account (not yourself, not the last administrator)',
    tags,
    access: 'user.manage',
    params: RecordIdParams,
    answers: { 200: { description: 'Removed', data: NO_DATA } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => {
      const { id } = request.params as { id: string };
      if (id === request.user!._id) throw badRequest('You cannot remove your own account while signed in with it');
      const removed = await auth.deleteUser(id);
      await services.environment.changed({ entity: 'users', action: 'delete', id, actor: actorOf(request), summary: `Account ${removed.email}` });
      return ok(null, { message: 'Account removed' });
    },
  });
}

/** The signed-in user's own settings: interface language, Telegram chat, password. */
function ownSettingsRoutes(app: FastifyInstance, services: AppServices) {
  const { auth } = services;

  // The language I read the admin in: what I am told of a review (e-mail, Telegram) is written in it.
  route(app, {
    method: 'PUT',
    url: '/auth/me/language',
    operationId: 'setMyLanguage',
    summary: 'The language you read the admin in: what you are told of a review (e-mail, Telegram) is written in it',
    tags,
    access: 'signedIn',
    body: InterfaceLanguageSchema,
    answers: { 200: { description: 'Saved', data: { type: 'object', properties: { language: { type: 'string' } } } } },
    errors: [400, 401],
    handler: async (request) => {
      const { language } = parseOrThrow(InterfaceLanguageSchema, assertObject(request.body));
      await auth.setInterfaceLanguage(request.user!._id, language);
      return ok({ language }, { message: 'Language saved' });
    },
  });

  // Where the firm's bot sends my notices (a review assigned to me): my chat id, or null.
  route(app, {
    method: 'PUT',
    url: '/auth/me/telegram',
    operationId: 'setMyTelegramChat',
    summary: 'Where the firm’s Telegram bot sends your notices (a review assigned to you): your chat id with the bot, or null to stop them',
    tags,
    access: 'signedIn',
    body: TelegramChatSchema,
    answers: { 200: { description: 'Your account', data: ANY_OBJECT } },
    errors: [400, 401],
    handler: async (request) => {
      const { chatId } = parseOrThrow(TelegramChatSchema, assertObject(request.body));
      return ok(await auth.setTelegramChat(request.user!._id, chatId), { message: chatId ? 'Telegram notices will come to this chat' : 'Telegram notices are off' });
    },
  });
  route(app, {
    method: 'POST',
    url: '/auth/me/telegram/test',
    operationId: 'testMyTelegramChat',
    summary: 'Send a test message to your chat (409 when the bot is not set up on the server; 503 when Telegram refuses)',
    tags,
    access: 'signedIn',
    answers: { 200: { description: 'Sent', data: NO_DATA } },
    errors: [400, 401, 409, 503],
    handler: async (request) => {
      const send = services.sendTelegram;
      if (!send) throw new AppError(409, 'CONFLICT', 'The firm’s Telegram bot is not connected on this server: ask whoever runs the site to connect it.');
      const chatId = request.user!.telegramChatId;
      if (!chatId) throw badRequest('Save your Telegram chat id first');
      try {
        await send(telegramTestMessage(await services.languages.defaultLanguage(), services.publicUrl, request.user!.email), chatId);
      } catch (error) {
        if (error instanceof TelegramError) throw new AppError(503, 'UNAVAILABLE', `${error.message}. Open the firm's bot in Telegram and press Start, then check the chat id.`);
        throw error;
      }
      return ok(null, { message: 'Test message sent' });
    },
  });

  route(app, {
    method: 'PUT',
    url: '/auth/password',
    operationId: 'changePassword',
    summary: 'Change your own password (signs you out everywhere)',
    tags,
    access: 'signedIn',
    body: ChangePasswordSchema,
    answers: { 200: { description: 'Changed', data: NO_DATA } },
    errors: [400, 401],
    handler: async (request) => {
      const input = parseOrThrow(ChangePasswordSchema, assertObject(request.body));
      if (!(await auth.verifyUserPassword(request.user!._id, input.currentPassword))) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Current password is wrong', { details: [{ path: 'currentPassword', message: 'Current password is wrong', code: 'invalid' }] });
      }
      await auth.setPassword(request.user!.email, input.newPassword);
      return ok(null, { message: 'Password changed: sign in again with the new password' });
    },
  });
}
