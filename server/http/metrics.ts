import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './prometheus.ts';
import { metricRoute } from '../../domain/site/site-pages.ts';

/**
 * A page's route for the metrics (bounded: no slug becomes a label): the site's declared pages
 * (`/`, `/news`, `/news/:slug`, `/:slug` for texts or not found), the admin area, the sitemap files.
 */
export function pageRoute(url: string): string {
  const segments = url.split('?')[0].split('/').filter(Boolean);
  if (segments[0] === 'sitemap.xml' || segments[0] === 'robots.txt') return `/${segments[0]}`;
  if (segments[0] === 'sitemaps') return '/sitemaps/:file';
  if (segments[0] === 'admin') return segments.length > 1 ? '/admin/:slug' : '/admin';
  return metricRoute(url);
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
