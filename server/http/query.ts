import { z } from 'zod';
import type { RecordType } from '../../domain/shared/record-type.ts';
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

/** A reader's language, uz when none is given. */
export const langParam = z.string({ error: 'lang must be a language code such as uz' }).regex(LANGUAGE_CODE_PATTERN, 'lang must be a language code such as uz').default(DEFAULT_LANGUAGE);

/** The parameters every list understands. */
const BASE_QUERY = {
  lang: langParam,
  page: positive('page').optional(),
  limit: positive('limit').optional(),
  admin: bool('admin').optional(),
  status: word('status').optional(),
  search: word('search').optional(),
  q: word('q').optional(),
};
export const BaseQuerySchema = z.object(BASE_QUERY);
export const flagParam = (name: string) => bool(name).optional();

export type ListParameters = z.infer<typeof BaseQuerySchema> & Record<string, unknown>;

/** What every record carries besides its declared fields. */
export const RECORD_META_FIELDS = ['_id', 'createdAt', 'updatedAt', 'version'] as const;

/**
 * `fields=title,slug,date`: a list answer with only those fields of each record (and `_id`), for a
 * client that shows a list and needs no article's whole text in every language.
 */
function fieldsParam(type: RecordType) {
  const known = [...RECORD_META_FIELDS, ...Object.keys(type.fields)];
  const message = `fields must be one or more of these field names, separated by commas: ${known.join(', ')}`;
  return word('fields')
    .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
    .refine((names) => names.every((name) => known.includes(name)), { message });
}

/** A list's parameters: the common ones and the filters its record type declares. */
export function listQuerySchema(type: RecordType) {
  const shape: Record<string, z.ZodType> = { fields: fieldsParam(type).optional() };
  // Documents as the HTML the site renders or as plain text (API-3.md), instead of their JSON.
  if (type.documentFields.length) shape.format = z.enum(['html', 'text'], { error: 'format must be html or text' }).optional();
  for (const field of Object.values(type.fields)) {
    if (field.filter) shape[field.filter.param] = field.filter.kind === 'flag' ? flagParam(field.filter.param) : word(field.filter.param).optional();
  }
  return BaseQuerySchema.extend(shape);
}

export function parseQuery<S extends z.ZodType>(query: unknown, schema: S): z.output<S> {
  return parseOrThrow(schema, query ?? {});
}
