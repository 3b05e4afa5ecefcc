import type { Condition, ListQuery } from './entity.ts';
import { searchForm } from './search.ts';

/* Filters of the two record kinds that keep a service of their own (languages, contact requests). */

const stringParam = (query: ListQuery, name: string): string | undefined => {
  const value = query[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export const byValue = (parameter: string, column: string) => (query: ListQuery): Condition[] => {
  const value = stringParam(query, parameter);
  return value ? [{ column, op: '=', value }] : [];
};

export const bySearch = (query: ListQuery): Condition[] => {
  const value = stringParam(query, 'search');
  return value ? [{ column: 'search_text', op: 'contains', text: searchForm(value) }] : [];
};

/** Admin lists: active=true|false. */
export const byActive = (query: ListQuery): Condition[] =>
  typeof query.active === 'boolean' ? [{ column: 'is_active', op: '=', value: query.active }] : [];

export const combine =
  (...parts: Array<(query: ListQuery) => Condition[]>) =>
  (query: ListQuery): Condition[] =>
    parts.flatMap((part) => part(query));

export const ACTIVE_ONLY: Condition[] = [{ column: 'is_active', op: '=', value: true }];
