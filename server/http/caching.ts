import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagMatches, etagOf, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, type ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cacheGeneration?: number;
  }
  interface FastifyContextConfig {
    /** false: never kept in the shared cache (reads with side effects, health). */
    cache?: boolean;
  }
}

const NOT_STORED = 'no-cache';

function isPublicRead(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.url.startsWith('/api/') && !request.headers.authorization && !/[?&]admin=true(&|$)/.test(request.url);
}

/**
 * Public API reads: served from memory when the same URL was answered since the last write;
 * every GET answer carries an ETag and a 304 answers a matching If-None-Match.
 */
export function registerResponseCaching(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicRead(request) || request.routeOptions.config?.cache === false) return;
    request.cacheGeneration = cache.generation();
    const hit = cache.get(request.url);
    if (!hit) return;
    reply.header('etag', hit.etag).header('cache-control', hit.cacheControl).header('x-cache', 'hit');
    if (etagMatches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/') || reply.statusCode !== 200) return payload;
    if (reply.getHeader('x-cache') === 'hit' || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    const storable = isPublicRead(request) && request.routeOptions.config?.cache !== false;
    const cacheControl = storable ? PUBLIC_CACHE_CONTROL : request.headers.authorization ? PRIVATE_CACHE_CONTROL : NOT_STORED;
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (storable && request.cacheGeneration !== undefined) {
      cache.set(request.url, { body: payload, etag, cacheControl, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') }, request.cacheGeneration);
    }
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
