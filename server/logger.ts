import pino, { type Logger } from 'pino';

/** Structured logs; secrets never reach them even if someone logs a whole request. */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'body.password', 'newPassword', 'currentPassword', 'token', '*.token'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
