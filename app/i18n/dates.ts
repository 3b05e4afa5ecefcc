import { uzbekScript } from '../../domain/languages/uzbek-script.ts';

/*
 * Dates for people. Uzbek is written by hand, in either script: "29-noyabr, 2026" / "29-ноябрь, 2026"
 * — the full month as Uzbek writers give it. Intl's Uzbek is unreliable: its short months read
 * "29-noy", its Cyrillic drops the hyphen and the soft sign ("29 ноябр"), and some runtimes lack
 * its data altogether ("2026 M11 29"). Other languages use Intl with the full month.
 *
 * A date-only value ("2026-11-29") is a day on the calendar, not a moment: it is shown as that
 * day, without a time and without moving it into any time zone.
 */

const MONTHS = {
  latin: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'],
  cyrillic: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
};

/** A value with a date and nothing else: `2026-11-29`. */
export const isDateOnly = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso);

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
}

const WALL_FORMATS = new Map<string, Intl.DateTimeFormat>();
/** The date and time on the zone's clock at that moment (a date-only value: that day, at no time). */
function wallOf(iso: string, timeZone: string): Wall | undefined {
  if (isDateOnly(iso)) {
    const [year, month, day] = iso.split('-').map(Number);
    return { year, month, day, hour: '', minute: '' };
  }
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return undefined;
  let format = WALL_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (WALL_FORMATS.size < 20) WALL_FORMATS.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: parts.hour, minute: parts.minute };
}

const INTL_FORMATS = new Map<string, Intl.DateTimeFormat>();
function intlFormat(lang: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang} ${timeZone} ${withTime}`;
  let format = INTL_FORMATS.get(key);
  if (!format) {
    let locale = lang;
    try {
      new Intl.DateTimeFormat(lang);
    } catch {
      locale = 'en';
    }
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}), timeZone });
    if (INTL_FORMATS.size < 100) INTL_FORMATS.set(key, format);
  }
  return format;
}

/**
 * "29-noyabr, 2026" / "29 ноября 2026 г." (with `withTime`, ", 15:00" after it) in `lang`, on the
 * clock of `timeZone`; a date-only value is that day, without a time. Anything else unreadable is
 * given back as it came.
 */
export function formatHumanDate(iso: string, lang: string, timeZone: string, withTime = false): string {
  const wall = wallOf(iso, timeZone);
  if (!wall) return iso;
  const time = withTime && !isDateOnly(iso);
  const script = uzbekScript(lang);
  if (script) {
    const day = `${wall.day}-${MONTHS[script][wall.month - 1]}, ${wall.year}`;
    return time ? `${day}, ${wall.hour}:${wall.minute}` : day;
  }
  // A day at noon UTC is that day in every zone within twelve hours of UTC: shown as the day, in UTC.
  if (isDateOnly(iso)) return intlFormat(lang, 'UTC', false).format(new Date(`${iso}T12:00:00Z`));
  return intlFormat(lang, timeZone, time).format(new Date(iso));
}

/** From one moment to another: "29-noyabr, 2026, 15:00–17:00" on one day, else the two in full. */
export function formatHumanRange(from: string, to: string, lang: string, timeZone: string): string {
  const [start, end] = [wallOf(from, timeZone), wallOf(to, timeZone)];
  if (!start || !end) return `${from} – ${to}`;
  if (uzbekScript(lang)) {
    const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
    return sameDay ? `${formatHumanDate(from, lang, timeZone, true)}–${end.hour}:${end.minute}` : `${formatHumanDate(from, lang, timeZone, true)} – ${formatHumanDate(to, lang, timeZone, true)}`;
  }
  return intlFormat(lang, timeZone, true).formatRange(new Date(from), new Date(to));
}
