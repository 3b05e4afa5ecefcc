import { describe, expect, it } from 'vitest';
import { languageNamer } from '../app/admin/admin-context.tsx';

/* Language names on the admin's screens are in the admin's language (issue 30), not in English nor each language's own. */

describe('language names in the admin', () => {
  const site = [
    { code: 'uz', nativeName: 'Oʻzbekcha' },
    { code: 'xq', nativeName: 'Xaqcha' },
  ].map((language, index) => ({ ...language, _id: String(index), version: 1, name: '', flag: '', order: 0, isActive: true, isDefault: false, rtl: false, translations: {} }));

  it('names each language in the Uzbek, Russian or English admin, the first letter capital', () => {
    const uz = languageNamer('uz', site);
    expect(['uz', 'uz-Cyrl', 'ru', 'en', 'kk'].map(uz)).toEqual(['O‘zbekcha', 'O‘zbekcha (kirill)', 'Ruscha', 'Inglizcha', 'Qozoqcha']);
    const ru = languageNamer('ru', site);
    expect(['uz', 'uz-Cyrl', 'ru', 'en'].map(ru)).toEqual(['Узбекский', 'Узбекский (кириллица)', 'Русский', 'Английский']);
    expect(languageNamer('en', site)('uz-Cyrl')).toBe('Uzbek (Cyrillic)');
  });

  it('falls back to the language’s own name, then its code, for a code the browser does not know', () => {
    expect(languageNamer('ru', site)('xq')).toBe('Xaqcha');
    expect(languageNamer('ru', site)('zz-Test')).toBe('ZZ-TEST');
    // An admin language the browser has no names in (a language added at runtime) names them in English.
    expect(languageNamer('xq', site)('ru')).toBe('Russian');
  });
});
