import type { z } from 'zod';
import { badRequest, validationError, type ErrorDetail, type IssueCode } from './errors.ts';

/** Parses with a schema; a failure becomes a 400 that names every broken field, as data. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(issuesToDetails(result.error.issues, input));
}

/** zod's issues as the API's details: path, English message, stable code and parameters. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], input: unknown): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message, ...codeOf(issue, input) }));
}

function codeOf(issue: z.core.$ZodIssue, input: unknown): { code: IssueCode; params?: Record<string, string | number> } {
  switch (issue.code) {
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as { code?: IssueCode } & Record<string, string | number>;
      return { code: code ?? 'invalid', ...(Object.keys(params).length ? { params } : {}) };
    }
    case 'too_big':
      if (issue.origin === 'string') return { code: 'too_long', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many', params: { max: Number(issue.maximum) } };
      return { code: 'too_big', params: { max: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { code: 'required' };
      return { code: 'too_small', params: { min: Number(issue.minimum) } };
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined || valueAt(input, issue.path) === null) return { code: 'required' };
      if (issue.expected === 'int') return { code: 'not_whole_number' };
      return { code: 'invalid_type', params: { expected: String(issue.expected) } };
    case 'invalid_value':
      return { code: 'one_of', params: { options: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return { code: 'invalid_format' };
    case 'invalid_key':
      return { code: 'invalid_language_key' };
    default:
      return { code: 'invalid' };
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function assertObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * A body without what the server owns (_id, createdAt, updatedAt, version) and without
 * undefined values: API.md says those fields in a body are ignored.
 */
export function withoutMeta(input: Record<string, unknown>): Record<string, unknown> {
  const { _id: _i, createdAt: _c, updatedAt: _u, version: _v, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/**
 * Reads an optional `version` from a body: a whole number or absent. 0 stands for "never saved"
 * (the site configuration before its first save); it matches no stored record.
 */
export function expectedVersion(body: Record<string, unknown>): number | undefined {
  const { version } = body;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw validationError([{ path: 'version', message: 'Version must be a whole number', code: 'not_whole_number' }]);
  }
  return version;
}
