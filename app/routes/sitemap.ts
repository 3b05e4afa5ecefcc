import { servicesContext } from '../context.ts';
import { sitemapIndex } from '../site/sitemap.server.ts';
import type { Route } from './+types/sitemap';

/** The sitemap index: one file of fixed pages, then each record type's pages in files of at most 1,000 addresses. */
export function loader({ context }: Route.LoaderArgs) {
  return sitemapIndex(context.get(servicesContext));
}
