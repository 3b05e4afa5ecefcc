import type { TextSaved } from './entity.ts';
import { isLocalizedValue, isPlainObject, isWritten, textOf } from './localized.ts';

/*
 * What a translator needs to know of a record in a language (API-2.md "Translation"):
 * complete (every multilingual text that the default language has is written), missing (some
 * are not, or still read exactly as the default language's: copied to translate over and never
 * translated), or outdated (a text whose default-language version was saved after it).
 */

export type TranslationState = 'complete' | 'missing' | 'outdated';

/** Each language's texts of a field, its items and parts in order (a list of tags, a list of features). */
export function textsByLanguage(value: unknown, into = new Map<string, string[]>()): Map<string, string[]> {
  if (Array.isArray(value)) for (const item of value) textsByLanguage(item, into);
  else if (isLocalizedValue(value)) {
    for (const [code, text] of Object.entries(value)) if (isWritten(text)) into.set(code, [...(into.get(code) ?? []), textOf(text)]);
  } else if (isPlainObject(value)) for (const item of Object.values(value)) textsByLanguage(item, into);
  return into;
}

/** The languages whose text of each field changed between two saves, stamped `now`; the other stamps kept. */
export function textSavedAfter(before: Record<string, unknown> | undefined, after: Record<string, unknown>, fields: string[], previous: TextSaved, now: string): TextSaved {
  const next: TextSaved = {};
  for (const field of fields) {
    const old = textsByLanguage(before?.[field]);
    const current = textsByLanguage(after[field]);
    const stamps = { ...previous[field] };
    for (const code of new Set([...old.keys(), ...current.keys()])) {
      if ((old.get(code) ?? []).join('\n') !== (current.get(code) ?? []).join('\n')) stamps[code] = now;
    }
    if (Object.keys(stamps).length) next[field] = stamps;
  }
  return next;
}

/**
 * A text long enough to be a translation's work: at least this many words holding a letter. A
 * shorter one (a name, "Adliya Partners", a number, an e-mail) may rightly read the same in two
 * languages and is never taken for an untranslated copy.
 */
const COMPARED_FROM_WORDS = 5;

/** A cheap 53-bit fingerprint of a text (cyrb53): equal texts, equal marks; a collision is 1 in 2^53. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A written text's mark in the shape: `·`, or `#` and the fingerprint of its words (a document's
 * plain text, blocks and all; case and spacing aside) when it is long enough to compare.
 */
function textMark(text: unknown): string {
  const words = textOf(text).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  const counted = words.split(' ').filter((word) => /\p{L}/u.test(word)).length;
  return counted >= COMPARED_FROM_WORDS ? `#${fingerprint(words)}` : '·';
}

/**
 * A record's multilingual fields with each written text replaced by a mark: which languages have
 * text where, at any depth, and which of them read the same (`textMark`). translationState reads
 * it rather than the record, and it is a small part of the record (kept as `text_shape`,
 * migration 013; made anew for the rows already there by SEARCH_TEXT_VERSION).
 */
export function textShape(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shape);
    if (isLocalizedValue(value)) return Object.fromEntries(Object.entries(value).flatMap(([code, text]) => (isWritten(text) ? [[code, textMark(text)]] : [])));
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, shape(item)]));
    return null;
  };
  return Object.fromEntries(fields.map((field) => [field, shape(record[field])]));
}

/**
 * The languages in which every one of `fields` has text: for a record's page, its title's (a page is
 * offered only in these: the site's lists, alternates, sitemap and feeds; in another it would show
 * another language's words).
 */
export function writtenLanguages(record: Record<string, unknown>, fields: readonly string[]): string[] {
  const [first, ...rest] = fields.map((field) => textsByLanguage(record[field]));
  if (!first) return [];
  return [...first.keys()].filter((code) => rest.every((texts) => texts.has(code))).sort();
}

/** Whether every text the default language has (at any depth: list items, parts) is written in `lang` too. */
function filledIn(value: unknown, lang: string, defaultLanguage: string): boolean {
  if (Array.isArray(value)) return value.every((item) => filledIn(item, lang, defaultLanguage));
  if (isLocalizedValue(value)) return !isWritten(value[defaultLanguage]) || isWritten(value[lang]);
  if (isPlainObject(value)) return Object.values(value).every((item) => filledIn(item, lang, defaultLanguage));
  return true;
}

/** Whether some text of `lang` (at any depth) is the default language's own, word for word, and long enough to tell (`textMark`). */
function copiedFrom(value: unknown, lang: string, defaultLanguage: string): boolean {
  if (Array.isArray(value)) return value.some((item) => copiedFrom(item, lang, defaultLanguage));
  if (isLocalizedValue(value)) return typeof value[lang] === 'string' && value[lang].startsWith('#') && value[lang] === value[defaultLanguage];
  if (isPlainObject(value)) return Object.values(value).some((item) => copiedFrom(item, lang, defaultLanguage));
  return false;
}

/**
 * A record's state in `lang`, from its shape (`textShape`), with the fields that make it so;
 * `same`: those of the missing fields that are written, but as the default language's text.
 */
export function translationState(shape: Record<string, unknown>, textSaved: TextSaved, fields: string[], lang: string, defaultLanguage: string): { state: TranslationState; fields: string[]; same?: string[] } {
  const counted = fields.filter((field) => textsByLanguage(shape[field]).has(defaultLanguage));
  if (lang === defaultLanguage) {
    return { state: 'complete', fields: [] };
  }
  const same = counted.filter((field) => filledIn(shape[field], lang, defaultLanguage) && copiedFrom(shape[field], lang, defaultLanguage));
  const missing = counted.filter((field) => !filledIn(shape[field], lang, defaultLanguage) || same.includes(field));
  if (missing.length) return { state: 'missing', fields: missing, ...(same.length ? { same } : {}) };
  const outdated = counted.filter((field) => {
    const source = textSaved[field]?.[defaultLanguage];
    const translation = textSaved[field]?.[lang];
    return source !== undefined && translation !== undefined && source > translation;
  });
  return outdated.length ? { state: 'outdated', fields: outdated } : { state: 'complete', fields: [] };
}
