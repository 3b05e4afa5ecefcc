import type { FastifyInstance } from 'fastify';
import { trackReads } from '../../domain/shared/read-tracker.ts';
import { routeOf } from './metrics.ts';
import { etagMatches, etagOf, isPublicRead, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, sharedHeaders, type ResponseCache } from './response-cache.ts';
import type { EdgeConfig } from '../edge/edge-config.ts';
import { EDGE_PRIVATE, edgeHeaders } from '../edge/edge-purge.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cacheGeneration?: number;
    /** What answering this request read (domain/shared/read-tracker.ts). */
    reads?: Set<string>;
  }
  interface FastifyContextConfig {
    /** false: never kept in the shared cache (reads with side effects, health). */
    cache?: boolean;
  }
}

const NOT_STORED = 'no-cache';

/**
 * Every GET answer under /api carries an ETag, and a matching If-None-Match gets a 304. Public
 * answers are stored whole (body and headers) for the fast path in front of Fastify
 * (serveFromCache in response-cache.ts) until the next write.
 */
export function registerResponseCaching(app: FastifyInstance, cache: ResponseCache, edge?: EdgeConfig): void {
  // Not async: the rest of the request runs inside trackReads, so every read of it is noted.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isPublicRead(request.method, request.url, request.headers.authorization)) return done();
    if (request.url.startsWith('/api/')) request.cacheGeneration = cache.generation();
    request.reads = trackReads(done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write's answer (a sign-in token, a saved record) is never kept by a browser or a proxy.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith('/api/')) return payload;
    // Behind a CDN or shared cache (EDGE_PURGE), only a stored public answer may be kept by it, never an error.
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      if (edge && !reply.hasHeader('cache-control')) reply.header('cache-control', EDGE_PRIVATE);
      return payload;
    }
    const etag = etagOf(payload);
    const storable = request.cacheGeneration !== undefined && request.routeOptions.config?.cache !== false;
    if (edge) reply.headers(storable ? edgeHeaders(edge, request.reads) : { 'cache-control': EDGE_PRIVATE });
    else reply.header('cache-control', storable ? PUBLIC_CACHE_CONTROL : request.headers.authorization ? PRIVATE_CACHE_CONTROL : NOT_STORED);
    reply.header('etag', etag);
    if (storable) {
      cache.set(request.url, { body: Buffer.from(payload), etag, headers: sharedHeaders(reply.getHeaders()), route: routeOf(request), tags: request.reads }, request.cacheGeneration!);
    }
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
