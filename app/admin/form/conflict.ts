import { z } from 'zod';
import { documentToText, isDocument, type Doc, type DocNode } from '../../../domain/documents/document.ts';
import type { ApiError } from '../api.ts';
import type { Values } from './use-form-state.ts';

/*
 * A save over a newer version (409 stale_version, API-4.md "Conflicts"): the record as it is now,
 * the fields changed since and by whom. Fields only they changed take theirs, fields only this form
 * changed keep what was typed; a field both changed is a choice shown side by side — a text to keep
 * one of or merge by hand, a document block by block.
 */

const Stale = z.object({
  current: z.record(z.string(), z.unknown()),
  changedFields: z.array(z.string()).default([]),
  changedBy: z.object({ _id: z.string().nullish(), name: z.string().nullish(), email: z.string().nullish(), at: z.string().nullish() }).nullish(),
});
export type Stale = z.infer<typeof Stale>;

/** The stale version's details, wherever the answer put them (its `details`, or their first entry's). */
export function staleOf(caught: ApiError | false): Stale | null {
  if (!caught) return null;
  const raw = caught.raw;
  const first: unknown = Array.isArray(raw) ? raw[0] : undefined;
  const params: unknown = first && typeof first === 'object' && 'params' in first ? first.params : undefined;
  for (const candidate of [raw, first, params]) {
    const parsed = Stale.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** One place both changed: a field, or a field's language. */
export interface Clash {
  path: string;
  field: string;
  lang?: string;
  kind: 'text' | 'document' | 'other';
  theirs: unknown;
  mine: unknown;
}

const plain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !isDocument(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const at = (state: Values, field: string, lang?: string): unknown => {
  const value = state[field];
  return lang === undefined ? value : plain(value) ? value[lang] : undefined;
};
const kindOf = (theirs: unknown, mine: unknown): Clash['kind'] => (isDocument(theirs) || isDocument(mine) ? 'document' : (typeof theirs === 'string' || theirs == null) && (typeof mine === 'string' || mine == null) ? 'text' : 'other');

/** A value put at a field (or a field's language). */
export function put(state: Values, field: string, lang: string | undefined, value: unknown): Values {
  if (lang === undefined) return { ...state, [field]: value };
  const inner = plain(state[field]) ? state[field] : {};
  return { ...state, [field]: { ...inner, [lang]: value } };
}

/** What the form's values become at once (theirs where only they changed), and what is left to choose. */
export function sortOut(stale: Stale, values: Values, base: Values, fields: readonly string[], localized: readonly string[]): { merged: Values; clashes: Clash[] } {
  let merged = values;
  const clashes: Clash[] = [];
  const places = new Set<string>();
  for (const path of stale.changedFields) {
    const [field, lang] = path.split('.');
    if (!fields.includes(field)) continue;
    if (lang === undefined && localized.includes(field) && plain(stale.current[field])) {
      // A whole multilingual field: each of its languages on its own.
      const keys = new Set([...Object.keys(stale.current[field] ?? {}), ...Object.keys(plain(values[field]) ? values[field] : {})]);
      keys.forEach((key) => places.add(`${field}.${key}`));
    } else places.add(lang === undefined ? field : `${field}.${lang}`);
  }
  for (const place of places) {
    const [field, lang] = place.split('.');
    const theirs = at(stale.current, field, lang);
    const mine = at(values, field, lang);
    if (same(theirs, mine)) continue;
    if (same(mine, at(base, field, lang))) merged = put(merged, field, lang, theirs);
    else clashes.push({ path: place, field, lang, kind: kindOf(theirs, mine), theirs, mine });
  }
  return { merged, clashes };
}

/** A document's top-level blocks, each beside its place in the other (by position). */
export function blocksOf(theirs: unknown, mine: unknown): Array<{ theirs?: DocNode; mine?: DocNode }> {
  const a = isDocument(theirs) ? theirs.content : [];
  const b = isDocument(mine) ? mine.content : [];
  return Array.from({ length: Math.max(a.length, b.length) }, (_, index) => ({ theirs: a[index], mine: b[index] }));
}

export const blockText = (block: DocNode | undefined) => (block ? documentToText({ type: 'doc', content: [block] }) : '');
export const sameBlock = same;

/** The document made of the blocks chosen, block by block. */
export function mergeBlocks(theirs: unknown, mine: unknown, choices: ReadonlyArray<'theirs' | 'mine'>): Doc {
  const content = blocksOf(theirs, mine).flatMap((pair, index) => {
    const chosen = choices[index] === 'theirs' ? pair.theirs : pair.mine;
    return chosen ? [chosen] : [];
  });
  return { type: 'doc', content };
}

/** A value as words, for a kind of field the form cannot merge by hand (a list, a choice, a date). */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isDocument(value)) return documentToText(value);
  return JSON.stringify(value);
}
