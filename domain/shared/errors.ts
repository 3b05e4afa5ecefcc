export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error whose message is safe to show to the person who caused it. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const validationError = (details: ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', { details });

/**
 * True for an AppError, also one made by another copy of this module (the page bundle includes
 * its own copy of the domain code, so instanceof alone is not enough there).
 */
export function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true;
  const candidate = error as { status?: unknown; code?: unknown; message?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.status === 'number' && typeof candidate.code === 'string' && typeof candidate.message === 'string';
}
