import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '../../domain/shared/errors.ts';
import { TOO_LARGE_MESSAGE } from '../../domain/media/media-service.ts';
import { failure } from './envelope.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
const INVALID_JSON_MESSAGE = 'The request body is not valid JSON, or it contains a forbidden key such as __proto__ or constructor.';
export const UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.';

const DATABASE_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P03', '08006', '08001', '08003', 'ERR_SQLITE_ERROR_BUSY']);

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  if (code && DATABASE_DOWN.has(code)) return true;
  const message = (error as Error).message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|database is locked|driver has already been destroyed/i.test(message);
}

/** Translates any error into the API envelope with a status that carries meaning. */
interface ApiError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: AppError['details'];
  reason?: AppError['reason'];
  retryAfterSeconds?: number;
  usedBy?: unknown[];
  checks?: unknown[];
}

function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, details: error.details, reason: error.reason, retryAfterSeconds: error.retryAfterSeconds, usedBy: error.usedBy, checks: error.checks };
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large: at most 1 MB is accepted.' };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_MESSAGE };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files: upload at most 10 at once.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 400, code: 'BAD_REQUEST', message: 'Unsupported request format: send JSON (Content-Type: application/json), or multipart form data for uploads.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', message: 'The request body is empty: send a JSON object.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', message: INVALID_JSON_MESSAGE };
  }
  if (fastifyError.statusCode === 429) {
    return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a little and try again.' };
  }
  if (error instanceof SyntaxError || /prototype property|constructor property/i.test(error.message)) {
    return { status: 400, code: 'BAD_REQUEST', message: INVALID_JSON_MESSAGE };
  }
  if (isDatabaseDown(error)) return { status: 503, code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, code: 'BAD_REQUEST', message: 'The request could not be understood. Check its format and try again.' };
  }
  return { status: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = toApiError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, mapped.message);
    if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
    if (!request.url.startsWith('/api') && !request.url.startsWith('/uploads')) {
      return reply.status(mapped.status).type('text/plain; charset=utf-8').send(mapped.status >= 500 ? INTERNAL_MESSAGE : mapped.message);
    }
    return reply.status(mapped.status).send(failure(mapped.message, mapped.code, { details: mapped.details, reason: mapped.reason, usedBy: mapped.usedBy, checks: mapped.checks }));
  });
}
