import { allTexts, type Localized } from './localized.ts';

export type { Localized };

/**
 * The lowercased text of every language of the given fields, one value per line. Lowercasing in
 * JavaScript handles every script (Cyrillic included) the same on SQLite and PostgreSQL.
 */
export function searchText(values: Array<Localized | string | null | undefined | Array<Localized | string>>): string {
  const parts: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) parts.push(...allTexts(item).map((text) => text.toLowerCase()));
  }
  return `\n${parts.join('\n')}\n`;
}

/** A LIKE pattern that finds `query` anywhere, with %, _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A LIKE pattern that finds one whole line equal to `value` in a searchText column. */
export function wholeLinePattern(value: string): string {
  return `%\n${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}\n%`;
}
