import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureLanguages } from '../seed/base.ts';
import { createDiskStorage } from '../domain/media/media-storage.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createAppServices, type AppServices } from './app-services.ts';
import { listenForChanges } from './change-listener.ts';
import type { AppConfig } from './config.ts';
import type { BuildSource } from './ssr.ts';

/** How often counted views reach the database. */
const VIEW_FLUSH_MS = 5_000;
/** How often scheduled moments are looked for: a scheduled page shows within this of its time. */
const SCHEDULE_CHECK_MS = 10_000;
/** How often the Telegram outbox is looked at: a new request reaches the chat within this. */
const OUTBOX_CHECK_MS = 2_000;
/** How often old contact requests are looked for (the rule itself is in days). */
const RETENTION_CHECK_MS = 60 * 60 * 1000;
/** On start, moments this far back that nobody recorded yet (the site was down) are recorded. */
const SCHEDULE_CATCH_UP_MS = 24 * 60 * 60 * 1000;

/**
 * Background work run now and every `intervalMs`, one run at a time (a run still going is not
 * started again); `stop` ends the timer and waits for the run in progress. `work` handles its errors.
 */
function periodic(intervalMs: number, work: () => Promise<void>) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
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
  } = {},
): Promise<Application> {
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: options.schema });
  try {
    const applied = await migrateToLatest(database);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    const services = createAppServices({ database, config, storage: createDiskStorage(path.join(config.dataDir, 'uploads')), logger });

    const firstStart = await ensureLanguages(services);
    if (firstStart && config.demoContent && options.seedDemo) {
      logger.info('first start: creating the demo law firm');
      await options.seedDemo(services);
    }
    const admin = await services.auth.ensureFirstAdmin(config.adminEmail, config.adminPassword);
    if (admin === 'created') logger.info({ email: config.adminEmail }, 'first administrator created from ADMIN_EMAIL');
    if (admin === 'missing') logger.warn('no administrator yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run "npm run admin -- create <email>"');

    const app = await buildApp({ services, ssrBuild: options.ssrBuild, clientDirectory: CLIENT_BUILD, mode: options.mode, beforeRoutes: options.beforeRoutes });
    const stopListening = listenForChanges(services);
    // Views are counted in memory and written every few seconds (and once more on the way out).
    const writeViews = async () => {
      await services.flushViews().catch((error: unknown) => logger.error({ err: error }, 'could not write view counts; they wait for the next try'));
      await services.redirects.flushNotFound().catch((error: unknown) => logger.error({ err: error }, 'could not write the not-found log'));
    };
    const viewTimer = setInterval(writeViews, VIEW_FLUSH_MS);
    viewTimer.unref();
    // Scheduled publishing: when a moment comes, the caches that still hold the page before it go.
    let checkedUntil = new Date(Date.now() - SCHEDULE_CATCH_UP_MS).toISOString();
    const schedule = periodic(options.scheduleCheckMs ?? SCHEDULE_CHECK_MS, async () => {
      const until = new Date().toISOString();
      try {
        if ((await services.schedule.check(checkedUntil, until)) > 0) services.cache.clear();
        checkedUntil = until;
      } catch (error) {
        logger.error({ err: error }, 'could not check scheduled publishing; trying again shortly');
      }
    });
    // New contact requests reach the firm's Telegram chat from the outbox (retried, never lost).
    const send = services.sendTelegram;
    const outbox = send
      ? periodic(options.outboxCheckMs ?? OUTBOX_CHECK_MS, () =>
          services.outbox
            .deliverDue('telegram', (message) => send(message.payload.text))
            .then(() => undefined)
            .catch((error: unknown) => logger.error({ err: error }, 'could not read the Telegram outbox; trying again shortly')),
        )
      : undefined;
    // Old contact requests lose their personal data after the configured number of days. Asked
    // every hour (and at start); anonymising twice changes nothing, so instances need no claim.
    const retention = periodic(RETENTION_CHECK_MS, () =>
      services.siteConfig
        .get()
        .then((site) => services.contacts.anonymiseOlderThan(site.privacy.retentionDays))
        .then((count) => {
          if (count) logger.info({ count }, 'old contact requests anonymised');
        })
        .catch((error: unknown) => logger.error({ err: error }, 'could not anonymise old contact requests; trying again in an hour')),
    );
    let closing: Promise<void> | undefined;
    return {
      app,
      services,
      database,
      close() {
        closing ??= (async () => {
          await app.close();
          clearInterval(viewTimer);
          await Promise.all([schedule.stop(), outbox?.stop(), retention.stop()]);
          await writeViews();
          await stopListening();
          services.mailer?.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
