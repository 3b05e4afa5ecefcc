import type { ConflictReason, ErrorCode, ErrorDetail } from '../../domain/shared/errors.ts';

export function ok<T>(data: T, extra: { message?: string; pagination?: unknown } = {}) {
  return { success: true as const, data, ...extra };
}

/** The failure envelope; a 409 says why in `reason` (stale_version or duplicate). */
export function failure(error: string, code: ErrorCode, extra: { details?: ErrorDetail[]; reason?: ConflictReason; usedBy?: unknown[]; checks?: unknown[] } = {}) {
  return {
    success: false as const,
    error,
    code,
    ...(extra.details ? { details: extra.details } : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.usedBy ? { usedBy: extra.usedBy } : {}),
    ...(extra.checks ? { checks: extra.checks } : {}),
  };
}
