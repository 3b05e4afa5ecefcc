/**
 * `value` and everything in it made read-only, its symbol-keyed parts too (a record's kept HTML):
 * what is kept in memory and shared by every reader, so that a reader's change throws where it is
 * written (modules run in strict mode) instead of showing in every later answer.
 */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) frozen((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
