import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickText } from '../../domain/shared/localized.ts';
import { AppError, badRequest } from '../../domain/shared/errors.ts';
import { assertObject, parseOrThrow } from '../../domain/shared/validation.ts';
import { ChangePasswordSchema, InterfaceLanguageSchema, LoginInputSchema, NewUserSchema, TelegramChatSchema, UserChangeSchema } from '../../domain/users/user-schema.ts';
import { TelegramError } from '../telegram.ts';
import { passwordResetMessage } from '../../domain/notifications/password-reset-message.ts';
import { telegramTestMessage } from '../../domain/notifications/review-message.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, adminsOnly, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

export async function authRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { auth } = services;

  app.post('/auth/login', async (request) => {
    const { email, password } = parseOrThrow(LoginInputSchema, assertObject(request.body));
    const result = await auth.login(email, password, clientOf(request));
    return ok(result, { message: 'twoFactorRequired' in result ? 'Enter the code from your authenticator app' : 'Signed in' });
  });

  // Two-factor sign-in: the second step of a login, and setting it up or turning it off.
  app.post('/auth/login/2fa', async (request) => ok(await auth.loginSecondStep(assertObject(request.body), clientOf(request)), { message: 'Signed in' }));
  app.post('/auth/2fa/setup', { preHandler: requireUser }, async (request) => {
    const site = await services.siteConfig.get();
    return ok(await auth.startTwoFactor(request.user!._id, pickText(site.companyName, await services.languages.defaultLanguage()) || 'Law firm'), { message: 'Scan the code, then enter a code from the app' });
  });
  app.post('/auth/2fa/enable', { preHandler: requireUser }, async (request) => {
    const result = await auth.enableTwoFactor(request.user!._id, assertObject(request.body), clientOf(request));
    await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: two-factor sign-in on` });
    return ok(result, { message: 'Two-factor sign-in is on: keep the recovery codes somewhere safe' });
  });
  app.post('/auth/2fa/disable', { preHandler: requireUser }, async (request) => {
    await auth.disableTwoFactor(request.user!._id, assertObject(request.body), clientOf(request));
    await services.environment.changed({ entity: 'users', action: 'update', id: request.user!._id, actor: actorOf(request), summary: `Account ${request.user!.email}: two-factor sign-in off` });
    return ok(null, { message: 'Two-factor sign-in is off' });
  });

  // The devices signed in as this user: each can be ended, or all but this one.
  app.get('/auth/sessions', { preHandler: requireUser }, async (request) => ok(await auth.sessions(request.user!._id, request.sessionId)));
  app.delete<{ Params: { id: string } }>('/auth/sessions/:id', { preHandler: requireUser }, async (request) => {
    await auth.endSession(request.user!._id, request.params.id);
    return ok(null, { message: request.params.id === request.sessionId ? 'Signed out' : 'Session ended' });
  });
  app.post('/auth/sessions/end-others', { preHandler: requireUser }, async (request) => {
    const ended = await auth.endOtherSessions(request.user!._id, request.sessionId!);
    return ok({ ended }, { message: `${ended} other sessions ended` });
  });

  app.post('/auth/logout', { preHandler: requireUser }, async (request) => {
    await auth.logout(request.token!);
    return ok(null, { message: 'Signed out' });
  });

  app.get('/auth/me', { preHandler: requireUser }, async (request) => ok(request.user));

  // "Forgot password?": by e-mail when mail is set up (SMTP_URL), else the sign-in page says to ask an administrator.
  app.get('/auth/password-reset', async () => ok({ byEmail: Boolean(services.mailer) }));
  app.post('/auth/password-reset', async (request, reply) => {
    if (!services.mailer) throw new AppError(409, 'CONFLICT', 'Passwords are not reset by e-mail on this site: ask an administrator to set a new one for you');
    const { email } = assertObject(request.body);
    const [language, site] = await Promise.all([services.languages.defaultLanguage(), services.siteConfig.get()]);
    await auth.requestPasswordReset(email, async (to, token) => {
      const message = passwordResetMessage({ site: pickText(site.companyName, language), url: `${services.publicUrl}/admin/reset/${token}` }, language);
      await services.outbox.enqueue('mail-first', { to, ...message, secrets: [token] });
    });
    // The same answer for every address: nobody learns from it who has an account.
    return reply.status(202).send(ok(null, { message: 'If this address has an account, a link to set a new password is on its way: it works for an hour' }));
  });
  app.post('/auth/password-reset/complete', async (request) => {
    await auth.completePasswordReset(assertObject(request.body));
    return ok(null, { message: 'Your password is changed, and every session of the account has ended: sign in with the new password' });
  });

  // Accounts (the settings screen, administrators only): list, add, change role, remove.
  app.get('/auth/users', { preHandler: adminsOnly }, async () => ok(await auth.listUsers()));

  app.post('/auth/users', { preHandler: adminsOnly }, async (request, reply) => {
    const input = parseOrThrow(NewUserSchema, assertObject(request.body));
    const user = await auth.createUser(input);
    await services.environment.changed({ entity: 'users', action: 'create', id: user._id, actor: actorOf(request), summary: `Account ${user.email} (${user.role})` });
    return reply.status(201).send(ok(user, { message: 'Account added' }));
  });

  app.put<{ Params: { id: string } }>('/auth/users/:id', { preHandler: adminsOnly }, async (request) => {
    const change = parseOrThrow(UserChangeSchema, assertObject(request.body));
    const user = await auth.updateUser(request.params.id, change);
    const languages = user.role === 'translator' ? ` for ${user.languages.join(', ')}` : '';
    await services.environment.changed({ entity: 'users', action: 'update', id: user._id, actor: actorOf(request), summary: `Account ${user.email}: ${user.role}${languages}` });
    return ok(user, { message: 'Account updated' });
  });

  app.delete<{ Params: { id: string } }>('/auth/users/:id', { preHandler: adminsOnly }, async (request) => {
    if (request.params.id === request.user!._id) throw badRequest('You cannot remove your own account while signed in with it');
    const removed = await auth.deleteUser(request.params.id);
    await services.environment.changed({ entity: 'users', action: 'delete', id: request.params.id, actor: actorOf(request), summary: `Account ${removed.email}` });
    return ok(null, { message: 'Account removed' });
  });

  // The language I read the admin in: what I am told of a review (e-mail, Telegram) is written in it.
  app.put('/auth/me/language', { preHandler: requireUser }, async (request) => {
    const { language } = parseOrThrow(InterfaceLanguageSchema, assertObject(request.body));
    await auth.setInterfaceLanguage(request.user!._id, language);
    return ok({ language }, { message: 'Language saved' });
  });

  // Where the firm's bot sends my notices (a review assigned to me): my chat id, or null.
  app.put('/auth/me/telegram', { preHandler: requireUser }, async (request) => {
    const { chatId } = parseOrThrow(TelegramChatSchema, assertObject(request.body));
    return ok(await auth.setTelegramChat(request.user!._id, chatId), { message: chatId ? 'Telegram notices will come to this chat' : 'Telegram notices are off' });
  });
  app.post('/auth/me/telegram/test', { preHandler: requireUser }, async (request) => {
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
  });

  app.put('/auth/password', { preHandler: requireUser }, async (request) => {
    const input = parseOrThrow(ChangePasswordSchema, assertObject(request.body));
    if (!(await auth.verifyUserPassword(request.user!._id, input.currentPassword))) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Current password is wrong', { details: [{ path: 'currentPassword', message: 'Current password is wrong', code: 'invalid' }] });
    }
    await auth.setPassword(request.user!.email, input.newPassword);
    return ok(null, { message: 'Password changed: sign in again with the new password' });
  });
}
