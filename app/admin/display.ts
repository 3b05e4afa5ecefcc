/** A field's text for lists: the admin's language, then the site's default, then any. */
export function shown(value: unknown, lang: string, defaultLanguage: string): string {
  if (value == null) return '';
  if (typeof value !== 'object') return String(value);
  const texts: Record<string, unknown> = { ...value };
  const found = [texts[lang], texts[defaultLanguage], ...Object.values(texts)].find((text) => typeof text === 'string' && text !== '');
  return typeof found === 'string' ? found : '';
}

/* A form holds what the API sent: these read a value in the shape a field needs, never trusting it. */

export const textValue = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function textsValue(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export const listValue = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function objectValue(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
}
