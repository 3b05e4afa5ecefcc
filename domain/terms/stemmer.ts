import { APOSTROPHES, uzbekScript, uzbekToLatin } from '../languages/uzbek-script.ts';

/*
 * Light stemmers for matching terms in inflected text (the `term_mismatch` check): Russian case
 * endings of nouns and adjectives, Uzbek suffixes (plural, possessive, case) in both scripts. They
 * do not find dictionary forms: they make a word and its inflected forms the same key, so that
 * "налогом" counts as "налог" and "soliqlar" as "soliq". Both sides of a comparison go through the
 * same function, so a key that is not a real stem ("налогообложен") still matches itself.
 */

/** A stem is never cut shorter than this many letters ("суд" stays "суд"). */
const MIN_STEM = 3;

const isUzbek = (lang: string) => Boolean(uzbekScript(lang)) || /^uz(-|$)/i.test(lang);

/** Russian noun and adjective endings (tried longest first). */
const RUSSIAN_ENDINGS = [
  'ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими', 'иях', 'ией', 'иям',
  'ой', 'ей', 'ом', 'ем', 'ах', 'ях', 'ов', 'ев', 'ий', 'ый', 'ая', 'яя', 'ое', 'ее', 'ые', 'ие', 'ую', 'юю', 'ых', 'их', 'ым', 'им', 'ам', 'ям', 'ью',
  'а', 'я', 'ы', 'и', 'у', 'ю', 'е', 'о', 'ь', 'й',
].sort((a, b) => b.length - a.length);

/** Uzbek suffixes (Latin, apostrophes as '; tried longest first), stripped one after another from the end. */
const UZBEK_SUFFIXES = [
  'laringiz', 'larimiz', 'ingizning', 'imizning', 'larining', 'lardagi', 'lardan', 'larida', 'lariga', 'larini', 'lari',
  'ingiz', 'imiz', 'ning', 'niki', 'dagi', 'tagi', 'ngiz', 'miz', 'lar', 'dan', 'tan', 'siz',
  'ni', 'ga', 'ka', 'qa', 'da', 'ta', 'si', 'im', 'ing',
  'i',
].sort((a, b) => b.length - a.length);

/** A Russian word's key: case endings off, then a final и, ь or й ("налогообложения" and "налогообложение" alike). */
export function stemRussian(word: string): string {
  let stem = word.toLowerCase().replaceAll('ё', 'е');
  const ending = RUSSIAN_ENDINGS.find((candidate) => stem.endsWith(candidate) && stem.length - candidate.length >= MIN_STEM);
  if (ending) stem = stem.slice(0, -ending.length);
  if (/[иьй]$/.test(stem) && stem.length - 1 >= MIN_STEM) stem = stem.slice(0, -1);
  return stem;
}

/** Uzbek in one form for comparing: Latin script, lower case, every kind of apostrophe as '. */
export function uzbekKey(text: string): string {
  return uzbekToLatin(text).toLowerCase().replace(APOSTROPHES, "'");
}

/**
 * An Uzbek word's key (either script): suffixes off, up to four, then a final g' or g that a
 * vowel-initial suffix made of q or k put back ("solig'i" → "soliq").
 */
export function stemUzbek(word: string): string {
  return stemLatinUzbek(uzbekKey(word));
}

/** stemUzbek of a word already in uzbekKey's form (a whole text is converted once, not word by word). */
function stemLatinUzbek(word: string): string {
  let stem = word;
  for (let round = 0; round < 4; round += 1) {
    const suffix = UZBEK_SUFFIXES.find((candidate) => stem.endsWith(candidate) && stem.length - candidate.length >= MIN_STEM);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
  }
  if (stem !== word) stem = stem.replace(/g'$/, 'q').replace(/(?<=[aeiou])g$/, 'k');
  return stem;
}

/** An English word's key: a plural's -s or -es off ("taxes" → "tax", "companies" → "company"). */
export function stemEnglish(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length <= MIN_STEM) return lower;
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(lower)) return lower.slice(0, -2);
  if (/[^sui]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** How a language's words are keyed: Russian, Uzbek and English by stem, any other language as written (lower case). */
function stemmerFor(lang: string): (word: string) => string {
  if (/^ru(-|$)/i.test(lang)) return stemRussian;
  if (isUzbek(lang)) return stemUzbek;
  if (/^en(-|$)/i.test(lang)) return stemEnglish;
  return (word) => word.toLowerCase();
}

/** Words as written, in order: letters, digits and apostrophes inside a word (o‘z, maʼno). */
function wordsOf(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}]+(?:[ʻʼ‘’'`´][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A text's words keyed for `lang` (stemmed, or `exact`: lower case only, Uzbek in Latin). */
export function keysOf(text: string, lang: string, exact = false): string[] {
  if (isUzbek(lang)) {
    const words = wordsOf(uzbekKey(text));
    return exact ? words : words.map(stemLatinUzbek);
  }
  const words = wordsOf(text);
  return exact ? words.map((word) => word.toLowerCase()) : words.map(stemmerFor(lang));
}
