/**
 * The contact form without JavaScript carries the time it was shown, so that a form sent sooner
 * than a person can fill it is refused. The page is rendered (and cached) with this placeholder in
 * that field, and every serving writes the time in its place: 13 characters, as long as
 * `Date.now()` written out until the year 2286, so the page keeps its length.
 */
export const SHOWN_AT_PLACEHOLDER = 'SHOWN_AT_TIME';
