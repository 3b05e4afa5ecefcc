import type { AdminTexts } from '../../domain/shared/fields.ts';
import { inLanguage } from '../../domain/shared/texts.ts';
import { ADMIN_TEXT_PREFIX } from './admin-texts.ts';

/*
 * The admin's words that come with the record types and shared labels — section names, field
 * labels, choices — each written in English, Russian and Uzbek where it is declared. For a
 * language the firm added, they are written with its other admin texts, under
 * `admin.words.<the English words as a key>` (`admin.words.position-in-the-list`): the same
 * English words are one text wherever they appear.
 */

const KEYS = new WeakMap<AdminTexts, string>();

/** The key of a word without the admin prefix: `words.position-in-the-list`. */
export function wordKey(value: AdminTexts): string {
  let key = KEYS.get(value);
  if (!key) {
    key = `words.${value.en.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 100) || 'empty'}`;
    KEYS.set(value, key);
  }
  return key;
}

let written = new Map<string, Readonly<Record<string, string>>>();

/** The texts each language of the site has (its translations), as the admin last read them. */
export function rememberWords(languages: ReadonlyArray<{ code: string; translations?: Record<string, string> }>): void {
  written = new Map(languages.map((language) => [language.code, language.translations ?? {}]));
}

/** A declared word in the admin's language: what the firm wrote for that language, else the built-in one (English for a language the admin does not have). */
export function say(value: AdminTexts, lang: string): string {
  return written.get(lang)?.[ADMIN_TEXT_PREFIX + wordKey(value)]?.trim() || inLanguage(value, lang);
}

const isWord = (value: unknown): value is AdminTexts =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).sort().join() === 'en,ru,uz' && Object.values(value).every((text) => typeof text === 'string');

/** Every declared word found in these (plain objects and lists, at any depth), once per English text. */
export function wordsIn(...roots: unknown[]): AdminTexts[] {
  const found = new Map<string, AdminTexts>();
  const seen = new Set<unknown>();
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (isWord(value)) {
      if (!found.has(wordKey(value))) found.set(wordKey(value), value);
      return;
    }
    const plain = Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
    if (plain) for (const item of Object.values(value)) walk(item);
  };
  for (const root of roots) walk(root);
  return [...found.values()];
}
