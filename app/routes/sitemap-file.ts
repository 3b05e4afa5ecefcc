import { servicesContext } from '../context.ts';
import { sitemapFile } from '../site/sitemap.server.ts';
import type { Route } from './+types/sitemap-file';

/** One file of the sitemap: every language of each page with its alternates. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const response = await sitemapFile(context.get(servicesContext), params.file);
  if (!response) throw new Response('Not found: no such sitemap file; start from /sitemap.xml', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return response;
}
