import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from './localized.ts';
import { documentProblem, hasText, textToDocument, withLawLinksTidied, type Doc } from '../documents/document.ts';
import { DOCUMENT_OR_TEXT } from '../documents/document-schema.ts';

/*
 * Building blocks for the record schemas. Every schema here is safe to import in the browser:
 * the admin forms validate with the same rules and messages as the API.
 */

export const ICON_NAMES = [
  'Shield', 'Users', 'Award', 'Clock', 'CheckCircle', 'Star', 'Quote', 'Scale', 'Gavel', 'FileText',
  'Phone', 'Handshake', 'Target', 'Zap', 'Heart', 'Globe',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const SHORT_TEXT = 300;
export const MEDIUM_TEXT = 5_000;
const MAX_LANGUAGES = 30;

export interface SchemaContext {
  /** Code of the site's default language: required multilingual fields are checked in it. */
  defaultLanguage: string;
  /** Record types a document may link to (`ref: { type, id }`). */
  referenceTypes?: readonly string[];
}

const languageKey = z
  .string()
  .regex(LANGUAGE_CODE_PATTERN, 'Language keys must be language codes such as uz, ru or en');

/** Multilingual text: { uz: "...", ru: "..." }, optionally required in one language. */
/**
 * A line break or another control character (C0, DEL, C1, the Unicode line and paragraph
 * separators): none belongs in a one-line text, and one would end a line of a calendar entry
 * or an e-mail header made of it.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

export function localized(label: string, options: { requiredIn?: string; max?: number; oneLine?: boolean } = {}) {
  const max = options.max ?? SHORT_TEXT;
  const one = z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
  const line = options.oneLine
    ? one.refine((value) => !CONTROL_CHARACTER.test(value.trim()), { message: `${label} must be one line: remove the line break, tab or other control character`, params: { code: 'one_line' } })
    : one;
  const base = z
    .record(languageKey, line, {
      error: `${label} must be an object of texts per language`,
    })
    .refine((value) => Object.keys(value).length <= MAX_LANGUAGES, { message: `${label} has too many languages`, params: { code: 'too_many', max: MAX_LANGUAGES } })
    .transform((value) => {
      const clean: Record<string, string> = {};
      for (const [code, text] of Object.entries(value)) clean[code] = text.trim();
      return clean;
    });
  const lang = options.requiredIn;
  if (!lang) return base;
  // A required text that is missing altogether gets the same message as an empty one.
  return z.preprocess((value) => (value === undefined || value === null ? {} : value), base).superRefine((value, context) => {
    if (!value[lang]) {
      context.addIssue({ code: 'custom', path: [lang], message: `${label} (${lang.toUpperCase()}) is required`, params: { code: 'required', lang } });
    }
  });
}

/**
 * A document per language (API-3.md "Documents"): each value a document of the closed schema, or a
 * plain string, stored as a document (blank lines make paragraphs). A required one needs a letter
 * of text in `requiredIn`. A problem is reported at its JSON path with its code.
 */
export function localizedDocument(label: string, options: { requiredIn?: string; referenceTypes: readonly string[] }) {
  const base = z
    .record(languageKey, DOCUMENT_OR_TEXT, { error: `${label} must be an object of documents (or texts) per language` })
    .refine((value) => Object.keys(value).length <= MAX_LANGUAGES, { message: `${label} has too many languages`, params: { code: 'too_many', max: MAX_LANGUAGES } })
    .transform((value, context) => {
      const documents: Record<string, Doc> = {};
      for (const [code, given] of Object.entries(value)) {
        if (typeof given === 'string') {
          if (given.length > 200_000) {
            context.addIssue({ code: 'custom', path: [code], message: `${label} (${code.toUpperCase()}) is too long: at most 200,000 characters`, params: { code: 'too_large' } });
            continue;
          }
          documents[code] = textToDocument(given);
          continue;
        }
        const problem = documentProblem(given, { referenceTypes: options.referenceTypes });
        if (problem) {
          context.addIssue({ code: 'custom', path: [code, ...(problem.path ? problem.path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)) : [])], message: `${label} (${code.toUpperCase()}): ${problem.message}`, params: { code: problem.code } });
          continue;
        }
        documents[code] = withLawLinksTidied(given as Doc);
      }
      return documents;
    });
  const lang = options.requiredIn;
  if (!lang) return base;
  return z.preprocess((value) => (value === undefined || value === null ? {} : value), base).superRefine((value, context) => {
    if (!hasText(value[lang])) context.addIssue({ code: 'custom', path: [lang], message: `${label} (${lang.toUpperCase()}) is required`, params: { code: 'required', lang } });
  });
}

/** A plain text field; required ones say '{label} is required'. */
export function text(label: string, options: { required?: boolean; max?: number } = {}) {
  const max = options.max ?? SHORT_TEXT;
  const base = z
    .string({ error: options.required ? `${label} is required` : `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
  return options.required ? base.min(1, `${label} is required`) : base;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(options: { required?: boolean } = {}) {
  const base = z.string({ error: 'Email is required' }).trim().max(320, 'Email is invalid');
  const invalid = { message: 'Email is invalid', params: { code: 'invalid_email' } };
  if (options.required) return base.min(1, 'Email is required').refine((value) => EMAIL_PATTERN.test(value), invalid);
  return base.refine((value) => value === '' || EMAIL_PATTERN.test(value), invalid);
}

/** An absolute http(s) URL, or empty. */
export function absoluteUrl(label: string) {
  return z
    .string({ error: `${label} must be a URL` })
    .trim()
    .max(2000, `${label} is too long`)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { message: `${label} must be a URL starting with http:// or https://`, params: { code: 'invalid_url' } });
}

/** A link inside the site (/contact) or an absolute http(s) / mailto / tel link, or empty. */
export function link(label: string, options: { required?: boolean } = {}) {
  const base = z.string({ error: `${label} is required` }).trim().max(2000, `${label} is too long`);
  const checked = base.refine(
    (value) => value === '' || /^(\/(?!\/)[^\s]*|#[^\s]*|https?:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+)$/i.test(value),
    { message: `${label} must be a URL or a path such as /contact`, params: { code: 'invalid_link' } },
  );
  return options.required ? base.min(1, `${label} is required`).pipe(checked) : checked;
}

/** An image: a path from the upload store (/uploads/...) or an absolute http(s) URL, or empty. */
export const imageUrl = link('Image');

/** A whole number, also given as a string of digits (HTML forms send text). */
export function wholeNumber(messages: { invalid: string; min?: string; max?: string }, range: { min: number; max: number }) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: messages.invalid })
      .int(messages.invalid)
      .min(range.min, messages.min ?? messages.invalid)
      .max(range.max, messages.max ?? messages.invalid),
  );
}

export const order = wholeNumber({ invalid: 'Order must be a whole number' }, { min: -1_000_000, max: 1_000_000 });

export const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** An icon name; an unknown name falls back to Shield (SPEC.md section 3). */
export const icon = z
  .string({ error: 'Icon must be text' })
  .max(50, 'Icon must be at most 50 characters')
  .transform((value): IconName => ((ICON_NAMES as readonly string[]).includes(value) ? (value as IconName) : 'Shield'));

export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

/** A list item that is either a plain string or multilingual text. */
export function textOrLocalized(label: string) {
  return z.union([text(label), localized(label)], { error: `${label} must be text or texts per language` });
}

export function list<T extends z.ZodType>(label: string, item: T, max = 50) {
  return z.array(item, { error: `${label} must be a list` }).max(max, `${label} can have at most ${max} entries`);
}

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))), { message: `${label} must be a date such as 2026-11-23`, params: { code: 'invalid_date' } });

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment: an ISO 8601 date-time with its offset (2026-11-30T09:00+05:00), or null. Kept in UTC
 * (toISOString) so that moments compare as text in either database; '' means none.
 */
export const dateTime = (label: string) =>
  z
    .union([z.string({ error: `${label} must be a date and time` }), z.null()], { error: `${label} must be a date and time` })
    .transform((value, context) => {
      const given = value?.trim() ?? '';
      if (given === '') return null;
      const time = DATE_TIME.test(given) ? Date.parse(given) : Number.NaN;
      if (Number.isNaN(time)) {
        context.addIssue({ code: 'custom', message: `${label} must be a date and time with its time zone, such as 2026-11-30T09:00:00+05:00`, params: { code: 'invalid_date' } });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    });
