import { z } from 'zod';
import { flag, icon, localized, oneOf, order, text, type SchemaContext } from '../shared/schema-helpers.ts';

export const STAT_CATEGORIES = ['general', 'experience', 'clients', 'cases'] as const;

export function makeStatSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    number: z
      .union([z.number(), z.string().regex(/^-?\d+$/)], { error: 'Number is required' })
      .transform(Number)
      .pipe(z.number().int('Number must be a whole number').min(0, 'Number must be 0 or more').max(1_000_000_000, 'Number is too large')),
    suffix: text('Suffix', { max: 10 }),
    label: localized('Label', { requiredIn: lang, max: 200 }),
    icon,
    category: oneOf('Category', STAT_CATEGORIES),
    isActive: flag('Active'),
    order,
  });
}

export type StatInput = z.infer<ReturnType<typeof makeStatSchema>>;
export const statDefaults = (): Partial<StatInput> => ({ suffix: '', icon: 'Shield', category: 'general', isActive: true, order: 0 });
