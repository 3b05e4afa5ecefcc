import { dayIn } from '../shared/days.ts';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { LANGUAGE_CODE_PATTERN, languageSegment } from '../shared/localized.ts';

/**
 * Visit statistics without cookies and without addresses: a visit is a day, a page, its language
 * and the referring site's host name (or `direct`). Counted in memory and written every few
 * seconds in one upsert per hundred keys, added to what other instances wrote; never a write per
 * request. Crawlers are left out by the host before counting.
 */

export interface Visit {
  path: string;
  /** The first segment of the path when it looks like a language code (`ru`, `uz-cyrl`), else empty: resolved when written. */
  lang: string;
  /** The referring site's host name, or `direct`. */
  referrer: string;
}

export interface VisitReport {
  total: number;
  byDay: Array<{ day: string; visits: number }>;
  byPage: Array<{ path: string; visits: number }>;
  byLanguage: Record<string, number>;
  byReferrer: Array<{ host: string; visits: number }>;
}

const BATCH = 100;
const LISTED = 20;
/** A path longer than this is cut: no visitor can grow the table by inventing long addresses. */
const MAX_PATH = 200;

/** The host name of a Referer header, lower-case, or `direct` (none, or not a web address). */
function referrerHost(referer: string | undefined): string {
  if (!referer) return 'direct';
  try {
    const { protocol, hostname } = new URL(referer);
    return (protocol === 'http:' || protocol === 'https:') && hostname ? hostname.toLowerCase().replace(/^www\./, '').slice(0, 100) : 'direct';
  } catch {
    return 'direct';
  }
}

/**
 * A visit of a page from what the browser sent: the path's first segment when it looks like a
 * language code (resolved when written: `pageLanguageOf`), and where the visitor came from —
 * `source`, what the firm's own link said (`email`, `telegram`), else the Referer's host.
 */
export function visitOf(path: string, referer: string | undefined, source?: string): Visit {
  const first = path.split('/')[1] ?? '';
  return { path, lang: LANGUAGE_CODE_PATTERN.test(first.toLowerCase()) ? first : '', referrer: source ?? referrerHost(referer) };
}

/** A page's language from its path's first segment: an active language's code, else the default language. */
export function pageLanguageOf(activeCodes: readonly string[], defaultLanguage: string): (segment: string) => string {
  const codes = new Map(activeCodes.map((code) => [languageSegment(code), code]));
  return (segment) => codes.get(segment.toLowerCase()) ?? defaultLanguage;
}

export function createVisitCounter(database: Database, timeZone: string) {
  /** `day \u0000 path \u0000 lang \u0000 referrer` → visits not yet written */
  let pending = new Map<string, number>();

  const day = (at: Date) => dayIn(at, timeZone);

  return {
    count(visit: Visit, at = new Date()): void {
      const key = [day(at), visit.path.slice(0, MAX_PATH), visit.lang, visit.referrer].join('\u0000');
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },

    /**
     * Writes what was counted; on failure it is kept for the next try. `languageOf` turns a path's
     * first segment into the page's language (an active code, or the default language).
     */
    async flush(languageOf: (segment: string) => string): Promise<void> {
      if (pending.size === 0) return;
      const taken = [...pending.entries()];
      pending = new Map();
      try {
        for (let start = 0; start < taken.length; start += BATCH) {
          const rows = taken.slice(start, start + BATCH).map(([key, visits]) => {
            const [visitDay, path, segment, referrer] = key.split('\u0000');
            return { day: visitDay, path, lang: languageOf(segment), referrer, visits };
          });
          await database.db
            .insertInto('page_visits')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['day', 'path', 'lang', 'referrer']).doUpdateSet({ visits: sql`page_visits.visits + excluded.visits` }))
            .execute();
        }
      } catch (error) {
        for (const [key, visits] of taken) pending.set(key, (pending.get(key) ?? 0) + visits);
        throw error;
      }
    },

    /** The last `days` days (today included, in the firm's time zone), every day present, most visited first elsewhere. */
    async report(days: number, now = new Date()): Promise<VisitReport> {
      const from = day(new Date(now.getTime() - (days - 1) * 86_400_000));
      const sum = sql<number>`sum(visits)`;
      const since = database.db.selectFrom('page_visits').where('day', '>=', from);
      const [byDay, byPage, byLanguage, byReferrer] = await Promise.all([
        since.select(['day', sum.as('visits')]).groupBy('day').execute(),
        since.select(['path', sum.as('visits')]).groupBy('path').orderBy(sum, 'desc').orderBy('path').limit(LISTED).execute(),
        since.select(['lang', sum.as('visits')]).groupBy('lang').execute(),
        since.select(['referrer', sum.as('visits')]).groupBy('referrer').orderBy(sum, 'desc').orderBy('referrer').limit(LISTED).execute(),
      ]);
      const perDay = new Map(byDay.map((row) => [String(row.day), Number(row.visits)]));
      const series: VisitReport['byDay'] = [];
      for (let offset = days - 1; offset >= 0; offset -= 1) {
        const date = day(new Date(now.getTime() - offset * 86_400_000));
        if (series.at(-1)?.day !== date) series.push({ day: date, visits: perDay.get(date) ?? 0 });
      }
      return {
        total: series.reduce((total, entry) => total + entry.visits, 0),
        byDay: series,
        byPage: byPage.map((row) => ({ path: String(row.path), visits: Number(row.visits) })),
        byLanguage: Object.fromEntries(byLanguage.map((row) => [String(row.lang), Number(row.visits)]).sort(([, a], [, b]) => Number(b) - Number(a))),
        byReferrer: byReferrer.map((row) => ({ host: String(row.referrer), visits: Number(row.visits) })),
      };
    },
  };
}
