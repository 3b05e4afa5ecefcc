import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';

type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Multilingual text is replaced whole, never mixed language by language with the defaults. */
const isLocalizedText = (value: Plain) =>
  Object.entries(value).every(([key, text]) => LANGUAGE_CODE_PATTERN.test(key) && typeof text === 'string');

/** Stored values over defaults: objects merge by key, lists and multilingual texts replace. */
export function mergeOverDefaults<T>(defaults: T, stored: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(stored)) return (stored === undefined ? defaults : stored) as T;
  if (isLocalizedText(defaults) && Object.keys(defaults).length > 0) return stored as T;
  const result: Plain = { ...defaults };
  for (const [key, value] of Object.entries(stored)) {
    if (value === undefined) continue;
    result[key] = key in defaults ? mergeOverDefaults((defaults as Plain)[key], value) : value;
  }
  return result as T;
}
