import { documentToText, isDocument } from '../../domain/documents/document.ts';

/*
 * What changed between two states of a record, leaf by leaf — a multilingual text language by
 * language, a document block by block — for the history's comparison, the restore dialog and the
 * working copy's banner.
 */

export interface Change {
  path: string;
  before: string;
  after: string;
}

/**
 * Every leaf of a saved state by its path (`title.ru`, `contactInfo.phone`, `features.0.text.uz`);
 * a document block by block, each as its words (`content.ru.3`: its fourth paragraph, list or table).
 */
function leaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (isDocument(value)) {
    value.content.forEach((block, index) => into.set(`${path}.${index}`, documentToText({ type: 'doc', content: [block] })));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, into);
  } else if (path) {
    into.set(path, value === undefined || value === null ? '' : String(value));
  }
  return into;
}

const IGNORED = new Set(['_id', 'version', 'createdAt', 'updatedAt']);

/** What changed between two saved states, leaf by leaf: a multilingual text language by language. */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): Change[] {
  const old = leaves(before);
  const next = leaves(after);
  return [...new Set([...old.keys(), ...next.keys()])]
    .filter((path) => !IGNORED.has(path.split('.')[0]) && (old.get(path) ?? '') !== (next.get(path) ?? ''))
    .map((path) => ({ path, before: old.get(path) ?? '', after: next.get(path) ?? '' }));
}

/** A leaf's field and language (`content.ru.3` → `content.ru`, `title.uz` → `title.uz`, `slug` → `slug`). */
const fieldOf = (path: string, languages: readonly string[]) => {
  const [field, second] = path.split('.');
  return second && languages.includes(second) ? `${field}.${second}` : field;
};

/**
 * The fields (with their language: `title.ru`) whose text differs between two states, in order;
 * `only` narrows the comparison to these fields (a form's own, not counters or meta).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, languages: readonly string[], only?: readonly string[]): string[] {
  const pick = (state: Record<string, unknown>) => (only ? Object.fromEntries(only.filter((field) => field in state).map((field) => [field, state[field]])) : state);
  return [...new Set(changesBetween(pick(before), pick(after)).map((change) => fieldOf(change.path, languages)))];
}

/** The fields (with their language) a state has any text in. */
export function writtenFields(state: Record<string, unknown>, languages: readonly string[]): Set<string> {
  return new Set([...leaves(state)].filter(([, text]) => text !== '').map(([path]) => fieldOf(path, languages)));
}
