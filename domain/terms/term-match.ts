import { uzbekScript } from '../languages/uzbek-script.ts';
import { keysOf } from './stemmer.ts';
import type { Term } from './term-schema.ts';

/*
 * The `term_mismatch` check (domain/checks/record-checks.ts): a term found in the default
 * language's text of a field whose translation uses none of the term's forms in that language.
 * Words are compared by stem (stemmer.ts); a "do not translate" term must appear as written.
 */

export interface TermMismatch {
  lang: string;
  term: string;
  /** The forms the translation could have used. */
  expected: string[];
  doNotTranslate: boolean;
}

const isUzbek = (lang: string) => Boolean(uzbekScript(lang)) || /^uz(-|$)/i.test(lang);

/** A term's forms in a language; Uzbek in one script stands for Uzbek in the other. */
export function formsIn(term: Pick<Term, 'entries'>, lang: string): string[] {
  if (term.entries[lang]?.length) return term.entries[lang];
  if (!isUzbek(lang)) return [];
  return Object.entries(term.entries).find(([code, forms]) => isUzbek(code) && forms.length)?.[1] ?? [];
}

/** Whether `keys` holds `form` as consecutive words. */
function contains(keys: readonly string[], first: Map<string, number[]>, form: readonly string[]): boolean {
  if (!form.length) return false;
  for (const at of first.get(form[0]) ?? []) if (form.every((key, index) => keys[at + index] === key)) return true;
  return false;
}

/** A text's keys and where each key stands, made once per text and kind. */
function indexed(keys: string[]) {
  const positions = new Map<string, number[]>();
  keys.forEach((key, index) => positions.set(key, [...(positions.get(key) ?? []), index]));
  return { keys, positions };
}

/**
 * The terms of the termbase prepared for one check run: each form's keys are worked out once, and
 * the same run checks any number of fields and records.
 */
export function prepareTerms(terms: readonly Term[]) {
  const formKeys = new Map<string, string[]>();
  const keysOfForm = (form: string, lang: string, exact: boolean) => {
    const cacheKey = `${lang}\u0000${exact ? 1 : 0}\u0000${form}`;
    let keys = formKeys.get(cacheKey);
    if (!keys) formKeys.set(cacheKey, (keys = keysOf(form, lang, exact)));
    return keys;
  };

  /**
   * The terms' forms in a language by their first word's key (stemmed, or exact for a term never
   * translated), made once per run and language: a field's text is scanned once, whatever the
   * number of terms.
   */
  const indexes = new Map<string, Map<string, Array<{ term: Term; keys: string[] }>>>();
  const indexOf = (lang: string) => {
    let index = indexes.get(lang);
    if (index) return index;
    index = new Map();
    for (const term of terms) {
      for (const form of formsIn(term, lang)) {
        const keys = keysOfForm(form, lang, term.doNotTranslate);
        if (!keys.length) continue;
        const at = `${term.doNotTranslate ? 1 : 0}\u0000${keys[0]}`;
        index.set(at, [...(index.get(at) ?? []), { term, keys }]);
      }
    }
    indexes.set(lang, index);
    return index;
  };

  /** The mismatches of one field: `texts` is its plain text in each language. */
  function mismatches(texts: Record<string, string>, defaultLanguage: string, languages: readonly string[]): TermMismatch[] {
    const source = texts[defaultLanguage];
    if (!source?.trim() || !terms.length) return [];
    const textKeys = new Map<string, ReturnType<typeof indexed>>();
    const keysIn = (lang: string, exact: boolean) => {
      const cacheKey = `${lang}\u0000${exact ? 1 : 0}`;
      let found = textKeys.get(cacheKey);
      if (!found) textKeys.set(cacheKey, (found = indexed(keysOf(texts[lang] ?? '', lang, exact))));
      return found;
    };
    const uses = (lang: string, forms: readonly string[], formLang: string, exact: boolean) => {
      const { keys, positions } = keysIn(lang, exact);
      return forms.some((form) => contains(keys, positions, keysOfForm(form, formLang, exact)));
    };
    // The terms in the source: each distinct word of the text looked up in the index.
    const index = indexOf(defaultLanguage);
    const inSource = new Set<Term>();
    for (const exact of [false, true]) {
      const { keys, positions } = keysIn(defaultLanguage, exact);
      for (const key of positions.keys()) {
        for (const candidate of index.get(`${exact ? 1 : 0}\u0000${key}`) ?? []) if (!inSource.has(candidate.term) && contains(keys, positions, candidate.keys)) inSource.add(candidate.term);
      }
    }
    const found: TermMismatch[] = [];
    for (const term of terms) {
      if (!inSource.has(term)) continue;
      const sourceForms = formsIn(term, defaultLanguage);
      for (const lang of languages) {
        if (lang === defaultLanguage || !texts[lang]?.trim()) continue;
        const own = formsIn(term, lang);
        // A name never translated is looked for as written in the source when the term gives no other form.
        const [expected, formLang] = own.length ? [own, lang] : term.doNotTranslate ? [sourceForms, defaultLanguage] : [[], lang];
        if (!expected.length) continue;
        if (!uses(lang, expected, formLang, term.doNotTranslate)) found.push({ lang, term: sourceForms[0], expected, doNotTranslate: term.doNotTranslate });
      }
    }
    return found;
  }

  return { mismatches, size: terms.length };
}

export type PreparedTerms = ReturnType<typeof prepareTerms>;
