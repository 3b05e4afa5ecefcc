import type { StoredConsent } from '../privacy/consent.ts';

/** A registration as its table keeps it (event_registrations) and as the firm's screens and the pages read it. */
export const STATUSES = ['unconfirmed', 'registered', 'waitlisted', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];

export interface Registration {
  _id: string;
  eventId: string;
  name: string;
  email: string;
  company: string;
  language: string;
  status: Status;
  /** While unconfirmed: until when its place is held (null: no place was free, or the hold ran out). */
  heldUntil: string | null;
  confirmedAt: string | null;
  createdAt: string;
  cancelledAt: string | null;
  consent: StoredConsent;
}

/** A row of event_registrations as the database gives it back. */
export interface Row {
  id: string;
  event_id: string;
  name: string;
  email: string;
  company: string;
  language: string;
  status: string;
  consent: string;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  held_until: string | null;
  confirmed_at: string | null;
  client_key: string | null;
}

export const toRegistration = (row: Row): Registration => {
  let consent: Registration['consent'] = { version: '', text: '', facts: null, at: '', language: '' };
  try {
    consent = JSON.parse(row.consent) as Registration['consent'];
  } catch {
    // A row written by hand: its consent is shown empty.
  }
  return {
    _id: String(row.id),
    eventId: String(row.event_id),
    name: String(row.name),
    email: String(row.email),
    company: String(row.company ?? ''),
    language: String(row.language),
    status: STATUSES.find((status) => status === row.status) ?? 'registered',
    heldUntil: row.status === 'unconfirmed' && row.held_until ? String(row.held_until) : null,
    confirmedAt: row.confirmed_at ? String(row.confirmed_at) : null,
    createdAt: String(row.created_at),
    cancelledAt: row.cancelled_at ? String(row.cancelled_at) : null,
    consent,
  };
};
