/*
 * Copying one language's texts into another's empty ones (API-2.md "Translation"): the server's
 * copy-language call and the admin form's "copy" and "transliterate" buttons use the same rule.
 */

import { z } from 'zod';
import { mapDocumentText, isDocument } from '../documents/document.ts';
import { transliterationBetween } from '../languages/uzbek-script.ts';
import { validationError } from './errors.ts';
import { isLocalizedValue, isPlainObject, isWritten, LANGUAGE_CODE_PATTERN } from './localized.ts';
import { assertObject, parseOrThrow } from './validation.ts';

/** `value` with every empty text of `to` filled from `from` (converted), at any depth; written texts stay. */
export function fillLanguage(value: unknown, from: string, to: string, convert: (text: string) => string = (text) => text): unknown {
  if (Array.isArray(value)) return value.map((item) => fillLanguage(item, from, to, convert));
  if (!isPlainObject(value)) return value;
  if (isLocalizedValue(value)) {
    const source = value[from];
    const target = value[to];
    if (!isWritten(source) || isWritten(target)) return value;
    // A document's texts are converted one by one: links, references and image paths stay.
    return { ...value, [to]: isDocument(source) ? mapDocumentText(source, convert) : convert(String(source)) };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillLanguage(item, from, to, convert)]));
}

const languageCode = z.string({ error: 'Give a language code such as uz' }).regex(LANGUAGE_CODE_PATTERN, 'Give a language code such as uz or uz-Cyrl');
const copyLanguageSchema = z.object({ from: languageCode, to: languageCode, transliterate: z.boolean({ error: 'transliterate must be true or false' }).optional() });

/** Uzbek from one script to the other; any other pair has no transliteration (a 400). */
function scriptConverter(from: string, to: string): (text: string) => string {
  const convert = transliterationBetween(from, to);
  if (!convert) throw validationError([{ path: 'transliterate', message: 'Transliteration goes between Uzbek in Latin (uz) and in Cyrillic (uz-Cyrl): copy without it for other languages', code: 'invalid' }]);
  return convert;
}

/** A copy-language body read: its languages (among the site's `languages` when given) and how a text is converted. */
export function copyLanguageRequest(body: unknown, languages?: readonly string[]): { from: string; to: string; convert: (text: string) => string } {
  const { from, to, transliterate } = parseOrThrow(copyLanguageSchema, assertObject(body));
  if (from === to) throw validationError([{ path: 'to', message: 'Choose a language other than the one copied from', code: 'invalid' }]);
  if (languages && (!languages.includes(from) || !languages.includes(to))) {
    throw validationError([{ path: languages.includes(from) ? 'to' : 'from', message: 'No such language on this site: add it under Languages first', code: 'invalid' }]);
  }
  return { from, to, convert: transliterate ? scriptConverter(from, to) : (text: string) => text };
}
