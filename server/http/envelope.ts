import type { ErrorCode, ErrorDetail } from '../../domain/shared/errors.ts';

export function ok<T>(data: T, extra: { message?: string; pagination?: unknown } = {}) {
  return { success: true as const, data, ...extra };
}

export function failure(error: string, code: ErrorCode, details?: ErrorDetail[]) {
  return { success: false as const, error, code, ...(details ? { details } : {}) };
}
