import { z } from 'zod';
import { flag, imageUrl, localized, MEDIUM_TEXT, order, text, type SchemaContext } from '../shared/schema-helpers.ts';

export function makeTestimonialSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    name: text('Name', { required: true, max: 200 }),
    position: localized('Position', { requiredIn: lang, max: 200 }),
    company: localized('Company', { requiredIn: lang, max: 200 }),
    content: localized('Content', { requiredIn: lang, max: MEDIUM_TEXT }),
    rating: z
      .union([z.number(), z.string().regex(/^\d+$/)], { error: 'Rating must be a number from 1 to 5' })
      .transform(Number)
      .pipe(z.number().int('Rating must be a number from 1 to 5').min(1, 'Rating must be a number from 1 to 5').max(5, 'Rating must be a number from 1 to 5')),
    image: imageUrl,
    service: text('Service', { max: 200 }),
    isActive: flag('Active'),
    order,
    featured: flag('Featured'),
  });
}

export type TestimonialInput = z.infer<ReturnType<typeof makeTestimonialSchema>>;
export const testimonialDefaults = (): Partial<TestimonialInput> => ({ rating: 5, image: '', service: '', isActive: true, order: 0, featured: false });
