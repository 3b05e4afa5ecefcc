import { z } from 'zod';
import { flag, icon, localized, MEDIUM_TEXT, oneOf, order, type SchemaContext } from '../shared/schema-helpers.ts';

export const FEATURE_CATEGORIES = ['whyChoose', 'services', 'general'] as const;

export function makeFeatureSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    title: localized('Title', { requiredIn: lang }),
    description: localized('Description', { requiredIn: lang, max: MEDIUM_TEXT }),
    icon,
    category: oneOf('Category', FEATURE_CATEGORIES),
    isActive: flag('Active'),
    order,
    featured: flag('Featured'),
  });
}

export type FeatureInput = z.infer<ReturnType<typeof makeFeatureSchema>>;
export const featureDefaults = (): Partial<FeatureInput> => ({ icon: 'Shield', category: 'whyChoose', isActive: true, order: 0, featured: false });
