/*
 * The translation memory (API-4.md "The translation desk"): the site's own translations, aligned —
 * short fields, the top-level blocks of documents whose two languages have as many blocks, and the
 * sentences of a block pair with as many sentences — looked up by a text: 100 for the same text
 * (case, spaces and, for Uzbek, the script aside), fuzzy matches from 70 by a Levenshtein ratio.
 * One index per language pair, in memory, made again when a record of any type was written (the
 * services' kept translation states are then new: see `translationStates`).
 */
import { documentToText, type DocNode } from '../documents/document.ts';
import { APOSTROPHES, uzbekToLatin } from '../languages/uzbek-script.ts';
import type { RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { asDocument, translatableFields } from './xliff.ts';

export interface MemoryMatch {
  source: string;
  target: string;
  score: number;
  record: { type: string; id: string };
  updatedAt: string;
  /** The target block as stored (links by reference kept), for an editor to insert; absent for a short field or a sentence. */
  block?: DocNode;
}

interface Entry extends Omit<MemoryMatch, 'score'> {
  key: string;
  /** How many distinct words the key has (for the cheap word overlap that picks the candidates). */
  words: number;
}

/** The form texts are compared in: lowercase, one apostrophe, spaces collapsed; Uzbek in Latin script whichever it was written in. */
function memoryForm(text: string, lang: string): string {
  const folded = /^uz/i.test(lang) ? uzbekToLatin(text) : text;
  return folded.toLowerCase().replace(APOSTROPHES, "'").replace(/\s+/g, ' ').trim();
}

const words = (key: string) => new Set(key.match(/[\p{L}\p{N}']+/gu) ?? []);
const sentences = (text: string) => text.split(/(?<=[.!?…])\s+(?=\p{Lu}|\p{N}|["«“(])/u).filter((part) => part.trim());

/** 0–100: how alike two texts are, by their edit distance; 0 at once when their lengths alone rule out `floor`. */
function similarity(a: string, b: string, floor = 70): number {
  if (a === b) return 100;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!long.length || (short.length / long.length) * 100 < floor) return 0;
  let previous = Array.from({ length: short.length + 1 }, (_, index) => index);
  for (let row = 1; row <= long.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= short.length; column += 1) {
      current[column] = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (long[row - 1] === short[column - 1] ? 0 : 1));
    }
    previous = current;
  }
  return Math.floor((1 - previous[short.length] / long.length) * 100);
}

/** The longest text compared (a longer one is cut: a block of a page, not a page). */
const MOST_CHARACTERS = 2000;
const MOST_MATCHES = 10;
/** Texts sharing less of their words than this are not compared (a 70 % edit-distance match shares far more). */
const MIN_WORD_OVERLAP = 0.4;
/** At most this many candidates are compared letter by letter. */
const MOST_COMPARED = 60;
const FUZZY_FLOOR = 70;

export interface MemoryHost {
  types: readonly RecordType[];
  serviceOf(type: RecordType): RecordService;
}

export function createTranslationMemory(host: MemoryHost) {
  const indexes = new Map<string, { stamp: ReadonlyArray<unknown>; entries: Entry[]; byKey: Map<string, Entry[]>; byWord: Map<string, Entry[]> }>();

  async function build(from: string, to: string): Promise<Entry[]> {
    const entries: Entry[] = [];
    const add = (source: string, target: string, record: Entry['record'], updatedAt: string, block?: DocNode) => {
      if (!source.trim() || !target.trim()) return;
      const key = memoryForm(source.slice(0, MOST_CHARACTERS), from);
      entries.push({ key, words: words(key).size, source, target, record, updatedAt, ...(block ? { block } : {}) });
    };
    for (const type of host.types) {
      const fields = translatableFields(type);
      if (!fields.length) continue;
      for (const values of (await host.serviceOf(type).list({ lang: from, admin: true })) as unknown as Array<Record<string, unknown>>) {
        const record = { type: type.name, id: String(values._id) };
        const updatedAt = String(values.updatedAt ?? '');
        for (const field of fields) {
          const languages = values[field] as Record<string, unknown> | undefined;
          if (!languages) continue;
          if (!type.documentFields.includes(field)) {
            if (typeof languages[from] === 'string' && typeof languages[to] === 'string') add(languages[from], languages[to], record, updatedAt);
            continue;
          }
          const [source, target] = [asDocument(languages[from]), asDocument(languages[to])];
          if (!source || !target || source.content.length !== target.content.length) continue;
          source.content.forEach((block, index) => {
            const [sourceText, targetText] = [documentToText({ type: 'doc', content: [block] }), documentToText({ type: 'doc', content: [target.content[index]] })];
            add(sourceText, targetText, record, updatedAt, target.content[index]);
            const [sourceSentences, targetSentences] = [sentences(sourceText), sentences(targetText)];
            if (sourceSentences.length > 1 && sourceSentences.length === targetSentences.length) sourceSentences.forEach((sentence, at) => add(sentence, targetSentences[at], record, updatedAt));
          });
        }
      }
    }
    return entries;
  }

  async function index(from: string, to: string) {
    // The kept translation states are made anew after any write to a type: while they are the same, so is the index.
    const stamp = await Promise.all(host.types.map((type) => host.serviceOf(type).translationStates([from, to])));
    const key = `${from}>${to}`;
    const kept = indexes.get(key);
    if (kept && kept.stamp.length === stamp.length && kept.stamp.every((part, at) => part === stamp[at])) return kept;
    const entries = await build(from, to);
    const byKey = new Map<string, Entry[]>();
    const byWord = new Map<string, Entry[]>();
    for (const entry of entries) {
      byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
      for (const word of words(entry.key)) {
        const list = byWord.get(word);
        if (list) list.push(entry);
        else byWord.set(word, [entry]);
      }
    }
    const made = { stamp, entries, byKey, byWord };
    if (indexes.size >= 12) indexes.delete(indexes.keys().next().value!);
    indexes.set(key, made);
    return made;
  }

  return {
    /** The best matches of `text` (at most ten, 100 first), none below 70. */
    async search(from: string, to: string, text: string): Promise<MemoryMatch[]> {
      const { byKey, byWord } = await index(from, to);
      const key = memoryForm(text.slice(0, MOST_CHARACTERS), from);
      if (!key) return [];
      const scored = new Map<Entry, number>();
      for (const entry of byKey.get(key) ?? []) scored.set(entry, 100);
      // Candidates share words with the text; only the few sharing the most (by Dice's coefficient
      // over distinct words) are compared letter by letter.
      const asked = words(key);
      const shared = new Map<Entry, number>();
      for (const word of asked) for (const entry of byWord.get(word) ?? []) shared.set(entry, (shared.get(entry) ?? 0) + 1);
      const candidates = [...shared]
        .map(([entry, count]) => [entry, (2 * count) / (asked.size + entry.words)] as const)
        .filter(([entry, dice]) => dice >= MIN_WORD_OVERLAP && !scored.has(entry))
        .sort((a, b) => b[1] - a[1])
        .slice(0, MOST_COMPARED);
      for (const [entry] of candidates) {
        const score = Math.min(99, similarity(key, entry.key, FUZZY_FLOOR));
        if (score >= FUZZY_FLOOR) scored.set(entry, score);
      }
      const seen = new Set<string>();
      return [...scored]
        .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || b.updatedAt.localeCompare(a.updatedAt))
        .filter(([entry]) => {
          const pair = `${entry.source}\u0000${entry.target}`;
          if (seen.has(pair)) return false;
          seen.add(pair);
          return true;
        })
        .slice(0, MOST_MATCHES)
        .map(([{ key: _key, ...entry }, score]) => ({ ...entry, score }));
    },
  };
}
