import { randomUUID } from 'node:crypto';
import { createTranslator } from '../app/i18n/translator.ts';
import { consentNotice } from '../app/site/consent-notice.ts';
import { sql } from 'kysely';
import { createTermService } from '../domain/terms/term-service.ts';
import type { Logger } from 'pino';
import type { Database } from '../db/connection.ts';
import { createDomainServices } from '../domain/app-services.ts';
import { createEdits } from '../domain/editing/edits.ts';
import { createLinkCheckJob } from '../domain/checks/link-check-job.ts';
import { createLinkAsker } from './link-asker.ts';
import type { MediaStorage } from '../domain/media/media-storage.ts';
import { clamdScanner } from './intake/clamav.ts';
import { documentKey, stagingFolder } from './intake/document-store.ts';
import { pickText } from '../domain/shared/localized.ts';
import { touchedBy } from '../domain/shared/read-tracker.ts';
import { RECORD_TYPES } from '../domain/registry.ts';
import type { AppConfig } from './config.ts';
import { createIndexNow } from '../domain/site/index-now.ts';
import { createContactMailer } from './contact-mailer.ts';
import { documentsMail, requestMail } from '../domain/notifications/firm-mail.ts';
import { createBotCaller, createTelegramSender } from './telegram.ts';
import type { SiteLanguages } from './http/language-choice.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import type { Metrics } from './http/prometheus.ts';
import { UPLOAD_LIMITS, uploadPlaces, type UploadLimits } from './intake/upload-places.ts';
import { createMachineTranslator } from './machine-translation/providers.ts';
import { createMachineMarks } from '../domain/translation/machine-drafts.ts';
import { createEdgePurges, type EdgePurges } from './edge/edge-purges.ts';

export const CHANGE_CHANNEL = 'lexsite_changes';

/** What a write changed, as other instances hear it. */
export interface ChangeNotice {
  entity: string;
  id: string;
  /** The schema written to: sites (or test runs) sharing one database in their own schemas hear only their own changes. */
  schema?: string;
  /** The instance that wrote: it dropped what the change affects before telling, and skips its own notice. */
  instance?: string;
}

/** The tables whose every read is noted (record types): a write to one drops only the answers that read it. */
const TRACKED_TABLES = new Set(RECORD_TYPES.map((type) => type.table));

/**
 * Drops the cached answers a change affects: of a record type, those that read its table or that
 * record; anything else (site configuration, languages, media, redirects) drops them all.
 */
export function forgetChange(cache: ResponseCache, change: ChangeNotice): void {
  if (TRACKED_TABLES.has(change.entity) && change.id) cache.invalidate(touchedBy(change.entity, change.id));
  else cache.clear();
}

/**
 * The domain services with what the HTTP host adds on its side: configuration, the response
 * cache (dropped on every write, here and on other instances), the mailer and the logger.
 */
export function createAppServices(options: {
  database: Database;
  config: AppConfig;
  storage: MediaStorage;
  /** Clients' documents, encrypted (server/intake/document-store.ts). */
  documentStorage: MediaStorage;
  logger: Logger;
  /** With METRICS_TOKEN: makes the metrics, given the response cache they report on. */
  metrics?: (cache: ResponseCache) => Metrics;
  /** Shorter time limits for anonymous uploads (tests); the rest stay as in UPLOAD_LIMITS. */
  uploadLimits?: Partial<UploadLimits>;
  /** The terms a machine draft must leave as they are (the termbase's `doNotTranslate`); none without it. */
  doNotTranslate?: () => Promise<string[]>;
}) {
  const { database, config, storage, documentStorage, logger } = options;
  const cache = createResponseCache();
  // This process among the instances sharing the database: the change notices it sends name it.
  const instance = randomUUID();
  // The languages a visitor may be sent to from the home page, known without waiting (server/http/language-choice.ts).
  let siteLanguages: SiteLanguages | undefined;
  const changeListeners: Array<() => void> = [];
  const mailer = createContactMailer(config.smtpUrl, logger, config.dkim);
  // The admin forms' autosaves and presence (API-4.md "Never losing an edit"): a deleted record's go with it.
  const edits = createEdits(database, RECORD_TYPES);
  // With EDGE_PURGE: the CDN or shared cache in front is purged by tag after each write (server/edge/).
  let edge: EdgePurges | undefined;

  const domain = createDomainServices({
    database,
    storage,
    documents: { storage: documentStorage, key: documentKey(config), staging: stagingFolder(config), scan: config.intake.clamavSocket ? clamdScanner(config.intake.clamavSocket) : undefined },
    log: logger,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    sessionIdleHours: config.sessionIdleHours,
    passwordSignIn: { allowed: config.passwordSignIn, providerName: config.oidc?.name },
    documentWords(lang, translations) {
      const t = createTranslator(lang, 'uz', translations);
      return { contents: t('document.contents'), notes: t('document.notes'), backToText: t('document.backToText'), table: t('document.table') };
    },
    // The same function the page shows a form's consent with (app/site/consent-notice.ts).
    consentNotice: (kind, language, site, translations, defaultLanguage) => consentNotice(kind, site, language, defaultLanguage, createTranslator(language, defaultLanguage, translations)),
    telegram: config.telegram ? { personalData: config.telegram.personalData } : undefined,
    mail: Boolean(mailer),
    async changed(event) {
      // Before the cache drops the pages: the page made again reads the primary, not a replica behind it.
      database.replica?.noteWrite();
      forgetChange(cache, event);
      if (event.entity === 'languages') await refreshSiteLanguages();
      for (const listener of changeListeners) listener();
      if (database.dialect === 'postgres') {
        // Other app instances drop the same answers (see server/change-listener.ts): told first, before the work below.
        const change: ChangeNotice = { entity: event.entity, id: event.id, schema: database.schema ?? '', instance };
        await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(change)})`.execute(database.db).catch((error: unknown) => {
          logger.warn({ err: error }, 'could not tell other instances about a change');
        });
      }
      await edits.changed(event);
      await edge?.changed(event).catch((error: unknown) => logger.error({ err: error }, 'could not queue the purge of the shared cache in front'));
      // After the write's own work, not in it: a search engine's queue never slows a save.
      if (indexNow) void indexNow.changed(event).catch((error: unknown) => logger.error({ err: error, entity: event.entity, id: event.id }, 'could not queue a change for IndexNow'));
    },
    contactReceived(request) {
      if (!mailer) return;
      void (async () => {
        const site = await domain.siteConfig.get();
        if (!site.privacy.emailRequests) return;
        const language = await domain.languages.defaultLanguage();
        const conflicts = request.kind === 'matter' ? await domain.conflictsOf(request) : [];
        const mail = requestMail(request, conflicts, { language, publicUrl: config.publicUrl });
        await mailer.notify(site.contactInfo.email, pickText(site.companyName, language), mail, { name: request.name, address: request.email }, `contacts/${request._id}`);
      })().catch((error: unknown) => logger.error({ err: error }, 'could not e-mail a contact request'));
    },
    documentsArrived(request, files) {
      if (!mailer) return;
      void (async () => {
        const site = await domain.siteConfig.get();
        if (!site.privacy.emailRequests) return;
        const language = await domain.languages.defaultLanguage();
        await mailer.notify(site.contactInfo.email, pickText(site.companyName, language), documentsMail(request, files, { language, publicUrl: config.publicUrl }), undefined, `contacts/${request._id}`);
      })().catch((error: unknown) => logger.error({ err: error }, 'could not e-mail that documents arrived'));
    },
    reviewAssigned(notice) {
      if (!mailer) return;
      void domain.siteConfig
        .get()
        .then((site) => mailer.reviewRequest(site.contactInfo.email, pickText(site.companyName, 'en'), notice))
        .catch((error: unknown) => logger.error({ err: error }, 'could not e-mail a review request'));
    },
  });

  async function refreshSiteLanguages() {
    try {
      const [active, defaultCode] = await Promise.all([domain.languages.list({ admin: false }), domain.languages.defaultLanguage()]);
      siteLanguages = { codes: active.map((language) => String(language.code)), defaultCode };
    } catch (error) {
      logger.warn({ err: error }, 'could not read the site languages; the home page does not redirect until they are read');
    }
  }

  // With INDEXNOW_KEY: changed public pages queued for the search engines (the outbox sends them).
  const indexNow = config.indexNow
    ? createIndexNow({
        database,
        outbox: domain.outbox,
        publicUrl: config.publicUrl,
        types: RECORD_TYPES,
        addressOf: (type, id) => domain.recordService(type).publicAddressOf(id),
        languages: async () => ({ codes: (await domain.languages.list({ admin: false })).map((language) => String(language.code)), defaultLanguage: await domain.languages.defaultLanguage() }),
      })
    : undefined;
  const sendTelegram = config.telegram ? createTelegramSender(config.telegram) : undefined;
  /** Any Bot API method (the channel posts' outbox uses it). */
  const callTelegram = config.telegram ? createBotCaller(config.telegram) : undefined;
  // The weekly check of outside links (API-3.md "Checks before publishing").
  const linkChecks = createLinkCheckJob({ database, checks: domain.checks, ask: createLinkAsker(config.linkCheck), limit: config.linkCheck.limit });
  // Counted only when someone may read them (METRICS_TOKEN): no cost on the hot path otherwise.
  const metrics = options.metrics?.(cache);
  if (config.edge) {
    edge = createEdgePurges({ config: config.edge, outbox: domain.outbox, logger, trackedTables: TRACKED_TABLES, counted: (outcome, calls) => metrics?.edgePurges(outcome, calls) });
  }
  let stopping = false;

  const terms = createTermService(database, (event) => domain.activity.record(event));
  return {
    ...domain,
    /** Autosaves and presence of the admin's forms, on one clock a test may move. */
    edits,
    /** The termbase (API-4.md "The translation desk"); the checks read it from the database themselves. */
    terms,
    /** Sends to the firm's Telegram chat now (the outbox and the test button use it). */
    sendTelegram,
    callTelegram,
    linkChecks,
    config,
    cache,
    /** Names this process in the change notices it sends (server/change-listener.ts skips its own). */
    instance,
    logger,
    documentStorage,
    mailer,
    metrics,
    /** The purges of the CDN or shared cache in front (EDGE_PURGE); undefined when there is none. */
    edge,
    /**
     * Machine drafts (MT_PROVIDER; API-4.md "The translation desk"): the service (undefined: none),
     * the texts it wrote that nobody confirmed, and the "do not translate" terms it is sent protected.
     * doNotTranslate: every form, in every language, of the termbase's "do not translate" terms.
     */
    machineTranslation: {
      translator: config.machineTranslation ? createMachineTranslator(config.machineTranslation) : undefined,
      marks: createMachineMarks(database),
      doNotTranslate: options.doNotTranslate ?? (async (): Promise<string[]> => (await terms.list()).filter((term) => term.doNotTranslate).flatMap((term) => Object.values(term.entries).flat())),
    },
    /** The anonymous uploads' places of this instance (server/intake/upload-places.ts). */
    uploadPlaces: uploadPlaces({ ...UPLOAD_LIMITS, ...options.uploadLimits }),
    /** True once this instance started to stop: its readiness check then fails. */
    stopping: () => stopping,
    markStopping() {
      stopping = true;
    },
    /** The active languages and the default one, as last read (undefined before the first read). */
    siteLanguages: () => siteLanguages,
    refreshSiteLanguages,
    /** Called when another instance (or this one) changed data. */
    onChange: (listener: () => void) => changeListeners.push(listener),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
