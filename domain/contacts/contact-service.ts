import type { StoredRecord } from '../shared/entity.ts';
import { notFound } from '../shared/errors.ts';
import { isId } from '../shared/ids.ts';
import type { RecordStore } from '../shared/record-store.ts';
import type { Actor, ServiceEnvironment } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { CONTACT_STATUSES, ContactFormSchema, ContactStatusSchema, type ContactStatus } from './contact-schema.ts';

export const CONTACT_THANK_YOU = 'Thank you for your message. We will respond within 24 hours.';

export function createContactService(store: RecordStore, environment: Pick<ServiceEnvironment, 'changed'>) {
  return {
    /** Stores a visitor's message with status `new`; it is saved before the visitor is answered. */
    async submit(body: unknown): Promise<StoredRecord> {
      const input = parseOrThrow(ContactFormSchema, assertObject(body));
      const created = await store.insert({ phone: '', service: '', ...input, status: 'new' });
      await environment.changed({ entity: 'contacts', action: 'create', id: created._id, summary: `Contact request from ${input.name}` });
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

    async countByStatus(): Promise<Record<ContactStatus, number>> {
      const counts = {} as Record<ContactStatus, number>;
      for (const status of CONTACT_STATUSES) counts[status] = await store.count([{ column: 'status', op: '=', value: status }]);
      return counts;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
