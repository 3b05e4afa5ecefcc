import { isPlainObject } from '../shared/localized.ts';
import { documentToText, isDocument } from './document.ts';

/** Careful reading of legal text: slower than the 200–250 words a minute of lighter prose. */
const WORDS_PER_MINUTE = 180;

/** "7 min": how long the default language's text takes to read (at least a minute); the page says it in its own language. */
export function readingTime(content: unknown, defaultLanguage: string): string {
  const value = isPlainObject(content) ? content[defaultLanguage] : undefined;
  const text = typeof value === 'string' ? value : isDocument(value) ? documentToText(value) : '';
  let words = 0;
  let inWord = false;
  // One pass over the characters: the cost grows with the text's length, never faster.
  for (let index = 0; index < text.length; index++) {
    const space = text.charCodeAt(index) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min`;
}
