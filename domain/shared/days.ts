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
