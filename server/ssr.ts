import { randomFillSync } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { COUNTED_VIEW_HEADER } from '../domain/shared/view-counter.ts';
import type { AppServices } from './app-services.ts';
import { HOME_VARY } from './http/language-choice.ts';
import { pageRoute } from './http/metrics.ts';
import { countReader, etagMatches, etagOf, isPublicRead, PUBLIC_CACHE_CONTROL, sharedHeaders, shownAtOffsets, stampShownAt } from './http/response-cache.ts';
import { pageContentSecurityPolicy } from './http/security.ts';
import { originNamesHost } from './http/request-target.ts';
import { LANGUAGE_CODE } from '../domain/shared/localized.ts';
import { EDGE_PRIVATE, edgeHeaders } from './edge/edge-purge.ts';

/** A preview link's page, in any language: never counted as a page not found. */
const PREVIEW_PATH = new RegExp(`^(/${LANGUAGE_CODE})?/preview/`);

/** Pages that set their own cache policy (a preview, an error) are not kept. */
function isCacheable(request: FastifyRequest, response: Response): boolean {
  return (
    response.status === 200 &&
    isPublicRead(request.method, request.url, request.headers.authorization) &&
    !response.headers.has('set-cookie') &&
    !response.headers.has('cache-control')
  );
}

/** The path as a person typed it (/news/эски), or undefined when it is not valid percent-encoding. */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** An HTML page of the public site (not the admin area, a preview link, a feed or the sitemap). */
function isVisitedPage(pathname: string, contentType: string | null): boolean {
  return (contentType ?? '').startsWith('text/html') && !/^\/admin(\/|$)/.test(pathname) && !/\/preview\//.test(pathname);
}

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/** Random bytes drawn 4 KiB at a time and each handed out once: a nonce per page without a system call per page (1 % of a render). */
const randomPool = Buffer.alloc(4096);
let randomUsed = randomPool.length;
function freshNonce(): string {
  if (randomUsed + 16 > randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  randomUsed += 16;
  return randomPool.toString('base64', randomUsed - 16, randomUsed);
}

/**
 * Hands a request to React Router's server renderer. Page loaders reach the domain services
 * through the router context that app/entry.server.tsx exports as `servicesContext`, so the
 * renderer and this host share one context key.
 */
export function createSsrHandler(source: BuildSource, services: AppServices, mode: 'production' | 'development') {
  const loadBuild = typeof source === 'function' ? source : async () => source;
  // A build given as an object is derived once (routes ranked, the static handler made); given as a
  // function (development, where it changes) React Router derives it again on every request.
  const handle = createRequestHandler(source, mode);
  // Pages are routed from the request's path on the site's own address (PUBLIC_URL), never from
  // Host or X-Forwarded-Host: a header must not change what a cached address serves.
  const origin = new URL(services.config.publicUrl).origin;
  const edge = services.config.edge;

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const generation = services.cache.generation();
    const build = await loadBuild();
    const { servicesContext, clientAddressContext, nonceContext, enhanceScriptHash, renderedBody } = build.entry.module as unknown as {
      servicesContext: RouterContext<AppServices>;
      clientAddressContext: RouterContext<string>;
      nonceContext: RouterContext<string>;
      enhanceScriptHash: string;
      renderedBody: (response: Response) => Buffer | undefined;
    };
    const nonce = freshNonce();
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(clientAddressContext, request.ip);
    context.set(nonceContext, nonce);

    const controller = new AbortController();
    // A visitor gone before the page was sent stops its loaders; an answer sent closes with nothing to stop.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // Joined as text (a target starting with // or /\ is refused before, see request-target.ts).
    const url = new URL(origin + request.url);
    // A path with control characters (CR LF, tab…) names no page; it never reaches the router.
    if (/%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(url.pathname) || /[\u0000-\u001f\u007f]/.test(request.url)) {
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found: no such address');
    }
    // A form posted from a page of this site, as the browser saw it (its Origin names the host it
    // sent the form to): React Router's check compares the Origin with the routed URL, which is
    // PUBLIC_URL's. A form from any other origin keeps its Origin and is refused.
    if (request.method === 'POST' && originNamesHost(request.headers.origin, request.headers.host)) headers.set('origin', origin);
    const formBody = request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined;
    // A HEAD is rendered as its GET (the same headers: type, ETag, cache policy); Node leaves the body out.
    const response = await handle(new Request(url, { method: request.method === 'HEAD' ? 'GET' : request.method, headers, body: formBody, signal: controller.signal }), context);

    // No page here: an old address may have moved (redirects), else the 404 is logged for the editors.
    if (response.status === 404 && (request.method === 'GET' || request.method === 'HEAD')) {
      const path = decodedPath(url.pathname);
      const languages = await services.languages.list({ admin: false });
      const moved = path ? await services.redirects.resolve(path, languages.map((language) => String(language.code))) : undefined;
      if (moved) {
        // A target stored before targets were encoded may hold letters a header cannot carry.
        const target = moved.to.replace(/[^\x21-\x7e]+/g, (letters) => encodeURIComponent(letters));
        const location = target.startsWith('/') && !target.includes('?') ? target + url.search : target;
        return reply.status(moved.status).header('cache-control', 'no-cache').header('location', location).send();
      }
      if (path && !PREVIEW_PATH.test(path)) services.redirects.notFound(path);
    }

    reply.status(response.status);
    if (mode === 'production') reply.header('content-security-policy', pageContentSecurityPolicy(enhanceScriptHash, nonce));
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie' || name === COUNTED_VIEW_HEADER) continue;
      reply.header(name, value);
    }
    // An article page: this visit counts (a crawler's does not), and so will every copy from the cache.
    const countedView = response.status === 200 ? (response.headers.get(COUNTED_VIEW_HEADER) ?? undefined) : undefined;
    // A public page seen by a person is a visit (visit statistics): no cookie, no address kept.
    const visitPath = response.status === 200 && isVisitedPage(url.pathname, response.headers.get('content-type')) ? decodedPath(url.pathname) : undefined;
    countReader({ countedView, visitPath }, request.raw, services);
    // The home page is the default language's only for visitors not sent elsewhere (server/http/language-choice.ts).
    if (url.pathname === '/') reply.header('vary', HOME_VARY);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const cacheable = isCacheable(request, response);
    // Behind a CDN or shared cache (EDGE_PURGE): a page that is not kept here (a capability link, a form's answer, an error) is kept by none.
    if (edge && !cacheable) reply.header('cache-control', EDGE_PRIVATE);
    // A page rendered to a string comes as bytes beside its Response (app/entry.server.tsx).
    const rendered = renderedBody(response);
    // A HEAD's body is left out by Node when it is sent.
    if (!response.body && !rendered) return reply.send();
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (!cacheable && !html && response.body) return reply.send(Readable.fromWeb(response.body as WebReadableStream));

    // Kept whole (the renderer waits for all content anyway). A page with the contact form gets the
    // time of this serving where its placeholder stands, also when it is kept (each copy from the
    // cache gets its own time, so it has no ETag).
    const body = rendered ?? Buffer.from(await response.arrayBuffer());
    const shownAt = html ? shownAtOffsets(body) : [];
    const served = shownAt.length ? stampShownAt(body, shownAt) : body;
    if (!cacheable) return reply.send(served);
    const route = pageRoute(request.url);
    if (shownAt.length) {
      // Its HTML differs per visit (the form's time): a shared cache must not keep it.
      reply.header('cache-control', edge ? EDGE_PRIVATE : 'no-cache');
      services.cache.set(request.url, { body, shownAt, headers: sharedHeaders(reply.getHeaders()), countedView, visitPath, route, tags: request.reads }, generation);
      return reply.send(served);
    }
    // A page any visitor gets alike, with an ETag, until the next write that affects it.
    const etag = etagOf(body);
    reply.header('etag', etag);
    // The home page at / differs by the visitor's language (Vary): a shared cache in front leaves it to this one.
    if (edge) reply.headers(url.pathname === '/' ? { 'cache-control': 'private, no-cache' } : edgeHeaders(edge, request.reads));
    else reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    services.cache.set(request.url, { body, etag, headers: sharedHeaders(reply.getHeaders()), countedView, visitPath, route, tags: request.reads }, generation);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(body);
  };
}
