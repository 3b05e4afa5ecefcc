import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { TelegramError } from '../telegram.ts';
import { ANY_OBJECT, NO_DATA } from './route-parts.ts';

const tags = ['Admin'];

/**
 * The firm's Telegram chat: how it is set up, what waits in the outbox, and a test message. Part of
 * setting up the site (where new requests are told), so administrators' (`siteConfig.manage`).
 */
export async function notificationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'GET',
    url: '/notifications/telegram',
    operationId: 'getTelegramState',
    summary: 'Whether new requests go to Telegram, with or without personal data, and what waits in the outbox',
    tags,
    access: 'siteConfig.manage',
    answers: { 200: { description: 'State', data: ANY_OBJECT } },
    errors: [401, 403],
    handler: async () => {
      const settings = services.config.telegram;
      return ok({
        // Whether the server can send e-mail at all (SMTP_URL); the firm's switch is in the site configuration.
        email: { configured: Boolean(services.mailer) },
        configured: Boolean(settings),
        // Enough to recognise the chat, not the whole id.
        chat: settings ? `…${settings.chatId.slice(-4)}` : null,
        personalData: settings?.personalData ?? null,
        outbox: await services.outbox.state('telegram'),
      });
    },
  });

  route(app, {
    method: 'POST',
    url: '/notifications/telegram/test',
    operationId: 'sendTelegramTest',
    summary: "Send a test message to the firm's chat now",
    tags,
    access: 'siteConfig.manage',
    answers: { 200: { description: 'Sent', data: NO_DATA } },
    errors: [400, 401, 403, 503],
    handler: async () => {
      const send = services.sendTelegram;
      if (!send) throw new AppError(400, 'BAD_REQUEST', 'Telegram is not connected on this server: ask whoever runs the site to connect the firm’s bot.');
      try {
        await send(`✅ Test message from the website (${services.publicUrl}): new contact requests will arrive in this chat.`);
      } catch (error) {
        if (error instanceof TelegramError) throw new AppError(503, 'UNAVAILABLE', `${error.message}. Check the bot token and chat id, and that the bot was added to the chat.`);
        throw error;
      }
      return ok(null, { message: 'Test message sent' });
    },
  });
}
