import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';

/*
 * A term of the firm's termbase (API-4.md "The translation desk"): its forms in each language —
 * the preferred form first, accepted variants after — a note for translators, and whether it is
 * never translated (a law's name, the firm's name: the translation keeps it as written).
 */

export interface Term {
  _id: string;
  /** Language code → forms, the preferred first (`uz`, `ru`, `en`, any site language). */
  entries: Record<string, string[]>;
  note: string;
  doNotTranslate: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** At most this many terms in the termbase (a file imported, or one by one). */
export const MAX_TERMS = 5000;
const MAX_FORM = 200;
const MAX_NOTE = 2000;

const Form = z
  .string()
  .trim()
  .min(1, 'A form cannot be empty')
  .max(MAX_FORM, `A form is at most ${MAX_FORM} characters`)
  .regex(/^[^|]*$/, 'A form cannot hold “|” (it separates the variants in a CSV file): give each variant on its own');
const Forms = z.array(Form).min(1, 'Give at least one form, the preferred first').max(20, 'At most 20 forms in a language');

const TermEntries = z
  .record(z.string().regex(LANGUAGE_CODE_PATTERN, 'A language code such as uz, ru, en or uz-Cyrl'), Forms)
  .refine((entries) => Object.keys(entries).length > 0, 'Give the term in at least one language')
  .refine((entries) => Object.keys(entries).length <= 20, 'At most 20 languages')
  .describe('Language code → forms: the preferred form first, accepted variants after');

export const TermInput = z.strictObject({
  entries: TermEntries,
  note: z.string().trim().max(MAX_NOTE, `A note is at most ${MAX_NOTE} characters`).default(''),
  doNotTranslate: z.boolean().default(false).describe('Never translated: the translation keeps it as written (a law’s name, the firm’s name)'),
  version: z.number().int().positive().optional().describe('The version read: a stale edit is 409'),
});
export type TermValues = Omit<z.output<typeof TermInput>, 'version'>;

/** Forms without repeats (compared in lower case), in the order given. */
export function tidyEntries(entries: Record<string, string[]>): Record<string, string[]> {
  const tidy: Record<string, string[]> = {};
  for (const [lang, forms] of Object.entries(entries)) {
    const seen = new Set<string>();
    const kept = forms.map((form) => form.replace(/\s+/g, ' ').trim()).filter((form) => form && !seen.has(form.toLowerCase()) && seen.add(form.toLowerCase()));
    if (kept.length) tidy[lang] = kept;
  }
  return tidy;
}

/** Whether two terms say the same (what an import leaves unchanged). */
export function sameTerm(a: TermValues, b: TermValues): boolean {
  const key = (values: TermValues) => JSON.stringify([Object.entries(tidyEntries(values.entries)).sort(([x], [y]) => x.localeCompare(y)), values.note.trim(), values.doNotTranslate]);
  return key(a) === key(b);
}
