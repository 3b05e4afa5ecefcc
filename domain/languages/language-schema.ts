import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';
import { flag, order, text } from '../shared/schema-helpers.ts';

export const LanguageSchema = z.object({
  code: z
    .string({ error: 'Language code is required' })
    .trim()
    .min(1, { message: 'Language code is required', abort: true })
    .regex(LANGUAGE_CODE_PATTERN, 'Language code must be 2 or 3 lowercase letters, optionally followed by a region or script such as uz-Cyrl'),
  name: text('Language name', { required: true, max: 100 }),
  nativeName: text('Native name', { required: true, max: 100 }),
  flag: text('Flag', { max: 16 }),
  isActive: flag('Active'),
  isDefault: flag('Default'),
  order,
  rtl: flag('Right-to-left'),
  translations: z
    .record(
      z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, 'Translation keys may contain only letters, digits, dots, dashes and underscores'),
      z.string({ error: 'Each translation must be text' }).max(5000, 'A translation must be at most 5000 characters'),
      { error: 'Translations must be an object of key and text' },
    )
    .refine((value) => Object.keys(value).length <= 3000, 'Too many translations'),
});

export type LanguageInput = z.infer<typeof LanguageSchema>;
export const languageDefaults = (): Partial<LanguageInput> => ({
  flag: '🌐',
  isActive: true,
  isDefault: false,
  order: 0,
  rtl: false,
  translations: {},
});
