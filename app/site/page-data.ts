import type { SiteData } from './site-data.server.ts';

/** The site layout's data from inside a child route's meta function. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteData | undefined {
  return matches.find((match) => match?.id === 'routes/site/layout')?.loaderData as SiteData | undefined;
}
