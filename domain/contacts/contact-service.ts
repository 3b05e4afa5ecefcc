import type { EarlierRequest } from '../intake/conflicts.ts';
import type { ListQuery, StoredRecord } from '../shared/entity.ts';
import { notFound, validationError } from '../shared/errors.ts';
import { isId } from '../shared/ids.ts';
import type { ConsentNoticeOf } from '../privacy/consent.ts';
import type { RecordStore } from '../shared/record-store.ts';
import { MAX_PAGE_SIZE, paginationOf, type Actor, type Page, type ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { ANONYMISED, createContactPersonalData } from './contact-personal-data.ts';
import { CONTACT_STATUSES, MATTER_MOVES, MATTER_STATUSES, MatterStatusSchema, MessageStatusSchema, type ContactFormInput, type ContactStatus } from './contact-schema.ts';
import { createContactSubmissions } from './contact-submissions.ts';

const CONTACT_PAGE_SIZE = 20;
export const CONTACT_THANK_YOU = 'Thank you for your message. We will respond within 24 hours.';
const MIN_FILL_MS = 3000;
export const HONEYPOT_FIELD = 'website';

/** A form's `renderedAt` (the time it was shown) as the `elapsedMs` the speed check reads; nothing when missing or unreadable. */
export function elapsedSince(renderedAt: unknown, now = Date.now()): { elapsedMs?: number } {
  const shown = Number(renderedAt);
  return Number.isFinite(shown) && shown > 0 ? { elapsedMs: now - shown } : {};
}
const TOO_FAST_MESSAGE = 'The form was sent too quickly. Please check your message and send it again.';
/** A public form sent sooner than a person can fill it (its `elapsedMs`, from `elapsedSince`) is refused (detail path elapsedMs). */
export function refuseTooFast(elapsed: unknown): void {
  if (typeof elapsed === 'number' && elapsed < MIN_FILL_MS) throw validationError([{ path: 'elapsedMs', message: TOO_FAST_MESSAGE, code: 'invalid' }]);
}

export interface SubmitContext {
  /** The sender's address, for the per-address limit (kept only as a keyed hash). */
  address: string;
}

/** What the site configuration says about consent (read on every submission: it can change any time). */
export interface PrivacyNow {
  requireConsent: boolean;
  policyVersion: string;
  telegramRequests: boolean;
  telegramPersonalData: boolean;
  defaultLanguage: string;
  /** The words and facts a form's consent shows now, in a language (kept with the request). */
  consentOf: ConsentNoticeOf;
}
export type PrivacySettings = () => Promise<PrivacyNow>;

const isMatterStatus = (status: string): status is (typeof MATTER_STATUSES)[number] => MATTER_STATUSES.some((value) => value === status);

/** The vacancy an application is for, as the form's page knows it. */
export interface VacancyApplied {
  _id: string;
  title: string;
}

/** A keyed hash of a sender's address: the limit works across instances and restarts, no address is stored. */
export type ClientKey = (address: string) => Promise<string>;

export type StoredContact = ContactFormInput & { _id: string; createdAt: string; status: ContactStatus; kind?: string; company?: string; counterparties?: string[] };

/** A request that passed every check and is not stored yet. */
export interface PreparedRequest {
  fields: Record<string, unknown>;
  settings: PrivacyNow;
}

/**
 * The requests visitors send (messages, new matters, applications) as the firm works with them:
 * submissions (contact-submissions.ts), the staff's list and statuses here, and the senders'
 * personal data (contact-personal-data.ts). `received` hears of every stored request (e-mail to
 * the firm, later other channels); it runs after the request is saved and never delays or fails
 * the visitor's answer.
 */
export function createContactService(
  store: RecordStore,
  environment: Pick<ServiceEnvironment, 'changed'>,
  clientKey: ClientKey,
  privacy: PrivacySettings,
  /** Gets the settings this submission was checked with (no second read). */
  received?: (request: StoredContact, settings: PrivacyNow) => Promise<void> | void,
  /** Clears what else holds these requests' traces (the activity log, unsent messages) when a person is erased. */
  forget?: (ids: string[]) => Promise<void>,
  /** Deletes what belongs to deleted requests (their documents), however they were deleted. */
  dropped?: (ids: string[]) => Promise<void>,
) {
  async function get(id: string): Promise<StoredRecord> {
    const record = isId(id) ? await store.findById(id) : undefined;
    if (!record) throw notFound('Submission');
    return record;
  }

  return {
    ...createContactSubmissions(store, environment, clientKey, privacy, received),
    ...createContactPersonalData(store, environment, forget, dropped),
    get,

    async setStatus(id: string, body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = assertObject(body);
      const existing = await get(id);
      const was = String(existing.status);
      // A new matter has the conflict check's statuses, a message and an application the others.
      const matter = existing.kind === 'matter';
      const { status } = matter ? parseOrThrow(MatterStatusSchema, input) : parseOrThrow(MessageStatusSchema, input);
      if (matter && status !== was && isMatterStatus(status) && isMatterStatus(was) && !MATTER_MOVES[was].includes(status)) {
        throw validationError([{ path: 'status', message: `A new matter goes from ${was} to ${MATTER_MOVES[was].join(' or ')}: clear the conflict check before opening the matter`, code: 'one_of', params: { options: MATTER_MOVES[was].join(', ') } }]);
      }
      const updated = await store.update(id, { ...existing, status });
      if (!updated) throw notFound('Submission');
      await environment.changed({ entity: 'contacts', action: 'update', id, actor, summary: `Contact request ${id}: ${status}` });
      return updated;
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      await get(id);
      await store.remove(id);
      await dropped?.([id]);
      await environment.changed({ entity: 'contacts', action: 'delete', id, actor, summary: `Contact request ${id}` });
    },

    /** Newest first, filtered by status and search (admin only). */
    async listPage(query: ListQuery, pageSize = CONTACT_PAGE_SIZE): Promise<Page<StoredRecord>> {
      const page = query.page ?? 1;
      const limit = Math.min(query.limit ?? pageSize, MAX_PAGE_SIZE);
      const conditions = store.definition.listConditions?.(query) ?? [];
      const { total, records } = await store.listCounted({ conditions, limit, offset: (page - 1) * limit });
      return { data: records, pagination: paginationOf(page, limit, total) };
    },

    /** When each request came (one column, no personal data read): the analytics count them by week. */
    async receivedTimes(): Promise<string[]> {
      return store.column('created_at', []);
    },

    /** Every request's sender, and every new matter's names (company, tax number, other parties), for the conflict check. */
    async earlierRequests(): Promise<EarlierRequest[]> {
      const rows = await store.list({ conditions: [] });
      return rows
        .filter((row) => row.kind !== 'application' && row.name !== ANONYMISED)
        .map((row) => ({
          _id: row._id,
          kind: String(row.kind ?? 'message'),
          name: String(row.name ?? ''),
          company: String(row.company ?? ''),
          tin: String(row.tin ?? ''),
          counterparties: Array.isArray(row.counterparties) ? row.counterparties.map(String) : [],
          createdAt: String(row.createdAt),
        }));
    },

    async countByStatus(): Promise<Record<ContactStatus, number>> {
      const counts = {} as Record<ContactStatus, number>;
      for (const status of CONTACT_STATUSES) counts[status] = await store.count([{ column: 'status', op: '=', value: status }]);
      return counts;
    },
  };
}
