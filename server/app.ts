import fs from 'node:fs';
import { makeIdentify } from './http/identify.ts';
import http from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppServices } from './app-services.ts';
import { adminRoutes } from './api/admin-routes.ts';
import { edgeRoutes } from './api/edge-routes.ts';
import { authRoutes } from './api/auth-routes.ts';
import { oidcRoutes } from './api/oidc-routes.ts';
import { contactRoutes } from './api/contact-routes.ts';
import { subscriptionRoutes } from './api/subscription-routes.ts';
import { eventRoutes } from './api/event-routes.ts';
import { docsRoutes } from './api/docs-routes.ts';
import { editorialRoutes } from './api/editorial-routes.ts';
import { editRoutes } from './api/edit-routes.ts';
import { machineTranslationRoutes } from './api/machine-translation-routes.ts';
import { notificationRoutes } from './api/notification-routes.ts';
import { releaseRoutes } from './api/release-routes.ts';
import { healthRoutes } from './api/health-routes.ts';
import { languageRoutes } from './api/language-routes.ts';
import { recordRoutes } from './api/record-routes.ts';
import { calendarRoutes } from './api/calendar-routes.ts';
import { searchRoutes } from './api/search-routes.ts';
import { translationRoutes } from './api/translation-routes.ts';
import { xliffRoutes } from './api/xliff-routes.ts';
import { siteConfigRoutes } from './api/site-config-routes.ts';
import { uploadRoutes } from './api/upload-routes.ts';
import { intakePageRoutes, intakeRoutes } from './api/intake-routes.ts';
import { bearerToken } from './http/auth.ts';
import { drainRequest, lingerAfterAnswer } from './http/drain.ts';
import { refusedRequest, sendRefusal } from './http/request-target.ts';
import { failure } from './http/envelope.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { BASE_CSP_DIRECTIVES } from './http/security.ts';
import { registerResponseCaching } from './http/caching.ts';
import { homeRedirect, sendHomeRedirect } from './http/language-choice.ts';
import { etagMatches, isPublicRead, requestIdOf, serveFromCache } from './http/response-cache.ts';
import { registerMetrics } from './http/metrics.ts';
import { createSsrHandler, type BuildSource } from './ssr.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../domain/media/media-storage.ts';
import { coverRoutes } from './http/cover-routes.ts';
import { vCardRoute } from './http/vcard-route.ts';
import { collectRoutes } from './http/route.ts';

/** What /uploads serves: the sizes of an upload (see media-service.ts), nothing else of the bucket. */
const UPLOADED_FILE = /^\d{4}\/\d{2}\/[a-z0-9]+(?:-[a-z0-9]+)*-(?:large|medium|thumbnail|og)\.(?:webp|jpg)$/;

/**
 * Uploads kept in an S3-compatible bucket keep their /uploads addresses on every instance: the
 * app streams them from the bucket, or sends the browser to S3_PUBLIC_URL (a CDN) when one is set.
 * nginx in front may cache them for good (deploy/nginx/lexsite.conf): a name never changes.
 */
function registerBucketUploads(app: FastifyInstance, services: AppServices) {
  const media = services.config.media;
  const publicUrl = media.storage === 's3' ? media.publicUrl : undefined;
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    config: { cache: false },
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!UPLOADED_FILE.test(key)) return reply.status(404).send(failure('Not found: no such image', 'NOT_FOUND'));
      if (publicUrl) return reply.redirect(`${publicUrl}/${key}`, 301);
      const file = await services.storage.open(key);
      if (!file) return reply.status(404).send(failure('Not found: no such image', 'NOT_FOUND'));
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).header('content-type', file.contentType).header('content-length', file.size);
      if (file.etag) reply.header('etag', file.etag);
      if (file.etag && etagMatches(request.headers['if-none-match'], file.etag)) {
        file.body.destroy();
        return reply.status(304).send();
      }
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}

const BODY_LIMIT = 1024 * 1024;

/**
 * Which addresses of X-Forwarded-For are believed: the given number of proxies counted from the
 * connection's end (the right), or the listed proxy addresses. The left-most entry, which the
 * visitor may write, is never believed past them.
 */
function proxyTrust(trust: number | string[] | false): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust;
}

export interface AppOptions {
  services: AppServices;
  /** The built React Router server, or a loader for it (dev). Without it, pages answer 503. */
  ssrBuild?: BuildSource;
  /** build/client, served as static files. */
  clientDirectory?: string;
  mode?: 'production' | 'development';
  logger?: Logger;
  /** Extra setup before routes (dev: Vite's middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
}

/**
 * An idle connection stays open longer than nginx's upstream keep-alive (60 s) or a cloud load
 * balancer's idle limit: Node's own 5 s would close sockets the proxy is about to reuse (a 502 now
 * and then). Fastify sets 72 s on a server it makes; this one is made here (serverFactory).
 */
export const KEEP_ALIVE_MS = 72_000;
function keptAlive(server: http.Server): http.Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const mode = options.mode ?? 'production';
  const logger = options.logger ?? services.logger;
  const metrics = services.metrics;
  const logHit = logger.isLevelEnabled('info') ? (entry: Record<string, unknown>) => logger.info(entry, 'request served from cache') : undefined;
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: proxyTrust(services.config.trustProxy),
    return503OnClosing: true,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // Cached public reads are answered before Fastify sees them (see serveFromCache).
    serverFactory: (handler) => keptAlive(
      http.createServer((request, response) => {
        // Timed only when metrics are counted (METRICS_TOKEN): nothing extra on the hot path otherwise.
        const started = metrics ? performance.now() : 0;
        const observe = metrics && ((route: string, status: number) => metrics.observe('GET', route, status, (performance.now() - started) / 1000));
        const refused = refusedRequest(request);
        if (refused) {
          sendRefusal(response, refused);
          return;
        }
        // A first visit to the home page opens in the visitor's language (before the cache: the cached page is the default language's).
        const home = homeRedirect(request, services.siteLanguages());
        if (home) {
          sendHomeRedirect(response, home);
          return;
        }
        const fromCache = () => {
          if (!serveFromCache(services.cache, request, response, { log: logHit, countView: services.countView, countVisit: services.countVisit, observe, keepAliveSeconds: KEEP_ALIVE_MS / 1000 })) return false;
          metrics?.cache('hit');
          return true;
        };
        const rendered = () => {
          metrics?.cache('miss');
          handler(request, response);
        };
        if (fromCache()) return;
        if (!isPublicRead(request.method, request.url, request.headers.authorization)) return handler(request, response);
        // The same page asked for while its miss is being answered: wait for that answer, then serve it.
        const earlier = services.cache.answering(request.url!, response);
        if (earlier) void earlier.then(() => fromCache() || rendered());
        else rendered();
      }),
    ),
    routerOptions: { maxParamLength: 300 },
  });

  // Every declared route goes into the catalog the OpenAPI document is made from (server/http/route.ts).
  collectRoutes(app);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // An answer given before the body was read (a 413, a 401 to an upload): the rest is read first,
    // so that the client gets the answer instead of a reset connection.
    if (request.raw.complete || lingerAfterAnswer(request.raw, reply)) return done(null, payload);
    drainRequest(request.raw, reply).then(() => done(null, payload), done);
  });

  registerErrorHandling(app);
  if (metrics && services.config.metricsToken) registerMetrics(app, metrics, services.config.metricsToken);
  app.setNotFoundHandler((request, reply) => {
    const message = 'Not found: no such address';
    if (request.url.startsWith('/api') || request.url.startsWith('/uploads')) {
      return reply.status(404).send(failure(message, 'NOT_FOUND'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(message);
  });

  // Security headers on every answer, from one helmet made here: Fastify's plugin made a new one
  // (its policy's directives parsed again) for every request, 0.08 ms of each.
  const securityHeaders = helmet({
    // Pages get their own policy with a script hash and nonce (server/ssr.ts); in development
    // Vite injects scripts of its own.
    contentSecurityPolicy: mode === 'development' ? false : { directives: BASE_CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: false,
    // Not helmet's no-referrer: with it a browser sends "Origin: null" with a form, and the
    // page actions (the contact form without JavaScript) refuse a form of unknown origin.
    // Other sites still learn only our origin, never a page's path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  // Before compression, so that the cache keeps and hashes the plain body.
  registerResponseCaching(app, services.cache, services.config.edge);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Who is asking: a valid bearer token makes request.user; anything else stays anonymous.
  app.decorateRequest('user', undefined);
  app.decorateRequest('token', undefined);
  app.decorateRequest('sessionId', undefined);
  const identify = makeIdentify(services);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api')) await identify(request, bearerToken(request));
  });

  if (options.beforeRoutes) await options.beforeRoutes(app);

  await app.register(
    async (api) => {
      // The API reads JSON (and multipart where a route registers it): any other body, text/plain
      // or a form, is a 400 BAD_REQUEST before a route sees it, not a string its schema refuses.
      api.removeContentTypeParser(['text/plain', 'application/x-www-form-urlencoded']);
      for (const routes of [healthRoutes, authRoutes, oidcRoutes, recordRoutes, contactRoutes, subscriptionRoutes, eventRoutes, languageRoutes, siteConfigRoutes, uploadRoutes, intakeRoutes, adminRoutes, editorialRoutes, releaseRoutes, notificationRoutes, searchRoutes, translationRoutes, calendarRoutes, editRoutes, docsRoutes, edgeRoutes, xliffRoutes, machineTranslationRoutes]) {
        await api.register(routes, { services });
      }
      api.all('/*', async (_request, reply) => reply.status(404).send(failure('Not found: no such API route', 'NOT_FOUND')));
    },
    { prefix: '/api' },
  );

  await app.register(coverRoutes, { services });
  await app.register(vCardRoute, { services });
  // IndexNow's key file (https://www.indexnow.org/documentation): the search engines check that the site holds the key.
  const indexNowKey = services.config.indexNow?.key;
  if (indexNowKey) app.get(`/${indexNowKey}.txt`, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(indexNowKey));
  // The upload page's and the vacancy page's forms (multipart, files): before the pages' catch-all.
  await app.register(intakePageRoutes, { services });

  if (services.storage.kind === 's3') {
    registerBucketUploads(app, services);
  } else if (services.storage.directory) {
    fs.mkdirSync(services.storage.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: services.storage.directory,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Names never repeat (every upload gets a random part), so a file never changes.
      immutable: true,
      maxAge: '365d',
      cacheControl: true,
    });
  }

  const clientDirectory = options.clientDirectory;
  if (clientDirectory && fs.existsSync(clientDirectory)) {
    await app.register(fastifyStatic, {
      root: clientDirectory,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // Page forms (the contact form without JavaScript) post to their page's action.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  if (options.ssrBuild) {
    const renderPage = createSsrHandler(options.ssrBuild, services, mode);
    await app.register(async (pages) => {
      // A page's POST takes a form (urlencoded); any other body, or none, is read and set aside:
      // the one-click unsubscribe of an e-mail program (RFC 8058) may send multipart/form-data.
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
      pages.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, _body, done) => done(null, undefined));
      pages.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler: renderPage });
    });
  } else {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (_request, reply) =>
        reply.status(503).type('text/plain; charset=utf-8').send('The website is not built yet: run "npm run build", then start the server again.'),
    });
  }

  return app;
}
