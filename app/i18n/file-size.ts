/*
 * A file's size as people read it, in their language: "420 kB" under a megabyte (never "0 MB"),
 * "1,5 MB" above it; a few bytes are "1 kB". Units and decimal commas are Intl's for the language.
 */

const FORMATS = new Map<string, Intl.NumberFormat>();
function unitFormat(lang: string, unit: 'kilobyte' | 'megabyte'): Intl.NumberFormat {
  const key = `${lang} ${unit}`;
  let format = FORMATS.get(key);
  if (!format) {
    let locale = lang;
    try {
      new Intl.NumberFormat(lang);
    } catch {
      locale = 'en';
    }
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'megabyte' ? 1 : 0 });
    if (FORMATS.size < 60) FORMATS.set(key, format);
  }
  return format;
}

export function formatFileSize(bytes: number, lang: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024 * 1024) return unitFormat(lang, 'kilobyte').format(Math.max(1, Math.round(bytes / 1024)));
  return unitFormat(lang, 'megabyte').format(bytes / 1024 / 1024);
}
