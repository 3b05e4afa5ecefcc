import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { adminsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { TelegramError } from '../telegram.ts';

/** The firm's Telegram chat: how it is set up, what waits in the outbox, and a test message. */
export async function notificationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.addHook('preHandler', adminsOnly);

  app.get('/notifications/telegram', async () => {
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
  });

  app.post('/notifications/telegram/test', async () => {
    const send = services.sendTelegram;
    if (!send) throw new AppError(400, 'BAD_REQUEST', 'Telegram is not connected on this server: ask whoever runs the site to connect the firm’s bot.');
    try {
      await send(`✅ Test message from the website (${services.publicUrl}): new contact requests will arrive in this chat.`);
    } catch (error) {
      if (error instanceof TelegramError) throw new AppError(503, 'UNAVAILABLE', `${error.message}. Check the bot token and chat id, and that the bot was added to the chat.`);
      throw error;
    }
    return ok(null, { message: 'Test message sent' });
  });
}
