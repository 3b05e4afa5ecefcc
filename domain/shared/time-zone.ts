/**
 * The firm's time zone (IANA): dates on pages, the day a visit is counted in, the moments editors
 * schedule, the times e-mails name. Set by TIME_ZONE (server/config.ts); this is its default and
 * the one place the domain reads it from.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Tashkent';

/** The zone the host was set up with, else the firm's default. */
export const firmTimeZone = (configured?: string): string => configured || DEFAULT_TIME_ZONE;
