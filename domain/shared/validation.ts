import type { z } from 'zod';
import { badRequest, validationError } from './errors.ts';

/** Parses with a schema; a failure becomes a 400 that names every broken field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

export function assertObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * Reads an optional `version` from a body: a whole number or absent. 0 stands for "never saved"
 * (the site configuration before its first save); it matches no stored record.
 */
export function expectedVersion(body: Record<string, unknown>): number | undefined {
  const { version } = body;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw validationError([{ path: 'version', message: 'Version must be a whole number' }]);
  }
  return version;
}
