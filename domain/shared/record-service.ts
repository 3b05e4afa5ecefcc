import { columnOf, languagesIn, PAGE_LANGUAGES_COLUMN, type Condition, type ListQuery, type StoredRecord } from './entity.ts';
import { AppError, duplicate, notFound, staleVersion, validationError } from './errors.ts';
import { isId } from './ids.ts';
import { isPlainObject, isWritten, LANGUAGE_CODE_PATTERN, pickText, type Localized } from './localized.ts';
import { keptOf, type ListOptions, type RecordStore } from './record-store.ts';
import { frozen } from './frozen.ts';
import { noteReads, readsOf } from './read-tracker.ts';
import type { KeptDocuments } from '../documents/record-documents.ts';
import type { WorkingCopies } from '../versions/working-copies.ts';
import type { Review, Reviews } from '../versions/reviews.ts';
import { textToDocument } from '../documents/document.ts';
import type { RecordOf, RecordType } from './record-type.ts';
import { slugify } from './slug.ts';
import { copyLanguageRequest, fillLanguage } from './copy-language.ts';
import { dayIn } from './days.ts';
import { textSavedAfter, translationState, type TranslationState } from './translation-state.ts';
import type { ViewCounter } from './view-counter.ts';
import type { VersionService } from '../versions/version-service.ts';
import type { Check } from '../checks/document-checks.ts';
import type { TextSaved } from './entity.ts';
import { assertObject, expectedVersion, parseOrThrow, withoutMeta } from './validation.ts';

export interface Actor {
  userId: string;
  email: string;
  /** Who they are (admin, editor, approver, translator): publishing with sign-off asks. */
  role?: string;
  name?: string;
}

export interface ChangeEvent {
  entity: string;
  /**
   * publish / unpublish: a record's scheduled moment came (no actor: the schedule did it); download:
   * a client's document read by staff; refuse: a client's file refused for a virus (no actor).
   */
  action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'download' | 'refuse';
  id: string;
  actor?: Actor;
  summary: string;
}

/** What every record service needs from the rest of the application. */
export interface ServiceEnvironment {
  defaultLanguage(): Promise<string>;
  /** Called after every successful write: drops caches and records the activity. */
  changed(event: ChangeEvent): Promise<void>;
  /** What a record's pages show changed with the clock (an event began): cached pages are dropped, nothing is recorded. */
  pagesChanged?(event: ChangeEvent): Promise<void>;
  /**
   * A record's public page moved from one site path to another (`from` undefined: a page now
   * lives at `to`). The redirects follow it.
   */
  pageMoved?(change: { from?: string; to: string }): Promise<void>;
  /** The HTML and words of a record's documents in every page language (domain/documents/record-documents.ts). */
  renderDocuments?(record: Record<string, unknown>, fields: readonly string[], languages?: readonly string[]): Promise<KeptDocuments>;
  /** Where working copies are kept (domain/versions/working-copies.ts). */
  workingCopies?: WorkingCopies;
  /** Sign-off of records (domain/versions/reviews.ts). */
  reviews?: Reviews;
  /** The firm's time zone (TIME_ZONE): the day of a moment, as an article's date says it. */
  timeZone?: string;
  /** The ids of the records a visitor sees of these types (what a field with `offered` may name). */
  publicIds?(types: readonly string[]): Promise<ReadonlySet<string>>;
  /** The site's setting "publishing needs approval" (site configuration, `publishing.requireApproval`). */
  needsApproval?(): Promise<boolean>;
  /**
   * The errors in the default language that keep values from being published (API-3.md "Checks
   * before publishing"); `id` is undefined for a record not saved yet.
   */
  blockingChecks?(type: RecordType, id: string | undefined, values: Record<string, unknown>, textSaved: TextSaved): Promise<Check[]>;
  /** A record was submitted for review: the person asked is told. */
  reviewSubmitted?(type: RecordType, record: Record<string, unknown> & { _id: string }, review: Review, actor?: Actor): Promise<void>;
  /** An approver approved or asked for changes: whoever sent it for review (or saved the copy) is told. */
  reviewDecided?(type: RecordType, record: Record<string, unknown> & { _id: string }, review: Review, actor?: Actor): Promise<void>;
}

/** How a version is restored (API-3.md): what decides visibility and the texts of languages the version lacks stay unless asked. */
export interface RestoreOptions {
  visibility?: boolean;
  languages?: 'all';
  into?: 'draft';
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** Where a page stands in a list of `total` items (API.md's pagination). */
export const paginationOf = (page: number, limit: number, total: number): Page<unknown>['pagination'] => ({ page, limit, total, pages: Math.ceil(total / limit) });

export const MAX_PAGE_SIZE = 100;
/** Page size of paginated lists whose type names none. */
const DEFAULT_PAGE_SIZE = 10;

/**
 * The rules every record type shares, driven by its declaration: defaults, validation, slugs,
 * versions, visibility, lists, pages and view counts.
 */
export function createRecordService<T extends RecordType>(type: T, store: RecordStore, environment: ServiceEnvironment, views: ViewCounter, history: VersionService) {
  type Stored = RecordOf<T>;
  const label = type.label;
  const typed = (record: StoredRecord) => record as unknown as Stored;
  /** What a visitor's read shows of a public record (the type's `visitorView`; its kept HTML goes with it). */
  const shown = <R extends StoredRecord>(record: R): R => (type.visitorView ? { ...record, ...type.visitorView(record) } : record);
  /**
   * What a page in `lang` shows of a document field (its HTML or its words): as kept at save, or
   * made now — a language made public since, a working copy, a row kept before words were. A record
   * read for a page without its documents (`shownIn`) is read whole for it (kept, as by id).
   */
  async function keptPart(part: keyof KeptDocuments, record: StoredRecord, field: string, lang: string): Promise<string> {
    const kept = keptOf(record)[part][field]?.[lang];
    if (kept !== undefined) return kept;
    const whole = field in record ? record : ((await answers.byId(record._id)) ?? record);
    return (await environment.renderDocuments?.(whole, [field], [lang]))?.[part][field]?.[lang] ?? '';
  }
  /** A record hidden by its type's flag whose confidential fields translators never read nor write (a confidential matter). */
  const confidential = (record: Record<string, unknown>) => Boolean(type.hiddenWhen && type.confidentialFields?.length && record[type.hiddenWhen] === true);
  const withoutConfidential = <R extends Record<string, unknown>>(record: R): R => Object.fromEntries(Object.entries(record).filter(([field]) => !type.confidentialFields?.includes(field))) as R;
  /** A translator's save of a confidential record leaves its confidential fields as they are: they never saw them. */
  const translatorsPart = (input: Record<string, unknown>, record: Record<string, unknown>, onlyLanguages?: string[]) => (onlyLanguages && confidential(record) ? withoutConfidential(input) : input);
  /** Whether a slug may name a record of this type at all (longer ones are never made). */
  const slugReadable = (slug: string) => Boolean(type.slugFrom) && slug.length <= 200;

  async function schemaNow() {
    const defaultLanguage = await environment.defaultLanguage();
    return { schema: type.schema({ defaultLanguage }), defaultLanguage };
  }

  async function uniqueSlug(values: Record<string, unknown>, defaultLanguage: string, exceptId?: string): Promise<string> {
    const given = typeof values.slug === 'string' ? values.slug : '';
    if (given) {
      if (await store.slugTaken(given, exceptId)) throw duplicate(`The slug "${given}" is already used by another ${label.toLowerCase()}`);
      return given;
    }
    const base = slugify(pickText(values[type.slugFrom!] as Localized, defaultLanguage)) || type.name;
    let candidate = base;
    for (let n = 2; await store.slugTaken(candidate, exceptId); n += 1) candidate = `${base}-${n}`;
    return candidate;
  }

  function describe(record: Record<string, unknown>, defaultLanguage: string): string {
    const text = pickText(record[type.admin.titleField] as Localized | string | undefined, defaultLanguage);
    return text ? `${label} "${text.slice(0, 80)}"` : label;
  }

  const now = () => new Date().toISOString();
  const textRows = keptTextRows(store, type.admin.titleField);
  const answers = keptAnswers(store);
  /**
   * The records a page read by slug (`shownIn`), kept apart from the lists: a crawler walking every
   * article then churns only these, and each holds one language's HTML and words, not the documents.
   */
  const pageReads = keptAnswers(store, { answers: 128 });
  let keptStates: { rows?: readonly TextRow[]; byLanguages: Map<string, readonly RecordStates[]> } = { byLanguages: new Map() };

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
  async function pageFromNearEnd(conditions: Condition[], limit: number, offset: number, admin: boolean): Promise<{ total: number; records: readonly StoredRecord[] }> {
    const read = (options: ListOptions) => (admin ? store.list(options) : answers.list(options));
    const total = await answers.count(conditions);
    if (offset >= total || offset + limit / 2 <= total / 2) return { total, records: await read({ conditions, limit, offset }) };
    const shown = Math.min(limit, total - offset);
    return { total, records: await read({ conditions, limit: shown, offset: total - offset - shown, fromEnd: true }) };
  }

  const conditionsOf = (query: ListQuery) => [...(query.admin ? [] : type.publicConditions(now())), ...(type.listConditions?.(query) ?? [])];

  /**
   * A filter on a multilingual text after fallback ("Налоги" in ru), as the stored values that
   * read so: their few distinct values come from an index, and the list is then one indexed query.
   */
  async function exactConditions(query: ListQuery): Promise<Condition[]> {
    const checks = type.exactChecks?.(query) ?? [];
    if (!checks.length) return [];
    const defaultLanguage = await environment.defaultLanguage();
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
  const listConditionsOf = async (query: ListQuery) => [...conditionsOf(query), ...(await exactConditions(query))];

  /** Admin reads say what a visitor sees of each record: published, draft, scheduled or expired. */
  const withState = (record: StoredRecord, at = now()) => ({ ...record, publicState: type.publicState(record, at) });

  /** `unpublishAt` must come after `publishAt`, whichever of the two a save changes. */
  function checkSchedule(values: Record<string, unknown>, creating = false) {
    const broken = type.rules?.(values, { creating, now: now() }) ?? [];
    if (broken.length) throw validationError(broken);
    const fields = type.scheduleFields;
    if (!fields) return;
    const publishAt = values[fields.publish];
    const unpublishAt = values[fields.unpublish];
    if (typeof publishAt === 'string' && typeof unpublishAt === 'string' && unpublishAt <= publishAt) {
      throw validationError([{ path: fields.unpublish, message: 'Unpublish at must be later than Publish at: choose a later moment or clear one of them', code: 'before_publish' }]);
    }
  }

  /**
   * The ids a save adds to a field with `offered` (an article's topics) must be public records of
   * its types; those it kept from before stay (a practice area hidden since does not block a save).
   */
  async function checkOffered(values: Record<string, unknown>, before: Record<string, unknown> = {}) {
    for (const [name, field] of Object.entries(type.fields)) {
      if (!field.offered || !environment.publicIds || !Array.isArray(values[name])) continue;
      const had = Array.isArray(before[name]) ? before[name] : [];
      const added = values[name].filter((id) => !had.includes(id));
      if (!added.length) continue;
      const offered = await environment.publicIds(field.offered.groups.map((group) => group.type));
      if (added.some((id) => !offered.has(String(id)))) throw validationError([{ path: name, message: field.offered.message, code: 'one_of' }]);
    }
  }

  /**
   * A save that schedules a record dates it by the moment it goes live (not the day it was written):
   * the moment itself, or its day in the firm's time zone for a date without a time.
   */
  function datedByGoingLive(values: Record<string, unknown>) {
    const field = type.wentLiveField;
    const at = type.scheduleFields ? values[type.scheduleFields.publish] : undefined;
    if (!field || typeof at !== 'string' || !at || at <= now()) return;
    const current = values[field];
    values[field] = typeof current === 'string' && current.length === 10 ? dayIn(at, environment.timeZone ?? 'UTC') : at;
  }

  /** Fields a save left empty that fill themselves (a blog post's reading time, from its text). */
  function filledIn(values: Record<string, unknown>, defaultLanguage: string) {
    for (const [name, field] of Object.entries(type.fields)) {
      if (field.whenEmpty && (values[name] === undefined || values[name] === null || (typeof values[name] === 'string' && !values[name].trim()))) values[name] = field.whenEmpty(values, defaultLanguage);
    }
  }

  const pathOf = (slug: unknown) => (type.publicPath && typeof slug === 'string' && slug ? `${type.publicPath}/${slug}` : undefined);

  /**
   * What restoring a version must not change by itself (API-3.md): what decides visibility stays
   * as it is now unless `visibility` is asked, and a language's text the version lacks stays
   * unless `languages: "all"` is asked.
   */
  function keepLive(existing: Record<string, unknown>, fields: Record<string, unknown>, options: RestoreOptions) {
    if (!options.visibility) {
      for (const field of [type.visibilityField, type.scheduleFields?.publish, type.scheduleFields?.unpublish]) if (field) fields[field] = existing[field];
    }
    if (options.languages === 'all') return;
    for (const field of type.localizedFields) {
      const now = existing[field];
      const then = fields[field];
      if (!isPlainObject(now) || !isPlainObject(then) || Array.isArray(then)) continue;
      const kept = Object.fromEntries(Object.entries(now).filter(([lang, value]) => isWritten(value) && !isWritten(then[lang])));
      if (Object.keys(kept).length) fields[field] = { ...then, ...kept };
    }
  }

  /**
   * An administrator's `override: { reason }` past a rule of publishing: true when given (the reason,
   * kept in the activity log after `what`); 400 without a reason; false for anyone else.
   */
  async function overridden(override: unknown, actor: Actor | undefined, id: string | undefined, what: string, why: string): Promise<boolean> {
    if (override === undefined || override === null || actor?.role !== 'admin') return false;
    const reason = isPlainObject(override) && typeof override.reason === 'string' ? override.reason.trim() : '';
    if (!reason || reason.length > 500) throw validationError([{ path: 'override.reason', message: `Say why this is published ${why} (up to 500 characters)`, code: 'required' }]);
    await environment.changed({ entity: type.table, action: 'update', id: id ?? '', actor, summary: `${what} — ${reason}`.slice(0, 300) });
    return true;
  }

  /** Values a visitor sees now, or will at their "Publish at" without anyone asked again: publishing either way. */
  const goesPublic = (values: Record<string, unknown>) => {
    const state = type.publicState(values, now());
    return state === 'published' || state === 'scheduled';
  };

  /**
   * With "publishing needs approval" on, what is about to be public must be approved (403
   * `approval_required` otherwise); an administrator may publish anyway with a reason, which the
   * activity log keeps. Answers whether it goes out approved (the review keeps which version did).
   */
  async function assertSignedOff(id: string | undefined, input: Record<string, unknown>, actor: Actor | undefined, title: string): Promise<boolean> {
    // What was approved goes out as approved whether the site asks for approval or not (its
    // review says "published as approved", not "changed after approval").
    if (id && (await environment.reviews?.approved(type.name, id))) return true;
    if (!(await environment.needsApproval?.())) return false;
    if (await overridden(input.override, actor, id, `${title}: published without approval`, 'without approval')) return false;
    throw new AppError(403, 'FORBIDDEN', `Publishing needs approval on this site: submit it for review, and an approver or an administrator approves it.${actor?.role === 'admin' ? ' As an administrator you may publish anyway with override: { reason }.' : ''}`, { reason: 'approval_required' });
  }

  /**
   * What is about to be public, now or at its scheduled moment, must pass the checks in the default
   * language (422 `checks_failed` with the list); an administrator may publish anyway with a
   * reason, which the activity log keeps.
   */
  async function assertChecksPass(id: string | undefined, values: Record<string, unknown>, textSaved: TextSaved, override: unknown, actor: Actor | undefined, title: string) {
    const state = type.publicState(values, now());
    if (!environment.blockingChecks || (state !== 'published' && state !== 'scheduled')) return;
    const failed = await environment.blockingChecks(type, id, values, textSaved);
    if (!failed.length) return;
    if (await overridden(override, actor, id, `${title}: published although checks failed (${[...new Set(failed.map((check) => check.code))].join(', ')})`, 'although the checks failed')) return;
    const first = failed.slice(0, 3).map((check) => check.message).join('; ');
    throw new AppError(422, 'CHECKS_FAILED', `Fix ${failed.length === 1 ? 'this' : `these ${failed.length} problems`} before publishing: ${first}${failed.length > 3 ? '; …' : ''}.${actor?.role === 'admin' ? ' As an administrator you may publish anyway with override: { reason }.' : ''}`, { reason: 'checks_failed', checks: failed });
  }

  /**
   * A save's fields over `base` (the record, or its working copy), by the rules every save keeps:
   * the closed schema, a free slug, a schedule in order, and a translator's languages only.
   */
  async function mergedPatch(id: string, existing: Record<string, unknown>, base: Record<string, unknown>, input: Record<string, unknown>, schema: Awaited<ReturnType<typeof schemaNow>>['schema'], defaultLanguage: string, onlyLanguages?: string[]) {
    const patch = parseOrThrow(schema.partial(), withoutMeta(input));
    const merged: Record<string, unknown> = { ...base, ...patch };
    if (type.slugFrom && ('slug' in patch || !merged.slug)) {
      merged.slug = patch.slug === existing.slug ? existing.slug : await uniqueSlug(merged, defaultLanguage, id);
    }
    checkSchedule(merged);
    await checkOffered(merged, base);
    if (onlyLanguages) {
      const outside = changedOutside(base, merged, Object.keys(type.fields), type.localizedFields, onlyLanguages);
      if (outside) {
        throw new AppError(403, 'FORBIDDEN', `As a translator you may change only the ${onlyLanguages.map((code) => code.toUpperCase()).join(', ')} texts; "${outside}" was changed too. Undo that change, or ask an editor.`);
      }
    }
    // What the save itself derives (after the translator's check: it is not theirs to answer for).
    datedByGoingLive(merged);
    filledIn(merged, defaultLanguage);
    return merged;
  }

  /**
   * The 409 of a save over a working copy someone saved (or made) after the form read it: who and
   * when, so the form can show their copy beside what was typed (nothing typed is lost).
   */
  const copyChanged = (copy: Awaited<ReturnType<WorkingCopies['get']>>) => {
    const who = copy?.savedBy ? copy.savedBy.name || copy.savedBy.email : 'someone';
    return new AppError(409, 'CONFLICT', `${who} saved the working copy of this ${label.toLowerCase()} at ${copy?.savedAt ?? 'a moment'} after you opened it. Compare their copy with your changes, then save again over it or take theirs.`, {
      reason: 'copy_changed',
      details: [{ path: 'draftVersion', message: 'The working copy was saved by someone else after you opened it', code: 'copy_changed', params: { draftVersion: copy?.version ?? 0, savedAt: copy?.savedAt ?? '', savedBy: copy?.savedBy?.email ?? '', savedByName: copy?.savedBy?.name ?? '' } }],
    });
  };

  /** The 404 of a record without a working copy. */
  const noCopy = () => notFound(`A working copy of this ${label.toLowerCase()}`);

  async function followPage(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
    const to = pathOf(after.slug);
    if (!to || !environment.pageMoved) return;
    const from = before ? pathOf(before.slug) : undefined;
    if (from === to) return;
    await environment.pageMoved({ from, to });
  }

  return {
    type,
    store,

    async create(body: unknown, actor?: Actor): Promise<Stored> {
      const input = assertObject(body);
      const { schema, defaultLanguage } = await schemaNow();
      const values: Record<string, unknown> = parseOrThrow(schema, { ...type.defaults(), ...withoutMeta(input) });
      if (type.slugFrom) values.slug = await uniqueSlug(values, defaultLanguage);
      checkSchedule(values, true);
      await checkOffered(values);
      datedByGoingLive(values);
      filledIn(values, defaultLanguage);
      if (goesPublic(values)) await assertSignedOff(undefined, input, actor, describe(values, defaultLanguage));
      await assertChecksPass(undefined, values, {}, input.override, actor, describe(values, defaultLanguage));
      const inserted = await store.insert(values, undefined, textSavedAfter(undefined, values, type.localizedFields, {}, now()));
      const created = (await store.findById(inserted._id))!;
      await history.keep({ type: type.name, id: created._id, version: created.version, action: 'create', data: created, actor });
      await followPage(undefined, created);
      await environment.changed({ entity: type.table, action: 'create', id: created._id, actor, summary: describe(values, defaultLanguage) });
      return typed(withState(created));
    },

    /** `onlyLanguages`: a translator's save, which may change only those languages' texts. */
    /** `signedOff`: the sign-off was checked already (publishing a working copy): true when it goes out approved. */
    async update(id: string, body: unknown, actor?: Actor, options: { onlyLanguages?: string[]; signedOff?: boolean; override?: unknown } = {}): Promise<Stored> {
      const input = assertObject(body);
      const version = expectedVersion(input);
      const found = isId(id) ? await store.findWithTextSaved(id) : undefined;
      if (!found) throw notFound(label);
      const existing = found.record;
      const { schema, defaultLanguage } = await schemaNow();
      const merged = await mergedPatch(id, existing, existing, translatorsPart(input, existing, options.onlyLanguages), schema, defaultLanguage, options.onlyLanguages);
      const approved = options.signedOff ?? (goesPublic(merged) ? await assertSignedOff(id, input, actor, describe(merged, defaultLanguage)) : false);
      await assertChecksPass(id, merged, found.textSaved, options.override ?? input.override, actor, describe(merged, defaultLanguage));
      const stamps = textSavedAfter(existing, merged, type.localizedFields, found.textSaved, now());
      const updated = await store.update(id, merged, version, stamps);
      if (!updated) throw staleVersion();
      // What was approved is now what it was approved as, or changed since: either way asked again.
      await environment.reviews?.changed(type.name, id, actor, approved ? updated.version : undefined);
      await history.keep({ type: type.name, id, version: updated.version, action: 'update', data: updated, actor });
      await followPage(existing, updated);
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(merged, defaultLanguage)}${approved ? ': published as approved' : ''}` });
      return typed(withState(updated));
    },

    /**
     * Fills the empty texts of language `to` from language `from`, leaving every text already
     * written as it is (API-2.md "Translation"); with `transliterate`, Uzbek Latin becomes Cyrillic
     * (uz → uz-Cyrl) or the reverse. Saved as an update (a translator of `to` may do it).
     */
    async copyLanguage(id: string, body: unknown, actor?: Actor, options: { onlyLanguages?: string[]; languages?: string[] } = {}): Promise<Stored> {
      const { from, to, convert } = copyLanguageRequest(body, options.languages);
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound(label);
      const fields = type.localizedFields.filter((field) => !(options.onlyLanguages && confidential(existing) && type.confidentialFields?.includes(field)));
      const patch = Object.fromEntries(fields.map((field) => [field, fillLanguage(existing[field], from, to, convert)]));
      // Nothing empty to fill: nothing is saved (no new version).
      if (fields.every((field) => JSON.stringify(patch[field]) === JSON.stringify(existing[field]))) return typed(withState(existing));
      return this.update(id, { ...patch, version: existing.version }, actor, { onlyLanguages: options.onlyLanguages });
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing || !(await store.remove(id))) throw notFound(label);
      await environment.workingCopies?.remove(type.name, id);
      await history.keep({ type: type.name, id, version: existing.version, action: 'delete', data: existing, actor });
      const defaultLanguage = await environment.defaultLanguage();
      await environment.changed({ entity: type.table, action: 'delete', id, actor, summary: describe(existing, defaultLanguage) });
    },

    /**
     * Brings back the fields of a kept version as a new version; a deleted record comes back
     * under its own id. A slug another record took since gets a free one.
     */
    async restore(id: string, version: number, actor?: Actor, options: RestoreOptions = {}): Promise<Stored> {
      const snapshot = isId(id) ? await history.get(type.name, id, version) : undefined;
      if (!snapshot) throw notFound(`Version ${version} of this ${label.toLowerCase()}`);
      const fields: Record<string, unknown> = Object.fromEntries(Object.keys(type.fields).filter((field) => field in snapshot).map((field) => [field, snapshot[field]]));
      // A version kept before long texts were documents holds plain texts: they come back as documents.
      for (const field of type.documentFields) {
        const value = fields[field];
        if (value && typeof value === 'object') fields[field] = Object.fromEntries(Object.entries(value).map(([lang, text]) => [lang, typeof text === 'string' ? textToDocument(text) : text]));
      }
      const defaultLanguage = await environment.defaultLanguage();
      if (type.slugFrom && typeof fields.slug === 'string' && (await store.slugTaken(fields.slug, id))) {
        fields.slug = await uniqueSlug({ ...fields, slug: '' }, defaultLanguage, id);
      }
      const found = await store.findWithTextSaved(id);
      const existing = found?.record;
      if (existing) keepLive(existing, fields, options);
      if (existing && options.into === 'draft') {
        // The version becomes the working copy: nothing a visitor sees changes until it is published.
        if (!environment.workingCopies) throw notFound('Working copies');
        const data = Object.fromEntries(Object.keys(type.fields).map((field) => [field, field in fields ? fields[field] : existing[field]]));
        await environment.workingCopies.put(type.name, id, data, existing.version, actor);
        return this.draft(id);
      }
      const approved = existing && goesPublic({ ...existing, ...fields }) ? await assertSignedOff(id, {}, actor, describe({ ...existing, ...fields }, defaultLanguage)) : false;
      await assertChecksPass(id, { ...existing, ...fields }, found?.textSaved ?? {}, undefined, actor, describe({ ...existing, ...fields }, defaultLanguage));
      const stamps = textSavedAfter(existing, { ...existing, ...fields }, type.localizedFields, found?.textSaved ?? {}, now());
      const saved = existing
        ? await store.update(id, { ...existing, ...fields }, undefined, stamps)
        : await store.insert(fields, { id, version: (await history.lastVersion(type.name, id)) + 1, createdAt: String(snapshot.createdAt ?? '') || new Date().toISOString() }, stamps);
      if (!saved) throw notFound(label);
      await history.keep({ type: type.name, id, version: saved.version, action: 'restore', data: saved, actor });
      await environment.reviews?.changed(type.name, id, actor, approved ? saved.version : undefined);
      await followPage(existing, saved);
      await environment.changed({ entity: type.table, action: existing ? 'update' : 'create', id, actor, summary: `${describe(saved, defaultLanguage)}: version ${version} restored` });
      return typed(withState(saved));
    },

    /**
     * The working copy of a record (API-3.md "Working copies"): the record with the copy's fields,
     * the version it was made on, `hasDraft: true`; a 404 when there is none.
     */
    async draft(id: string): Promise<Stored & { baseVersion: number; hasDraft: true; draftSavedAt: string; draftVersion: number; draftSavedBy: { email: string; name: string } | null; applyAt: string | null }> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      const copy = existing && (await environment.workingCopies?.get(type.name, id));
      if (!existing || !copy) throw noCopy();
      // Object.entries leaves out the HTML kept for the record (its page would show the record, not the copy).
      return { ...typed(withState({ ...Object.fromEntries(Object.entries(existing)), ...copy.data, _id: existing._id, createdAt: existing.createdAt, updatedAt: existing.updatedAt, version: existing.version })), baseVersion: copy.baseVersion, hasDraft: true, draftSavedAt: copy.savedAt, draftVersion: copy.version, draftSavedBy: copy.savedBy && { email: copy.savedBy.email, name: copy.savedBy.name }, applyAt: copy.applyAt };
    },

    /** Saves changes as the working copy: the same rules as an update, and nothing a visitor sees changes. */
    async saveDraft(id: string, body: unknown, actor?: Actor, options: { onlyLanguages?: string[] } = {}) {
      const { draftVersion, ...input } = assertObject(body);
      const version = expectedVersion(input);
      // The copy's version the form read (0: it read no copy); without it the copy is saved over as before.
      const expectedCopy = draftVersion === undefined || draftVersion === null ? undefined : expectedVersion({ version: draftVersion });
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing || !environment.workingCopies) throw notFound(label);
      const copy = await environment.workingCopies.get(type.name, id);
      const base: Record<string, unknown> = { ...existing, ...copy?.data };
      const { schema, defaultLanguage } = await schemaNow();
      const merged = await mergedPatch(id, existing, base, translatorsPart(input, base, options.onlyLanguages), schema, defaultLanguage, options.onlyLanguages);
      const data = Object.fromEntries(Object.keys(type.fields).map((field) => [field, merged[field]]));
      if (expectedCopy !== undefined && (copy?.version ?? 0) !== expectedCopy) throw copyChanged(copy);
      // The copy stays on the version it was started from (or the one the form says it read).
      if (!(await environment.workingCopies.put(type.name, id, data, version ?? copy?.baseVersion ?? existing.version, actor, expectedCopy))) {
        throw copyChanged(await environment.workingCopies.get(type.name, id));
      }
      await environment.reviews?.changed(type.name, id, actor);
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(merged, defaultLanguage)}: working copy saved` });
      return this.draft(id);
    },

    /** Drops the working copy; the record stays as it is. */
    async discardDraft(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing || !(await environment.workingCopies?.remove(type.name, id))) throw noCopy();
      const defaultLanguage = await environment.defaultLanguage();
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: working copy discarded` });
    },

    /**
     * Applies the working copy to the record as a new version; refused (409 `stale_version`, with
     * both versions named) when the record was saved after the copy was made.
     */
    async publishDraft(id: string, actor?: Actor, options: { due?: boolean; override?: unknown } = {}): Promise<Stored | Awaited<ReturnType<typeof this.draft>>> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      const copy = existing && (await environment.workingCopies?.get(type.name, id));
      if (!existing || !copy) throw noCopy();
      // At its moment the schedule applies it only while its approval stands (an approver may have
      // asked for changes since): no override then, the copy waits in the form.
      const approved = await assertSignedOff(id, options.due ? {} : { override: options.override }, actor, describe({ ...existing, ...copy.data }, await environment.defaultLanguage()));
      if (existing.version !== copy.baseVersion) {
        throw new AppError(409, 'CONFLICT', `This ${label.toLowerCase()} was saved (version ${existing.version}) after the working copy was made from version ${copy.baseVersion}. Compare the two under History, bring the copy up to date, then publish.`, {
          reason: 'stale_version',
          details: [{ path: 'version', message: 'The record changed after the working copy was made', code: 'stale_version', params: { baseVersion: copy.baseVersion, currentVersion: existing.version } }],
        });
      }
      // A copy whose "Publish at" is still to come is applied then (the schedule's check does it).
      const at = type.scheduleFields ? copy.data[type.scheduleFields.publish] : undefined;
      if (!options.due && typeof at === 'string' && Date.parse(at) > Date.parse(now())) {
        await environment.workingCopies!.applyAt(type.name, id, new Date(at).toISOString());
        const defaultLanguage = await environment.defaultLanguage();
        await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: working copy to be published at ${new Date(at).toISOString()}` });
        return this.draft(id);
      }
      // The copy goes before the record changes, so nobody reads the new record with its copy still
      // there; a save that fails puts it back.
      await environment.workingCopies!.remove(type.name, id);
      try {
        return await this.update(id, { ...copy.data, version: copy.baseVersion }, actor, { signedOff: approved, override: options.override });
      } catch (error) {
        await environment.workingCopies!.put(type.name, id, copy.data, copy.baseVersion, actor);
        throw error;
      }
    },

    /** Where the record stands in review (API-3.md): its state, who is asked, by when, every step. */
    async review(id: string) {
      if (!(isId(id) && (await store.findById(id)))) throw notFound(label);
      return environment.reviews ? environment.reviews.get(type.name, id) : { reviewState: 'none', assignee: null, dueAt: null, history: [] };
    },

    /** A step of the review: submit (anyone signed in), approve or request changes (approvers and administrators). */
    async reviewStep(id: string, body: unknown, actor?: Actor) {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing || !environment.reviews) throw notFound(label);
      const review = await environment.reviews.act(type.name, id, body, actor);
      const defaultLanguage = await environment.defaultLanguage();
      const last = review.history[review.history.length - 1];
      if (last.action === 'submit') await environment.reviewSubmitted?.(type, existing, review, actor).catch(() => undefined);
      else await environment.reviewDecided?.(type, existing, review, actor).catch(() => undefined);
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: ${last.action === 'submit' ? 'submitted for review' : last.action === 'approve' ? 'approved' : 'changes requested'}` });
      return review;
    },

    /**
     * What a translator reads of a record (or a kept version of it): a confidential one without its
     * confidential fields (the type's `confidentialFields`); anything else as it is.
     */
    forTranslator<R extends Record<string, unknown>>(record: R): R {
      return confidential(record) ? withoutConfidential(record) : record;
    },

    /** The ids of this type's records holding a working copy. */
    async draftIds(): Promise<Set<string>> {
      return (await environment.workingCopies?.ids(type.name)) ?? new Set();
    },

    /** Who saved this record when, and what each save changed, newest first. */
    async versions(id: string) {
      const entries = isId(id) ? await history.list(type.name, id) : [];
      // A record saved before versions were kept has none yet; one that never was is a 404.
      if (!entries.length && !(isId(id) && (await store.findById(id)))) throw notFound(label);
      return entries;
    },

    /** The record as `version` held it. */
    async version(id: string, version: number): Promise<Record<string, unknown>> {
      const snapshot = isId(id) ? await history.get(type.name, id, version) : undefined;
      if (!snapshot) throw notFound(`Version ${version} of this ${label.toLowerCase()}`);
      return snapshot;
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
      const records = await (query.admin ? store.list({ conditions }) : answers.list({ conditions }));
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
      const { total, records: data } = answers.keeps(conditions) ? await pageFromNearEnd(conditions, limit, offset, Boolean(query.admin)) : await store.listCounted({ conditions, limit, offset });
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
      const defaultLanguage = await environment.defaultLanguage();
      const rows = await textRows.current();
      const key = `${defaultLanguage}\u0000${languages.join('\u0000')}`;
      // The same answer until a record is written (the same array, so a caller may keep what it made of it).
      if (keptStates.rows !== rows) keptStates = { rows, byLanguages: new Map() };
      const kept = keptStates.byLanguages.get(key);
      if (kept) return kept;
      const states = rows.map((row) => ({
        _id: row._id,
        title: (row.titles[defaultLanguage] ??= pickText(row.title as Localized | string | undefined, defaultLanguage)),
        states: Object.fromEntries(languages.map((lang) => [lang, (row.states[`${defaultLanguage}\u0000${lang}`] ??= translationState(row.shape, row.textSaved, type.localizedFields, lang, defaultLanguage))])),
      }));
      // A few sets of languages at most (all of them, or one); the oldest goes first.
      if (keptStates.byLanguages.size >= 8) keptStates.byLanguages.delete(keptStates.byLanguages.keys().next().value!);
      keptStates.byLanguages.set(key, states);
      return states;
    },

    /** A record of this type was written (here or on another instance): its texts are read again when asked for; all of them without an id. */
    forgetTexts(id?: string) {
      textRows.forget(id);
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

/** A JSON column's value as the database gave it back: text on SQLite, parsed on PostgreSQL. */
const parseStored = (raw: unknown) => (typeof raw === 'string' ? JSON.parse(raw) : raw) as Localized | string;
const storedText = (raw: unknown) => (typeof raw === 'string' ? raw : JSON.stringify(raw));

/**
 * The first field (dotted path) that differs between two saved states outside the texts of the
 * allowed languages, or undefined. A multilingual text is an object keyed by language codes; an
 * empty text and a missing one are the same. Lists must keep their length and order.
 */
function changedOutside(before: Record<string, unknown>, after: Record<string, unknown>, fields: string[], localized: string[], allowed: string[]): string | undefined {
  const differs = (a: unknown, b: unknown, path: string, inLocalized: boolean): string | undefined => {
    const blank = (value: unknown) => value === undefined || value === null || value === '';
    if (blank(a) && blank(b)) return undefined;
    if (Array.isArray(a) || Array.isArray(b)) {
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return path;
      for (let index = 0; index < a.length; index += 1) {
        const found = differs(a[index], b[index], `${path}.${index}`, inLocalized);
        if (found) return found;
      }
      return undefined;
    }
    if (isPlainObject(a) || isPlainObject(b)) {
      const left = isPlainObject(a) ? a : {};
      const right = isPlainObject(b) ? b : {};
      const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
      const texts = inLocalized && keys.length > 0 && keys.every((key) => LANGUAGE_CODE_PATTERN.test(key));
      for (const key of keys) {
        if (texts && allowed.includes(key)) continue;
        const found = differs(left[key], right[key], `${path}.${key}`, inLocalized);
        if (found) return found;
      }
      return undefined;
    }
    return a === b ? undefined : path;
  };
  for (const field of fields) {
    const found = differs(before[field], after[field], field, localized.includes(field));
    if (found) return found;
  }
  return undefined;
}

/** The service of one record type; `RecordService` alone accepts any type's service. */
export type RecordService<T extends RecordType = RecordType> = ReturnType<typeof createRecordService<T>>;

/** One record's translation state in each language asked for (the translation status screen). */
export interface RecordStates {
  _id: string;
  title: string;
  states: Record<string, { state: TranslationState; fields: string[] }>;
}

type TextShape = Awaited<ReturnType<RecordStore['listTextShapes']>>[number];
type TextRow = TextShape & {
  /** The title in a language, and the state in a language after a default language (`default\0lang`), once worked out. */
  titles: Record<string, string>;
  states: Record<string, { state: TranslationState; fields: string[] }>;
};

/** A condition on a scheduled moment (publish, unpublish, an end), compared with "now". */
const isMoment = (condition: Condition): condition is Extract<Condition, { op: 'unset-or' | 'set-and' }> => condition.op === 'unset-or' || condition.op === 'set-and';

/** How many records kept lists may hold at once, per record type; a longer answer than a quarter of it is not kept. */
const KEPT_RECORDS = 512;

/**
 * What public reads answer — how many records match, the distinct values of a column (the
 * category buttons), the records of a list or a page of it, a record by id or, for its page, by
 * slug — kept until a record of the type is written (here or on another instance: `forget`) or
 * the soonest scheduled moment among the records passes. Counting 10,000 visible articles reads every one's schedule (1.2 ms on
 * SQLite) on every page of a list; PostgreSQL reads every row for the distinct categories of
 * /ru/news and of every article page (11.5 ms); an article page's own reads (the services of the
 * footer, its lawyer, three lists of related articles) were a third of its render. A kept answer is
 * a look-up: its records are frozen (a reader's change throws), and it notes again what its read
 * read, so that a page made from it is dropped by the same writes as one made from the database.
 * A search's answers are not kept: its words are too many to keep.
 */
function keptAnswers(store: RecordStore, limits = { answers: 256 }) {
  const kept = new Map<string, { value: unknown; tags: readonly string[]; until?: string; records: number }>();
  /** Records held by the kept answers (lists count their length). */
  let records = 0;
  /** Grows with every write: an answer begun before one is not kept. */
  let epoch = 0;
  const drop = (key: string) => {
    records -= kept.get(key)?.records ?? 0;
    kept.delete(key);
  };

  /** Whether answers to these conditions are kept: when they compare their moments with one "now" (as a list's do) and search no words. */
  function keeps(conditions: Condition[], moments = conditions.filter(isMoment)): boolean {
    return moments.every((condition) => condition.value === moments[0].value) && !conditions.some((condition) => condition.column === 'search_text');
  }

  async function answer<T>(question: string, conditions: Condition[], read: () => Promise<T>, recordsIn: (value: T) => number = () => 0): Promise<T> {
    const moments = conditions.filter(isMoment);
    if (!keeps(conditions, moments)) return read();
    const at = moments[0]?.value;
    const key = `${question}\u0000${JSON.stringify(conditions.map((condition) => (isMoment(condition) ? { ...condition, value: '' } : condition)))}`;
    const found = kept.get(key);
    if (found && (at === undefined || found.until === undefined || at < found.until)) {
      noteReads(found.tags);
      // The most recently used go last, the least recently used first.
      kept.delete(key);
      kept.set(key, found);
      return found.value as T;
    }
    const began = epoch;
    const [{ value, tags }, until] = await Promise.all([readsOf(read), at === undefined ? undefined : store.nextMoment([...new Set(moments.map((condition) => condition.column))], at)]);
    const held = recordsIn(value);
    if (began === epoch && held <= KEPT_RECORDS / 4) {
      drop(key);
      // Filters × statuses × pages × questions: a few hundred at most; the least recently used go first.
      while (kept.size && (kept.size >= limits.answers || records + held > KEPT_RECORDS)) drop(kept.keys().next().value!);
      kept.set(key, { value: frozen(value), tags, until, records: held });
      records += held;
    }
    return value;
  }

  return {
    keeps,
    count: (conditions: Condition[]) => answer('count', conditions, () => store.count(conditions)),
    distinctValues: (column: string, conditions: Condition[], options: { raw?: boolean } = {}) =>
      answer(`distinct\u0000${column}\u0000${options.raw ? 'raw' : ''}`, conditions, () => store.distinctValues(column, conditions, options)),
    /** The records of a list, or of a page of it, as a visitor sees them (frozen). */
    list: (options: ListOptions) =>
      answer(`list\u0000${options.limit ?? ''}\u0000${options.offset ?? ''}\u0000${options.fromEnd ? 'end' : ''}`, options.conditions, () => store.list(options), (list) => list.length),
    /** A record by id, whether a visitor may see it or not (that is asked of it at each read). */
    byId: (id: string) => answer(`id\u0000${id}`, [], () => store.findById(id), (record) => (record ? 1 : 0)),
    /** A record by slug as a page in `lang` shows it (record-store.ts `findShown`), visible or not. */
    shown: (slug: string, lang: string) => {
      const bySlug: Condition[] = [{ column: 'slug', op: '=', value: slug }];
      return answer(`shown\u0000${lang}`, bySlug, () => store.findShown(bySlug, lang), (record) => (record ? 1 : 0));
    },
    column: (column: string, conditions: Condition[]) => answer(`column\u0000${column}`, conditions, () => store.column(column, conditions)),
    forget() {
      kept.clear();
      records = 0;
      epoch += 1;
    },
  };
}

/**
 * Every record's texts as the translation status needs them (which languages have text where, and
 * when each was saved), kept in memory: read whole once, then only the records written since.
 */
function keptTextRows(store: RecordStore, titleField: string) {
  let rows: Map<string, TextRow> | undefined;
  let sorted: TextRow[] | undefined;
  /** Records written since they were read (a write during a read is read again the next time). */
  const written = new Set<string>();
  /** Grows when everything is to be read again: a whole read begun before it is not kept. */
  let epoch = 0;
  const kept = (row: TextShape): TextRow => ({ ...row, titles: {}, states: {} });
  return {
    async current(): Promise<TextRow[]> {
      if (!rows) {
        const began = epoch;
        written.clear();
        // Read newest first: kept in that order until a record is read again.
        const read = (await store.listTextShapes(titleField)).map(kept);
        if (began !== epoch) return read;
        rows = new Map(read.map((row) => [row._id, row]));
        sorted = read;
      }
      if (written.size) {
        const ids = [...written];
        written.clear();
        const read = new Map((await store.listTextShapes(titleField, ids)).map((row) => [row._id, row]));
        for (const id of ids) {
          const row = read.get(id);
          if (row) rows.set(id, kept(row));
          else rows.delete(id);
        }
        sorted = undefined;
      }
      // Newest first (ids grow with time).
      sorted ??= [...rows.values()].sort((a, b) => (a._id < b._id ? 1 : -1));
      return sorted;
    },
    forget(id?: string) {
      if (id) written.add(id);
      else {
        rows = undefined;
        epoch += 1;
      }
    },
  };
}
