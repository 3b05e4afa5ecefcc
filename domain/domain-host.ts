import type { Database } from '../db/connection.ts';
import type { RenderWords } from './documents/render-html.ts';
import type { Scanner } from './intake/documents.ts';
import type { MediaStorage } from './media/media-storage.ts';
import type { ReviewNotice } from './notifications/review-notices.ts';
import type { StoredContact } from './contacts/contact-service.ts';
import type { ConsentKind, ConsentNotice } from './privacy/consent.ts';
import type { SiteConfig } from './site-config/site-config-schema.ts';
import type { ChangeEvent, RecordService } from './shared/record-service.ts';
import type { RecordTypeName, TypeNamed } from './registry.ts';

/** Where the domain reports what it cannot handle itself (the host's logger). */
interface DomainLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What the host (the HTTP server, a command, a test) gives the domain. */
export interface DomainHost {
  database: Database;
  storage: MediaStorage;
  log: DomainLog;
  /** The site's public address: canonical links, sitemaps, previews. */
  publicUrl: string;
  /** The firm's time zone (IANA): dates on pages, scheduled moments in the admin. */
  timeZone?: string;
  /** After every write: the host drops its caches and tells other instances. */
  changed?(event: ChangeEvent): Promise<void>;
  /** A contact request was stored (e-mail to the firm). */
  contactReceived?(request: StoredContact): void;
  /** A client's documents arrived through their link (e-mail to the firm: how many, their names, the link to the request). */
  documentsArrived?(request: { _id: string; subject: string }, files: Array<{ name: string; size: number }>): void;
  /** Telegram is set up: new requests go to the outbox, with the visitor's data or without. */
  telegram?: { personalData: boolean };
  /** A session unused this long ends (SESSION_IDLE_HOURS); every session ends after 7 days anyway. */
  sessionIdleHours?: number;
  /** false: only break-glass accounts sign in with a password (PASSWORD_SIGN_IN=false); the provider's name is in the refusal. */
  passwordSignIn?: { allowed: boolean; providerName?: string };
  /** The words around a document on a page (contents, notes) in a language, with its own interface texts. */
  documentWords?(lang: string, translations: Record<string, string>): RenderWords;
  /**
   * A form's consent in a language (app/site/consent-notice.ts, the function the page shows it with):
   * the words and facts a submission keeps, made here again, never taken from the visitor.
   */
  consentNotice(kind: ConsentKind, language: string, config: SiteConfig, translations: Record<string, string>, defaultLanguage: string): ConsentNotice;
  /** Someone was asked to review a record (e-mail to them when mail is set up). */
  reviewAssigned?(notice: ReviewNotice): void;
  /** E-mail can be sent (SMTP is set up): subscriptions to alerts are open. */
  mail?: boolean;
  /** Where clients' documents are kept (encrypted with `key`), where they wait while arriving, and clamd when it is connected. */
  documents: { storage: MediaStorage; key: () => Promise<Buffer>; staging: string; scan?: Scanner };
}


/** One service per record type of the registry: records.news, records.team, … */
export type RecordServices = { [N in RecordTypeName]: RecordService<TypeNamed<N>> };
