import { AppError, notFound } from '../shared/errors.ts';
import { isId } from '../shared/ids.ts';
import type { RecordCore } from '../shared/record-core.ts';
import type { Actor } from '../shared/record-service.ts';
import type { RecordOf, RecordType } from '../shared/record-type.ts';
import { assertObject, expectedVersion } from '../shared/validation.ts';
import type { PublishingPolicy } from './policy.ts';
import type { WorkingCopy } from './working-copies.ts';

/** The save that applies a working copy: the record service's update, told the sign-off was asked. */
type Update<T extends RecordType> = (id: string, body: unknown, actor: Actor | undefined, options: { signedOff: boolean; override?: unknown }) => Promise<RecordOf<T>>;

/** A record with its working copy's fields, as the form and a preview read it. */
export type WithCopy<T extends RecordType> = RecordOf<T> & { baseVersion: number; hasDraft: true; draftSavedAt: string; draftVersion: number; draftSavedBy: { email: string; name: string } | null; applyAt: string | null };

/**
 * A record type's working copies and review (API-3.md "Working copies, review and sign-off"): the
 * copy read, saved, discarded and published (now, or at its "Publish at" by the schedule), and the
 * review's steps. Publishing a copy asks the policy for its approval, then applies it through the
 * record's update, which asks the policy for the checks.
 */
export function createRecordPublishing<T extends RecordType>(core: RecordCore<T>, policy: PublishingPolicy, update: Update<T>) {
  const { type, store, environment, label, now, typed, withState, describe } = core;
  const { copies, reviews } = policy;

  /**
   * The 409 of a save over a working copy someone saved (or made) after the form read it: who and
   * when, so the form can show their copy beside what was typed (nothing typed is lost).
   */
  const copyChanged = (copy: WorkingCopy | undefined) => {
    const who = copy?.savedBy ? copy.savedBy.name || copy.savedBy.email : 'someone';
    return new AppError(409, 'CONFLICT', `${who} saved the working copy of this ${label.toLowerCase()} at ${copy?.savedAt ?? 'a moment'} after you opened it. Compare their copy with your changes, then save again over it or take theirs.`, {
      reason: 'copy_changed',
      details: [{ path: 'draftVersion', message: 'The working copy was saved by someone else after you opened it', code: 'copy_changed', params: { draftVersion: copy?.version ?? 0, savedAt: copy?.savedAt ?? '', savedBy: copy?.savedBy?.email ?? '', savedByName: copy?.savedBy?.name ?? '' } }],
    });
  };

  /** The 404 of a record without a working copy. */
  const noCopy = () => notFound(`A working copy of this ${label.toLowerCase()}`);

  /** The 409 of a copy made from a version older than the record's. */
  const staleCopy = (current: number, base: number) =>
    new AppError(409, 'CONFLICT', `This ${label.toLowerCase()} was saved (version ${current}) after the working copy was made from version ${base}. Compare the two under History, bring the copy up to date, then publish.`, {
      reason: 'stale_version',
      details: [{ path: 'version', message: 'The record changed after the working copy was made', code: 'stale_version', params: { baseVersion: base, currentVersion: current } }],
    });

  /**
   * The working copy of a record: the record with the copy's fields, the version it was made on,
   * `hasDraft: true`; a 404 when there is none.
   */
  async function draft(id: string): Promise<WithCopy<T>> {
    const existing = isId(id) ? await store.findById(id) : undefined;
    const copy = existing && (await copies.get(type.name, id));
    if (!existing || !copy) throw noCopy();
    // Object.entries leaves out the HTML kept for the record (its page would show the record, not the copy).
    const record = typed(withState({ ...Object.fromEntries(Object.entries(existing)), ...copy.data, _id: existing._id, createdAt: existing.createdAt, updatedAt: existing.updatedAt, version: existing.version }));
    return { ...record, baseVersion: copy.baseVersion, hasDraft: true, draftSavedAt: copy.savedAt, draftVersion: copy.version, draftSavedBy: copy.savedBy && { email: copy.savedBy.email, name: copy.savedBy.name }, applyAt: copy.applyAt };
  }

  return {
    draft,

    /** A kept version becomes the working copy (a restore `into: 'draft'`): nothing a visitor sees changes. */
    async copyFromVersion(id: string, data: Record<string, unknown>, baseVersion: number, actor: Actor | undefined): Promise<WithCopy<T>> {
      await copies.put(type.name, id, data, baseVersion, actor);
      return draft(id);
    },

    /** Saves changes as the working copy: the same rules as an update, and nothing a visitor sees changes. */
    async saveDraft(id: string, body: unknown, actor?: Actor, options: { onlyLanguages?: string[] } = {}): Promise<WithCopy<T>> {
      const { draftVersion, ...input } = assertObject(body);
      const version = expectedVersion(input);
      // The copy's version the form read (0: it read no copy); without it the copy is saved over as before.
      const expectedCopy = draftVersion === undefined || draftVersion === null ? undefined : expectedVersion({ version: draftVersion });
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound(label);
      await policy.assertInScope({ type, record: existing, actor, action: 'record.edit' });
      const copy = await copies.get(type.name, id);
      const base: Record<string, unknown> = { ...existing, ...copy?.data };
      const { merged, defaultLanguage } = await core.mergedPatch(id, existing, base, input, options.onlyLanguages);
      const data = Object.fromEntries(Object.keys(type.fields).map((field) => [field, merged[field]]));
      await policy.assertInScope({ type, record: { ...data, _id: id }, actor, action: 'record.edit' });
      if (expectedCopy !== undefined && (copy?.version ?? 0) !== expectedCopy) throw copyChanged(copy);
      // The copy stays on the version it was started from (or the one the form says it read).
      if (!(await copies.put(type.name, id, data, version ?? copy?.baseVersion ?? existing.version, actor, expectedCopy))) {
        throw copyChanged(await copies.get(type.name, id));
      }
      await policy.afterSave(type, id, actor);
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(merged, defaultLanguage)}: working copy saved` });
      return draft(id);
    },

    /** Drops the working copy; the record stays as it is. */
    async discardDraft(id: string, actor?: Actor): Promise<void> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (existing) await policy.assertInScope({ type, record: existing, actor, action: 'record.publish' });
      if (!existing || !(await copies.remove(type.name, id))) throw noCopy();
      const defaultLanguage = await environment.defaultLanguage();
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: working copy discarded` });
    },

    /**
     * Applies the working copy to the record as a new version; refused (409 `stale_version`, with
     * both versions named) when the record was saved after the copy was made. `due`: the schedule
     * applies it at its moment (no override then: the copy waits in the form).
     */
    async publishDraft(id: string, actor?: Actor, options: { due?: boolean; override?: unknown } = {}): Promise<RecordOf<T> | WithCopy<T>> {
      const existing = isId(id) ? await store.findById(id) : undefined;
      const copy = existing && (await copies.get(type.name, id));
      if (!existing || !copy) throw noCopy();
      await policy.assertInScope({ type, record: existing, actor, action: 'record.publish' });
      const defaultLanguage = await environment.defaultLanguage();
      const values = { ...existing, ...copy.data };
      // At its moment the schedule applies it only while its approval stands (an approver may have asked for changes since).
      const approved = await policy.beforeCopyPublished({ type, id, values, textSaved: {}, actor, title: describe(values, defaultLanguage), override: options.override }, Boolean(options.due));
      if (existing.version !== copy.baseVersion) throw staleCopy(existing.version, copy.baseVersion);
      // A copy whose "Publish at" is still to come is applied then (the schedule's check does it).
      const at = type.scheduleFields ? copy.data[type.scheduleFields.publish] : undefined;
      if (!options.due && typeof at === 'string' && Date.parse(at) > Date.parse(now())) {
        await copies.applyAt(type.name, id, new Date(at).toISOString());
        await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: working copy to be published at ${new Date(at).toISOString()}` });
        return draft(id);
      }
      // The copy goes before the record changes, so nobody reads the new record with its copy still
      // there; a save that fails puts it back.
      await copies.remove(type.name, id);
      try {
        return await update(id, { ...copy.data, version: copy.baseVersion }, actor, { signedOff: approved, override: options.override });
      } catch (error) {
        await copies.put(type.name, id, copy.data, copy.baseVersion, actor);
        throw error;
      }
    },

    /** The ids of this type's records holding a working copy (admin lists say so). */
    draftIds: (): Promise<Set<string>> => copies.ids(type.name),

    /** Where the record stands in review (API-3.md): its state, who is asked, by when, every step. */
    async review(id: string) {
      if (!(isId(id) && (await store.findById(id)))) throw notFound(label);
      return reviews.get(type.name, id);
    },

    /** A step of the review: submit (anyone signed in), approve or request changes (`record.approve`). */
    async reviewStep(id: string, body: unknown, actor?: Actor) {
      const existing = isId(id) ? await store.findById(id) : undefined;
      if (!existing) throw notFound(label);
      await policy.assertInScope({ type, record: existing, actor, action: 'record.edit' });
      const review = await reviews.act(type.name, id, body, actor);
      const defaultLanguage = await environment.defaultLanguage();
      const last = review.history[review.history.length - 1];
      await policy.reviewStepTaken(type, existing, review, actor);
      await environment.changed({ entity: type.table, action: 'update', id, actor, summary: `${describe(existing, defaultLanguage)}: ${last.action === 'submit' ? 'submitted for review' : last.action === 'approve' ? 'approved' : 'changes requested'}` });
      return review;
    },
  };
}
