import type { StoredRecord } from '../../domain/shared/entity.ts';

type Localized = Record<string, string>;

/** A field's text for lists: the admin's language, then the site's default, then any. */
export function shown(value: unknown, lang: string, defaultLanguage: string): string {
  if (value == null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const texts = value as Localized;
  return texts[lang] || texts[defaultLanguage] || Object.values(texts).find(Boolean) || '';
}

export function matchesSearch(record: StoredRecord, fields: string[], query: string): boolean {
  if (!query) return true;
  const needle = query.toLowerCase();
  return fields.some((field) => {
    const value = record[field];
    const items = Array.isArray(value) ? value : [value];
    return items.some((item) => {
      if (item == null) return false;
      const texts = typeof item === 'object' ? Object.values(item as Localized) : [String(item)];
      return texts.some((text) => String(text).toLowerCase().includes(needle));
    });
  });
}
