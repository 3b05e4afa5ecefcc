import { z } from 'zod';
import { slugField } from '../news/news-schema.ts';
import { flag, icon, imageUrl, list, localized, MEDIUM_TEXT, oneOf, order, type SchemaContext } from '../shared/schema-helpers.ts';

export const SERVICE_CATEGORIES = ['corporate', 'family', 'realEstate', 'criminal', 'personalInjury', 'estate', 'other'] as const;

export function makeServiceSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    slug: slugField,
    title: localized('Title', { requiredIn: lang }),
    description: localized('Description', { requiredIn: lang, max: MEDIUM_TEXT }),
    pricing: localized('Pricing', { max: 200 }),
    duration: localized('Duration', { max: 200 }),
    icon,
    features: list('Features', z.object({ text: localized('Feature', { max: 300 }) }, { error: 'Each feature needs a text' }), 30),
    category: oneOf('Category', SERVICE_CATEGORIES),
    isActive: flag('Active'),
    order,
    featured: flag('Featured'),
    image: imageUrl,
  });
}

export type ServiceInput = z.infer<ReturnType<typeof makeServiceSchema>>;
export const serviceDefaults = (): Partial<ServiceInput> => ({
  slug: '',
  pricing: {},
  duration: {},
  icon: 'Shield',
  features: [],
  category: 'corporate',
  isActive: true,
  order: 0,
  featured: false,
  image: '',
});
