import { z } from 'zod';

/* What a redirect is: its paths as they are kept and compared, and the schema a typed or imported one passes. */

/** The longest address a redirect or the not-found log keeps. */
export const MAX_PATH = 300;
export const MAX_HOPS = 20;

/** `/news/old-title`: a path of this site, without query, fragment, backslash or `//` (another host). */
const SITE_PATH = /^\/(?![/\\])[^\s?#\\]*$/;
const ABSOLUTE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export const normalizePath = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') || '/' : value);
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A target as it is stored and sent in Location: a site path without a trailing slash, dot
 * segments resolved, and every letter outside ASCII (Cyrillic) percent-encoded; an http(s)
 * address as the URL standard writes it.
 */
export function normalizeTarget(value: string): string {
  if (!value.startsWith('/')) return new URL(value).href;
  const url = new URL(value, 'http://site.invalid');
  return normalizePath(url.pathname) + url.search + url.hash;
}

/** The path of a target as `from` paths are kept (decoded, no trailing slash): what loops are checked by. */
export function targetKey(target: string): string {
  const path = normalizePath(target.replace(/[?#].*$/, ''));
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const redirectSchema = z.object({
  from: z
    .string({ error: 'From must be a path of this site, such as /news/old-title' })
    .trim()
    .min(1, 'From is required: the old address, such as /news/old-title')
    .max(MAX_PATH, `From must be at most ${MAX_PATH} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'From must not contain control characters (such as a line break or a tab)', params: { code: 'invalid' }, abort: true })
    .refine((value) => SITE_PATH.test(value), { message: 'From must be a path of this site starting with /, such as /news/old-title', params: { code: 'invalid_link' } })
    .transform(normalizePath),
  to: z
    .string({ error: 'To must be a path of this site or an http(s) address' })
    .trim()
    .min(1, 'To is required: the new address, such as /news/new-title')
    .max(MAX_PATH, `To must be at most ${MAX_PATH} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'To must not contain control characters (such as a line break or a tab)', params: { code: 'invalid' }, abort: true })
    .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value) || ABSOLUTE.test(value), { message: 'To must be a path of this site such as /news/new-title, or an address starting with https://', params: { code: 'invalid_link' }, abort: true })
    .transform(normalizeTarget)
    .refine((value) => value.length <= MAX_PATH * 3, `To must be at most ${MAX_PATH} characters`),
  status: z.union([z.literal(301), z.literal(302)], { error: 'Status must be 301 (moved for good) or 302 (moved for now)' }).default(301),
});
