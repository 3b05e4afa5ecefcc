import { createDocumentStorage } from './intake/document-store.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openDatabase, RUNNING_FILE, type Database } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { answeringVisitor } from '../domain/shared/read-tracker.ts';
import { ensureLanguages } from '../seed/base.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createAppServices, type AppServices } from './app-services.ts';
import { listenForChanges } from './change-listener.ts';
import { createMediaStorage } from './media/storage.ts';
import type { AppConfig } from './config.ts';
import type { BuildSource } from './ssr.ts';
import { periodicJobs, startJobs } from './periodic-jobs.ts';
import type { StartupPhase } from './startup-gate.ts';
import type { UploadLimits } from './intake/upload-places.ts';

/** How long a stop waits for answers still being sent before it closes their connections. */
const CLOSE_GRACE_MS = 5_000;

/** How often counted views reach the database. */
const VIEW_FLUSH_MS = 5_000;
/** The user agent the cache warmer renders pages as: a bot's, so no view or visit is counted. */
const CACHE_WARMER = 'LexsiteCacheWarmer/1.0 (+bot)';

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
    /** Tests check the replica's state more often than the default 2 s. */
    replicaCheckMs?: number;
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
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: options.schema,
    replica: config.replica && { ...config.replica, visitorRead: answeringVisitor, checkEveryMs: options.replicaCheckMs },
  });
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
    // Every periodic job (server/periodic-jobs.ts): the schedule, the outboxes, retention, the link check, backups.
    const jobs = startJobs(periodicJobs(services, config, { database, storage }, options), services);
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
          // Requests in flight finish; a client that stopped reading its answer is cut off after
          // a grace (idle connections close at once; kept alive 72 s, they would hold the stop).
          const grace = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
          await app.close().finally(() => clearTimeout(grace));
          clearInterval(viewTimer);
          services.linkChecks.stop();
          await jobs.stop();
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
