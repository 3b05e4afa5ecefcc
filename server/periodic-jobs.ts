import { pickText } from '../domain/shared/localized.ts';
import type { AppServices } from './app-services.ts';
import type { AppConfig } from './config.ts';
import type { Database } from '../db/connection.ts';
import type { MediaStorage } from '../domain/media/media-storage.ts';
import { createScheduledBackups } from './operations/scheduled-backups.ts';
import { TelegramError } from './telegram.ts';
import { indexNowRequest } from '../domain/site/index-now.ts';

/** How long IndexNow is given to answer. */
const INDEXNOW_TIMEOUT_MS = 10_000;

/**
 * One IndexNow submission (POST JSON, https://www.indexnow.org/documentation): 200 or 202 is
 * taken; 429 and the server's own errors are tried again later; a refused key, addresses not of
 * this host or a malformed request (400, 403, 422) are not, and say what to fix.
 */
async function sendIndexNow(setup: { key: string; url: string }, publicUrl: string, urls: string[]): Promise<void> {
  if (!urls.length) return;
  const response = await fetch(setup.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(indexNowRequest(publicUrl, setup.key, urls)),
    signal: AbortSignal.timeout(INDEXNOW_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status === 200 || response.status === 202) return;
  const why: Record<number, string> = {
    400: 'IndexNow refused the request as malformed',
    403: `IndexNow did not accept the key: check that ${publicUrl}/${setup.key}.txt answers it (PUBLIC_URL and INDEXNOW_KEY)`,
    422: `IndexNow says the addresses are not of the host in PUBLIC_URL (${publicUrl})`,
  };
  const error = new Error(why[response.status] ?? `IndexNow answered ${response.status}; trying again later`);
  throw response.status in why ? Object.assign(error, { final: true }) : error;
}

/** How often scheduled moments are looked for: a scheduled page shows within this of its time. */
const SCHEDULE_CHECK_MS = 10_000;
/** How often the outboxes are looked at: a new request reaches the chat within this. */
const OUTBOX_CHECK_MS = 2_000;
/** How often old contact requests are looked for (the rule itself is in days). */
const RETENTION_CHECK_MS = 60 * 60 * 1000;
/** Whether this week's link check is due is asked every hour, the first time an hour after start (not at every start). */
const LINK_CHECK_MS = 60 * 60 * 1000;
/** On start, moments this far back that nobody recorded yet (the site was down) are recorded. */
const SCHEDULE_CATCH_UP_MS = 24 * 60 * 60 * 1000;
/** How often a scheduled backup is looked for (the interval itself is BACKUP_INTERVAL_HOURS). */
const BACKUP_CHECK_MS = 5 * 60 * 1000;

/**
 * Background work the server runs every `everyMs` (and at start unless `notAtStart`). `instances`:
 * 'all' when every instance runs it (the work is shared safely: an outbox message is claimed by
 * one, anonymising twice changes nothing), 'one' when the work itself is claimed by one instance
 * and answers 'skipped' on the others. A failure is logged with `failure`; the next run tries again.
 */
interface PeriodicJob {
  name: string;
  everyMs: number;
  instances: 'all' | 'one';
  notAtStart?: boolean;
  failure: string;
  run(): Promise<'skipped' | void>;
}

/** What tests change of the jobs' timing (start.ts options). */
interface JobTiming {
  scheduleCheckMs?: number;
  outboxCheckMs?: number;
  backupIntervalMs?: number;
}

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

/**
 * Every periodic job of the server, declared once; a job whose channel is not set up (no bot, no
 * mail, no BACKUP_DIR) is not in the list.
 */
export function periodicJobs(services: AppServices, config: AppConfig, host: { database: Database; storage: MediaStorage }, timing: JobTiming = {}): PeriodicJob[] {
  const { logger, outbox } = services;
  const outboxEveryMs = timing.outboxCheckMs ?? OUTBOX_CHECK_MS;
  // Scheduled publishing: when a moment comes, the caches that still hold the page before it go.
  let checkedUntil = new Date(Date.now() - SCHEDULE_CATCH_UP_MS).toISOString();
  const jobs: Array<PeriodicJob | false> = [
    {
      name: 'schedule',
      everyMs: timing.scheduleCheckMs ?? SCHEDULE_CHECK_MS,
      instances: 'all',
      failure: 'could not check scheduled publishing; trying again shortly',
      async run() {
        const until = new Date().toISOString();
        if ((await services.schedule.check(checkedUntil, until)) > 0) services.cache.clear();
        checkedUntil = until;
        // An event registration's hold that ran out frees its place (its page's count, the waiting list).
        await services.registrations.releaseExpired();
      },
    },
    // Releases whose moment came: each applied by the one instance that claims it (domain/releases).
    {
      name: 'releases',
      everyMs: timing.scheduleCheckMs ?? SCHEDULE_CHECK_MS,
      instances: 'all',
      failure: 'could not publish the releases due; trying again shortly',
      async run() {
        const published = await services.releases.publishDue();
        if (published) logger.info({ published }, 'scheduled releases published');
      },
    },
    // New contact requests reach the firm's Telegram chat from the outbox (retried, never lost).
    Boolean(services.sendTelegram) && {
      name: 'telegram_outbox',
      everyMs: outboxEveryMs,
      instances: 'all',
      failure: 'could not read the Telegram outbox; trying again shortly',
      async run() {
        await outbox.deliverDue('telegram', (message) => services.sendTelegram!(message.payload.text, message.payload.chatId));
      },
    },
    // Posts to the firm's channels from the outbox; each row learns its message's id or Telegram's reason.
    Boolean(services.callTelegram) && {
      name: 'channel_outbox',
      everyMs: outboxEveryMs,
      instances: 'all',
      failure: 'could not read the channel posts outbox; trying again shortly',
      async run() {
        await outbox.deliverDue('telegram-channel', async ({ payload }) => {
          const postId = payload.postId ?? '';
          try {
            const result = await services.callTelegram!(payload.method ?? 'sendMessage', channelParams(payload));
            const messageId = typeof result === 'object' && result !== null && 'message_id' in result ? String(result.message_id) : undefined;
            await services.channelPosts.delivered(postId, messageId);
          } catch (error) {
            // Editing with the text the post already has: Telegram says so, and the post is as wanted.
            if (error instanceof TelegramError && /message is not modified/i.test(error.message)) return services.channelPosts.delivered(postId, undefined);
            await services.channelPosts.refused(postId, error instanceof Error ? error.message : String(error), error instanceof TelegramError && error.final);
            throw error;
          }
        }, 20, true);
      },
    },
    // E-mails from the outbox: retried, never lost, each sent by one instance. Two queues, each
    // looked at on its own, so that neither waits for the other's sending:
    // - 'mail-first': what a person waits for (a password link, a client's upload link, the
    //   confirmation of their own subscription or registration). Sent at once, never held back by
    //   the rate; its volume is bounded where it is asked for (per-address and site-wide limits).
    // - 'mail': the alerts to subscribers, at most MAIL_RATE_PER_MINUTE a minute counted over all
    //   instances and both queues (the provider's limit): what the first queue sent leaves less room.
    Boolean(services.mailer) && {
      name: 'mail_first_outbox',
      everyMs: outboxEveryMs,
      instances: 'all',
      failure: 'could not read the mail outbox; trying again shortly',
      async run() {
        const deliver = await mailDelivery(services);
        while ((await outbox.deliverDue('mail-first', deliver, 20)) === 20);
      },
    },
    Boolean(services.mailer) && {
      name: 'mail_outbox',
      everyMs: outboxEveryMs,
      instances: 'all',
      failure: 'could not read the mail outbox; trying again shortly',
      async run() {
        const deliver = await mailDelivery(services);
        // What became public with "notify" is queued first (once, whichever instance looks).
        const queued = await services.alerts.sendDue();
        if (queued) logger.info({ queued }, 'alerts queued for subscribers');
        const minuteAgo = new Date(Date.now() - 60_000).toISOString();
        const room = config.mailRatePerMinute - (await outbox.sentSince('mail', minuteAgo)) - (await outbox.sentSince('mail-first', minuteAgo));
        if (room > 0) await outbox.deliverDue('mail', deliver, Math.min(room, 50));
      },
    },
    // Changed public pages, announced to the search engines (IndexNow): retried, sent once across instances.
    Boolean(config.indexNow) && {
      name: 'indexnow_outbox',
      everyMs: outboxEveryMs,
      instances: 'all',
      failure: 'could not read the IndexNow outbox; trying again shortly',
      async run() {
        await outbox.deliverDue('indexnow', ({ payload }) => sendIndexNow(config.indexNow!, config.publicUrl, payload.urls ?? []), 20, true);
      },
    },
    // Old contact requests lose their personal data after the configured number of days. Asked
    // every hour (and at start); anonymising twice changes nothing, so instances need no claim.
    { name: 'retention', everyMs: RETENTION_CHECK_MS, instances: 'all', failure: 'could not anonymise old contact requests; trying again in an hour', run: () => forgetOld(services, config) },
    // Outside links of public records, asked once a week by one instance (the site report lists the broken).
    {
      name: 'link_check',
      everyMs: LINK_CHECK_MS,
      instances: 'one',
      notAtStart: true,
      failure: 'the weekly link check failed; it is tried again at the next check',
      async run() {
        const result = await services.linkChecks.runIfDue();
        if (result === 'skipped') return 'skipped';
        logger.info(result, 'outside links checked');
      },
    },
    // Backups into BACKUP_DIR every BACKUP_INTERVAL_HOURS, written by one instance only.
    Boolean(config.backups) && backupJob(services, config, host, timing),
  ];
  return jobs.filter((job): job is PeriodicJob => Boolean(job));
}

/** Sends an outbox e-mail from the firm (its address and name as the site configuration says now). */
async function mailDelivery(services: AppServices) {
  const site = await services.siteConfig.get();
  return (message: { payload: Parameters<NonNullable<AppServices['mailer']>['send']>[2] }) => services.mailer!.send(site.contactInfo.email, pickText(site.companyName, 'en'), message.payload);
}

/** What the firm keeps no longer: old requests' personal data, past events' registrations, clients' documents, applications, unconfirmed subscriptions. */
async function forgetOld(services: AppServices, config: AppConfig): Promise<void> {
  const { logger } = services;
  const site = await services.siteConfig.get();
  const count = await services.contacts.anonymiseOlderThan(site.privacy.retentionDays);
  if (count) logger.info({ count }, 'old contact requests anonymised');
  // Registrations for events that ended EVENT_RETENTION_DAYS ago are erased, with their unsent e-mails.
  const erased = await services.registrations.forgetEnded(config.eventRetentionDays);
  if (erased.length) {
    await services.outbox.forget(erased.map((id) => `event-registrations/${id}`));
    logger.info({ count: erased.length }, 'registrations of past events erased');
  }
  // Clients' documents go DOCUMENT_RETENTION_DAYS after they came, unless the matter was opened;
  // applications (with their CVs) APPLICATION_RETENTION_DAYS after they came.
  const documents = await services.intakeDocuments.forgetOlderThan(config.intake.documentRetentionDays);
  if (documents) logger.info({ count: documents }, 'old client documents deleted');
  const applications = await services.contacts.eraseApplicationsOlderThan(config.intake.applicationRetentionDays);
  if (applications.length) logger.info({ count: applications.length }, 'old applications erased');
  // Addresses not confirmed within 7 days are forgotten, with their unsent confirmation.
  const forgotten = await services.subscriptions.forgetUnconfirmed();
  if (forgotten.length) {
    await services.outbox.forget(forgotten.map((id) => `subscribers/${id}`));
    logger.info({ count: forgotten.length }, 'unconfirmed subscriptions forgotten');
  }
}

function backupJob(services: AppServices, config: AppConfig, host: { database: Database; storage: MediaStorage }, timing: JobTiming): PeriodicJob {
  const { directory, keep, intervalHours } = config.backups!;
  const scheduled = createScheduledBackups({ database: host.database, storage: host.storage, documents: services.documentStorage, directory, keep, intervalMs: timing.backupIntervalMs ?? intervalHours * 3600 * 1000, key: config.backupKey });
  return {
    name: 'backup',
    everyMs: Math.min(BACKUP_CHECK_MS, timing.backupIntervalMs ?? BACKUP_CHECK_MS),
    instances: 'one',
    failure: 'the scheduled backup failed; it is tried again at the next check',
    async run() {
      const result = await scheduled.runIfDue();
      if (result === 'skipped') return 'skipped';
      services.logger.info({ file: result.file, bytes: result.bytes, rows: result.rows, files: result.files, removed: result.removed }, 'scheduled backup written');
    },
  };
}

/**
 * Starts every job: each run now (unless `notAtStart`) and every `everyMs`, one run at a time (a
 * run still going is not started again), its outcome and time counted. `stop` ends the timers and
 * waits for the runs in progress.
 */
export function startJobs(jobs: readonly PeriodicJob[], services: AppServices): { stop(): Promise<void> } {
  const started = jobs.map((job) => {
    let running: Promise<void> | undefined;
    const run = () => {
      const began = performance.now();
      running ??= job
        .run()
        .then((outcome) => services.metrics?.job(job.name, outcome ?? 'ok', (performance.now() - began) / 1000))
        .catch((error: unknown) => {
          services.logger.error({ err: error, job: job.name }, job.failure);
          services.metrics?.job(job.name, 'failed', (performance.now() - began) / 1000);
        })
        .finally(() => {
          running = undefined;
        });
    };
    const timer = setInterval(run, job.everyMs);
    timer.unref();
    if (!job.notAtStart) run();
    return async () => {
      clearInterval(timer);
      await running;
    };
  });
  return {
    async stop() {
      await Promise.all(started.map((stop) => stop()));
    },
  };
}
