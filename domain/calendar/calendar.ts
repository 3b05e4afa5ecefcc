import type { Database } from '../../db/connection.ts';
import { dayStartIn, nextDay, zonedIso } from '../shared/days.ts';
import { columnOf } from '../shared/entity.ts';
import { badRequest } from '../shared/errors.ts';
import { isPlainObject, pickText } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';

/*
 * The calendar (API-4.md "Releases, the calendar and bulk actions"): every dated thing in a range
 * of days on the firm's clock. Each kind is one range read on an indexed column (migration 042
 * added the ones that had none), never a walk over every record; the titles come with the rows.
 */

export const CALENDAR_KINDS = ['publish', 'unpublish', 'release', 'event', 'registration_closes', 'vacancy_closes', 'ranking_expires', 'in_force'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** The most days one read may span (a month view with its weeks needs 42). */
const CALENDAR_MAX_DAYS = 100;

export interface CalendarEntry {
  kind: CalendarKind;
  /** The record type (`news`, `events`…), or `releases`. */
  type: string;
  id: string;
  title: string;
  /** A moment on the firm's clock with its offset (`2027-01-01T00:00:00+05:00`), or a day (`2027-01-01`) when `allDay`. */
  at: string;
  /** The thing is a day, not a moment (a law in force, a ranking's last day). */
  allDay: boolean;
  /** The language of the title, when a language was asked. */
  lang?: string;
}

export interface CalendarQuery {
  from: string;
  to: string;
  /** Record types to show (all when absent). */
  types?: string[];
  kinds?: CalendarKind[];
  /** Only records written in this language, titled in it. */
  lang?: string;
  /** The language titles are given in when no `lang` is asked (the admin's own); else the site's default. */
  titleLang?: string;
}

/** One dated column read as one kind: `day` columns hold days (or a day's UTC midnight), the others moments. */
interface Source {
  kind: CalendarKind;
  type: RecordType;
  column: string;
  day: boolean;
  /** Only records whose visibility flag is on (a scheduled publish of a record left unpublished never comes). */
  live: boolean;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function sourcesOf(types: readonly RecordType[]): Source[] {
  const sources: Source[] = [];
  for (const type of types) {
    if (type.scheduleFields && type.visibilityField) {
      sources.push({ kind: 'publish', type, column: columnOf(type.scheduleFields.publish), day: false, live: true });
      sources.push({ kind: 'unpublish', type, column: columnOf(type.scheduleFields.unpublish), day: false, live: true });
    }
    if ('inForceAt' in type.fields) sources.push({ kind: 'in_force', type, column: 'in_force_at', day: true, live: false });
    if (type.name === 'events') {
      sources.push({ kind: 'event', type, column: 'starts_at', day: false, live: false });
      sources.push({ kind: 'registration_closes', type, column: 'registration_closes_at', day: false, live: false });
    }
    if (type.name === 'vacancies') sources.push({ kind: 'vacancy_closes', type, column: 'closes_at', day: false, live: true });
    if (type.name === 'rankings') sources.push({ kind: 'ranking_expires', type, column: 'public_until', day: true, live: true });
  }
  return sources;
}

const parsed = (value: unknown): unknown => (typeof value === 'string' && value.startsWith('{') ? JSON.parse(value) : value);

/** Whether a record's title is written in the language (a language filter keeps only those). */
const writtenIn = (title: unknown, lang: string) => typeof title === 'string' || (isPlainObject(title) && typeof (title as Record<string, unknown>)[lang] === 'string' && String((title as Record<string, unknown>)[lang]).trim() !== '');

export function createCalendar(database: Database, types: readonly RecordType[], options: { timeZone: string; defaultLanguage: () => Promise<string> }) {
  const { db } = database;
  const sources = sourcesOf(types);
  const typeNamed = new Map(types.map((type) => [type.name, type]));

  function range(query: CalendarQuery) {
    for (const [name, day] of [['from', query.from], ['to', query.to]] as const) {
      if (!DAY_PATTERN.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw badRequest(`${name} must be a day such as 2027-01-01`);
    }
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) throw badRequest('to must be the same day as from or later');
    if (days > CALENDAR_MAX_DAYS) throw badRequest(`The calendar shows at most ${CALENDAR_MAX_DAYS} days at once; this asked for ${days}. Choose a to closer to from.`);
    // Moments: from the start of `from` on the firm's clock to the start of the day after `to`. Days: the days themselves.
    return { start: dayStartIn(query.from, options.timeZone), end: dayStartIn(nextDay(query.to), options.timeZone), firstDay: query.from, afterDay: nextDay(query.to) };
  }

  return {
    /** Every dated thing from `from` to `to` (days on the firm's clock, both included), in order. */
    async entries(query: CalendarQuery): Promise<CalendarEntry[]> {
      const { start, end, firstDay, afterDay } = range(query);
      const defaultLanguage = await options.defaultLanguage();
      const lang = query.lang;
      const titleLang = lang ?? query.titleLang ?? defaultLanguage;
      const wanted = (kind: CalendarKind, type: string) => (!query.kinds?.length || query.kinds.includes(kind)) && (!query.types?.length || query.types.includes(type));
      const found: CalendarEntry[] = [];
      const add = (kind: CalendarKind, type: string, id: string, rawTitle: unknown, at: string, day: boolean) => {
        const title = parsed(rawTitle);
        if (lang && !writtenIn(title, lang)) return;
        found.push({ kind, type, id, title: pickText(title, titleLang, defaultLanguage), at: day ? at.slice(0, 10) : zonedIso(at, options.timeZone), allDay: day, ...(lang ? { lang } : {}) });
      };
      for (const source of sources) {
        if (!wanted(source.kind, source.type.name)) continue;
        const [low, high] = source.day ? [firstDay, afterDay] : [start, end];
        const titleColumn = columnOf(source.type.admin.titleField);
        let read = db.selectFrom(source.type.table).select(['id', `${source.column} as at`, `${titleColumn} as title`]).where(source.column, '>=', low).where(source.column, '<', high);
        if (source.live && source.type.visibilityField) read = read.where(columnOf(source.type.visibilityField), '=', true);
        for (const row of await read.execute()) add(source.kind, source.type.name, String(row.id), row.title, String(row.at), source.day);
      }
      // Working copies whose publishing was asked for a moment: that moment is a publish of the record.
      const copies = await db.selectFrom('working_copies').select(['record_type', 'record_id', 'apply_at', 'data']).where('apply_at', '>=', start).where('apply_at', '<', end).execute();
      for (const copy of copies) {
        const type = typeNamed.get(String(copy.record_type));
        if (!type || !wanted('publish', type.name)) continue;
        const data = parsed(copy.data) as Record<string, unknown>;
        add('publish', type.name, String(copy.record_id), data?.[type.admin.titleField], String(copy.apply_at), false);
      }
      if (wanted('release', 'releases')) {
        // Every state named: the (state, publish_at) index reads each state's range.
        const rows = await db.selectFrom('releases').select(['id', 'title', 'publish_at']).where('state', 'in', ['open', 'scheduled', 'published', 'failed']).where('publish_at', '>=', start).where('publish_at', '<', end).execute();
        for (const row of rows) found.push({ kind: 'release', type: 'releases', id: String(row.id), title: pickText(parsed(row.title), titleLang, defaultLanguage), at: zonedIso(String(row.publish_at), options.timeZone), allDay: false });
      }
      return found.sort((a, b) => a.at.slice(0, 10).localeCompare(b.at.slice(0, 10)) || Number(b.allDay) - Number(a.allDay) || a.at.localeCompare(b.at) || a.title.localeCompare(b.title));
    },
  };
}
