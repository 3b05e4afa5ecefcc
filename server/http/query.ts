import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGE_CODE_PATTERN } from '../../domain/shared/localized.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';

const bool = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
const positive = (name: string) =>
  z
    .string({ error: `${name} must be a whole number from 1` })
    .regex(/^\d{1,9}$/, `${name} must be a whole number from 1`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be a whole number from 1`));
const word = (name: string) => z.string({ error: `${name} must be given once, as text` }).max(200, `${name} is too long`);

/** Every list parameter of SPEC.md section 7; each route uses the ones it understands. */
export const ListQuerySchema = z.object({
  lang: z.string({ error: 'lang must be a language code such as uz' }).regex(LANGUAGE_CODE_PATTERN, 'lang must be a language code such as uz').default(DEFAULT_LANGUAGE),
  page: positive('page').optional(),
  limit: positive('limit').optional(),
  admin: bool('admin').optional(),
  featured: bool('featured').optional(),
  active: bool('active').optional(),
  status: word('status').optional(),
  category: word('category').optional(),
  search: word('search').optional(),
  q: word('q').optional(),
  tag: word('tag').optional(),
  type: word('type').optional(),
  partnershipType: word('partnershipType').optional(),
  service: word('service').optional(),
});

export type ListParameters = z.infer<typeof ListQuerySchema>;

export function parseListQuery(query: unknown): ListParameters {
  return parseOrThrow(ListQuerySchema, query ?? {});
}
