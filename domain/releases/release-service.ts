import { inOneTransaction } from '../../db/transaction-scope.ts';
import { AppError, isAppError, notFound } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { localePath } from '../shared/localized.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { asRelease } from '../shared/release-context.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { copyFor, createReleaseReadiness, named, refusal, type ReleaseHost } from './release-readiness.ts';
import { createReleaseStore } from './release-store.ts';
import { ReleaseItemSchema, type Release, type ReleaseItem, type ReleaseReadiness, type ReleaseState } from './release-schema.ts';

/** What releases need of the rest of the application (wired in domain/app-services.ts). */

/**
 * Releases (API-4.md "Releases, the calendar and bulk actions"): many records, their languages and
 * channel posts, applied in one transaction through each record's own service — so through the
 * publishing policy — now or at `publishAt`, once across instances.
 */
export function createReleases(host: ReleaseHost) {
  const store = createReleaseStore(host.database);
  const { typeNamed, visibleOf, publishedValues, readiness, problemsOf, assertNotElsewhere } = createReleaseReadiness(host, store);

  /** One item applied through its record's service (so through the publishing policy), inside the release's transaction. */
  async function applyItem(item: ReleaseItem, actor: Actor | undefined): Promise<ChangeEvent> {
    const type = typeNamed(item.type)!;
    const service = host.serviceOf(type);
    const existing = await service.store.findById(item.id);
    if (!existing) throw notFound(type.label);
    const event: ChangeEvent = { entity: type.table, action: 'update', id: item.id, summary: '' };
    const visibility = type.visibilityField!;
    if (item.action === 'unpublish') {
      if (existing[visibility] !== false) await service.update(item.id, { [visibility]: false, version: existing.version }, actor);
      return event;
    }
    const copy = await host.copies.get(type.name, item.id);
    if (copy) {
      // The copy as it goes out (its languages, shown now), published through the record's own publishDraft.
      const data = copyFor(type, existing, copy.data, item.languages);
      data[visibility] = true;
      const at = type.scheduleFields?.publish;
      if (at && typeof data[at] === 'string' && Date.parse(String(data[at])) > Date.now()) data[at] = null;
      await host.copies.put(type.name, item.id, data, copy.baseVersion, actor);
      const published = (await service.publishDraft(item.id, actor)) as { version: number } & Record<string, unknown>;
      // The copy's other languages wait in it for another time.
      const rest = type.localizedFields.some((field) => JSON.stringify(copy.data[field]) !== JSON.stringify(published[field]));
      if (item.languages && rest) await host.copies.put(type.name, item.id, copy.data, published.version, actor);
      return event;
    }
    if (!visibleOf(type, existing)) {
      const values = publishedValues(type, existing, undefined, undefined);
      const patch: Record<string, unknown> = { [visibility]: true, version: existing.version };
      if (type.scheduleFields?.publish) patch[type.scheduleFields.publish] = values[type.scheduleFields.publish];
      await service.update(item.id, patch, actor);
    }
    return event;
  }

  /**
   * Applies the release: every item checked first (nothing changes when one would be refused),
   * then claimed and applied in one transaction; alerts and caches after the commit. Answers
   * false when another instance (or click) took it first.
   */
  async function apply(release: Release, actor: Actor | undefined): Promise<boolean> {
    const found = await problemsOf(release);
    if (found.length) throw refusal(found);
    const events: ChangeEvent[] = [];
    const applied = await inOneTransaction(host.database.db, () =>
      asRelease({ id: release._id, title: release.title }, async () => {
        if (!(await store.claim(release))) return false;
        for (const [index, item] of release.items.entries()) {
          try {
            events.push(await applyItem(item, actor));
          } catch (error) {
            throw named(error, index, item);
          }
        }
        // Queued in the outbox in the same transaction: sent after the commit, once.
        for (const post of release.channelPosts) {
          const draft = await host.channels.draft(post.type, post.id, { lang: post.lang });
          await host.channels.send(post.type, post.id, { lang: post.lang, text: draft.text, ...(draft.post?.messageId ? { update: true } : {}) });
        }
        await host.record({ entity: 'releases', action: 'publish', id: release._id, actor, summary: `Release "${release.title}" published: ${release.items.length} items, ${release.channelPosts.length} channel posts` });
        return true;
      }),
    );
    if (!applied) return false;
    for (const event of events) await host.refresh(event).catch((error: unknown) => host.warn({ err: error }, 'could not drop the cached pages of a record a release changed'));
    await host.alertsDue().catch((error: unknown) => host.warn({ err: error }, 'could not queue the alerts of a release; the mail job queues them'));
    return true;
  }

  return {
    store,
    readiness,

    list: (state?: ReleaseState) => store.list(state),

    /** A release with each item's readiness (what would stop it now). */
    async get(id: string): Promise<Release & { readiness: ReleaseReadiness[] }> {
      const release = await store.get(id);
      return { ...release, readiness: release.state === 'published' ? [] : await readiness(release) };
    },

    async create(body: unknown, actor?: Actor): Promise<Release> {
      const items = (body as { items?: unknown })?.items;
      const created = await store.create(body, actor);
      if (Array.isArray(items) && created.items.length) {
        try {
          await assertNotElsewhere(created._id, created.items);
        } catch (error) {
          await store.remove(created._id);
          throw error;
        }
      }
      await host.record({ entity: 'releases', action: 'create', id: created._id, actor, summary: `Release "${created.title}"` });
      return created;
    },

    async update(id: string, body: unknown, actor?: Actor): Promise<Release> {
      const items = (body as { items?: unknown })?.items;
      if (Array.isArray(items)) await assertNotElsewhere(id, parseOrThrow(ReleaseItemSchema.array(), items));
      const updated = await store.update(id, body, actor);
      await host.record({ entity: 'releases', action: 'update', id, actor, summary: `Release "${updated.title}"${updated.publishAt ? ` scheduled for ${updated.publishAt}` : ''}` });
      return updated;
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const release = await store.get(id);
      await store.remove(id);
      await host.record({ entity: 'releases', action: 'delete', id, actor, summary: `Release "${release.title}"` });
    },

    /**
     * Adds one record to an open or scheduled release (or changes its action and languages): 409
     * when it is in another one. The bulk action "addToRelease" calls this for each record.
     */
    async addItem(releaseId: string, input: unknown, actor?: Actor): Promise<Release> {
      const item = parseOrThrow(ReleaseItemSchema, input);
      const release = await store.get(releaseId);
      if (release.state === 'published') throw new AppError(409, 'CONFLICT', 'This release went out already: add the record to a new release');
      const type = typeNamed(item.type);
      if (!type || !(await host.serviceOf(type).store.findById(item.id))) throw notFound('Record');
      await assertNotElsewhere(releaseId, [item]);
      const items = [...release.items.filter((its) => !(its.type === item.type && its.id === item.id)), item];
      const saved = await store.setItems(release, items);
      await host.record({ entity: 'releases', action: 'update', id: releaseId, actor, summary: `Release "${release.title}": ${item.type} ${item.id} added (${item.action})` });
      return saved;
    },

    /** Takes one record out of a release. */
    async removeItem(releaseId: string, type: string, id: string): Promise<Release> {
      const release = await store.get(releaseId);
      if (release.state === 'published') throw new AppError(409, 'CONFLICT', 'This release went out already');
      return store.setItems(release, release.items.filter((its) => !(its.type === type && its.id === id)));
    },

    /** Publishes now: all or nothing; 409 when it went out already (or is going out). */
    async publish(id: string, actor?: Actor): Promise<Release> {
      const release = await store.get(id);
      if (release.state === 'published') throw new AppError(409, 'CONFLICT', 'This release went out already');
      if (!(await apply(release, actor))) throw new AppError(409, 'CONFLICT', 'This release is being published by someone else (or was changed since you opened it): reload it');
      return store.get(id);
    },

    /**
     * The scheduled releases whose moment came, each applied by the one instance that claims it; one
     * that cannot go out is `failed` with the reason, changes nothing, and whoever scheduled it is
     * e-mailed. Answers how many went out.
     */
    async publishDue(until = nowIso()): Promise<number> {
      let published = 0;
      for (const release of await store.due(until)) {
        const actor = release.scheduledBy ? { userId: release.scheduledBy._id, email: release.scheduledBy.email } : undefined;
        try {
          if (await apply(release, actor)) published += 1;
        } catch (error) {
          const reason = isAppError(error) ? [error.message, ...(error.details ?? []).map((detail) => `${detail.path}: ${detail.message}`)].join('\n') : String(error);
          const fresh = await store.find(release._id);
          if (!fresh || fresh.state !== 'scheduled' || !(await store.fail(fresh, reason))) continue;
          await host.record({ entity: 'releases', action: 'refuse', id: release._id, summary: `Release "${release.title}" could not go out: ${reason.split('\n')[0]}` });
          if (release.scheduledBy?.email) {
            await host.mail(
              {
                to: release.scheduledBy.email,
                subject: `The release "${release.title}" did not go out`,
                text: `The release "${release.title}", scheduled for ${release.publishAt}, did not go out, and nothing of it changed on the site.\n\nWhy:\n${reason}\n\nFix what is named above in the admin (Releases), then schedule it again or publish it now.`,
              },
              `releases/${release._id}`,
            );
          }
        }
      }
      return published;
    },

    /** Signed preview links of every record the release publishes, in each of its languages (one hour). */
    async preview(id: string, actor?: Actor) {
      const release = await store.get(id);
      const [defaultLanguage, languages] = await Promise.all([host.defaultLanguage(), host.publicLanguages()]);
      const links: Array<{ type: string; id: string; lang: string; url: string; expiresAt: string }> = [];
      for (const item of release.items.filter((its) => its.action === 'publish')) {
        const type = typeNamed(item.type);
        if (!type || !(await host.serviceOf(type).store.findById(item.id))) continue;
        const draft = Boolean(await host.copies.get(type.name, item.id));
        // A type without a page of its own (an FAQ) shows on the pages that list it: no link of its own.
        const link = await host.preview({ type: item.type, id: item.id, draft }, actor).catch(() => undefined);
        if (!link) continue;
        const { token, expiresAt } = link;
        for (const lang of item.languages ?? languages) links.push({ type: item.type, id: item.id, lang, url: host.publicUrl + localePath(`/preview/${token}`, lang, defaultLanguage), expiresAt });
      }
      return { links };
    },
  };
}
