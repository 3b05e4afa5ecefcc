import type { AppConfig } from './config.ts';

const TIMEOUT_MS = 10_000;
/** Telegram's answers that trying again cannot change: a bad request, a wrong bot token, no such chat, a bot not allowed there. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

/** Telegram did not take a message; `final` when it said no to the request itself (trying again changes nothing). */
export class TelegramError extends Error {
  readonly final: boolean;
  constructor(message: string, final = false) {
    super(message);
    this.final = final;
  }
}

type Settings = NonNullable<AppConfig['telegram']>;

/**
 * Calls a Bot API method and answers its `result`. Any answer but `{ ok: true }` (an HTTP error, a
 * time-out, something that is not JSON) throws, with a message that never contains the bot token:
 * `final` when Telegram said no to the request itself (400, 401, 403, 404: a wrong channel or bot
 * token, a bot that is not the channel's administrator, a message it will not take): the outbox
 * does not try it again.
 */
export function createBotCaller(settings: Settings) {
  return async function call(method: string, params: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}/bot${settings.botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new TelegramError(`Telegram could not be reached (${(error as Error).name === 'TimeoutError' ? 'no answer in 10 s' : 'connection failed'})`);
    }
    let body: { ok?: unknown; description?: unknown; result?: unknown } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    if (!response.ok || body?.ok !== true) {
      const said = typeof body?.description === 'string' ? `: ${body.description.replaceAll(settings.botToken, '…').slice(0, 200)}` : body ? '' : ': the answer was not JSON';
      const message = `Telegram refused the message (HTTP ${response.status})${said}`;
      throw new TelegramError(message, FINAL_STATUSES.has(response.status));
    }
    return body.result;
  };
}

/** Sends a text to the firm's chat (or to `chatId`: a person's chat with the bot) with sendMessage. */
export function createTelegramSender(settings: Settings) {
  const call = createBotCaller(settings);
  return async function send(text: string, chatId: string = settings.chatId): Promise<void> {
    await call('sendMessage', { chat_id: chatId, text: text.slice(0, 4096), disable_web_page_preview: true });
  };
}
