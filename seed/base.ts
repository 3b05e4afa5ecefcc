import type { DomainServices } from '../domain/app-services.ts';

const BUILT_IN_LANGUAGES = [
  { code: 'uz', name: 'Uzbek', nativeName: 'O‘zbekcha', flag: '🇺🇿', isDefault: true, order: 0 },
  { code: 'ru', name: 'Russian', nativeName: 'Русский', flag: '🇷🇺', isDefault: false, order: 1 },
  { code: 'en', name: 'English', nativeName: 'English', flag: '🇬🇧', isDefault: false, order: 2 },
];

/** The three built-in languages, created when the site has none yet. Returns whether it did. */
export async function ensureLanguages(services: DomainServices): Promise<boolean> {
  const existing = await services.languages.list({ admin: true });
  if (existing.length > 0) return false;
  for (const language of BUILT_IN_LANGUAGES) {
    await services.languages.create({ ...language, isActive: true, rtl: false, translations: {} });
  }
  return true;
}
