import type { AppConfig } from './config.ts';

const TIMEOUT_MS = 10_000;

export class TelegramError extends Error {}

/**
 * Sends a text to the firm's chat (or to `chatId`: a person's chat with the bot) with the Bot API's sendMessage. Any answer but `{ ok: true }`
 * (an HTTP error, a time-out, something that is not JSON) is a TelegramError whose message never
 * contains the bot token.
 */
export function createTelegramSender(settings: NonNullable<AppConfig['telegram']>) {
  return async function send(text: string, chatId: string = settings.chatId): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}/bot${settings.botToken}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text: text.slice(0, 4096), disable_web_page_preview: true }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new TelegramError(`Telegram could not be reached (${(error as Error).name === 'TimeoutError' ? 'no answer in 10 s' : 'connection failed'})`);
    }
    let body: { ok?: unknown; description?: unknown } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    if (!response.ok || body?.ok !== true) {
      const said = typeof body?.description === 'string' ? `: ${body.description.replaceAll(settings.botToken, '…').slice(0, 200)}` : body ? '' : ': the answer was not JSON';
      throw new TelegramError(`Telegram refused the message (HTTP ${response.status})${said}`);
    }
  };
}
