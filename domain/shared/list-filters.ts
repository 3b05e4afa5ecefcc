import type { Condition, ListQuery, StoredRecord } from './entity.ts';
import { pickText, type Localized } from './localized.ts';
import { containsPattern, wholeLinePattern } from './search.ts';

/* Small named filters that entity definitions combine for their list parameters. */

const stringParam = (query: ListQuery, name: string): string | undefined => {
  const value = query[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export const byFlag = (parameter: string, column: string) => (query: ListQuery): Condition[] =>
  typeof query[parameter] === 'boolean' ? [{ column, op: '=', value: query[parameter] as boolean }] : [];

export const byValue = (parameter: string, column: string) => (query: ListQuery): Condition[] => {
  const value = stringParam(query, parameter);
  return value ? [{ column, op: '=', value }] : [];
};

export const bySearch = (query: ListQuery): Condition[] => {
  const value = stringParam(query, 'search');
  return value ? [{ column: 'search_text', op: 'like', pattern: containsPattern(value) }] : [];
};

/** Narrows by any language's text of a multilingual field (the exact check is `localizedEquals`). */
export const byLocalizedLine = (parameter: string, column: string) => (query: ListQuery): Condition[] => {
  const value = stringParam(query, parameter);
  return value ? [{ column, op: 'like', pattern: wholeLinePattern(value) }] : [];
};

/** Keeps records whose field, read in the query's language with fallback, equals the parameter. */
export const localizedEquals =
  (parameter: string, field: string) =>
  (query: ListQuery, defaultLanguage: string): ((record: StoredRecord) => boolean) | undefined => {
    const value = stringParam(query, parameter)?.toLowerCase();
    if (!value) return undefined;
    return (record) => pickText(record[field] as Localized, query.lang, defaultLanguage).trim().toLowerCase() === value;
  };

/** Admin lists of news and blog: status=published|draft. */
export const byPublicationStatus = (query: ListQuery): Condition[] => {
  if (!query.admin) return [];
  if (query.status === 'published') return [{ column: 'published', op: '=', value: true }];
  if (query.status === 'draft') return [{ column: 'published', op: '=', value: false }];
  return [];
};

/** Admin lists: active=true|false. */
export const byActive = (query: ListQuery): Condition[] =>
  typeof query.active === 'boolean' ? [{ column: 'is_active', op: '=', value: query.active }] : [];

export const combine =
  (...parts: Array<(query: ListQuery) => Condition[]>) =>
  (query: ListQuery): Condition[] =>
    parts.flatMap((part) => part(query));

export const ACTIVE_ONLY: Condition[] = [{ column: 'is_active', op: '=', value: true }];
export const PUBLISHED_ONLY: Condition[] = [{ column: 'published', op: '=', value: true }];
export const BY_ORDER: Array<[string, 'asc' | 'desc']> = [
  ['order_index', 'asc'],
  ['created_at', 'desc'],
];

/** Distinct texts of a multilingual field (or list of them) in `lang` after fallback, sorted in that language. */
export function distinctTexts(records: StoredRecord[], field: string, lang: string, defaultLanguage: string): string[] {
  const values = new Set<string>();
  for (const record of records) {
    const raw = record[field];
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      const text = pickText(item as Localized | string, lang, defaultLanguage).trim();
      if (text) values.add(text);
    }
  }
  return [...values].sort((a, b) => a.localeCompare(b, lang));
}
