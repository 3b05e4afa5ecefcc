import type { StoredRecord } from '../shared/entity.ts';
import { badRequest } from '../shared/errors.ts';
import type { RecordStore } from '../shared/record-store.ts';
import type { Actor, ServiceEnvironment } from '../shared/record-service.ts';
import { wholeLinePattern } from '../shared/search.ts';

/** What an anonymised request's name, subject and message read. */
export const ANONYMISED = '[removed]';

/** The e-mail of an export or erase: one whole address, compared as stored (lower case). */
function emailParameter(value: unknown): string {
  const address = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 320) throw badRequest('Give the e-mail address whose requests you mean, such as name@example.uz');
  return address;
}

/**
 * The senders' personal data: what a person may ask to see or have forgotten, and what the
 * retention periods anonymise or erase. What else holds a request's traces is cleared with it
 * (`dropped`: its documents; `forget`: the activity log, unsent messages).
 */
export function createContactPersonalData(
  store: RecordStore,
  environment: Pick<ServiceEnvironment, 'changed'>,
  forget?: (ids: string[]) => Promise<void>,
  dropped?: (ids: string[]) => Promise<void>,
) {
  /** Requests sent with this e-mail in any letter case (the search column narrows, then exactly). */
  async function byEmail(address: string): Promise<StoredRecord[]> {
    const candidates = await store.list({ conditions: [{ column: 'search_text', op: 'like', pattern: wholeLinePattern(address) }] });
    return candidates.filter((record) => String(record.email).toLowerCase() === address);
  }

  return {
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
  };
}
