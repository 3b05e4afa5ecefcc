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
  | 'UNAVAILABLE'
  | 'BAD_GATEWAY'
  | 'GONE'
  | 'CHECKS_FAILED';

/**
 * Why one field was refused, as data: a stable `code` and its `params` beside the English
 * `message`, so that every screen can say it in its own language without reading the English.
 */
export const ISSUE_CODES = [
  'required',
  'too_long',
  'too_small',
  'too_big',
  'not_whole_number',
  'invalid_type',
  'invalid_format',
  'invalid_email',
  'invalid_url',
  'invalid_link',
  'invalid_date',
  'before_publish',
  'redirect_loop',
  'live_page',
  'invalid_slug',
  'invalid_language_key',
  'one_of',
  'too_many',
  'unknown_node',
  'unknown_mark',
  'unsafe_link',
  'too_deep',
  'too_large',
  'missing_alt',
  'bad_reference',
  'stale_version',
  'not_approver',
  'in_past',
  'before_start',
  'copy_changed',
  'one_line',
  'invalid',
  // A release's items (domain/releases): what stops one.
  'not_found',
  'not_publishable',
  'in_release',
  'missing_language',
  'checks_failed',
  'approval_required',
  'not_public',
  'no_channel',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export interface ErrorDetail {
  path: string;
  message: string;
  code: IssueCode;
  params?: Record<string, string | number>;
  /** With 409 stale_version (API-4.md): the record as it is now, as the admin reads it. */
  current?: Record<string, unknown>;
  /** With 409 stale_version: the fields changed since the caller's version (`title.ru` for one language of a multilingual field). */
  changedFields?: string[];
  /** With 409 stale_version: who saved the newest version, and when (`_id` null: the schedule). */
  changedBy?: { _id: string | null; name: string; at: string };
}

/**
 * What a 409 (or 403, 422) is about: a stale `version` (someone saved first), a value another record
 * holds, an image still shown somewhere, a registration or application after it closed, a record
 * not public for a channel post, a working copy a colleague saved since… The OpenAPI document's
 * error body names the same list.
 */
export const CONFLICT_REASONS = ['stale_version', 'duplicate', 'in_use', 'two_factor_required', 'approval_required', 'checks_failed', 'registration_closed', 'not_public', 'copy_changed', 'in_release', 'out_of_scope', 'password_sign_in_off', 'mt_unavailable', 'mt_busy', 'mt_failed'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** An error whose message is safe to show to the person who caused it. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly reason?: ConflictReason;
  /** For 429: when the client may try again (the host turns it into Retry-After). */
  readonly retryAfterSeconds?: number;
  /** For an image in use: where it is shown. */
  readonly usedBy?: unknown[];
  /** For a publish the checks refused (422 `checks_failed`): what they found. */
  readonly checks?: unknown[];

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; reason?: ConflictReason; retryAfterSeconds?: number; usedBy?: unknown[]; checks?: unknown[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.usedBy = options.usedBy;
    this.checks = options.checks;
  }
}

const STALE_VERSION_MESSAGE =
  'Someone else saved this record after you opened it. Reload to see their changes, then save again.';

export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const duplicate = (message: string) => new AppError(409, 'CONFLICT', message, { reason: 'duplicate' });
export const staleVersion = () => new AppError(409, 'CONFLICT', STALE_VERSION_MESSAGE, { reason: 'stale_version' });
export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new AppError(429, 'RATE_LIMITED', message, { retryAfterSeconds });
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
