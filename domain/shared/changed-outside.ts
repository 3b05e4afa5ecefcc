import { isPlainObject, LANGUAGE_CODE_PATTERN } from './localized.ts';

/**
 * The first field (dotted path) that differs between two saved states outside the texts of the
 * allowed languages, or undefined. A multilingual text is an object keyed by language codes; an
 * empty text and a missing one are the same. Lists must keep their length and order.
 */
export function changedOutside(before: Record<string, unknown>, after: Record<string, unknown>, fields: string[], localized: string[], allowed: string[]): string | undefined {
  const differs = (a: unknown, b: unknown, path: string, inLocalized: boolean): string | undefined => {
    const blank = (value: unknown) => value === undefined || value === null || value === '';
    if (blank(a) && blank(b)) return undefined;
    if (Array.isArray(a) || Array.isArray(b)) {
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return path;
      for (let index = 0; index < a.length; index += 1) {
        const found = differs(a[index], b[index], `${path}.${index}`, inLocalized);
        if (found) return found;
      }
      return undefined;
    }
    if (isPlainObject(a) || isPlainObject(b)) {
      const left = isPlainObject(a) ? a : {};
      const right = isPlainObject(b) ? b : {};
      const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
      const texts = inLocalized && keys.length > 0 && keys.every((key) => LANGUAGE_CODE_PATTERN.test(key));
      for (const key of keys) {
        if (texts && allowed.includes(key)) continue;
        const found = differs(left[key], right[key], `${path}.${key}`, inLocalized);
        if (found) return found;
      }
      return undefined;
    }
    return a === b ? undefined : path;
  };
  for (const field of fields) {
    const found = differs(before[field], after[field], field, localized.includes(field));
    if (found) return found;
  }
  return undefined;
}
