const DAY_FORMATS = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/**
 * `2026-11-14`: the day a moment falls on in a time zone (the firm's, for its dates and files). The
 * last minute asked is remembered per zone (every zone's day begins on a whole minute): every
 * visit asks for today's, and formatting it costs ~20 µs.
 */
export function dayIn(moment: string | number | Date, timeZone: string): string {
  let zone = DAY_FORMATS.get(timeZone);
  if (!zone) {
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: Number.NaN, day: '' };
    if (DAY_FORMATS.size < 20) DAY_FORMATS.set(timeZone, zone);
  }
  const date = new Date(moment);
  const minute = Math.floor(date.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.day = zone.format.format(date);
    zone.minute = minute;
  }
  return zone.day;
}

/** A record's date as a day: a day stays itself, a moment (a blog post's) becomes its day in the zone. */
export const dayOf = (date: string, timeZone: string): string => (date.length <= 10 || Number.isNaN(Date.parse(date)) ? date.slice(0, 10) : dayIn(date, timeZone));

/** How far the zone's clock is ahead of UTC at that moment, in minutes. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The UTC moment (ISO) a day (`2027-01-01`) begins at in the zone: `2026-12-31T19:00:00.000Z` in Tashkent. */
export function dayStartIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const guess = Date.UTC(year, month - 1, date);
  let ms = guess - offsetMinutes(guess, timeZone) * 60_000;
  // Across a daylight-saving change the offset at the result may differ from the guess's.
  ms = guess - offsetMinutes(ms, timeZone) * 60_000;
  return new Date(ms).toISOString();
}

/** The day after (`2027-01-31` → `2027-02-01`). */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A moment on the zone's clock with its offset: `2027-01-01T00:00:00+05:00`. */
export function zonedIso(moment: string, timeZone: string): string {
  const ms = Date.parse(moment);
  if (Number.isNaN(ms)) return moment;
  const offset = offsetMinutes(ms, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
