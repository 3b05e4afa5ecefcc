import { servicesContext } from '../context.ts';
import { renderFeed } from '../site/feeds.server.ts';
import { pageContext } from '../site/site-data.server.ts';
import type { Route } from './+types/feed';

const FEED = /\/(news|blog)\/(feed|atom)\.xml$/;

/** RSS 2.0 (`feed.xml`) and Atom (`atom.xml`) feeds of news and of the blog, in every active language. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const [, kind, file] = FEED.exec(new URL(request.url).pathname)!;
  const format = file === 'feed' ? 'rss' : 'atom';
  const body = await renderFeed(services, kind as 'news' | 'blog', format, lang, defaultLanguage);
  return new Response(body, { headers: { 'content-type': `application/${format === 'rss' ? 'rss' : 'atom'}+xml; charset=utf-8` } });
}
