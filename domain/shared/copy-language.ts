/*
 * Copying one language's texts into another's empty ones (API-2.md "Translation"): the server's
 * copy-language call and the admin form's "copy" and "transliterate" buttons use the same rule.
 */

import { mapDocumentText, isDocument } from '../documents/document.ts';
import { isLocalizedValue, isPlainObject, isWritten } from './localized.ts';

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
