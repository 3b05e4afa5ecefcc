import type { ListQuery } from '../../domain/shared/entity.ts';
import type { SiteData } from './site-data.server.ts';

/** The site layout's loader data: it alone carries the configuration and the languages. */
export function isSiteData(value: unknown): value is SiteData {
  return typeof value === 'object' && value !== null && 'config' in value && 'languages' in value && 'lang' in value;
}

/** The site layout's data from inside a child route's meta function. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteData | undefined {
  const data = matches.find((match) => match?.id === 'routes/site/layout')?.loaderData;
  return isSiteData(data) ? data : undefined;
}

/**
 * A list on a page of the site in `lang`: what a visitor may see, and of the types with a page per
 * record only what is written in `lang` (a record in Uzbek and Russian is no English page, so the
 * English lists, feeds and sitemap leave it out).
 */
export const listedIn = (lang: string) => ({ lang, admin: false, written: true }) satisfies ListQuery;
