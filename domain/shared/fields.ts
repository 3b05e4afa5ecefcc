import { z } from 'zod';
import {
  absoluteUrl,
  email,
  flag,
  icon,
  ICON_NAMES,
  imageUrl,
  isoDate,
  dateTime,
  link,
  list,
  localized,
  localizedDocument,
  oneOf,
  order,
  SHORT_TEXT,
  text,
  textOrLocalized,
  type SchemaContext,
} from './schema-helpers.ts';
import { SLUG_PATTERN } from './slug.ts';
import { LINKABLE_TYPES } from '../documents/document.ts';

/*
 * Field builders: each says, once, how a field is stored, validated, edited, searched and
 * filtered. A record type (record-type.ts) is a set of these; everything else reads them.
 * Browser-safe: the admin forms import record types.
 */

/** How a field is kept in its table column. */
type Storage = 'text' | 'json' | 'int' | 'bool' | 'time';

/** The admin's input for a field. */
type Widget =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'date'
  | 'datetime'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'icon'
  | 'image'
  | 'list'
  | 'names'
  | 'features'
  | 'author'
  | 'reference'
  | 'references'
  | 'document';

/** A text in each language of the admin (labels of fields a shared dictionary does not know). */
export interface AdminTexts {
  en: string;
  ru: string;
  uz: string;
}

/**
 * A list parameter this field answers: `value` compares the column, `flag` a true/false
 * parameter, `text` one whole line of a multilingual field in any language (exact after
 * fallback with `exact`), kept in the derived column `{column}_text`.
 */
type FieldFilter =
  | { param: string; kind: 'value' | 'flag' }
  | { param: string; kind: 'text'; exact: boolean }
  /** A value taken out of a structured field into a column of its own (the author's id of an article). */
  | { param: string; kind: 'derived'; column: string; of: (value: unknown) => string }
  /** One of the ids of a `references` field (matters of a service), kept as `,id,id,` in `{column}_text`. */
  | { param: string; kind: 'member' };

export interface FieldDeclaration<S extends z.ZodType = z.ZodType> {
  storage: Storage;
  /** The field's validation; absent for fields the server owns (view counts). */
  schema?: (context: SchemaContext) => S;
  /** Multilingual text (an object keyed by language code) or a list of such texts. */
  localized: boolean;
  /** 'default-language': multilingual text required in the site's default language. */
  required: false | 'always' | 'default-language';
  max?: number;
  widget: Widget;
  options?: readonly string[];
  /** Each choice's words in the admin (a choice field declares them with its options). */
  optionLabels?: Readonly<Record<string, AdminTexts>>;
  /** Record type a reference points at. */
  references?: string;
  /**
   * A `references` field over several record types (an article's topics: practice areas, then
   * industries), each under its heading in the admin. Only records a visitor sees may be chosen:
   * the server refuses, with `message`, an id a save adds that is none of them.
   */
  offered?: { groups: ReadonlyArray<{ type: string; heading: AdminTexts }>; message: string };
  default?: () => unknown;
  /** Part of the record's search text. */
  search?: boolean;
  filter?: FieldFilter;
  /** A switch in the admin list that saves at once. */
  toggle?: boolean;
  /** Holds an uploaded image's URL. */
  image?: boolean;
  /** The field whose default-language text makes a slug. */
  slugFrom?: string;
  /** Counted by the server (views), never written by a client. */
  counter?: boolean;
  /** List items carry their own `order` (hero features). */
  itemOrder?: boolean;
  /** Label in the admin when the shared dictionary has none for this field's name. */
  label?: AdminTexts;
  /** A line under the field in the admin saying what it is for. */
  hint?: AdminTexts;
  /** The moment a record goes live (`publish`) or stops being shown (`unpublish`). */
  schedule?: 'publish' | 'unpublish';
  /** The record's own date (an article's), set to the moment it goes live when a save schedules it. */
  wentLive?: boolean;
  /** What a save left empty is filled with (a blog post's reading time, from its text). */
  whenEmpty?: (values: Record<string, unknown>, defaultLanguage: string) => string;
  /** A document per language (rich text): rendered to HTML when saved. */
  document?: boolean;
}

type Options = Partial<Pick<FieldDeclaration, 'search' | 'label' | 'toggle'>>;

/** Multilingual text. */
export function localizedText(
  label: string,
  options: Options & { required?: boolean; max?: number; multiline?: boolean; filter?: { param: string; exact?: boolean } } = {},
): FieldDeclaration<ReturnType<typeof localized>> {
  const { required = false, max = SHORT_TEXT } = options;
  return {
    storage: 'json',
    schema: ({ defaultLanguage }) => localized(label, { requiredIn: required ? defaultLanguage : undefined, max, oneLine: !options.multiline }),
    localized: true,
    required: required ? 'default-language' : false,
    max,
    widget: options.multiline ? 'textarea' : 'text',
    default: required ? undefined : () => ({}),
    search: options.search,
    filter: options.filter ? { param: options.filter.param, kind: 'text', exact: options.filter.exact ?? true } : undefined,
    label: options.label,
  };
}

/**
 * A long text as a document per language (API-3.md "Documents"): headings, lists, tables,
 * footnotes, links to pages of the site, images. A plain string is taken as paragraphs.
 */
export function documentText(label: string, options: Options & { required?: boolean } = {}): FieldDeclaration<ReturnType<typeof localizedDocument>> {
  const required = options.required ?? false;
  return {
    storage: 'json',
    schema: ({ defaultLanguage, referenceTypes }) => localizedDocument(label, { requiredIn: required ? defaultLanguage : undefined, referenceTypes: referenceTypes ?? LINKABLE_TYPES }),
    localized: true,
    required: required ? 'default-language' : false,
    widget: 'document',
    default: required ? undefined : () => ({}),
    search: options.search,
    document: true,
    label: options.label,
  };
}

/** Plain text, the same in every language. */
export function plainText(
  label: string,
  options: Options & { required?: boolean; max?: number; multiline?: boolean; filter?: string; whenEmpty?: FieldDeclaration['whenEmpty'] } = {},
): FieldDeclaration<ReturnType<typeof text>> {
  const { required = false, max = SHORT_TEXT } = options;
  return {
    storage: 'text',
    schema: () => text(label, { required, max }),
    localized: false,
    required: required ? 'always' : false,
    max,
    widget: options.multiline ? 'textarea' : 'text',
    default: required ? undefined : () => '',
    search: options.search,
    filter: options.filter ? { param: options.filter, kind: 'value' } : undefined,
    label: options.label,
    ...(options.whenEmpty ? { whenEmpty: options.whenEmpty } : {}),
  };
}

export function emailAddress(options: Options & { required?: boolean } = {}): FieldDeclaration<ReturnType<typeof email>> {
  return {
    storage: 'text',
    schema: () => email({ required: options.required }),
    localized: false,
    required: options.required ? 'always' : false,
    widget: 'email',
    default: options.required ? undefined : () => '',
    search: options.search,
    label: options.label,
  };
}

/** An absolute http(s) address outside the site. */
export function webAddress(label: string, options: Options = {}): FieldDeclaration<ReturnType<typeof absoluteUrl>> {
  return { storage: 'text', schema: () => absoluteUrl(label), localized: false, required: false, widget: 'url', default: () => '', label: options.label };
}

/** A link inside the site (/contact) or outside it. */
export function siteLink(label: string, options: Options & { default?: string } = {}): FieldDeclaration<ReturnType<typeof link>> {
  return { storage: 'text', schema: () => link(label), localized: false, required: false, widget: 'text', default: () => options.default ?? '', label: options.label };
}

export function date(label: string, options: Options & { default: () => string; wentLive?: boolean }): FieldDeclaration<ReturnType<typeof isoDate>> {
  return { storage: 'text', schema: () => isoDate(label), localized: false, required: false, widget: 'date', default: options.default, label: options.label, ...(options.wentLive ? { wentLive: true } : {}) };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day on the calendar (`2027-01-01`) that exists, or null ('' clears it). */
const optionalDay = (label: string) =>
  z
    .union([z.string({ error: `${label} must be a date such as 2027-01-01` }), z.null()], { error: `${label} must be a date such as 2027-01-01` })
    .refine(
      (value) => {
        if (value === null || value.trim() === '') return true;
        const parts = DAY.exec(value.trim());
        if (!parts) return false;
        const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
        return day.toISOString().slice(0, 10) === value.trim();
      },
      { message: `${label} must be a date such as 2027-01-01`, params: { code: 'invalid_date' } },
    );

/** A day that may be empty (the day a law takes effect): kept as `2027-01-01` or null, never moved into a time zone. */
export function optionalDate(label: string, options: Options & { hint?: AdminTexts } = {}): FieldDeclaration<ReturnType<typeof optionalDay>> {
  return { storage: 'text', schema: () => optionalDay(label), localized: false, required: false, widget: 'date', default: () => null, label: options.label, ...(options.hint ? { hint: options.hint } : {}) };
}

/**
 * `publishAt` and `unpublishAt`: a visitor sees the record only between the two (either may be
 * null). Spread into a record type's fields.
 */
export function schedule() {
  const moment = (label: string, role: 'publish' | 'unpublish', texts: AdminTexts): FieldDeclaration<ReturnType<typeof dateTime>> => ({
    storage: 'time',
    schema: () => dateTime(label),
    localized: false,
    required: false,
    widget: 'datetime',
    default: () => null,
    schedule: role,
    label: texts,
  });
  return {
    publishAt: moment('Publish at', 'publish', { en: 'Publish at', ru: 'Опубликовать', uz: 'E’lon qilish vaqti' }),
    unpublishAt: moment('Unpublish at', 'unpublish', { en: 'Hide at', ru: 'Снять с публикации', uz: 'Yashirish vaqti' }),
  };
}

export function image(options: Options = {}): FieldDeclaration<typeof imageUrl> {
  return { storage: 'text', schema: () => imageUrl, localized: false, required: false, widget: 'image', default: () => '', image: true, label: options.label };
}

const slugSchema = z
  .string({ error: 'Slug must be text' })
  .trim()
  .max(100, 'Slug must be at most 100 characters')
  .refine((value) => value === '' || SLUG_PATTERN.test(value), {
    message: 'Slug may contain only lowercase Latin letters, digits and hyphens',
    params: { code: 'invalid_slug' },
  });

/** The record's address; made from `from` (default-language text) when none is given. */
export function slug(options: { from: string }): FieldDeclaration<typeof slugSchema> {
  return { storage: 'text', schema: () => slugSchema, localized: false, required: false, widget: 'text', default: () => '', slugFrom: options.from };
}

export function yesNo(label: string, options: Options & { default: boolean; filter?: string }): FieldDeclaration<ReturnType<typeof flag>> {
  return {
    storage: 'bool',
    schema: () => flag(label),
    localized: false,
    required: false,
    widget: 'checkbox',
    default: () => options.default,
    filter: options.filter ? { param: options.filter, kind: 'flag' } : undefined,
    toggle: options.toggle,
    label: options.label,
  };
}

export function position(): FieldDeclaration<typeof order> {
  return { storage: 'int', schema: () => order, localized: false, required: false, widget: 'number', default: () => 0 };
}

/** One of a few values, each with its words in the admin's languages (never the stored value itself on a screen). */
export function choice<const T extends readonly [string, ...string[]]>(
  label: string,
  options: T,
  settings: Options & { default: T[number]; filter?: string; labels: { readonly [K in T[number]]: AdminTexts } },
): FieldDeclaration<ReturnType<typeof oneOf<T>>> {
  return {
    storage: 'text',
    schema: () => oneOf(label, options),
    localized: false,
    required: false,
    widget: 'select',
    options,
    optionLabels: settings.labels,
    default: () => settings.default,
    filter: settings.filter ? { param: settings.filter, kind: 'value' } : undefined,
    label: settings.label,
  };
}

/** A Lucide icon by name; an unknown name falls back to Shield (SPEC.md section 3). */
export function iconName(): FieldDeclaration<typeof icon> {
  return { storage: 'text', schema: () => icon, localized: false, required: false, widget: 'icon', options: ICON_NAMES, default: () => 'Shield' };
}

/** A list of short texts, each plain or multilingual (tags, specialties). */
export function textList(
  label: string,
  itemLabel: string,
  options: Options & { max?: number; filter?: string } = {},
): FieldDeclaration<ReturnType<typeof list<ReturnType<typeof textOrLocalized>>>> {
  const max = options.max ?? 30;
  return {
    storage: 'json',
    schema: () => list(label, textOrLocalized(itemLabel), max),
    localized: true,
    required: false,
    max,
    widget: 'list',
    default: () => [],
    search: options.search,
    filter: options.filter ? { param: options.filter, kind: 'text', exact: false } : undefined,
    label: options.label,
  };
}

/** The `_id` of a record of another type, or empty. */
export function reference(label: string, type: string, options: Options & { filter?: string } = {}) {
  const schema = z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((value) => value === '' || /^[0-9a-f]{24}$/.test(value), { message: `${label} must be chosen from the list`, params: { code: 'invalid' } });
  const declaration: FieldDeclaration<typeof schema> = {
    storage: 'text',
    schema: () => schema,
    localized: false,
    required: false,
    widget: 'reference',
    references: type,
    default: () => '',
    filter: options.filter ? { param: options.filter, kind: 'value' } : undefined,
    label: options.label,
  };
  return declaration;
}

/**
 * Several records of another type (an event's speakers), as a list of their `_id`s; `filter` lists
 * those naming one id. With `groups`, public records of several types (see `offered`).
 */
export function references(label: string, type: string | ReadonlyArray<{ type: string; heading: AdminTexts }>, options: Options & { filter?: string } = {}) {
  const schema = z
    .array(z.string().regex(/^[0-9a-f]{24}$/, { message: `${label}: choose from the list` }), { error: `${label} must be a list` })
    .max(50, { message: `${label}: at most 50` });
  const declaration: FieldDeclaration<typeof schema> = {
    storage: 'json',
    schema: () => schema,
    localized: false,
    required: false,
    widget: 'references',
    references: typeof type === 'string' ? type : type[0]?.type,
    offered: typeof type === 'string' ? undefined : { groups: type, message: `${label}: choose from the list; one of them is unknown, deleted or not shown on the site` },
    default: () => [],
    filter: options.filter ? { param: options.filter, kind: 'member' } : undefined,
    label: options.label,
  };
  return declaration;
}

/** A number the server counts (views): stored, returned, never taken from a request. */
export function counter(): FieldDeclaration<z.ZodNumber> {
  return { storage: 'int', localized: false, required: false, widget: 'number', counter: true };
}

/** A field with a schema of its own (nested objects, numbers with their own messages). */
export function custom<S extends z.ZodType>(declaration: Omit<FieldDeclaration<S>, 'localized' | 'required'> & Partial<Pick<FieldDeclaration<S>, 'localized' | 'required'>>): FieldDeclaration<S> {
  return { localized: false, required: false, ...declaration };
}
