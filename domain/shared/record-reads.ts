import type { KeptDocuments } from '../documents/record-documents.ts';
import { columnOf, languagesIn, PAGE_LANGUAGES_COLUMN, type Condition, type ListQuery, type StoredRecord } from './entity.ts';
import { notFound } from './errors.ts';
import { isId } from './ids.ts';
import { keptAnswers } from './kept-answers.ts';
import { keptTranslationStates } from './kept-text-rows.ts';
import { pickText, type Localized } from './localized.ts';
import type { RecordCore } from './record-core.ts';
import { keptOf, type ListOptions } from './record-store.ts';
import { paginationOf, MAX_PAGE_SIZE, type Page, type RecordStates } from './record-service.ts';
import type { RecordOf, RecordType } from './record-type.ts';
import type { ViewCounter } from './view-counter.ts';
import { stateFields } from './list-view.ts';

/** Page size of paginated lists whose type names none. */
const DEFAULT_PAGE_SIZE = 10;

/** A JSON column's value as the database gave it back: text on SQLite, parsed on PostgreSQL. */
const parseStored = (raw: unknown) => (typeof raw === 'string' ? JSON.parse(raw) : raw) as Localized | string;
const storedText = (raw: unknown) => (typeof raw === 'string' ? raw : JSON.stringify(raw));

/**
 * A filter on a multilingual text after fallback ("Налоги" in ru), as the stored values that
 * read so: their few distinct values come from an index, and the list is then one indexed query.
 */
async function exactConditions(type: RecordType, answers: ReturnType<typeof keptAnswers>, defaultLanguageOf: () => Promise<string>, query: ListQuery): Promise<Condition[]> {
  const checks = type.exactChecks?.(query) ?? [];
  if (!checks.length) return [];
  const defaultLanguage = await defaultLanguageOf();
  return Promise.all(
    checks.map(async ({ field, value }): Promise<Condition> => {
      const column = columnOf(field);
      const stored = await answers.distinctValues(column, [], { raw: true });
      const parsed = parsedValues(stored);
      const values = stored.filter((_raw, index) => pickText(parsed[index], query.lang, defaultLanguage).trim().toLowerCase() === value).map(storedText);
      return { column, op: 'in', values };
    }),
  );
}
/** The distinct stored values parsed, once per kept answer (a related-articles list asked for them at every article render). */
const parsedStored = new WeakMap<readonly unknown[], unknown[]>();
const parsedValues = (stored: readonly unknown[]) => {
  let parsed = parsedStored.get(stored);
  if (!parsed) parsedStored.set(stored, (parsed = stored.map(parseStored)));
  return parsed;
};

/**
 * A record type's reads: a record by id or slug (as the admin or a visitor sees it), lists and
 * pages of them, the sitemap's addresses, distinct values, translation states, view counts. What
 * visitors read is kept (kept-answers.ts) until a record of the type is written.
 */
export function createRecordReads<T extends RecordType>(core: RecordCore<T>, views: ViewCounter) {
  type Stored = RecordOf<T>;
  const { type, store, environment, label, now, typed, withState, confidential, withoutConfidential } = core;
  /** What a visitor's read shows of a public record (the type's `visitorView`; its kept HTML goes with it). */
  const shown = <R extends StoredRecord>(record: R): R => (type.visitorView ? { ...record, ...type.visitorView(record) } : record);
  /** Whether a slug may name a record of this type at all (longer ones are never made). */
  const slugReadable = (slug: string) => Boolean(type.slugFrom) && slug.length <= 200;
  const translationStates = keptTranslationStates(store, type);
  const answers = keptAnswers(store);
  /**
   * The records a page read by slug (`shownIn`), kept apart from the lists: a crawler walking every
   * article then churns only these, and each holds one language's HTML and words, not the documents.
   */
  const pageReads = keptAnswers(store, { answers: 128 });

  /**
   * What a page in `lang` shows of a document field (its HTML or its words): as kept at save, or
   * made now — a language made public since, a working copy, a row kept before words were. A record
   * read for a page without its documents (`shownIn`) is read whole for it (kept, as by id).
   */
  async function keptPart(part: keyof KeptDocuments, record: StoredRecord, field: string, lang: string): Promise<string> {
    const kept = keptOf(record)[part][field]?.[lang];
    if (kept !== undefined) return kept;
    const whole = field in record ? record : ((await answers.byId(record._id)) ?? record);
    return (await environment.renderDocuments(whole, [field], [lang]))[part][field]?.[lang] ?? '';
  }

  function visible(record: StoredRecord | undefined, admin: boolean): Stored {
    if (!record) throw notFound(label);
    if (!admin && !type.isPublic(record, now())) throw notFound(label);
    return typed(record);
  }

  /**
   * A page of a list whose total is kept: the total first, then the page read from whichever end of
   * the order is nearer (the last page of 10,000 articles skips no rows); a visitor's page is kept
   * too. A total not yet forgotten after another instance's write shifts such a page by that
   * write, as any write between two page requests does.
   */
  async function pageFromNearEnd(conditions: Condition[], limit: number, offset: number, admin: boolean, fields?: readonly string[]): Promise<{ total: number; records: readonly StoredRecord[] }> {
    const read = (options: ListOptions) => (admin ? store.list({ ...options, fields }) : answers.list(options));
    const total = await answers.count(conditions);
    if (offset >= total || offset + limit / 2 <= total / 2) return { total, records: await read({ conditions, limit, offset }) };
    const shown = Math.min(limit, total - offset);
    return { total, records: await read({ conditions, limit: shown, offset: total - offset - shown, fromEnd: true }) };
  }

  const conditionsOf = (query: ListQuery) => [...(query.admin ? [] : type.publicConditions(now())), ...(type.listConditions?.(query) ?? [])];

  /**
   * The fields an admin's list reads of each record when it asks for some (`fields`, `view=list`):
   * those and what its state needs; the rest of the row (its documents) stays unread. A visitor's
   * list is read whole (its records are kept) and cut by the API.
   */
  const fieldsRead = (query: ListQuery): readonly string[] | undefined =>
    query.admin && Array.isArray(query.fields)
      ? [...new Set([...query.fields.filter((field): field is string => typeof field === 'string'), ...stateFields(type)])]
      : !query.admin && Array.isArray(query.readFields) && (query.search || query.searchWords?.length)
        ? query.readFields
        : undefined;

  const listConditionsOf = async (query: ListQuery) => [...conditionsOf(query), ...(await exactConditions(type, answers, environment.defaultLanguage, query))];

  return {
    /**
     * What a translator reads of a record (or a kept version of it): a confidential one without its
     * confidential fields (the type's `confidentialFields`); anything else as it is.
     */
    forTranslator<R extends Record<string, unknown>>(record: R): R {
      return confidential(record) ? withoutConfidential(record) : record;
    },

    async get(id: string, options: { admin: boolean }): Promise<Stored> {
      if (!isId(id)) throw notFound(label);
      const record = visible(await (options.admin ? store.findById(id) : answers.byId(id)), options.admin);
      return options.admin ? (withState(record) as Stored) : shown(record);
    },

    async getBySlug(slug: string, options: { admin: boolean }): Promise<Stored> {
      if (!slugReadable(slug)) throw notFound(label);
      const record = visible(await store.findOne([{ column: 'slug', op: '=', value: slug }]), options.admin);
      return options.admin ? record : shown(record);
    },

    /** The HTML of a document field of a record as a page in `lang` shows it (see keptPart). */
    html: (record: StoredRecord, field: string, lang: string): Promise<string> => keptPart('html', record, field, lang),

    /** The words of a document field as a page in `lang` shows them (JSON-LD's `articleBody`; see keptPart). */
    text: (record: StoredRecord, field: string, lang: string): Promise<string> => keptPart('text', record, field, lang),

    /** A slug, or a 24-hex id (SPEC.md: the service page accepts either). */
    async getBySlugOrId(key: string, options: { admin: boolean }): Promise<Stored> {
      return isId(key) ? this.get(key, options) : this.getBySlug(key, options);
    },

    /**
     * A public record by slug or id as its page in `lang` shows it: read by slug, without its
     * documents (their kept HTML and words in that language go with it, for `html` and `text`), so
     * an article's page reads its 13 KB, not the 80 KB of every language's. Not for the API.
     */
    async shownIn(key: string, lang: string): Promise<Stored> {
      if (isId(key)) return this.get(key, { admin: false });
      if (!slugReadable(key)) throw notFound(label);
      return shown(visible(await pageReads.shown(key, lang), false));
    },

    /**
     * A visitor read one published record: counts the view in memory (for types that count
     * them; written within seconds) and answers the record with its count. Admin reads count
     * nothing.
     */
    viewed(record: Stored, options: { admin: boolean }): Stored {
      if (!type.countsViews) return record;
      if (!options.admin) views.count(type.table, record._id);
      return this.withPendingViews(record);
    },

    /** The stored count plus the views this process has not written yet. */
    withPendingViews(record: Stored): Stored {
      if (!type.countsViews) return record;
      return { ...record, views: Number((record as Record<string, unknown>).views ?? 0) + views.pendingFor(type.table, record._id) };
    },

    async list(query: ListQuery): Promise<Stored[]> {
      const conditions = await listConditionsOf(query);
      const records = await (query.admin ? store.list({ conditions, fields: fieldsRead(query) }) : answers.list({ conditions }));
      const at = now();
      return (query.admin ? records.map((record) => withState(record, at)) : records.map(shown)).map(typed);
    },

    /** One page of a list, read in the index's order; the page size is the type's unless the query names a limit. */
    async listPage(query: ListQuery, pageSize = type.pageSize ?? DEFAULT_PAGE_SIZE): Promise<Page<Stored>> {
      const page = query.page ?? 1;
      const limit = Math.min(query.limit ?? pageSize, MAX_PAGE_SIZE);
      const conditions = await listConditionsOf(query);
      const offset = (page - 1) * limit;
      // A search's total is not kept: it comes with its page.
      const fields = fieldsRead(query);
      const { total, records: data } = answers.keeps(conditions) ? await pageFromNearEnd(conditions, limit, offset, Boolean(query.admin), fields) : await store.listCounted({ conditions, limit, offset, fields, uncounted: query.uncounted === true && !query.admin, withoutKept: query.withoutKept === true });
      const at = now();
      return { data: (query.admin ? data.map((record) => withState(record, at)) : data.map(shown)).map(typed), pagination: paginationOf(page, limit, total) };
    },

    /** How many records a visitor may open (the sitemap index). */
    async publicCount(): Promise<number> {
      return answers.count(type.publicConditions(now()));
    },

    /** The addresses of a page of public records with their last change and the languages each page is written in (a sitemap file): no content is read. */
    async publicAddresses(limit: number, offset: number): Promise<Array<{ slug: string; updatedAt: string; languages: string[] }>> {
      return type.pageLanguages ? store.pageAddresses(type.publicConditions(now()), limit, offset) : [];
    },

    /** One record's public address (slug, languages) now; undefined when it has no page visitors may open. */
    async publicAddressOf(id: string): Promise<{ slug: string; updatedAt: string; languages: string[] } | undefined> {
      if (!type.pageLanguages || !isId(id)) return undefined;
      return (await store.pageAddresses([...type.publicConditions(now()), { column: 'id', op: '=', value: id }], 1, 0))[0];
    },

    /** The languages a record's page is written in (kept in `page_languages`: no text is read); none for a type without pages. */
    async pageLanguages(id: string): Promise<string[]> {
      if (!type.pageLanguages || !isId(id)) return [];
      return languagesIn((await answers.column(PAGE_LANGUAGES_COLUMN, [{ column: 'id', op: '=', value: id }]))[0]);
    },

    /**
     * Every record's state in each of `languages` (the translation status screen), from what is kept
     * in memory: a record's texts are read again only after a write to it (`forgetTexts`), and its
     * state in a language is worked out once until then.
     */
    async translationStates(languages: string[]): Promise<readonly RecordStates[]> {
      return translationStates.of(languages, await environment.defaultLanguage());
    },

    /** A record of this type was written (here or on another instance): its texts are read again when asked for; all of them without an id. */
    forgetTexts(id?: string) {
      translationStates.forget(id);
      answers.forget();
      pageReads.forget();
    },

    /** The slugs a visitor may open (the footer's legal links): no content is read. */
    async publicSlugs(): Promise<string[]> {
      return type.slugFrom ? answers.column('slug', type.publicConditions(now())) : [];
    },

    /** The distinct texts of a multilingual field (or list of them) in `lang` after fallback, sorted; read from an index, not from the records. */
    async distinct(field: string, query: ListQuery): Promise<string[]> {
      const [raws, defaultLanguage] = await Promise.all([answers.distinctValues(columnOf(field), conditionsOf({ lang: query.lang, admin: query.admin })), environment.defaultLanguage()]);
      const values = new Set<string>();
      for (const raw of raws) {
        for (const item of Array.isArray(raw) ? raw : [raw]) {
          const text = pickText(item as Localized | string, query.lang, defaultLanguage).trim();
          if (text) values.add(text);
        }
      }
      return [...values].sort((a, b) => a.localeCompare(b, query.lang));
    },
  };
}
