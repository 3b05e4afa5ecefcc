import { documentToText, hasText, isDocument, type Doc } from '../documents/document.ts';

/** Multilingual text: an object keyed by language code (a long text holds a document per language). */
export type Localized = Record<string, string | Doc>;

/** A language's value as plain text: a string as it is, a document's words (documents.ts). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return isDocument(value) ? documentToText(value) : '';
}

/** Whether a language's value holds text: a non-blank string, or a document with a letter in it. */
export function isWritten(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return isDocument(value) && hasText(value);
}

export const DEFAULT_LANGUAGE = 'uz';
/**
 * A language code (BCP 47's language and one subtag: `uz`, `ru`, `uz-Cyrl`): the one pattern for
 * the API's and the forms' schemas, localized values' keys, paths' language segments and the log's
 * capability paths. `LANGUAGE_CODE` is its source, to put inside a longer pattern.
 */
export const LANGUAGE_CODE = '[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?';
export const LANGUAGE_CODE_PATTERN = new RegExp(`^${LANGUAGE_CODE}$`);

/**
 * The text to show in `lang`: the current language, then the site's default language, then
 * Uzbek, then the first non-empty value. Plain strings pass through unchanged.
 */
export function pickText(given: unknown, lang: string, defaultLanguage = DEFAULT_LANGUAGE): string {
  if (given == null) return '';
  if (typeof given === 'string') return given;
  if (!isPlainObject(given)) return '';
  const value = given as Localized;
  for (const code of [lang, defaultLanguage, DEFAULT_LANGUAGE]) {
    if (isWritten(value[code])) return textOf(value[code]);
  }
  for (const text of Object.values(value)) {
    if (isWritten(text)) return textOf(text);
  }
  return '';
}

/** Every non-empty value of a multilingual field (or the plain string itself). */
export function allTexts(value: Localized | string | null | undefined): string[] {
  if (value == null) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return Object.values(value).filter(isWritten).map(textOf);
}

/** A language's segment of the site's addresses: its code in lowercase (uz-Cyrl → /uz-cyrl/). */
export const languageSegment = (code: string) => code.toLowerCase();

/** A site path in a language: /news in the default language, /ru/news or /uz-cyrl/news in another. */
export function localePath(path: string, lang: string, defaultLanguage: string): string {
  if (lang === defaultLanguage) return path;
  return `/${languageSegment(lang)}${path === '/' ? '' : path}`;
}

/** A plain object (not a list, not null). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A multilingual text: a non-empty object whose every key is a language code. */
export const isLocalizedValue = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => LANGUAGE_CODE_PATTERN.test(key));
