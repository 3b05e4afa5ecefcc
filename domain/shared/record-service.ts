import type { KeptDocuments } from '../documents/record-documents.ts';
import { createRecordPublishing } from '../publishing/record-publishing.ts';
import type { PublishingPolicy } from '../publishing/policy.ts';
import type { Role } from '../access/permissions.ts';
import type { VersionService } from '../versions/version-service.ts';
import { createRecordCore } from './record-core.ts';
import { createRecordReads } from './record-reads.ts';
import { createRecordWrites } from './record-writes.ts';
import type { RecordStore } from './record-store.ts';
import type { RecordType } from './record-type.ts';
import type { TranslationState } from './translation-state.ts';
import type { ViewCounter } from './view-counter.ts';

export interface Actor {
  userId: string;
  email: string;
  /** Who they are: the domain's rules ask `can(actor, action)` (domain/access/permissions.ts). */
  role?: Role;
  name?: string;
  /** Practice-area scope: the services whose records they may create and change (domain/publishing/scope.ts). */
  scope?: { services: readonly string[] } | null;
}

export interface ChangeEvent {
  entity: string;
  /**
   * publish / unpublish: a record's scheduled moment came (no actor: the schedule did it); download:
   * a client's document read by staff; refuse: a client's file refused for a virus (no actor);
   * sign-in: a person signed in with a passkey.
   */
  action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'download' | 'refuse' | 'sign-in';
  id: string;
  actor?: Actor;
  summary: string;
}

/**
 * What every record service needs from the rest of the application. Every member is required: a
 * rule a host leaves out would be skipped silently. Publishing's rules are not here: they are the
 * policy (domain/publishing/policy.ts) every service is built with.
 */
export interface ServiceEnvironment {
  defaultLanguage(): Promise<string>;
  /** Called after every successful write: drops caches and records the activity. */
  changed(event: ChangeEvent): Promise<void>;
  /** What a record's pages show changed with the clock (an event began): cached pages are dropped, nothing is recorded. */
  pagesChanged(event: ChangeEvent): Promise<void>;
  /**
   * A record's public page moved from one site path to another (`from` undefined: a page now
   * lives at `to`). The redirects follow it.
   */
  pageMoved(change: { from?: string; to: string }): Promise<void>;
  /** The HTML and words of a record's documents in every page language (domain/documents/record-documents.ts). */
  renderDocuments(record: Record<string, unknown>, fields: readonly string[], languages?: readonly string[]): Promise<KeptDocuments>;
  /** The firm's time zone (TIME_ZONE): the day of a moment, as an article's date says it. */
  timeZone: string;
  /** The ids of the records a visitor sees of these types (what a field with `offered` may name). */
  publicIds(types: readonly string[]): Promise<ReadonlySet<string>>;
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

/**
 * The service of one record type, driven by its declaration, in three parts over one core
 * (record-core.ts: defaults, validation, slugs): its reads and lists (record-reads.ts), its writes
 * and versions (record-writes.ts), and its publishing — working copies and review
 * (domain/publishing/record-publishing.ts). Every write that may make a record public passes
 * `publishing`, the one policy: it is required, so no service is built without it.
 */
export function createRecordService<T extends RecordType>(type: T, store: RecordStore, environment: ServiceEnvironment, views: ViewCounter, history: VersionService, publishing: PublishingPolicy) {
  const core = createRecordCore(type, store, environment);
  const reads = createRecordReads(core, views);
  // A version restored into the working copy is publishing's; a copy published is applied by the writes' update.
  const writes = createRecordWrites(core, history, publishing, (id, data, baseVersion, actor): Promise<unknown> => copies.copyFromVersion(id, data, baseVersion, actor));
  const copies = createRecordPublishing(core, publishing, (id, body, actor, options) => writes.update(id, body, actor, options), history);
  const { copyFromVersion: _restored, ...publishingMethods } = copies;
  return { type, store, ...reads, ...writes, ...publishingMethods };
}

/** The service of one record type; `RecordService` alone accepts any type's service. */
export type RecordService<T extends RecordType = RecordType> = ReturnType<typeof createRecordService<T>>;

/** One record's translation state in each language asked for (the translation status screen). */
export interface RecordStates {
  _id: string;
  title: string;
  states: Record<string, { state: TranslationState; fields: string[] }>;
}
