import type { EarlierRequest } from '../intake/conflicts.ts';
import type { ListQuery, StoredRecord } from '../shared/entity.ts';
import { badRequest, notFound, tooManyRequests, validationError } from '../shared/errors.ts';
import { isId, newId } from '../shared/ids.ts';
import type { RecordStore } from '../shared/record-store.ts';
import { MAX_PAGE_SIZE, paginationOf, type Actor, type Page, type ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, issuesToDetails, parseOrThrow } from '../shared/validation.ts';
import { wholeLinePattern } from '../shared/search.ts';
import {
  ApplicationSchema,
  CONTACT_STATUSES,
  ContactFormSchema,
  MATTER_MOVES,
  MATTER_STATUSES,
  MatterRequestSchema,
  MatterStatusSchema,
  MessageStatusSchema,
  type ContactFormInput,
  type ContactKind,
  type ContactStatus,
} from './contact-schema.ts';

const CONTACT_PAGE_SIZE = 20;
export const CONTACT_THANK_YOU = 'Thank you for your message. We will respond within 24 hours.';
/** Spam protection a person never notices (SPEC.md leaves it to us; see docs/api.md). */
const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
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
}
export type PrivacySettings = () => Promise<PrivacyNow>;

const ANONYMISED = '[removed]';

/** The e-mail of an export or erase: one whole address, compared as stored (lower case). */
function emailParameter(value: unknown): string {
  const address = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 320) throw badRequest('Give the e-mail address whose requests you mean, such as name@example.uz');
  return address;
}

const CONSENT_REQUIRED = 'Consent is required: tick the box to agree to the privacy policy';
const ACKNOWLEDGEMENT_REQUIRED = 'Tick the box to confirm you have read both warnings: no lawyer–client relationship yet, and no confidential facts';
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
 * `received` hears of every stored request (e-mail to the firm, later other channels); it runs
 * after the request is saved and never delays or fails the visitor's answer.
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
  /** Seconds until this sender may send again: their accepted requests of the window, in the database. */
  async function waitFor(key: string, now = Date.now()): Promise<number> {
    const since = new Date(now - CONTACT_LIMIT.windowMs).toISOString();
    const recent = await store.list({ conditions: [{ column: 'client_key', op: '=', value: key }, { column: 'created_at', op: '>', value: since }], limit: CONTACT_LIMIT.max });
    if (recent.length < CONTACT_LIMIT.max) return 0;
    const oldest = Date.parse(String(recent[recent.length - 1].createdAt));
    return Math.max(1, Math.ceil((oldest + CONTACT_LIMIT.windowMs - now) / 1000));
  }

  /** Requests sent with this e-mail in any letter case (the search column narrows, then exactly). */
  async function byEmail(address: string): Promise<StoredRecord[]> {
    const candidates = await store.list({ conditions: [{ column: 'search_text', op: 'like', pattern: wholeLinePattern(address) }] });
    return candidates.filter((record) => String(record.email).toLowerCase() === address);
  }

  /** Everything a request must pass before it is kept; nothing is stored here. */
  async function prepare(raw: Record<string, unknown>, context: SubmitContext | undefined, kind: ContactKind): Promise<PreparedRequest | { _id: string; discarded: true }> {
    // Only accepted messages count (they are the stored ones): a visitor who corrects a typo
    // five times is not locked out; every instance sees the same count, also after a restart.
    const key = context ? await clientKey(context.address) : undefined;
    if (key) {
      const wait = await waitFor(key);
      if (wait > 0) {
        throw tooManyRequests('You have sent several messages in a short time. Please try again in a few minutes.', wait);
      }
    }
    refuseTooFast(raw.elapsedMs);
    const schema = kind === 'matter' ? MatterRequestSchema : kind === 'application' ? ApplicationSchema : ContactFormSchema;
    const parsed = schema.safeParse(raw);
    const settings = await privacy();
    const given = (value: unknown) => value === true || value === 'true' || value === 'on';
    const consented = parsed.success && given(parsed.data.consent);
    const details = parsed.success ? [] : issuesToDetails(parsed.error.issues, raw);
    const missing = (path: string) => !details.some((detail) => detail.path === path);
    if ((settings.requireConsent || kind === 'application') && !consented && missing('consent')) details.push({ path: 'consent', message: CONSENT_REQUIRED, code: 'required' });
    if (kind === 'matter' && !given(raw.acknowledged) && missing('acknowledged')) details.push({ path: 'acknowledged', message: ACKNOWLEDGEMENT_REQUIRED, code: 'required' });
    if (details.length || !parsed.success) throw validationError(details);
    if (typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD] !== '') return { _id: newId(), discarded: true };
    // Consent and the acknowledgement are kept as what they are (consent with its moment), not as fields.
    const { consent: _consent, acknowledged: _acknowledged, lang, ...input } = parsed.data as Record<string, unknown> & { lang?: string };
    const language = lang || settings.defaultLanguage;
    const consent = consented ? { given: true, at: new Date().toISOString(), policyVersion: settings.policyVersion, lang: language } : null;
    const fields: Record<string, unknown> =
      kind === 'matter'
        ? { ...input, kind, subject: input.company, message: '', status: 'conflict_check' }
        : kind === 'application'
          ? { name: input.name, email: input.email, phone: input.phone ?? '', kind, message: input.letter ?? '', status: 'new' }
          : { ...input, kind, status: 'new' };
    return { fields: { phone: '', service: '', ...fields, lang: language, consent, ...(key ? { clientKey: key } : {}) }, settings };
  }

  /** Stores a request that passed `prepare`, and tells the firm (unless `quiet`: the demo's requests, which nobody sent). */
  async function keep(prepared: PreparedRequest, extra: Record<string, unknown> = {}, quiet = false): Promise<StoredRecord> {
    const created = await store.insert({ ...prepared.fields, ...extra });
    await environment.changed({ entity: 'contacts', action: 'create', id: created._id, summary: `Contact request ${created._id}` });
    // The firm hears of it (e-mail, the Telegram outbox); that never fails the visitor's answer.
    if (quiet) return created;
    const { clientKey: _key, consent: _consent, ...told } = { ...prepared.fields, ...extra } as Record<string, unknown>;
    await Promise.resolve(received?.({ ...(told as ContactFormInput), _id: created._id, createdAt: created.createdAt, status: created.status as ContactStatus }, prepared.settings)).catch(() => {});
    return created;
  }

  return {
    /**
     * Stores a visitor's message with status `new`; it is saved before the visitor is answered.
     * A filled honeypot field is answered as if stored (the robot learns nothing); a form sent
     * sooner than a person can fill it (elapsedMs) is refused; one address may send 5 per 10 min.
     * `quiet`: stored without telling anyone (no e-mail, no Telegram message): the demo's requests.
     */
    async submit(body: unknown, context?: SubmitContext, options: { quiet?: boolean } = {}): Promise<StoredRecord | { _id: string; discarded: true }> {
      const raw = assertObject(body);
      if (raw.kind === 'application') throw badRequest('An application is sent with the vacancy’s form, with its CV: POST /api/vacancies/{id}/applications');
      const prepared = await prepare(raw, context, raw.kind === 'matter' ? 'matter' : 'message');
      return 'discarded' in prepared ? prepared : keep(prepared, {}, options.quiet);
    },

    /**
     * Checks an application's fields as `submit` checks a message (limit, speed, honeypot,
     * consent — always required here), without storing it: its CV is checked next, and only
     * when both pass does `storeApplication` keep it.
     */
    async checkApplication(body: unknown, context?: SubmitContext): Promise<PreparedRequest | { _id: string; discarded: true }> {
      return prepare(assertObject(body), context, 'application');
    },

    async storeApplication(prepared: PreparedRequest, vacancy: VacancyApplied): Promise<StoredRecord> {
      return keep(prepared, { vacancy: vacancy._id, subject: vacancy.title });
    },

    async get(id: string): Promise<StoredRecord> {
      const record = isId(id) ? await store.findById(id) : undefined;
      if (!record) throw notFound('Submission');
      return record;
    },

    async setStatus(id: string, body: unknown, actor?: Actor): Promise<StoredRecord> {
      const input = assertObject(body);
      const existing = await this.get(id);
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
      await this.get(id);
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

    /** Every request sent with this e-mail (a person asking for their data), oldest first. */
    async exportByEmail(email: unknown): Promise<StoredRecord[]> {
      return (await byEmail(emailParameter(email))).reverse();
    },

    /** Deletes every request sent with this e-mail (a person asking to be forgotten); answers how many. */
    async eraseByEmail(email: unknown, actor?: Actor): Promise<number> {
      const found = await byEmail(emailParameter(email));
      for (const record of found) await store.remove(record._id);
      if (found.length) await dropped?.(found.map((record) => record._id));
      if (found.length) await forget?.(found.map((record) => record._id));
      if (found.length) await environment.changed({ entity: 'contacts', action: 'delete', id: '', actor, summary: `${found.length} contact requests erased on request` });
      return found.length;
    },

    /**
     * Replaces the name, e-mail, phone, subject and message of requests older than `days` (status,
     * dates and consent stay, so the figures still add up); answers how many were anonymised.
     */
    async anonymiseOlderThan(days: number, now = Date.now()): Promise<number> {
      const before = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
      const old = await store.list({ conditions: [{ column: 'created_at', op: '<', value: before }, { column: 'email', op: '!=', value: '' }] });
      for (const record of old) {
        await store.update(record._id, { ...record, name: ANONYMISED, email: '', phone: '', subject: ANONYMISED, message: ANONYMISED, service: '' });
      }
      if (old.length) await environment.changed({ entity: 'contacts', action: 'update', id: '', summary: `${old.length} contact requests older than ${days} days anonymised` });
      return old.length;
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

    /** Applications older than `days`: their ids (their CVs go with them), then the applications. */
    async eraseApplicationsOlderThan(days: number, now = Date.now()): Promise<string[]> {
      const before = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
      const old = await store.list({ conditions: [{ column: 'kind', op: '=', value: 'application' }, { column: 'created_at', op: '<', value: before }] });
      for (const record of old) await store.remove(record._id);
      if (old.length) {
        await dropped?.(old.map((record) => record._id));
        await forget?.(old.map((record) => record._id));
        await environment.changed({ entity: 'contacts', action: 'delete', id: '', summary: `${old.length} applications older than ${days} days erased` });
      }
      return old.map((record) => record._id);
    },

    async countByStatus(): Promise<Record<ContactStatus, number>> {
      const counts = {} as Record<ContactStatus, number>;
      for (const status of CONTACT_STATUSES) counts[status] = await store.count([{ column: 'status', op: '=', value: status }]);
      return counts;
    },
  };
}

