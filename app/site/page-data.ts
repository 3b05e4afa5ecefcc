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
