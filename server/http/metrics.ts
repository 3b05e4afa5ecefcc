import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './prometheus.ts';

/** Paths of public pages, by their first segment after the language (bounded: no slug becomes a label). */
const PAGE_SECTIONS = new Set(['news', 'blog', 'services', 'team', 'partners', 'contact', 'faq', 'search', 'preview', 'admin']);
const LANGUAGE_PREFIX = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i;

/** A page's route for the metrics: `/`, `/news`, `/news/:slug`, `/:slug` (texts, or not found). */
export function pageRoute(url: string): string {
  const segments = url.split('?')[0].split('/').filter(Boolean);
  if (segments[0] === 'sitemap.xml' || segments[0] === 'robots.txt') return `/${segments[0]}`;
  if (segments[0] === 'sitemaps') return '/sitemaps/:file';
  if (segments.length && LANGUAGE_PREFIX.test(segments[0]) && !PAGE_SECTIONS.has(segments[0])) segments.shift();
  if (!segments.length) return '/';
  const section = PAGE_SECTIONS.has(segments[0]) ? segments[0] : ':slug';
  return segments.length > 1 && section !== ':slug' ? `/${section}/:slug` : `/${section}`;
}

/** The route a request counts under: the API's route pattern, static files by folder, pages by section. */
export function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'not_found';
  if (pattern !== '/*') return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
  return pageRoute(request.url);
}

const sameSecret = (given: string, expected: string) => timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** GET /metrics with the bearer token; requests of every other route are counted as they finish. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { cache: false } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!given || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Metrics need the bearer token set in METRICS_TOKEN (Authorization: Bearer …).');
    }
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
