import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const BOT_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';

/**
 * A local stand-in for the Telegram Bot API (the real one is outside this machine): it answers
 * sendMessage, sendPhoto, editMessageText and editMessageCaption as Telegram does, keeps what it
 * got, and refuses an unknown chat with Telegram's own 400.
 */
export async function startBotApi(knownChats: string[]) {
  const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  const messages = new Map<number, { chat: string; text: string }>();
  let next = 100;
  const answer = (response: http.ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const match = new RegExp(`^/bot${BOT_TOKEN.replace(':', '\\:')}/(\\w+)$`).exec(request.url ?? '');
      if (!match) return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const method = match[1];
      const params = JSON.parse(body || '{}') as Record<string, unknown>;
      calls.push({ method, params });
      const chat = String(params.chat_id);
      if (!knownChats.includes(chat)) return answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      const text = String(params.text ?? params.caption ?? '');
      if (method === 'sendMessage' || method === 'sendPhoto') {
        const id = (next += 1);
        messages.set(id, { chat, text });
        return answer(response, 200, { ok: true, result: { message_id: id, chat: { id: chat }, date: Math.floor(Date.now() / 1000) } });
      }
      if (method === 'editMessageText' || method === 'editMessageCaption') {
        const message = messages.get(Number(params.message_id));
        if (!message || message.chat !== chat) return answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' });
        if (message.text === text) return answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: message is not modified' });
        message.text = text;
        return answer(response, 200, { ok: true, result: { message_id: Number(params.message_id) } });
      }
      return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
