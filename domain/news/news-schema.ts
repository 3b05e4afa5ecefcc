import { z } from 'zod';
import { flag, imageUrl, isoDate, list, localized, LONG_TEXT, MEDIUM_TEXT, text, textOrLocalized, type SchemaContext } from '../shared/schema-helpers.ts';
import { SLUG_PATTERN } from '../shared/slug.ts';

export const slugField = z
  .string({ error: 'Slug must be text' })
  .trim()
  .max(100, 'Slug must be at most 100 characters')
  .refine((value) => value === '' || SLUG_PATTERN.test(value), 'Slug may contain only lowercase Latin letters, digits and hyphens');

export function makeNewsSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    slug: slugField,
    title: localized('Title', { requiredIn: lang }),
    excerpt: localized('Excerpt', { requiredIn: lang, max: MEDIUM_TEXT }),
    content: localized('Content', { requiredIn: lang, max: LONG_TEXT }),
    category: localized('Category', { requiredIn: lang, max: 100 }),
    author: z.object(
      { id: text('Author id', { max: 24 }).optional(), name: localized('Author name', { max: 200 }) },
      { error: 'Author must be an object with a name' },
    ),
    date: isoDate('Date'),
    image: imageUrl,
    featured: flag('Featured'),
    published: flag('Published'),
    tags: list('Tags', textOrLocalized('Tag'), 30),
  });
}

export type NewsInput = z.infer<ReturnType<typeof makeNewsSchema>>;
export const newsDefaults = (): Partial<NewsInput> => ({
  slug: '',
  author: { name: {} },
  date: new Date().toISOString().slice(0, 10),
  image: '',
  featured: false,
  published: true,
  tags: [],
});
