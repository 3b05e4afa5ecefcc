import type { ListQuery, StoredRecord } from '../shared/entity.ts';
import { notFound, tooManyRequests, validationError } from '../shared/errors.ts';
import { isId, newId } from '../shared/ids.ts';
import { createRateLimiter } from '../shared/rate-limiter.ts';
import type { RecordStore } from '../shared/record-store.ts';
import { MAX_PAGE_SIZE, type Actor, type Page, type ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { CONTACT_STATUSES, ContactFormSchema, ContactStatusSchema, type ContactFormInput, type ContactStatus } from './contact-schema.ts';

const CONTACT_PAGE_SIZE = 20;
export const CONTACT_THANK_YOU = 'Thank you for your message. We will respond within 24 hours.';
/** Spam protection a person never notices (SPEC.md leaves it to us; see docs/api.md). */
const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const MIN_FILL_MS = 3000;
export const HONEYPOT_FIELD = 'website';
const TOO_FAST_MESSAGE = 'The form was sent too quickly. Please check your message and send it again.';

export interface SubmitContext {
  /** The sender's address, for the per-address limit. */
  address: string;
}

export type StoredContact = ContactFormInput & { _id: string; createdAt: string; status: ContactStatus };

/**
 * `received` hears of every stored request (e-mail to the firm, later other channels); it runs
 * after the request is saved and never delays or fails the visitor's answer.
 */
export function createContactService(store: RecordStore, environment: Pick<ServiceEnvironment, 'changed'>, received?: (request: StoredContact) => void) {
  const limiter = createRateLimiter(CONTACT_LIMIT);
  return {
    /**
     * Stores a visitor's message with status `new`; it is saved before the visitor is answered.
     * A filled honeypot field is answered as if stored (the robot learns nothing); a form sent
     * sooner than a person can fill it (elapsedMs) is refused; one address may send 5 per 10 min.
     */
    async submit(body: unknown, context?: SubmitContext): Promise<StoredRecord | { _id: string; discarded: true }> {
      const raw = assertObject(body);
      // Only accepted messages count: a visitor who corrects a typo five times is not locked out.
      if (context) {
        const wait = limiter.waitFor(context.address);
        if (wait > 0) {
          throw tooManyRequests('You have sent several messages in a short time. Please try again in a few minutes.', wait);
        }
      }
      const elapsed = raw.elapsedMs;
      if (typeof elapsed === 'number' && elapsed < MIN_FILL_MS) throw validationError([{ path: 'elapsedMs', message: TOO_FAST_MESSAGE, code: 'invalid' }]);
      const input = parseOrThrow(ContactFormSchema, raw);
      if (context) limiter.hit(context.address);
      if (typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD] !== '') return { _id: newId(), discarded: true };
      const created = await store.insert({ phone: '', service: '', ...input, status: 'new' });
      await environment.changed({ entity: 'contacts', action: 'create', id: created._id, summary: `Contact request from ${input.name}` });
      received?.({ ...input, _id: created._id, createdAt: created.createdAt, status: 'new' });
      return created;
    },

    async get(id: string): Promise<StoredRecord> {
      const record = isId(id) ? await store.findById(id) : undefined;
      if (!record) throw notFound('Submission');
      return record;
    },

    async setStatus(id: string, body: unknown, actor?: Actor): Promise<StoredRecord> {
      const { status } = parseOrThrow(ContactStatusSchema, assertObject(body));
      const existing = await this.get(id);
      const updated = await store.update(id, { ...existing, status });
      if (!updated) throw notFound('Submission');
      await environment.changed({ entity: 'contacts', action: 'update', id, actor, summary: `Contact request from ${existing.name as string}: ${status}` });
      return updated;
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = await this.get(id);
      await store.remove(id);
      await environment.changed({ entity: 'contacts', action: 'delete', id, actor, summary: `Contact request from ${existing.name as string}` });
    },

    /** Newest first, filtered by status and search (admin only). */
    async listPage(query: ListQuery, pageSize = CONTACT_PAGE_SIZE): Promise<Page<StoredRecord>> {
      const page = query.page ?? 1;
      const limit = Math.min(query.limit ?? pageSize, MAX_PAGE_SIZE);
      const conditions = store.definition.listConditions?.(query) ?? [];
      const [total, data] = await Promise.all([store.count(conditions), store.list({ conditions, limit, offset: (page - 1) * limit })]);
      return { data, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },

    async countByStatus(): Promise<Record<ContactStatus, number>> {
      const counts = {} as Record<ContactStatus, number>;
      for (const status of CONTACT_STATUSES) counts[status] = await store.count([{ column: 'status', op: '=', value: status }]);
      return counts;
    },
  };
}

