import type { IncomingMessage, ServerResponse } from 'node:http';

/** A host name or an IP address in brackets, with an optional port: what a Host header may hold. */
const AUTHORITY = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Why a request cannot be answered, or undefined when it can. Its target must be a path that
 * starts with one slash (not `//host/…`, `/\host`, `http://…` or `*`), and its Host a valid
 * authority: what a page shows is made from the path and PUBLIC_URL only, never from a header,
 * and a request that could be read two ways is not read at all.
 */
export function refusedRequest(request: Pick<IncomingMessage, 'url' | 'headers'>): string | undefined {
  const target = request.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return 'Bad request: the address must be a path that starts with a single "/".';
  const host = request.headers.host;
  if (host !== undefined && !AUTHORITY.test(host)) return 'Bad request: the Host header is not a valid host name.';
  return undefined;
}

export function sendRefusal(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ success: false, error: message, code: 'BAD_REQUEST' });
  response.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', connection: 'close' });
  response.end(body);
}

/** Whether an Origin header names the host the request was sent to: a page of this site sent it, as the browser saw the site. */
export function originNamesHost(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host || origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
