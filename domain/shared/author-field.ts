import { z } from 'zod';
import { custom } from './fields.ts';
import { localized } from './schema-helpers.ts';

/** The author of a news article or blog post: a team member's id (optional) and a name. */
export function author() {
  const schema = z.object(
    {
      id: z
        .string()
        .trim()
        .refine((value) => value === '' || /^[0-9a-f]{24}$/.test(value), { message: 'Author must be a team member', params: { code: 'invalid' } })
        .optional(),
      name: localized('Author name', { max: 200 }),
    },
    { error: 'Author must be an object with a name' },
  );
  return custom({
    storage: 'json',
    schema: () => schema,
    widget: 'author',
    default: () => ({ name: {} }),
    // `?author=ID` lists a lawyer's articles (their profile) from an indexed column.
    filter: { param: 'author', kind: 'derived', column: 'author_id', of: (value) => (typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string' ? value.id : '') },
  });
}
