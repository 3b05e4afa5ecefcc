const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-14`: the day a moment falls on in a time zone (the firm's, for its dates and files). */
export function dayIn(moment: string | number | Date, timeZone: string): string {
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (DAY_FORMATS.size < 20) DAY_FORMATS.set(timeZone, format);
  }
  return format.format(new Date(moment));
}

/** A record's date as a day: a day stays itself, a moment (a blog post's) becomes its day in the zone. */
export const dayOf = (date: string, timeZone: string): string => (date.length <= 10 || Number.isNaN(Date.parse(date)) ? date.slice(0, 10) : dayIn(date, timeZone));
