import type { Logger } from 'pino';
import type { createOutbox } from '../../domain/notifications/outbox.ts';
import type { EdgeConfig } from './edge-config.ts';
import { createPurger, type Purger } from './edge-purge.ts';

type Outbox = ReturnType<typeof createOutbox>;

/** What a write changed, in the words of server/app-services.ts's ChangeNotice. */
interface Change {
  entity: string;
  id: string;
}

/** Tables no public answer shows: their writes purge nothing (a visitor's contact request must not empty the CDN). */
const PRIVATE_TABLES = new Set(['contacts', 'subscribers', 'users', 'sessions']);

/**
 * The tags a change purges: of a record type, readers of its table (its lists, the home page) and
 * of that record; of what every page shows (the configuration, languages, media, redirects),
 * `site`, which every public answer carries.
 */
function purgeTagsOf(change: Change, trackedTables: ReadonlySet<string>): string[] {
  if (PRIVATE_TABLES.has(change.entity)) return [];
  if (trackedTables.has(change.entity)) return change.id ? [change.entity, `${change.entity}:${change.id}`] : [change.entity];
  return ['site'];
}

/**
 * Purges of the CDN or shared cache in front (API-4.md "Serving behind a CDN or a shared cache"):
 * each write's tags go into the outbox's `edge` channel after its commit, on the instance that
 * made it, and are sent at once (`kick`) and again by the periodic job until the vendor takes
 * them; what is due is merged and cut into the vendor's calls (server/edge/edge-purge.ts).
 */
export function createEdgePurges(options: {
  config: EdgeConfig;
  outbox: Outbox;
  logger: Logger;
  trackedTables: ReadonlySet<string>;
  /** Counted in the metrics (calls sent, calls failed). */
  counted?: (outcome: 'sent' | 'failed', calls: number) => void;
  purger?: Purger;
}) {
  const { config, outbox, logger } = options;
  const purger = options.purger ?? createPurger(config);
  let running: Promise<number> | undefined;
  let again = false;
  let lastSuccess: string | null = null;

  async function deliver(): Promise<number> {
    let calls = 0;
    try {
      const sent = await outbox.deliverBatch('edge', async (messages) => {
        calls = await purger.purge(messages.flatMap((message) => message.payload.tags ?? []));
      });
      if (sent) {
        lastSuccess = new Date().toISOString();
        options.counted?.('sent', calls);
      }
      return sent;
    } catch (error) {
      options.counted?.('failed', Math.max(calls, 1));
      throw error;
    }
  }

  /** Sends what is due now (one run at a time; a kick during a run runs once more after it). */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await deliver();
      } while (again);
      return total;
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    adapter: config.adapter,
    /** Queues the purge of what `change` touched and sends it at once (a failure waits for the retry). */
    async changed(change: Change): Promise<void> {
      const tags = purgeTagsOf(change, options.trackedTables);
      if (!tags.length) return;
      await outbox.enqueue('edge', { text: tags.join(' '), tags });
      run().catch((error: unknown) => logger.warn({ err: error }, 'could not purge the shared cache in front; it is tried again shortly'));
    },
    /** The periodic job: retries what failed once its wait is over. */
    deliverDue: run,
    /** GET /api/admin/edge. */
    async state() {
      const [counts, recent] = await Promise.all([outbox.state('edge'), outbox.recent('edge', 20)]);
      const failing = recent.filter((purge) => purge.status !== 'sent' && purge.lastError).length + counts.failed > 0;
      return {
        adapter: config.adapter,
        lastPurges: recent.map((purge) => ({ at: purge.at, tags: purge.payload.tags ?? [], status: purge.status, attempts: purge.attempts, error: purge.lastError })),
        failing,
        pending: counts.pending,
        failed: counts.failed,
        lastSuccess: lastSuccess ?? recent.find((purge) => purge.status === 'sent')?.at ?? null,
        // The newest refusal among the latest purges, else any kept with one that still waits.
        lastError: recent.find((purge) => purge.status !== 'sent' && purge.lastError)?.lastError ?? counts.lastError,
      };
    },
  };
}

export type EdgePurges = ReturnType<typeof createEdgePurges>;
