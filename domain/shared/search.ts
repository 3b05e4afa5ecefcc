import { APOSTROPHES, uzbekToCyrillic, uzbekToLatin } from '../languages/uzbek-script.ts';
import { allTexts, textOf, type Localized } from './localized.ts';

export type { Localized };

/**
 * What the stored search text is made of; a change here raises it, and the next start writes
 * every record's search text anew (refreshDerivedColumns in domain/app-services.ts).
 * 2: Uzbek also in its other script; every apostrophe form as one.
 * 3: and each record's text shape (which languages have text where: the translation status).
 * 4: long texts are documents (their words, and their HTML rendered anew).
 * 5: the words of each document kept beside its HTML, per page language (pages read them, not the document).
 * 6: and the languages each record's page is written in (`page_languages`, migration 031).
 * 7: the text shape tells texts that read as the default language's (an untranslated copy); the
 *    record's page address is searched too.
 */
export const SEARCH_TEXT_VERSION = 7;

/** The form text is compared in: lowercase (in JavaScript, for every script alike) with every apostrophe form of oʻ, gʻ and ʼ as one. */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(APOSTROPHES, "'");
}

/**
 * The search form of every language of the given fields, one value per line. Uzbek (uz, uz-Cyrl…)
 * is written in both scripts, so that a query in Cyrillic finds Latin text and the reverse.
 */
export function searchText(values: Array<Localized | string | null | undefined | Array<Localized | string>>): string {
  const parts: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item && typeof item === 'object') {
        for (const [code, value] of Object.entries(item)) {
          // A document's words (lists, tables and footnotes too).
          const text = textOf(value);
          if (!text.trim()) continue;
          parts.push(searchForm(text));
          if (code.toLowerCase().startsWith('uz')) {
            for (const other of new Set([uzbekToCyrillic(text), uzbekToLatin(text)])) if (other !== text) parts.push(searchForm(other));
          }
        }
      } else parts.push(...allTexts(item).map(searchForm));
    }
  }
  return `\n${parts.join('\n')}\n`;
}

/** A LIKE pattern that finds `query` anywhere, with %, _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(query: string): string {
  return `%${searchForm(query).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A LIKE pattern that finds one whole line equal to `value` in a searchText column. */
export function wholeLinePattern(value: string): string {
  return `%\n${searchForm(value).replace(/[\\%_]/g, (char) => `\\${char}`)}\n%`;
}
