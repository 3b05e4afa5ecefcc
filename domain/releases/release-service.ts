import { inOneTransaction } from '../../db/transaction-scope.ts';
import type { Database } from '../../db/connection.ts';
import type { Check } from '../checks/document-checks.ts';
import type { WorkingCopies } from '../publishing/working-copies.ts';
import type { TextSaved } from '../shared/entity.ts';
import { AppError, isAppError, notFound, type ErrorDetail } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { isPlainObject, isWritten, localePath, pickText } from '../shared/localized.ts';
import type { Actor, ChangeEvent, RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { asRelease } from '../shared/release-context.ts';
import { parseOrThrow } from '../shared/validation.ts';
import { createReleaseStore } from './release-store.ts';
import { ReleaseItemSchema, type ItemProblem, type Release, type ReleaseItem, type ReleaseReadiness, type ReleaseState } from './release-schema.ts';

/** What releases need of the rest of the application (wired in domain/app-services.ts). */
export interface ReleaseHost {
  database: Database;
  types: readonly RecordType[];
  serviceOf(type: RecordType): RecordService;
  copies: WorkingCopies;
  approved(type: string, id: string): Promise<boolean>;
  needsApproval(): Promise<boolean>;
  blockingChecks(type: RecordType, id: string, values: Record<string, unknown>, textSaved: TextSaved): Promise<Check[]>;
  defaultLanguage(): Promise<string>;
  publicLanguages(): Promise<string[]>;
  /** Telegram channels: the bot is set up, the channel of each language, a post's draft and its sending (queued in the outbox). */
  channels: {
    ready: boolean;
    of(): Promise<Record<string, string>>;
    draft(type: string, id: string, body: { lang: string }): Promise<{ text: string; post: { messageId: string | null } | null }>;
    send(type: string, id: string, body: { lang: string; text: string; update?: boolean }): Promise<unknown>;
  };
  /** Alerts of what became public with `notify`, queued once per subscriber. */
  alertsDue(): Promise<number>;
  /** An e-mail to a person, through the outbox. */
  mail(message: { to: string; subject: string; text: string }, about: string): Promise<void>;
  /** After the commit: what each instance keeps of a record it changed is dropped (cached pages, kept answers). */
  refresh(event: ChangeEvent): Promise<void>;
  /** The activity log. */
  record(event: ChangeEvent): Promise<void>;
  /** A signed preview link of one record's page (domain/preview). */
  preview(input: { type: string; id: string; draft: boolean }, actor?: Actor): Promise<{ token: string; expiresAt: string }>;
  publicUrl: string;
  warn(details: Record<string, unknown>, message: string): void;
}

interface Found {
  index: number;
  item: { type: string; id: string; lang?: string };
  code: ItemProblem;
  message: string;
  codes?: string[];
}

const STATUS: Record<ItemProblem, number> = { not_found: 422, not_publishable: 422, in_release: 409, missing_language: 422, stale_version: 422, checks_failed: 422, approval_required: 403, not_public: 422, no_channel: 422 };

/** The refusal of a release: 409 when an item is in another release, 422 for what must be fixed, 403 when only approval is missing; each detail names its item. */
function refusal(found: Found[]): AppError {
  const status = Math.min(...found.map((problem) => (STATUS[problem.code] === 409 ? 0 : STATUS[problem.code] === 422 ? 1 : 2)));
  const details: ErrorDetail[] = found.map((problem) => ({
    path: problem.index < 0 ? `channelPosts.${-problem.index - 1}` : `items.${problem.index}`,
    code: problem.code,
    message: problem.message,
    params: { type: problem.item.type, id: problem.item.id, ...(problem.item.lang ? { lang: problem.item.lang } : {}), ...(problem.codes?.length ? { codes: problem.codes.join(',') } : {}) },
  }));
  const summary = `${found.length === 1 ? 'One item stops' : `${found.length} problems stop`} this release: ${found.slice(0, 3).map((problem) => problem.message).join('; ')}${found.length > 3 ? '; …' : ''}`;
  if (status === 0) return new AppError(409, 'CONFLICT', `${summary}. Take the item out of the other release first.`, { reason: 'in_release', details });
  if (status === 1) return new AppError(422, 'CHECKS_FAILED', `${summary}. Fix them, then publish the release.`, { reason: 'checks_failed', details });
  return new AppError(403, 'FORBIDDEN', `${summary}. An approver or an administrator approves each, then the release can go out.`, { reason: 'approval_required', details });
}

/** What of a working copy goes out with `languages`: its other languages' texts stay as they are public. */
function copyFor(type: RecordType, existing: Record<string, unknown>, data: Record<string, unknown>, languages: readonly string[] | undefined): Record<string, unknown> {
  const applied: Record<string, unknown> = { ...data };
  if (!languages) return applied;
  for (const field of type.localizedFields) {
    const now = existing[field];
    const then = data[field];
    // A list (tags) or a value not kept per language goes as the copy has it.
    if (!isPlainObject(then) || (now !== undefined && now !== null && !isPlainObject(now))) continue;
    applied[field] = { ...now, ...Object.fromEntries(languages.filter((lang) => lang in then).map((lang) => [lang, then[lang]])) };
  }
  return applied;
}

/**
 * Releases (API-4.md "Releases, the calendar and bulk actions"): many records, their languages and
 * channel posts, applied in one transaction through each record's own service — so through the
 * publishing policy — now or at `publishAt`, once across instances.
 */
export function createReleases(host: ReleaseHost) {
  const store = createReleaseStore(host.database);
  const typeNamed = (name: string) => host.types.find((type) => type.name === name);
  const visibleOf = (type: RecordType, record: Record<string, unknown>) => type.publicState(record, nowIso()) === 'published';

  /** The values an item makes public: the record with its copy (in its languages), shown now. */
  function publishedValues(type: RecordType, existing: Record<string, unknown>, copyData: Record<string, unknown> | undefined, languages: readonly string[] | undefined) {
    const values: Record<string, unknown> = { ...existing, ...(copyData ? copyFor(type, existing, copyData, languages) : {}) };
    values[type.visibilityField!] = true;
    const at = type.scheduleFields?.publish;
    // Out with the release, not at a later moment of its own.
    if (at && typeof values[at] === 'string' && Date.parse(String(values[at])) > Date.now()) values[at] = null;
    return values;
  }

  /** What would stop each item now, and where its approval stands. */
  async function readiness(release: Release): Promise<ReleaseReadiness[]> {
    const [needsApproval, defaultLanguage, others] = await Promise.all([host.needsApproval(), host.defaultLanguage(), store.pending(release._id)]);
    const answers: ReleaseReadiness[] = [];
    for (const item of release.items) {
      const type = typeNamed(item.type);
      const found = type && (await host.serviceOf(type).store.findWithTextSaved(item.id));
      const answer: ReleaseReadiness = { type: item.type, id: item.id, title: '', action: item.action, hasCopy: false, approval: 'not_needed', ready: true, problems: [] };
      answers.push(answer);
      const problem = (code: ItemProblem, message: string, extra: { lang?: string; codes?: string[] } = {}) => answer.problems.push({ code, message, ...extra });
      const other = others.find((candidate) => candidate.items.some((its) => its.type === item.type && its.id === item.id));
      if (other) problem('in_release', `It is in the release "${other.title}" too`);
      if (!type || !found) {
        problem('not_found', `There is no ${item.type} record ${item.id}: it may have been deleted`);
        continue;
      }
      const existing = found.record;
      answer.title = pickText(existing[type.admin.titleField], defaultLanguage);
      if (!type.visibilityField) {
        problem('not_publishable', `${type.label} records are not published one by one`);
        continue;
      }
      if (item.action === 'unpublish') continue;
      const copy = await host.copies.get(type.name, item.id);
      answer.hasCopy = Boolean(copy);
      if (copy && copy.baseVersion !== existing.version) problem('stale_version', `"${answer.title}" was saved after its working copy was made: bring the copy up to date`);
      const values = publishedValues(type, existing, copy?.data, item.languages);
      for (const lang of item.languages ?? []) {
        if (!isPlainObject(values[type.admin.titleField]) || !isWritten((values[type.admin.titleField] as Record<string, unknown>)[lang])) problem('missing_language', `"${answer.title}" has no title in ${lang.toUpperCase()}`, { lang });
      }
      const checks = await host.blockingChecks(type, item.id, values, found.textSaved);
      if (checks.length) problem('checks_failed', `"${answer.title}": ${checks[0].message}`, { lang: checks[0].lang, codes: [...new Set(checks.map((check) => check.code))] });
      const approved = await host.approved(type.name, item.id);
      answer.approval = approved ? 'approved' : needsApproval ? 'needed' : 'not_needed';
      if (answer.approval === 'needed') problem('approval_required', `"${answer.title}" is not approved`);
    }
    for (const answer of answers) answer.ready = !answer.problems.length;
    return answers;
  }

  /** The channel posts' problems (negative indexes: `channelPosts.N` in the details). */
  async function postProblems(release: Release): Promise<Found[]> {
    if (!release.channelPosts.length) return [];
    const channels = host.channels.ready ? await host.channels.of() : {};
    return release.channelPosts.flatMap((post, index) => {
      const item = { type: post.type, id: post.id, lang: post.lang };
      if (!host.channels.ready) return [{ index: -index - 1, item, code: 'no_channel' as const, message: 'Telegram is not connected on this server' }];
      if (!channels[post.lang]) return [{ index: -index - 1, item, code: 'no_channel' as const, message: `There is no Telegram channel for ${post.lang.toUpperCase()}` }];
      return [];
    });
  }

  async function problemsOf(release: Release): Promise<Found[]> {
    const items = await readiness(release);
    const found = items.flatMap((answer, index) => answer.problems.map((problem) => ({ index, item: { type: answer.type, id: answer.id, ...(problem.lang ? { lang: problem.lang } : {}) }, code: problem.code, message: problem.message, codes: problem.codes })));
    return [...found, ...(await postProblems(release))];
  }

  /** The 409 of items already in another open or scheduled release (on add). */
  async function assertNotElsewhere(releaseId: string | undefined, items: readonly ReleaseItem[]): Promise<void> {
    const others = await store.pending(releaseId);
    const found: Found[] = [];
    items.forEach((item, index) => {
      const other = others.find((candidate) => candidate.items.some((its) => its.type === item.type && its.id === item.id));
      if (other) found.push({ index, item, code: 'in_release', message: `${item.type} ${item.id} is in the release "${other.title}" already` });
    });
    if (found.length) throw refusal(found);
  }

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

  /** An error of one item, named: its path, type, id and codes in the details. */
  function named(error: unknown, index: number, item: ReleaseItem): unknown {
    if (!isAppError(error)) return error;
    const checks = (error as AppError).checks as Array<{ code?: string; lang?: string }> | undefined;
    const code: ItemProblem = error.status === 403 ? 'approval_required' : error.status === 422 ? 'checks_failed' : error.status === 404 ? 'not_found' : 'stale_version';
    return refusal([{ index, item: { type: item.type, id: item.id, ...(checks?.[0]?.lang ? { lang: checks[0].lang } : {}) }, code, message: `${item.type} ${item.id}: ${error.message}`, codes: checks?.map((check) => String(check.code)) }]);
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
