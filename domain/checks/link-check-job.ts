import type { Database } from '../../db/connection.ts';
import type { LinkAnswer, RecordChecks } from './record-checks.ts';

/*
 * The weekly check of outside links (API-3.md "Checks before publishing"): every address public
 * records link to, at most `limit` a run — those never asked first, then those asked longest ago —
 * a few at a time, each within the asker's time limit. The answers are kept (table link_checks) and
 * the site report lists the broken ones. One instance runs each week's check: the first to record
 * the week's slot (as scheduled backups do).
 */

export interface LinkCheckRun {
  checked: number;
  broken: number;
  /** Addresses left for the next run (more than `limit` are linked). */
  left: number;
}

export interface LinkCheckOptions {
  database: Database;
  checks: RecordChecks;
  ask(url: string): Promise<LinkAnswer>;
  /** Addresses asked at most in one run. */
  limit: number;
  /** Addresses asked at the same time. */
  concurrency?: number;
  intervalMs?: number;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function createLinkCheckJob(options: LinkCheckOptions) {
  const { database, checks, ask, limit } = options;
  const concurrency = options.concurrency ?? 4;
  const intervalMs = options.intervalMs ?? WEEK_MS;
  let running: Promise<LinkCheckRun> | undefined;
  let lastSlot = -1;
  let stopped = false;

  async function keep(url: string, answer: LinkAnswer) {
    const row = { status: answer.status ?? null, broken: answer.broken ? 1 : 0, problem: answer.problem ?? null, checked_at: new Date().toISOString() };
    await database.db
      .insertInto('link_checks')
      .values({ url, ...row })
      .onConflict((conflict) => conflict.column('url').doUpdateSet(row))
      .execute();
  }

  async function run(): Promise<LinkCheckRun> {
    const linked = await checks.outsideLinks();
    const kept: Array<{ url: string; checked_at: string }> = await database.db.selectFrom('link_checks').select(['url', 'checked_at']).execute();
    // Addresses no public record links to any more are forgotten.
    const gone = kept.filter((row) => !linked.has(row.url)).map((row) => row.url);
    for (let start = 0; start < gone.length; start += 500) await database.db.deleteFrom('link_checks').where('url', 'in', gone.slice(start, start + 500)).execute();
    const askedAt = new Map(kept.map((row) => [row.url, row.checked_at]));
    const order = [...linked].sort((a, b) => (askedAt.get(a) ?? '').localeCompare(askedAt.get(b) ?? ''));
    const now = order.slice(0, limit);
    let broken = 0;
    let next = 0;
    const worker = async () => {
      while (next < now.length && !stopped) {
        const url = now[next++];
        const answer = await ask(url).catch((error: unknown): LinkAnswer => ({ broken: true, problem: error instanceof Error ? error.message : 'no answer' }));
        if (answer.broken) broken += 1;
        await keep(url, answer);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, now.length) }, worker));
    return { checked: now.length, broken, left: order.length - now.length };
  }

  async function claim(slot: number): Promise<boolean> {
    const result = await database.db
      .insertInto('schedule_claims')
      .values({ claim: `links/${intervalMs}/${slot}`, claimed_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('claim').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  return {
    /** Checks now (an administrator asked); a run already going is joined, not doubled. */
    start(): Promise<LinkCheckRun> {
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** The instance stops: addresses not asked yet wait for the next run. */
    stop() {
      stopped = true;
    },
    /** The week's check, when it is due and no other instance took it. */
    async runIfDue(at = new Date()): Promise<LinkCheckRun | 'skipped'> {
      const slot = Math.floor(at.getTime() / intervalMs);
      if (slot === lastSlot) return 'skipped';
      lastSlot = slot;
      if (!(await claim(slot))) return 'skipped';
      return this.start();
    },
    /** When the links were last asked about, and how many of them are broken. */
    async status(): Promise<{ checkedAt: string | null; checked: number; broken: number; running: boolean }> {
      const row = await database.db
        .selectFrom('link_checks')
        .select((eb) => [eb.fn.max('checked_at').as('checkedAt'), eb.fn.countAll().as('checked'), eb.fn.sum('broken').as('broken')])
        .executeTakeFirst();
      return { checkedAt: (row?.checkedAt as string | null) ?? null, checked: Number(row?.checked ?? 0), broken: Number(row?.broken ?? 0), running: running !== undefined };
    },
  };
}

