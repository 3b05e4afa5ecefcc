import type { StoredRecord } from '../shared/entity.ts';
import type { ConsentFacts, ConsentKind } from './consent.ts';

/** One consent a person gave, wherever it is kept (GET /api/privacy/consents). */
export interface FoundConsent {
  kind: ConsentKind;
  /** The request's, subscription's or registration's id. */
  recordId: string;
  at: string;
  language: string;
  version: string;
  text: string;
  /** What the words stated; null for a consent kept before the facts were (its text may be empty too). */
  facts: ConsentFacts | null;
}

interface Kept {
  version?: unknown;
  text?: unknown;
  facts?: unknown;
  at?: unknown;
  language?: unknown;
  /** A request's consent kept before the words were (policyVersion, lang). */
  policyVersion?: unknown;
  lang?: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const isFacts = (value: unknown): value is ConsentFacts => typeof value === 'object' && value !== null && 'operator' in value;

function found(kind: ConsentKind, recordId: string, consent: unknown): FoundConsent | undefined {
  if (typeof consent !== 'object' || consent === null) return undefined;
  const kept: Kept = consent;
  const at = asText(kept.at);
  if (!at) return undefined;
  return {
    kind,
    recordId,
    at,
    language: asText(kept.language) || asText(kept.lang),
    version: asText(kept.version) || asText(kept.policyVersion),
    text: asText(kept.text),
    facts: isFacts(kept.facts) ? kept.facts : null,
  };
}

/** Where a person's consents are kept: their requests (messages, new matters, applications), subscription and registrations. */
export interface ConsentStores {
  requests(email: string): Promise<StoredRecord[]>;
  subscriptions(email: string): Promise<Array<{ _id: string; consent: unknown }>>;
  registrations(email: string): Promise<Array<{ _id: string; consent: unknown }>>;
}

const requestKind = (kind: unknown): ConsentKind => (kind === 'matter' ? 'matter' : kind === 'application' ? 'application' : 'contact');

/** Every consent given with this e-mail (any letter case), oldest first: the words and facts as shown then. */
export function createConsentLookup(stores: ConsentStores) {
  return async function consentsOf(email: string): Promise<FoundConsent[]> {
    const address = email.trim().toLowerCase();
    const [requests, subscriptions, registrations] = await Promise.all([stores.requests(address), stores.subscriptions(address), stores.registrations(address)]);
    const all = [
      ...requests.map((request) => found(requestKind(request.kind), request._id, request.consent)),
      ...subscriptions.map((subscription) => found('subscription', subscription._id, subscription.consent)),
      ...registrations.map((registration) => found('registration', registration._id, registration.consent)),
    ];
    return all.filter((consent): consent is FoundConsent => consent !== undefined).sort((a, b) => a.at.localeCompare(b.at));
  };
}
