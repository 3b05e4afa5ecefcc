import { textToDocument } from '../documents/document.ts';
import type { PublishingPolicy } from '../publishing/policy.ts';
import type { VersionService } from '../versions/version-service.ts';
import { copyLanguageRequest, fillLanguage } from './copy-language.ts';
import { staleConflict } from '../editing/conflicts.ts';
import { notFound } from './errors.ts';
import { isId } from './ids.ts';
import { isPlainObject, isWritten } from './localized.ts';
import type { RecordCore } from './record-core.ts';
import type { Actor, RestoreOptions } from './record-service.ts';
import type { RecordOf, RecordType } from './record-type.ts';
import { textSavedAfter } from './translation-state.ts';
import { assertObject, expectedVersion, parseOrThrow, withoutMeta } from './validation.ts';

/** Where a version restored `into: 'draft'` goes: the record's working copy (domain/publishing/record-publishing.ts). */
type IntoCopy = (id: string, data: Record<string, unknown>, baseVersion: number, actor: Actor | undefined) => Promise<unknown>;

/**
 * A record type's writes: create, update, copy a language, delete, restore a version, and the
 * versions they keep. Each one that may make a record public passes the publishing policy before
 * it is stored, and tells it after.
 */
export function createRecordWrites<T extends RecordType>(core: RecordCore<T>, history: VersionService, policy: PublishingPolicy, intoCopy: IntoCopy) {
  type Stored = RecordOf<T>;
  const { type, store, environment, label, now, typed, withState, describe } = core;

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

  /** The fields of a kept version as they come back: documents for plain texts, a free slug. */
  async function restoredFields(id: string, snapshot: Record<string, unknown>, defaultLanguage: string) {
    const fields: Record<string, unknown> = Object.fromEntries(Object.keys(type.fields).filter((field) => field in snapshot).map((field) => [field, snapshot[field]]));
    // A version kept before long texts were documents holds plain texts: they come back as documents.
    for (const field of type.documentFields) {
      const value = fields[field];
      if (value && typeof value === 'object') fields[field] = Object.fromEntries(Object.entries(value).map(([lang, text]) => [lang, typeof text === 'string' ? textToDocument(text) : text]));
    }
    if (type.slugFrom && typeof fields.slug === 'string' && (await store.slugTaken(fields.slug, id))) {
      fields.slug = await core.uniqueSlug({ ...fields, slug: '' }, defaultLanguage, id);
    }
    return fields;
  }

  return {
    async create(body: unknown, actor?: Actor): Promise<Stored> {
      const input = assertObject(body);
      const { schema, defaultLanguage } = await core.schemaNow();
      const values = await core.newValues(parseOrThrow(schema, { ...type.defaults(), ...withoutMeta(input) }), defaultLanguage);
      await policy.assertInScope({ type, record: values, actor, action: 'record.create' });
      await policy.beforeSave({ type, id: undefined, values, textSaved: {}, actor, title: describe(values, defaultLanguage), override: input.override });
      const inserted = await store.insert(values, undefined, textSavedAfter(undefined, values, type.localizedFields, {}, now()));
      const created = (await store.readWritten(inserted))!;
      await history.keep({ type: type.name, id: created._id, version: created.version, action: 'create', data: created, actor });
      await core.followPage(undefined, created);
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
      await policy.assertInScope({ type, record: existing, actor, action: 'record.edit' });
      const { merged, defaultLanguage } = await core.mergedPatch(id, existing, existing, input, options.onlyLanguages);
      // Nor may the save move it out of the practice areas it may be changed in.
      await policy.assertInScope({ type, record: { ...merged, _id: id }, actor, action: 'record.edit' });
      const approved = await policy.beforeSave({ type, id, values: merged, textSaved: found.textSaved, actor, title: describe(merged, defaultLanguage), override: options.override ?? input.override, signedOff: options.signedOff });
      const stamps = textSavedAfter(existing, merged, type.localizedFields, found.textSaved, now());
      const updated = await store.update(id, merged, version, stamps);
      if (!updated) {
        // Someone saved first: the 409 carries the record now, what changed since and who (API-4.md).
        const latest = await store.findById(id);
        if (!latest) throw notFound(label);
        throw await staleConflict(type, history, typed(withState(latest)) as Record<string, unknown>, version);
      }
      // What was approved is now what it was approved as, or changed since: either way asked again.
      await policy.afterSave(type, id, actor, approved ? updated.version : undefined);
      await history.keep({ type: type.name, id, version: updated.version, action: 'update', data: updated, actor });
      await core.followPage(existing, updated);
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
      const fields = type.localizedFields.filter((field) => !(options.onlyLanguages && core.confidential(existing) && type.confidentialFields?.includes(field)));
      const patch = Object.fromEntries(fields.map((field) => [field, fillLanguage(existing[field], from, to, convert)]));
      // Nothing empty to fill: nothing is saved (no new version).
      if (fields.every((field) => JSON.stringify(patch[field]) === JSON.stringify(existing[field]))) return typed(withState(existing));
      return this.update(id, { ...patch, version: existing.version }, actor, { onlyLanguages: options.onlyLanguages });
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (existing) await policy.assertInScope({ type, record: existing, actor, action: 'record.delete' });
      if (!existing || !(await store.remove(id))) throw notFound(label);
      await policy.afterRemove(type, id);
      await history.keep({ type: type.name, id, version: existing.version, action: 'delete', data: existing, actor });
      const defaultLanguage = await environment.defaultLanguage();
      await environment.changed({ entity: type.table, action: 'delete', id, actor, summary: describe(existing, defaultLanguage) });
    },

    /**
     * Brings back the fields of a kept version as a new version; a deleted record comes back
     * under its own id. A slug another record took since gets a free one. What it makes public
     * passes the publishing policy, a deleted record brought back as much as a live one.
     */
    async restore(id: string, version: number, actor?: Actor, options: RestoreOptions = {}): Promise<Stored> {
      const snapshot = isId(id) ? await history.get(type.name, id, version) : undefined;
      if (!snapshot) throw notFound(`Version ${version} of this ${label.toLowerCase()}`);
      const defaultLanguage = await environment.defaultLanguage();
      const fields = await restoredFields(id, snapshot, defaultLanguage);
      const found = await store.findWithTextSaved(id);
      const existing = found?.record;
      await policy.assertInScope({ type, record: existing ?? { ...fields, _id: id }, actor, action: 'record.publish' });
      if (existing) keepLive(existing, fields, options);
      if (existing && options.into === 'draft') {
        // The version becomes the working copy: nothing a visitor sees changes until it is published.
        const data = Object.fromEntries(Object.keys(type.fields).map((field) => [field, field in fields ? fields[field] : existing[field]]));
        return (await intoCopy(id, data, existing.version, actor)) as Stored;
      }
      const values = { ...existing, ...fields };
      const approved = await policy.beforeSave({ type, id, values, textSaved: found?.textSaved ?? {}, actor, title: describe(values, defaultLanguage) });
      const stamps = textSavedAfter(existing, values, type.localizedFields, found?.textSaved ?? {}, now());
      const saved = existing
        ? await store.update(id, values, undefined, stamps)
        : await store.insert(fields, { id, version: (await history.lastVersion(type.name, id)) + 1, createdAt: String(snapshot.createdAt ?? '') || new Date().toISOString() }, stamps);
      if (!saved) throw notFound(label);
      await history.keep({ type: type.name, id, version: saved.version, action: 'restore', data: saved, actor });
      await policy.afterSave(type, id, actor, approved ? saved.version : undefined);
      await core.followPage(existing, saved);
      await environment.changed({ entity: type.table, action: existing ? 'update' : 'create', id, actor, summary: `${describe(saved, defaultLanguage)}: version ${version} restored` });
      return typed(withState(saved));
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
  };
}
