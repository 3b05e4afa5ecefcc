import type { TextSaved } from './entity.ts';
import { isLocalizedValue, isPlainObject, isWritten, textOf } from './localized.ts';

/*
 * What a translator needs to know of a record in a language (API-2.md "Translation"):
 * complete (every multilingual text that the default language has is written), missing (some
 * are not), or outdated (a text whose default-language version was saved after it).
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
 * A record's multilingual fields with each written text replaced by a mark: which languages have
 * text where, at any depth. translationState gives the same answer for it as for the record, and
 * it is a small part of the record (kept as `text_shape`, migration 013).
 */
export function textShape(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shape);
    if (isLocalizedValue(value)) return Object.fromEntries(Object.entries(value).flatMap(([code, text]) => (isWritten(text) ? [[code, '·']] : [])));
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

/** A record's state in `lang`, with the fields that make it so. */
export function translationState(record: Record<string, unknown>, textSaved: TextSaved, fields: string[], lang: string, defaultLanguage: string): { state: TranslationState; fields: string[] } {
  const counted = fields.filter((field) => textsByLanguage(record[field]).has(defaultLanguage));
  if (lang === defaultLanguage) {
    return { state: 'complete', fields: [] };
  }
  const missing = counted.filter((field) => !filledIn(record[field], lang, defaultLanguage));
  if (missing.length) return { state: 'missing', fields: missing };
  const outdated = counted.filter((field) => {
    const source = textSaved[field]?.[defaultLanguage];
    const translation = textSaved[field]?.[lang];
    return source !== undefined && translation !== undefined && source > translation;
  });
  return outdated.length ? { state: 'outdated', fields: outdated } : { state: 'complete', fields: [] };
}
