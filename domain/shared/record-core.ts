import type { StoredRecord } from './entity.ts';
import { AppError, duplicate, validationError } from './errors.ts';
import { pickText, type Localized } from './localized.ts';
import type { RecordStore } from './record-store.ts';
import type { RecordOf, RecordType } from './record-type.ts';
import type { ServiceEnvironment } from './record-service.ts';
import { changedOutside } from './changed-outside.ts';
import { dayIn } from './days.ts';
import { slugify } from './slug.ts';
import { parseOrThrow, withoutMeta } from './validation.ts';

/**
 * What every part of a record type's service shares (its reads and lists, its writes, its
 * publishing): the declaration, the store, and the rules every save keeps — the closed schema, a
 * free slug, a schedule in order, offered ids, a translator's languages only, derived fields.
 */
export function createRecordCore<T extends RecordType>(type: T, store: RecordStore, environment: ServiceEnvironment) {
  type Stored = RecordOf<T>;
  const label = type.label;
  const now = () => new Date().toISOString();
  const typed = (record: StoredRecord) => record as unknown as Stored;

  /**
   * The closed schema of a save, and the same with every field optional (an update's), made once per
   * default language: a field's schema depends on nothing else, and making them anew took a twentieth
   * of a save's time (docs/performance.md, "What a save costs").
   */
  type Schema = ReturnType<RecordType['schema']>;
  const schemas = new Map<string, { schema: Schema; partial: ReturnType<Schema['partial']> }>();
  async function schemaNow() {
    const defaultLanguage = await environment.defaultLanguage();
    let made = schemas.get(defaultLanguage);
    if (!made) {
      const schema = type.schema({ defaultLanguage });
      made = { schema, partial: schema.partial() };
      schemas.set(defaultLanguage, made);
    }
    return { ...made, defaultLanguage };
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

  /** A record hidden by its type's flag whose confidential fields translators never read nor write (a confidential matter). */
  const confidential = (record: Record<string, unknown>) => Boolean(type.hiddenWhen && type.confidentialFields?.length && record[type.hiddenWhen] === true);
  const withoutConfidential = <R extends Record<string, unknown>>(record: R): R => Object.fromEntries(Object.entries(record).filter(([field]) => !type.confidentialFields?.includes(field))) as R;
  /** A translator's save of a confidential record leaves its confidential fields as they are: they never saw them. */
  const translatorsPart = (input: Record<string, unknown>, record: Record<string, unknown>, onlyLanguages?: string[]) => (onlyLanguages && confidential(record) ? withoutConfidential(input) : input);

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
      if (!field.offered || !Array.isArray(values[name])) continue;
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
    values[field] = typeof current === 'string' && current.length === 10 ? dayIn(at, environment.timeZone) : at;
  }

  /** Fields a save left empty that fill themselves (a blog post's reading time, from its text). */
  function filledIn(values: Record<string, unknown>, defaultLanguage: string) {
    for (const [name, field] of Object.entries(type.fields)) {
      if (field.whenEmpty && (values[name] === undefined || values[name] === null || (typeof values[name] === 'string' && !values[name].trim()))) values[name] = field.whenEmpty(values, defaultLanguage);
    }
  }

  /** A new record's values by the rules every save keeps, before it is stored. */
  async function newValues(values: Record<string, unknown>, defaultLanguage: string) {
    if (type.slugFrom) values.slug = await uniqueSlug(values, defaultLanguage);
    checkSchedule(values, true);
    await checkOffered(values);
    datedByGoingLive(values);
    filledIn(values, defaultLanguage);
    return values;
  }

  /**
   * A save's fields over `base` (the record, or its working copy), by the rules every save keeps:
   * the closed schema, a free slug, a schedule in order, and a translator's languages only.
   */
  async function mergedPatch(id: string, existing: Record<string, unknown>, base: Record<string, unknown>, input: Record<string, unknown>, onlyLanguages?: string[]) {
    const { partial, defaultLanguage } = await schemaNow();
    const patch = parseOrThrow(partial, withoutMeta(translatorsPart(input, base, onlyLanguages)));
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
    return { merged, defaultLanguage };
  }

  const pathOf = (slug: unknown) => (type.publicPath && typeof slug === 'string' && slug ? `${type.publicPath}/${slug}` : undefined);

  /** A record's public page moved (or now has one): the redirects follow it. */
  async function followPage(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
    const to = pathOf(after.slug);
    if (!to) return;
    const from = before ? pathOf(before.slug) : undefined;
    if (from === to) return;
    await environment.pageMoved({ from, to });
  }

  return { type, store, environment, label, now, typed, schemaNow, uniqueSlug, describe, confidential, withoutConfidential, withState, newValues, mergedPatch, followPage };
}

export type RecordCore<T extends RecordType = RecordType> = ReturnType<typeof createRecordCore<T>>;
