import { z } from 'zod';
import { flag, link, localized, MEDIUM_TEXT, oneOf, order, type SchemaContext } from '../shared/schema-helpers.ts';

export const CTA_CATEGORIES = ['home', 'services', 'contact', 'footer'] as const;
export const CTA_BACKGROUNDS = ['primary', 'secondary', 'gray', 'white'] as const;

export function makeCtaSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    title: localized('Title', { requiredIn: lang }),
    subtitle: localized('Subtitle', { requiredIn: lang, max: MEDIUM_TEXT }),
    primaryButtonText: localized('Primary Button Text', { requiredIn: lang, max: 100 }),
    secondaryButtonText: localized('Secondary Button Text', { max: 100 }),
    primaryButtonLink: link('Primary Button Link'),
    secondaryButtonLink: link('Secondary Button Link'),
    backgroundColor: oneOf('Background', CTA_BACKGROUNDS),
    category: oneOf('Category', CTA_CATEGORIES),
    isActive: flag('Active'),
    order,
  });
}

export type CtaInput = z.infer<ReturnType<typeof makeCtaSchema>>;
export const ctaDefaults = (): Partial<CtaInput> => ({
  secondaryButtonText: {},
  primaryButtonLink: '/contact',
  secondaryButtonLink: '/team',
  backgroundColor: 'primary',
  category: 'home',
  isActive: true,
  order: 0,
});
