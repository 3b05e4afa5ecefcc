import { z } from 'zod';
import type { ErrorDetail } from './errors.ts';
import { referencesColumn } from '../documents/record-documents.ts';
import { columnOf, PAGE_LANGUAGES_COLUMN, type Condition, type EntityDefinition, type ListQuery } from './entity.ts';
import type { AdminTexts, FieldDeclaration } from './fields.ts';
import type { Localized } from './localized.ts';
import type { SchemaContext } from './schema-helpers.ts';
import { searchForm, searchText, wholeLinePattern } from './search.ts';
import { textShape, writtenLanguages } from './translation-state.ts';

/*
 * One declaration per record type: its fields (fields.ts), who may see it, how its lists sort and
 * page, where its public page is and how the admin shows it. The generic record service and
 * store, the API routes and OpenAPI document, the admin list, form and navigation, the sitemap
 * and the seed read these declarations; nothing else lists record types.
 */

interface RecordMeta {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Icons the admin's navigation can show beside a record type (the admin maps each to a Lucide icon). */
export const ADMIN_ICONS = ['users', 'newspaper', 'book', 'briefcase', 'hash', 'sparkles', 'quote', 'megaphone', 'handshake', 'layout', 'help', 'scroll', 'factory', 'scale', 'award', 'calendar'] as const;

export interface AdminDeclaration {
  icon: (typeof ADMIN_ICONS)[number];
  /** Sidebar and page title. */
  title: AdminTexts;
  /** One record, lowercase, as used inside a sentence ("team member"). */
  one: AdminTexts;
  confirmDelete: AdminTexts;
  deleteFailed: AdminTexts;
  /** Field shown as the record's name in lists, and the one under it. */
  titleField: string;
  subtitleField?: string;
  /** Where the form opens: its own page, inline above the list, or a dialog. */
  placement: 'page' | 'inline' | 'modal';
  /** A list field whose first items are shown as chips. */
  chips?: { field: string; shown: number };
  /**
   * The form also requires the required texts in the language its editor has selected, not only
   * in the default language (the server's rule): SPEC.md section 5 asks this of the partner form.
   */
  requireSelectedLanguage?: boolean;
  /** A record without a picture in this image field is marked in the list with a way to add one (lawyers' photos). */
  askForPicture?: string;
  /** A block of the home page (its hero, figures, reasons, testimonials, calls to action): the menu groups them apart from the content. */
  homeBlock?: true;
}

/** A record type's public pages: the list at `publicPath`, each record at `publicPath/{slug}`. */
interface RecordPages {
  /** Route module of the list page (app/routes/…), when there is one. */
  list?: string;
  /** Route module of one record's page; the sitemap lists every public record. */
  detail?: string;
  /**
   * Each record has an address of its own (`publicPath/slug`) served by a page that is not the
   * type's `detail` (the pages of text): a document may link to it as to a record's page.
   */
  addressed?: boolean;
  /** The site search finds its records. */
  search?: boolean;
  /**
   * Where a record the search found is shown, for a type without a page per record (a question
   * on the FAQ page, a page of text at its own address); undefined leaves the record out.
   */
  hitPath?: (record: Record<string, unknown> & { _id: string }) => string | undefined;
  /** A record without a picture of its own is shared with a drawn card (/covers/…). */
  cover?: boolean;
  /** The schema.org type a record's page describes in its JSON-LD. */
  jsonLd?: string;
  /**
   * Its record page can be previewed before it is public (signed links, outside reviewers): its
   * module exports `pageData` and `View` (app/routes/site/preview.tsx renders them). Types with a
   * schedule are previewed by their own pages.
   */
  preview?: boolean;
}

export interface RecordTypeOptions<F extends Record<string, FieldDeclaration>, N extends string = string> {
  /** Registry key and API path segment: /api/{name}. */
  name: N;
  table: string;
  /** English product name, used in API messages ("News article not found"). */
  label: string;
  fields: F;
  /** The flag that a visitor's read requires to be true. */
  publicWhen?: { field: keyof F & string } | 'never';
  /** Sort by fields ('-date' descending); ties break on newest id. */
  sort: Array<string>;
  /** Paginated lists and their page size (news, blog); unpaginated lists return every record. */
  pageSize?: number;
  /** Public page of one record: "/news" gives /news/{slug} (and /{lang}/news/{slug}). */
  publicPath?: string;
  /** A flag that keeps a record from visitors whatever else says (a confidential matter): never public, never found. */
  hiddenWhen?: keyof F & string;
  /**
   * Fields of a record hidden by `hiddenWhen` that translators never read nor write (a confidential
   * matter's client): left out of every answer to them; they have nothing there to translate.
   */
  confidentialFields?: ReadonlyArray<keyof F & string>;
  /**
   * The moment a record stops being public by a rule of its type (a ranking after its edition's
   * next year), kept in the `public_until` column; null for never.
   */
  publicUntil?: (record: Record<string, unknown>) => string | null;
  /** `publicUntil` is the start of a day (UTC midnight, a ranking's 1 January): shown as that day, never as a time in the firm's zone. */
  publicUntilIsDay?: boolean;
  /**
   * Moments at which its pages change by themselves (an event's start, end and registration's
   * close): when one comes, the cached pages that show the record are dropped.
   */
  moments?: ReadonlyArray<keyof F & string>;
  /** What a visitor's read shows of a public record (a matter's client only with consent). */
  visitorView?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Its pages on the public site (the site's declaration, domain/site/site-pages.ts, reads them). */
  site?: RecordPages;
  /**
   * Rules between fields or against the clock, checked on every save after the schema (an event
   * ending before it starts); `creating` is true for a new record. Each problem is a 400 on its field.
   */
  rules?: (values: Record<string, unknown>, context: { creating: boolean; now: string }) => ErrorDetail[];
  /** Extra public lists: GET /api/{name}/{route} answers the distinct texts of a field in `lang`. */
  distinct?: Record<string, keyof F & string>;
  /**
   * What a search result shows of the record's page: the title (these texts joined by " — ", then
   * " | " and the firm's name, as the page's <title>) and the description; the checks before
   * publishing measure them (domain/checks/snippet.ts).
   */
  snippet?: { title: ReadonlyArray<keyof F & string>; description?: keyof F & string };
  /** A site text every public list of this type shows, required in the default language before one is public (`legal.mattersDisclaimer`). */
  disclaimer?: string;
  /** Fixed lists: GET /api/{name}/{route} answers them. */
  constants?: Record<string, readonly string[]>;
  admin: AdminDeclaration;
}

export interface RecordType<F extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>, N extends string = string>
  extends EntityDefinition,
    Omit<RecordTypeOptions<F, N>, 'publicWhen' | 'sort' | 'distinct' | 'snippet' | 'hiddenWhen' | 'moments' | 'confidentialFields'> {
  hiddenWhen?: string;
  confidentialFields?: readonly string[];
  moments?: readonly string[];
  distinct?: Record<string, string>;
  snippet?: { title: readonly string[]; description?: string };
  /** The field a visitor's read requires to be true, if any. */
  visibilityField?: string;
  /** The moments between which a visitor sees a record (types with `schedule()` fields). */
  scheduleFields?: { publish: string; unpublish: string };
  /** The date a scheduled save sets to its moment of going live (an article's date). */
  wentLiveField?: string;
  /** Whether a visitor sees this record at `now`. */
  isPublic(record: Record<string, unknown>, now: string): boolean;
  /** What a visitor sees of the record at `now`, as the admin lists say it. */
  publicState(record: Record<string, unknown>, now: string): PublicState;
  /** Fields holding multilingual text (translation, copying between languages). */
  localizedFields: string[];
  /** Fields holding an image URL (media in use, share images). */
  imageFields: string[];
  /** Fields holding a document per language (rich text). */
  documentFields: string[];
  /** Fields a search matches. */
  searchFields: string[];
  countsViews: boolean;
  /**
   * For a type with a page per record (a public path and a slug): the languages a record's page is
   * written in — those its title has text in — kept as `,uz,ru,` in `page_languages`.
   */
  pageLanguages?: (record: Record<string, unknown>) => string[];
}

/** A list of ids as one text a `contains` condition finds an id in: `,id,id,`. */
const memberText = (value: unknown) => `,${(Array.isArray(value) ? value.filter((id) => typeof id === 'string') : []).join(',')},`;

export const PUBLIC_STATES = ['published', 'draft', 'scheduled', 'expired'] as const;
type PublicState = (typeof PUBLIC_STATES)[number];

type OutputOf<D> = D extends FieldDeclaration<infer S> ? z.output<S> : never;
type FieldsOf<T> = T extends RecordType<infer F, string> ? F : never;

/** The stored record of a type, as the API and the pages read it. */
export type RecordOf<T extends RecordType<Record<string, FieldDeclaration>, string>> = RecordMeta & { [K in keyof FieldsOf<T>]: OutputOf<FieldsOf<T>[K]> };

export function defineRecordType<const F extends Record<string, FieldDeclaration>, const N extends string>(options: RecordTypeOptions<F, N>): RecordType<F, N> {
  const entries = Object.entries(options.fields) as Array<[string, FieldDeclaration]>;
  const withFilter = entries.filter(([, field]) => field.filter);
  const searchFields = entries.filter(([, field]) => field.search).map(([name]) => name);
  const textFilters = withFilter.filter(([, field]) => field.filter?.kind === 'text');
  const memberFilters = withFilter.filter(([, field]) => field.filter?.kind === 'member');
  const derivedFilters = withFilter.flatMap(([name, field]) => (field.filter?.kind === 'derived' ? [{ name, ...field.filter }] : []));
  const visibilityField = options.publicWhen && options.publicWhen !== 'never' ? options.publicWhen.field : undefined;
  const slugFrom = entries.find(([, field]) => field.slugFrom)?.[1].slugFrom;
  const slugField = entries.find(([, field]) => field.slugFrom)?.[0];
  const publishField = entries.find(([, field]) => field.schedule === 'publish')?.[0];
  const unpublishField = entries.find(([, field]) => field.schedule === 'unpublish')?.[0];
  const scheduleFields = publishField && unpublishField ? { publish: publishField, unpublish: unpublishField } : undefined;
  const wentLiveField = entries.find(([, field]) => field.wentLive)?.[0];

  function publicConditions(now: string): Condition[] {
    if (!visibilityField) return [];
    const conditions: Condition[] = [{ column: columnOf(visibilityField), op: '=', value: true }];
    if (options.hiddenWhen) conditions.push({ column: columnOf(options.hiddenWhen), op: '=', value: false });
    if (options.publicUntil) conditions.push({ column: 'public_until', op: 'unset-or', compare: '>', value: now });
    if (scheduleFields) {
      conditions.push({ column: columnOf(scheduleFields.publish), op: 'unset-or', compare: '<=', value: now });
      conditions.push({ column: columnOf(scheduleFields.unpublish), op: 'unset-or', compare: '>', value: now });
    }
    return conditions;
  }

  function publicState(record: Record<string, unknown>, now: string): PublicState {
    if (visibilityField && record[visibilityField] !== true) return 'draft';
    if (options.hiddenWhen && record[options.hiddenWhen] === true) return 'draft';
    const until = options.publicUntil?.(record);
    if (until && until <= now) return 'expired';
    if (!scheduleFields) return 'published';
    const publishAt = record[scheduleFields.publish];
    const unpublishAt = record[scheduleFields.unpublish];
    if (typeof unpublishAt === 'string' && unpublishAt && unpublishAt <= now) return 'expired';
    if (typeof publishAt === 'string' && publishAt && publishAt > now) return 'scheduled';
    return 'published';
  }

  /** Admin lists: status=published (seen now), draft, scheduled (waits for its time) or expired. */
  function statusConditions(status: unknown, now: string): Condition[] {
    if (!visibilityField) return [];
    const flag = columnOf(visibilityField);
    if (status === 'draft') return [{ column: flag, op: '=', value: false }];
    if (status === 'published') return publicConditions(now);
    if (!scheduleFields) return [];
    if (status === 'scheduled') {
      return [
        { column: flag, op: '=', value: true },
        { column: columnOf(scheduleFields.publish), op: 'set-and', compare: '>', value: now },
        { column: columnOf(scheduleFields.unpublish), op: 'unset-or', compare: '>', value: now },
      ];
    }
    if (status === 'expired') return [{ column: flag, op: '=', value: true }, { column: columnOf(scheduleFields.unpublish), op: 'set-and', compare: '<=', value: now }];
    return [];
  }

  function schema(context: SchemaContext) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, field] of entries) if (field.schema) shape[name] = field.schema(context);
    return z.object(shape);
  }

  function defaults(): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [name, field] of entries) if (field.default) values[name] = field.default();
    return values;
  }

  const localizedFields = entries.filter(([, field]) => field.localized).map(([name]) => name);
  const documentFields = entries.filter(([, field]) => field.document).map(([name]) => name);
  // A page is in the languages its title (the text its slug is made from) is written in, as an alert is sent in them (alert-sender.ts).
  const pageLanguages = options.publicPath !== undefined && slugFrom ? (record: Record<string, unknown>) => writtenLanguages(record, [slugFrom]) : undefined;
  function derive(record: Record<string, unknown>): Record<string, string | null> {
    const columns: Record<string, string | null> = {};
    if (pageLanguages) columns[PAGE_LANGUAGES_COLUMN] = `,${pageLanguages(record).join(',')},`;
    // A page's address too: a clerk who has a link finds its record by it.
    if (searchFields.length) columns.search_text = searchText([...searchFields, ...(slugField ? [slugField] : [])].map((name) => record[name] as Localized | string));
    for (const [name] of textFilters) columns[`${columnOf(name)}_text`] = searchText([record[name] as Localized]);
    for (const filter of derivedFilters) columns[filter.column] = filter.of(record[filter.name]);
    for (const [name] of memberFilters) columns[`${columnOf(name)}_text`] = memberText(record[name]);
    if (localizedFields.length) columns.text_shape = JSON.stringify(textShape(record, localizedFields));
    // Which records its documents link to: a change of one of them renders this record anew.
    if (documentFields.length) columns.doc_refs = referencesColumn(record, documentFields);
    if (options.publicUntil) columns.public_until = options.publicUntil(record);
    return columns;
  }

  function listConditions(query: ListQuery): Condition[] {
    const conditions: Condition[] = [];
    for (const [name, field] of withFilter) {
      const filter = field.filter!;
      const value = query[filter.param];
      if (filter.kind === 'flag') {
        if (typeof value === 'boolean') conditions.push({ column: columnOf(name), op: '=', value });
        continue;
      }
      if (typeof value !== 'string' || value.trim() === '') continue;
      // Exact text filters become the stored values that read so (the service's exactConditions).
      if (filter.kind === 'text' && filter.exact) continue;
      if (filter.kind === 'member') conditions.push({ column: `${columnOf(name)}_text`, op: 'contains', text: `,${value.trim()},` });
      else if (filter.kind === 'value') conditions.push({ column: columnOf(name), op: '=', value: value.trim() });
      else if (filter.kind === 'derived') conditions.push({ column: filter.column, op: '=', value: value.trim() });
      else conditions.push({ column: `${columnOf(name)}_text`, op: 'like', pattern: wholeLinePattern(value.trim()) });
    }
    const search = typeof query.search === 'string' ? query.search.trim() : '';
    if (search && searchFields.length) conditions.push({ column: 'search_text', op: 'contains', text: searchForm(search) });
    for (const word of (searchFields.length && query.searchWords) || []) conditions.push({ column: 'search_text', op: 'contains', text: searchForm(word) });
    if (query.admin) conditions.push(...statusConditions(query.status, new Date().toISOString()));
    // A page of the site in `lang` lists only what is written in it (a code holds no LIKE wildcard: LANGUAGE_CODE_PATTERN).
    else if (query.written === true && pageLanguages) conditions.push({ column: PAGE_LANGUAGES_COLUMN, op: 'like', pattern: `%,${query.lang},%` });
    return conditions;
  }

  // A category filter compares the text after fallback exactly: the service turns it into the stored values that show so.
  const exactFilters = textFilters.filter(([, field]) => field.filter?.kind === 'text' && field.filter.exact);
  function exactChecks(query: ListQuery): Array<{ field: string; value: string }> {
    return exactFilters.flatMap(([name, field]) => {
      const value = query[field.filter!.param];
      return typeof value === 'string' && value.trim() ? [{ field: name, value: value.trim().toLowerCase() }] : [];
    });
  }

  return {
    ...options,
    visibilityField,
    scheduleFields,
    wentLiveField,
    isPublic: (record, now) => publicState(record, now) === 'published',
    publicState,
    storage: Object.fromEntries(entries.map(([name, field]) => [name, field.storage])),
    schema,
    defaults,
    slugFrom,
    publicConditions,
    orderBy: [
      ...options.sort.map((key): [string, 'asc' | 'desc'] => (key.startsWith('-') ? [columnOf(key.slice(1)), 'desc'] : [columnOf(key), 'asc'])),
    ],
    derive,
    listConditions,
    exactChecks,
    localizedFields,
    keepsTextSaved: localizedFields.length > 0,
    imageFields: entries.filter(([, field]) => field.image).map(([name]) => name),
    documentFields,
    searchFields,
    countsViews: entries.some(([name, field]) => field.counter && name === 'views'),
    pageLanguages,
  };
}
