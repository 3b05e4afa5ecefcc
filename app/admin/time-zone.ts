import { uzbekScript } from '../../domain/languages/uzbek-script.ts';
import { formatHumanDate, isDateOnly } from '../i18n/dates.ts';

/*
 * Scheduled moments are kept in UTC and edited in the firm's wall-clock time (TIME_ZONE,
 * Asia/Tashkent by default), whatever the zone of the computer the editor uses.
 */

function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** How far the zone's clock is ahead of UTC at that moment, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = Date.UTC(Number(wall.year), Number(wall.month) - 1, Number(wall.day), Number(wall.hour), Number(wall.minute), Number(wall.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** `2026-11-30T09:00` (for <input type="datetime-local">) of a stored moment, in the zone. */
export function toZoneInput(iso: unknown, timeZone: string): string {
  if (typeof iso !== 'string' || !iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const wall = wallClock(ms, timeZone);
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
}

/** The UTC moment (ISO) of a wall-clock time in the zone; '' stays null. */
export function fromZoneInput(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let ms = guess - offsetAt(guess, timeZone);
  // Across a daylight-saving change the offset at the result may differ from the guess's.
  ms = guess - offsetAt(ms, timeZone);
  return new Date(ms).toISOString();
}

/** `UTC+05:00` for the zone now. */
export function zoneOffsetLabel(timeZone: string, at = Date.now()): string {
  const minutes = Math.round(offsetAt(at, timeZone) / 60000);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A date (and time) for people in the admin's language, in the firm's zone; a date-only value is
 * that day, without a time. Uzbek is written by hand (app/i18n/dates.ts): "24-noyabr, 2026".
 */
function format(iso: string, lang: string, timeZone: string, withTime: boolean): string {
  if (uzbekScript(lang)) return formatHumanDate(iso, lang, timeZone, withTime);
  // A day at noon UTC is that day on any clock within twelve hours of UTC.
  const day = isDateOnly(iso);
  const ms = Date.parse(day ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(withTime && !day ? { timeStyle: 'short' } : {}), timeZone: day ? 'UTC' : timeZone }).format(new Date(ms));
}

/** "30 Nov 2026, 09:00" in the zone and the admin's language. */
export const formatMoment = (iso: string, lang: string, timeZone: string) => format(iso, lang, timeZone, true);

/** "30 Nov 2026" in the zone and the admin's language. */
export const formatDay = (iso: string, lang: string, timeZone: string) => format(iso, lang, timeZone, false);
