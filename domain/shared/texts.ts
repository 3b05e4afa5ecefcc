import type { AdminTexts } from './fields.ts';

/** A text in the admin's three built-in languages, in the order English, Russian, Uzbek. */
export const texts = (en: string, ru: string, uz: string): AdminTexts => ({ en, ru, uz });

/** The text in `lang`, English for a language the admin does not have. */
export const inLanguage = (value: AdminTexts, lang: string): string => (lang === 'ru' || lang === 'uz' ? value[lang] : value.en);
