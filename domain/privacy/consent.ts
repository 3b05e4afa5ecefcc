import type { TransferBasis } from '../site-config/site-config-schema.ts';

/*
 * A consent as the law asks it to be provable (Ministry of Justice order of 15 Nov 2023; Law No.
 * 1125 of 26 March 2026; docs/privacy-uz.md): the words a form showed and the facts they state,
 * kept with the record the form made. The words are made by app/site/consent-notice.ts from the
 * site configuration, once for the page and again, the same way, on the server when the form is
 * sent: what is stored never comes from the visitor.
 */

/** The forms that ask for consent. */
export const CONSENT_KINDS = ['contact', 'matter', 'subscription', 'registration', 'application'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What a consent's words state, as data (for the firm's look-up and for proof). */
export interface ConsentFacts {
  kind: ConsentKind;
  operator: { name: string; tin: string; address: string; registerNumber: string };
  purposes: string;
  data: string;
  recipients: string;
  retentionDays: number;
  crossBorder: { transfer: boolean; basis: TransferBasis | null; countries: string[] };
  policyVersion: string;
}

/** A form's consent: the words shown (the box's sentence, then the facts one by one) and the facts. */
export interface ConsentNotice {
  /** The privacy policy's version and a digest of the words: a new operator or basis is a new version. */
  version: string;
  /** Everything shown, as one text: the agreement, then the details. */
  text: string;
  agreement: string;
  details: string[];
  facts: ConsentFacts;
}

/** A consent as kept with a record. */
export interface StoredConsent {
  version: string;
  text: string;
  facts: ConsentFacts | null;
  at: string;
  language: string;
}

/** Makes the notice of a kind in a language from the current configuration (the host's words and the stored settings). */
export type ConsentNoticeOf = (kind: ConsentKind, language: string) => Promise<ConsentNotice>;

/** A stored consent, for a notice shown now. */
export const storedConsent = (notice: ConsentNotice, language: string, at = new Date().toISOString()): StoredConsent => ({
  version: notice.version,
  text: notice.text,
  facts: notice.facts,
  at,
  language,
});
