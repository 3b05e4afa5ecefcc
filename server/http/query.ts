import { z } from 'zod';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODE_PATTERN } from '../../domain/shared/localized.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { listViewFields, RECORD_META_FIELDS } from '../../domain/shared/list-view.ts';

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
  lang: langParam.describe('Language for search, category filters and fallback (default uz)'),
  page: positive('page').optional().describe('Page number, from 1'),
  limit: positive('limit').optional().describe('Page size, at most 100'),
  admin: bool('admin').optional().describe('true: include inactive records and drafts (needs a token)'),
  status: word('status').optional().describe('With admin=true: published (seen now), draft, scheduled or expired'),
  search: word('search').optional().describe('Text to find in any language (Uzbek in both scripts), any case, and in the page address (slug)'),
  q: word('q').optional().describe('Text to find (as search)'),
};
export const BaseQuerySchema = z.object(BASE_QUERY);
export const flagParam = (name: string) => bool(name).optional();

export type ListParameters = z.infer<typeof BaseQuerySchema> & Record<string, unknown>;


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
  const shape: Record<string, z.ZodType> = {
    fields: fieldsParam(type)
      .optional()
      .describe(`Only these fields of each record (and _id), separated by commas: for a list that needs no whole text. Any of ${[...RECORD_META_FIELDS, ...Object.keys(type.fields)].join(', ')}`),
  };
  shape.view = z
    .enum(['list'], { error: 'view must be list' })
    .optional()
    .describe(`list: each record with only what the admin's list of it shows, read without its documents (${listViewFields(type).join(', ')}); not with fields`);
  // Documents as the HTML the site renders or as plain text (API-3.md), instead of their JSON.
  if (type.documentFields.length) {
    shape.format = z
      .enum(['html', 'text'], { error: 'format must be html or text' })
      .optional()
      .describe(`Each document (${type.documentFields.join(', ')}) as the HTML the site renders in that language (html) or as plain text (text), instead of its JSON`);
  }
  for (const field of Object.values(type.fields)) {
    if (!field.filter) continue;
    const { param, kind } = field.filter;
    shape[param] = kind === 'flag' ? flagParam(param).describe('true or false') : word(param).optional().describe(`Only records whose ${param} is this`);
  }
  return BaseQuerySchema.extend(shape);
}

export function parseQuery<S extends z.ZodType>(query: unknown, schema: S): z.output<S> {
  return parseOrThrow(schema, query ?? {});
}
