import { z } from 'zod';
import { slugField } from '../news/news-schema.ts';
import { flag, imageUrl, isoDate, list, localized, LONG_TEXT, MEDIUM_TEXT, text, textOrLocalized, type SchemaContext } from '../shared/schema-helpers.ts';

export function makeBlogPostSchema({ defaultLanguage: lang }: SchemaContext) {
  return z.object({
    slug: slugField,
    title: localized('Title', { requiredIn: lang }),
    excerpt: localized('Excerpt', { requiredIn: lang, max: MEDIUM_TEXT }),
    content: localized('Content', { requiredIn: lang, max: LONG_TEXT }),
    category: localized('Category', { requiredIn: lang, max: 100 }),
    author: z.object(
      {
        id: z.string().trim().refine((v) => v === '' || /^[0-9a-f]{24}$/.test(v), 'Author must be a team member').optional(),
        name: localized('Author name', { max: 200 }),
      },
      { error: 'Author must be an object with a name' },
    ),
    readTime: text('Read time', { required: true, max: 50 }),
    image: imageUrl,
    featured: flag('Featured'),
    published: flag('Published'),
    tags: list('Tags', textOrLocalized('Tag'), 30),
    publishedAt: isoDate('Publication date'),
  });
}

export type BlogPostInput = z.infer<ReturnType<typeof makeBlogPostSchema>>;
export const blogPostDefaults = (): Partial<BlogPostInput> => ({
  slug: '',
  author: { name: {} },
  image: '',
  featured: false,
  published: true,
  tags: [],
  publishedAt: new Date().toISOString(),
});
