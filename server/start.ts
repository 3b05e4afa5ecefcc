import { createDocumentStorage } from './intake/document-store.ts';
import { pickText } from '../domain/shared/localized.ts';
import { TelegramError } from './telegram.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openDatabase, RUNNING_FILE, type Database } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureLanguages } from '../seed/base.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createAppServices, type AppServices } from './app-services.ts';
import { listenForChanges } from './change-listener.ts';
import { createMediaStorage } from './media/storage.ts';
import type { AppConfig } from './config.ts';
import type { BuildSource } from './ssr.ts';
import { createScheduledBackups } from './operations/scheduled-backups.ts';
import type { StartupPhase } from './startup-gate.ts';
import type { UploadLimits } from './intake/upload-places.ts';

/** How often counted views reach the database. */
const VIEW_FLUSH_MS = 5_000;
/** How often scheduled moments are looked for: a scheduled page shows within this of its time. */
const SCHEDULE_CHECK_MS = 10_000;
/** The Bot API parameters of a channel post (HTML parse mode: the text is escaped when queued). */
function channelParams(payload: { chatId?: string; text: string; method?: string; photo?: string; messageId?: string }): Record<string, unknown> {
  const common = { chat_id: payload.chatId, parse_mode: 'HTML' };
  switch (payload.method) {
    case 'sendPhoto':
      return { ...common, photo: payload.photo, caption: payload.text };
    case 'editMessageCaption':
      return { ...common, message_id: Number(payload.messageId), caption: payload.text };
    case 'editMessageText':
      return { ...common, message_id: Number(payload.messageId), text: payload.text };
    default:
      return { ...common, text: payload.text };
  }
}

/** How often the Telegram outbox is looked at: a new request reaches the chat within this. */
const OUTBOX_CHECK_MS = 2_000;
/** How often old contact requests are looked for (the rule itself is in days). */
const RETENTION_CHECK_MS = 60 * 60 * 1000;
/** Whether this week's link check is due is asked every hour, the first time an hour after start (not at every start). */
const LINK_CHECK_MS = 60 * 60 * 1000;
/** On start, moments this far back that nobody recorded yet (the site was down) are recorded. */
const SCHEDULE_CATCH_UP_MS = 24 * 60 * 60 * 1000;

/** How often a scheduled backup is looked for (the interval itself is BACKUP_INTERVAL_HOURS). */
const BACKUP_CHECK_MS = 5 * 60 * 1000;
/** The user agent the cache warmer renders pages as: a bot's, so no view or visit is counted. */
const CACHE_WARMER = 'LexsiteCacheWarmer/1.0 (+bot)';

/**
 * Background work run now and every `intervalMs`, one run at a time (a run still going is not
 * started again); `stop` ends the timer and waits for the run in progress. A failure is logged
 * with `failure` and counted; the next run tries again. `work` answers 'skipped' when another
 * instance did the work.
 */
function periodic(job: { name: string; everyMs: number; failure: string; notAtStart?: boolean }, services: AppServices, work: () => Promise<'skipped' | void>) {
  let running: Promise<void> | undefined;
  const run = () => {
    const started = performance.now();
    running ??= work()
      .then((outcome) => services.metrics?.job(job.name, outcome ?? 'ok', (performance.now() - started) / 1000))
      .catch((error: unknown) => {
        services.logger.error({ err: error, job: job.name }, job.failure);
        services.metrics?.job(job.name, 'failed', (performance.now() - started) / 1000);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, job.everyMs);
  timer.unref();
  if (!job.notAtStart) run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_BUILD = path.join(ROOT, 'build/server/index.js');
export const CLIENT_BUILD = path.join(ROOT, 'build/client');

export interface Application {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  /** Renders the most visited pages into the page cache; answers how many it kept. */
  warmCache(): Promise<number>;
  /** Stops accepting, finishes requests in flight, then closes the database. */
  close(): Promise<void>;
}

/** Loads the production server build when there is one. */
export async function loadServerBuild(): Promise<BuildSource | undefined> {
  if (!fs.existsSync(SERVER_BUILD)) return undefined;
  return (await import(pathToFileURL(SERVER_BUILD).href)) as BuildSource;
}

/** Opens the database, migrates, creates what a first start needs, and builds the HTTP app. */
export async function startApplication(
  config: AppConfig,
  logger: Logger,
  options: {
    schema?: string;
    ssrBuild?: BuildSource;
    mode?: AppOptions['mode'];
    beforeRoutes?: AppOptions['beforeRoutes'];
    seedDemo?: (services: AppServices) => Promise<void>;
    /** Tests look for scheduled moments more often than the default 10 s. */
    scheduleCheckMs?: number;
    /** Tests look at the outbox more often than the default 2 s. */
    outboxCheckMs?: number;
    /** Tests take scheduled backups every few hundred milliseconds instead of BACKUP_INTERVAL_HOURS. */
    backupIntervalMs?: number;
    /** Tests cut anonymous uploads off after a second or two instead of UPLOAD_LIMITS' half minute. */
    uploadLimits?: Partial<UploadLimits>;
    /** Told what start-up is doing (the startup gate answers with it). */
    onPhase?: (phase: StartupPhase) => void;
  } = {},
): Promise<Application> {
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: options.schema });
  // An SQLite site says which process runs it, so that a restore refuses to replace it underneath.
  const pidFile = database.location.dialect === 'sqlite' ? path.join(config.dataDir, RUNNING_FILE) : undefined;
  try {
    if (pidFile) fs.writeFileSync(pidFile, String(process.pid));
    options.onPhase?.('migrating');
    const applied = await migrateToLatest(database);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const storage = await createMediaStorage(config);
    // A wrong bucket or key should be seen at once, not at the first upload; the site still starts.
    await storage.check?.().catch((error: unknown) => logger.error({ err: error }, 'the S3 media store cannot be reached: check S3_ENDPOINT, S3_BUCKET and the keys'));
    const prometheus = config.metricsToken ? await import('./http/prometheus.ts') : undefined;
    const documentStorage = await createDocumentStorage(config);
    // Without DOCUMENT_KEY the key is made in DATA_DIR/keys: whoever copies the data folder has the documents too.
    if (config.production && !config.intake.documentKey) {
      logger.warn(
        'DOCUMENT_KEY is not set: clients’ documents are encrypted with a key kept in DATA_DIR/keys, beside the data it protects. Set DOCUMENT_KEY (openssl rand -base64 32, or the content of DATA_DIR/keys/documents.key once documents exist) and keep a copy of it apart from the data and its backups.',
      );
    }
    const services = createAppServices({ database, config, storage, documentStorage, logger, uploadLimits: options.uploadLimits, metrics: prometheus && ((cache) => prometheus.createMetrics({ database, cache })) });

    // Instances started together on a new database create the languages, the demo and the first administrator once.
    const admin = await database.exclusively('first-start', async () => {
      const firstStart = await ensureLanguages(services);
      if (firstStart && config.demoContent && options.seedDemo) {
        logger.info('first start: creating the demo law firm');
        options.onPhase?.('seeding');
        await options.seedDemo(services);
      }
      return services.auth.ensureFirstAdmin(config.adminEmail, config.adminPassword);
    });
    await services.refreshSiteLanguages();
    // Search texts made by an older version are written anew (once; a few seconds for 10,000 articles).
    const rederived = await services.refreshDerivedColumns();
    if (rederived) logger.info({ rows: rederived }, 'search texts written anew');
    if (admin === 'created') logger.info({ email: config.adminEmail }, 'first administrator created from ADMIN_EMAIL');
    if (admin === 'missing') logger.warn('no administrator yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run "npm run admin -- create <email>"');

    const app = await buildApp({ services, ssrBuild: options.ssrBuild, clientDirectory: CLIENT_BUILD, mode: options.mode, beforeRoutes: options.beforeRoutes });
    const stopListening = listenForChanges(services);
    // Views are counted in memory and written every few seconds (and once more on the way out).
    const writeViews = async () => {
      await services.flushViews().catch((error: unknown) => logger.error({ err: error }, 'could not write view counts; they wait for the next try'));
      await services.flushVisits().catch((error: unknown) => logger.error({ err: error }, 'could not write visit statistics; they wait for the next try'));
      await services.redirects.flushNotFound().catch((error: unknown) => logger.error({ err: error }, 'could not write the not-found log'));
    };
    const viewTimer = setInterval(writeViews, VIEW_FLUSH_MS);
    viewTimer.unref();
    // Scheduled publishing: when a moment comes, the caches that still hold the page before it go.
    let checkedUntil = new Date(Date.now() - SCHEDULE_CATCH_UP_MS).toISOString();
    const schedule = periodic({ name: 'schedule', everyMs: options.scheduleCheckMs ?? SCHEDULE_CHECK_MS, failure: 'could not check scheduled publishing; trying again shortly' }, services, async () => {
      const until = new Date().toISOString();
      if ((await services.schedule.check(checkedUntil, until)) > 0) services.cache.clear();
      checkedUntil = until;
      // An event registration's hold that ran out frees its place (its page's count, the waiting list).
      await services.registrations.releaseExpired();
    });
    // New contact requests reach the firm's Telegram chat from the outbox (retried, never lost).
    const send = services.sendTelegram;
    const outbox = send
      ? periodic({ name: 'telegram_outbox', everyMs: options.outboxCheckMs ?? OUTBOX_CHECK_MS, failure: 'could not read the Telegram outbox; trying again shortly' }, services, async () => {
          await services.outbox.deliverDue('telegram', (message) => send(message.payload.text, message.payload.chatId));
        })
      : undefined;
    // Posts to the firm's channels from the outbox; each row learns its message's id or Telegram's reason.
    const call = services.callTelegram;
    const channelOutbox = call
      ? periodic({ name: 'channel_outbox', everyMs: options.outboxCheckMs ?? OUTBOX_CHECK_MS, failure: 'could not read the channel posts outbox; trying again shortly' }, services, async () => {
          await services.outbox.deliverDue('telegram-channel', async ({ payload }) => {
            const postId = payload.postId ?? '';
            try {
              const result = await call(payload.method ?? 'sendMessage', channelParams(payload));
              const messageId = typeof result === 'object' && result !== null && 'message_id' in result ? String(result.message_id) : undefined;
              await services.channelPosts.delivered(postId, messageId);
            } catch (error) {
              // Editing with the text the post already has: Telegram says so, and the post is as wanted.
              if (error instanceof TelegramError && /message is not modified/i.test(error.message)) return services.channelPosts.delivered(postId, undefined);
              await services.channelPosts.refused(postId, error instanceof Error ? error.message : String(error), error instanceof TelegramError && error.final);
              throw error;
            }
          }, 20, true);
        })
      : undefined;
    // E-mails from the outbox: retried, never lost, each sent by one instance. Two queues, each
    // looked at on its own, so that neither waits for the other's sending:
    // - 'mail-first': what a person waits for (a password link, a client's upload link, the
    //   confirmation of their own subscription or registration). Sent at once, never held back by
    //   the rate; its volume is bounded where it is asked for (per-address and site-wide limits).
    // - 'mail': the alerts to subscribers, at most MAIL_RATE_PER_MINUTE a minute counted over all
    //   instances and both queues (the provider's limit): what the first queue sent leaves less room.
    const mailer = services.mailer;
    const mailPeriodic = (name: string, work: (deliver: (message: { payload: Parameters<NonNullable<typeof mailer>['send']>[2] }) => Promise<void>) => Promise<void>) =>
      mailer
        ? periodic({ name, everyMs: options.outboxCheckMs ?? OUTBOX_CHECK_MS, failure: 'could not read the mail outbox; trying again shortly' }, services, async () => {
            const site = await services.siteConfig.get();
            await work((message) => mailer.send(site.contactInfo.email, pickText(site.companyName, 'en'), message.payload));
          })
        : undefined;
    const firstMail = mailPeriodic('mail_first_outbox', async (deliver) => {
      while ((await services.outbox.deliverDue('mail-first', deliver, 20)) === 20);
    });
    const mailOutbox = mailPeriodic('mail_outbox', async (deliver) => {
      // What became public with "notify" is queued first (once, whichever instance looks).
      const queued = await services.alerts.sendDue();
      if (queued) logger.info({ queued }, 'alerts queued for subscribers');
      const minuteAgo = new Date(Date.now() - 60_000).toISOString();
      const room = services.config.mailRatePerMinute - (await services.outbox.sentSince('mail', minuteAgo)) - (await services.outbox.sentSince('mail-first', minuteAgo));
      if (room > 0) await services.outbox.deliverDue('mail', deliver, Math.min(room, 50));
    });
    // Old contact requests lose their personal data after the configured number of days. Asked
    // every hour (and at start); anonymising twice changes nothing, so instances need no claim.
    const retention = periodic({ name: 'retention', everyMs: RETENTION_CHECK_MS, failure: 'could not anonymise old contact requests; trying again in an hour' }, services, async () => {
      const site = await services.siteConfig.get();
      const count = await services.contacts.anonymiseOlderThan(site.privacy.retentionDays);
      if (count) logger.info({ count }, 'old contact requests anonymised');
      // Registrations for events that ended EVENT_RETENTION_DAYS ago are erased, with their unsent e-mails.
      const erased = await services.registrations.forgetEnded(services.config.eventRetentionDays);
      if (erased.length) {
        await services.outbox.forget(erased.map((id) => `event-registrations/${id}`));
        logger.info({ count: erased.length }, 'registrations of past events erased');
      }
      // Clients' documents go DOCUMENT_RETENTION_DAYS after they came, unless the matter was opened;
      // applications (with their CVs) APPLICATION_RETENTION_DAYS after they came.
      const documents = await services.intakeDocuments.forgetOlderThan(services.config.intake.documentRetentionDays);
      if (documents) logger.info({ count: documents }, 'old client documents deleted');
      const applications = await services.contacts.eraseApplicationsOlderThan(services.config.intake.applicationRetentionDays);
      if (applications.length) logger.info({ count: applications.length }, 'old applications erased');
      // Addresses not confirmed within 7 days are forgotten, with their unsent confirmation.
      const forgotten = await services.subscriptions.forgetUnconfirmed();
      if (forgotten.length) {
        await services.outbox.forget(forgotten.map((id) => `subscribers/${id}`));
        logger.info({ count: forgotten.length }, 'unconfirmed subscriptions forgotten');
      }
    });
    // Outside links of public records, asked once a week by one instance (the site report lists the broken).
    const links = periodic({ name: 'link_check', everyMs: LINK_CHECK_MS, notAtStart: true, failure: 'the weekly link check failed; it is tried again at the next check' }, services, async () => {
      const result = await services.linkChecks.runIfDue();
      if (result === 'skipped') return 'skipped';
      logger.info(result, 'outside links checked');
    });
    // Backups into BACKUP_DIR every BACKUP_INTERVAL_HOURS, written by one instance only.
    let backups: ReturnType<typeof periodic> | undefined;
    if (config.backups) {
      const { directory, keep, intervalHours } = config.backups;
      const scheduled = createScheduledBackups({ database, storage, documents: services.documentStorage, directory, keep, intervalMs: options.backupIntervalMs ?? intervalHours * 3600 * 1000, key: config.backupKey });
      const everyMs = Math.min(BACKUP_CHECK_MS, options.backupIntervalMs ?? BACKUP_CHECK_MS);
      backups = periodic({ name: 'backup', everyMs, failure: 'the scheduled backup failed; it is tried again at the next check' }, services, async () => {
        const result = await scheduled.runIfDue();
        if (result === 'skipped') return 'skipped';
        logger.info({ file: result.file, bytes: result.bytes, rows: result.rows, files: result.files, removed: result.removed }, 'scheduled backup written');
      });
    }
    let closing: Promise<void> | undefined;
    return {
      app,
      services,
      database,
      /**
       * After a start the page cache is empty: the pages most visited in the last week (and each
       * language's home page) are rendered in the background, one at a time, so the first readers
       * get them from memory. Counted as nobody's visit (a crawler's user agent).
       */
      async warmCache(): Promise<number> {
        if (!options.ssrBuild) return 0;
        const [report, languages, defaultLanguage] = await Promise.all([services.visitReport(7), services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
        const homes = languages.map((language) => (language.code === defaultLanguage ? '/' : `/${String(language.code).toLowerCase()}`));
        const paths = [...new Set([...homes, ...report.byPage.map((entry) => entry.path)])];
        let warmed = 0;
        for (const path of paths) {
          if (services.stopping()) break;
          const url = encodeURI(path);
          if (services.cache.get(url)) continue;
          const response = await app.inject({ method: 'GET', url, headers: { 'user-agent': CACHE_WARMER } });
          if (response.statusCode === 200) warmed += 1;
        }
        return warmed;
      },
      close() {
        closing ??= (async () => {
          services.markStopping();
          await app.close();
          clearInterval(viewTimer);
          services.linkChecks.stop();
          await Promise.all([schedule.stop(), outbox?.stop(), mailOutbox?.stop(), firstMail?.stop(), channelOutbox?.stop(), retention.stop(), backups?.stop(), links.stop()]);
          await writeViews();
          await stopListening();
          services.mailer?.close();
          storage.close?.();
          await database.close();
          if (pidFile) fs.rmSync(pidFile, { force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    if (pidFile) fs.rmSync(pidFile, { force: true });
    throw error;
  }
}
