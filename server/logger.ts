import pino, { type DestinationStream, type Logger } from 'pino';
import { LANGUAGE_CODE } from '../domain/shared/localized.ts';

/**
 * The addresses whose last part is a capability (whoever holds the link may act: send documents,
 * open a preview with the reviewer's name and e-mail in it, confirm or end a subscription, cancel a
 * registration, set a password): upload, preview, subscribe/confirm, subscribe/preferences,
 * unsubscribe, events/cancel and events/confirm pages (in any language), /admin/reset and /api/intake/upload.
 */
const CAPABILITY_PATH = new RegExp(`^((?:/${LANGUAGE_CODE})?/(?:upload|preview|subscribe/confirm|subscribe/preferences|unsubscribe|events/cancel|events/confirm)/|/admin/reset/|/api/intake/upload/)[^/?#]+`);

/** An address as logged: a capability's token replaced by `[token]` (deploy/nginx/lexsite.conf does the same). */
const withoutTokens = (url: string): string => url.replace(CAPABILITY_PATH, '$1[token]');

/** Structured logs; secrets never reach them even if someone logs a whole request. */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'body.password', 'newPassword', 'currentPassword', 'token', '*.token'],
      censor: '[redacted]',
    },
    // Fastify's request line (its own serializer, with the address's token replaced), and any `url` logged.
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: withoutTokens(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      url: (url: unknown) => (typeof url === 'string' ? withoutTokens(url) : url),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
