import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { nonceContext } from './context.ts';
import { ENHANCE_SCRIPT } from './site/enhance-script.ts';

// The host (server/ssr.ts) reads these to hand the services, the client address and a nonce to
// the pages, and to allow the public pages' one inline script by its hash.
export { clientAddressContext, nonceContext, servicesContext } from './context.ts';
export const enhanceScriptHash = `sha256-${createHash('sha256').update(ENHANCE_SCRIPT).digest('base64')}`;

export const streamTimeout = 5_000;

/**
 * The bytes of a page rendered to a string, beside the Response that answers it (whose own body
 * is empty): the host sends them as they are. In the Response's body they were copied in and read
 * out again (3 % of an article's render, measured).
 */
const renderedPages = new WeakMap<Response, Buffer>();
export const renderedBody = (response: Response): Buffer | undefined => renderedPages.get(response);

const encoder = new TextEncoder();
/** Where pages are encoded before their bytes are copied out: one per process (renders do not overlap). */
const scratch = new Uint8Array(2 * 1024 * 1024);

/**
 * A page's UTF-8 bytes. One non-ASCII letter makes the whole page a two-byte string, which
 * Buffer.from encodes at about half the speed of TextEncoder.encodeInto (89 KB home page: 250 µs
 * against 110 µs, measured); a page longer than the scratch space takes Buffer.from.
 */
export function utf8(html: string): Buffer {
  const { read, written } = encoder.encodeInto(html, scratch);
  return read === html.length ? Buffer.from(scratch.subarray(0, written)) : Buffer.from(html);
}

/** Whether a route of the page asks to be hydrated (`handle = { hydrate: true }`: the admin area). */
function hydrated(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) => {
    const handle: unknown = context.routeModules[match.route.id]?.handle;
    return typeof handle === 'object' && handle !== null && 'hydrate' in handle && handle.hydrate === true;
  });
}

/**
 * Renders the whole page before answering (not a streamed shell): link previews and search
 * engines get complete HTML, and the response can be cached and given an ETag for one whole body.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const nonce = loadContext.get(nonceContext) || undefined;
  // A public page is never hydrated and nothing on it suspends: rendered to one string at once, with
  // none of the stream's machinery. A page that throws is rendered again by the streaming path, which
  // answers it as React Router's error handling expects.
  if (!hydrated(routerContext)) {
    try {
      headers.set('Content-Type', 'text/html; charset=utf-8');
      // Encoded once (a Response made of the string checked all of it for lone surrogates and
      // encoded it again: a tenth of an article page's render, measured).
      const html = `<!DOCTYPE html>${renderToString(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />)}`;
      const response = new Response(null, { status, headers });
      renderedPages.set(response, utf8(html));
      return response;
    } catch {
      // falls through to the stream
    }
  }
  return streamPage(request, status, headers, routerContext, loadContext);
}

/** The page rendered as a stream and answered when all of it is ready (the admin's shell, and a page that threw). */
export function streamPage(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const nonce = loadContext.get(nonceContext) || undefined;
  return new Promise<Response>((resolve, reject) => {
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            timeout = undefined;
            callback();
          },
        });
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        console.error(error);
      },
    });
  });
}
