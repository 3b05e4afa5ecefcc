import type { Database } from '../../db/connection.ts';
import type { Check } from '../checks/document-checks.ts';
import type { WorkingCopies } from '../publishing/working-copies.ts';
import type { TextSaved } from '../shared/entity.ts';
import { AppError, isAppError, type ErrorDetail } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { isPlainObject, isWritten, pickText } from '../shared/localized.ts';
import type { Actor, ChangeEvent, RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { createReleaseStore } from './release-store.ts';
import type { ItemProblem, Release, ReleaseItem, ReleaseReadiness } from './release-schema.ts';

type ReleaseStore = ReturnType<typeof createReleaseStore>;

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

export interface Found {
  index: number;
  item: { type: string; id: string; lang?: string };
  code: ItemProblem;
  message: string;
  codes?: string[];
}

const STATUS: Record<ItemProblem, number> = { not_found: 422, not_publishable: 422, in_release: 409, missing_language: 422, stale_version: 422, checks_failed: 422, approval_required: 403, not_public: 422, no_channel: 422 };

/** The refusal of a release: 409 when an item is in another release, 422 for what must be fixed, 403 when only approval is missing; each detail names its item. */
export function refusal(found: Found[]): AppError {
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
export function copyFor(type: RecordType, existing: Record<string, unknown>, data: Record<string, unknown>, languages: readonly string[] | undefined): Record<string, unknown> {
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


/** An error of one item, named: its path, type, id and codes in the details. */
export function named(error: unknown, index: number, item: ReleaseItem): unknown {
  if (!isAppError(error)) return error;
  const checks = (error as AppError).checks as Array<{ code?: string; lang?: string }> | undefined;
  const code: ItemProblem = error.status === 403 ? 'approval_required' : error.status === 422 ? 'checks_failed' : error.status === 404 ? 'not_found' : 'stale_version';
  return refusal([{ index, item: { type: item.type, id: item.id, ...(checks?.[0]?.lang ? { lang: checks[0].lang } : {}) }, code, message: `${item.type} ${item.id}: ${error.message}`, codes: checks?.map((check) => String(check.code)) }]);
}


/** What would stop each item of a release, asked before it is applied (and shown on the release). */
export function createReleaseReadiness(host: ReleaseHost, store: ReleaseStore) {
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


  return { typeNamed, visibleOf, publishedValues, readiness, problemsOf, assertNotElsewhere };
}
