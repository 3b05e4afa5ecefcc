import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isbot } from 'isbot';
import { SHOWN_AT_PLACEHOLDER } from '../../domain/contacts/shown-at.ts';

export interface CachedResponse {
  body: Buffer;
  /** Absent for a page written anew at each serving (`shownAt`): there is nothing to revalidate. */
  etag?: string;
  /** The headers Fastify sent with the first answer (security, type, cache policy). */
  headers: OutgoingHttpHeaders;
  br?: Buffer;
  gzip?: Buffer;
  /** The record whose views every serving of this page counts (`news/<id>`). */
  countedView?: string;
  /** The route it is counted under in the metrics (see server/http/metrics.ts). */
  route?: string;
  /** A public page: every serving of it is a visit (visit statistics), under this path. */
  visitPath?: string;
  /** What the answer was made of (domain/shared/read-tracker.ts); without them any write drops it. */
  tags?: ReadonlySet<string>;
  /** Where the body holds SHOWN_AT_PLACEHOLDER: each serving writes its time there (stampShownAt). */
  shownAt?: number[];
  /** The header lists the fast path sends with it, made at its first serving of each kind (see `headerList`). */
  sent?: Partial<Record<'304' | Encoding, string[]>>;
  /** The same lists of a 200 as the head's text (see `headText`). */
  heads?: Partial<Record<Encoding, string>>;
}

/** How a cached body is sent: brotli, gzip, or as it is (''). */
type Encoding = 'br' | 'gzip' | '';

/** Where a rendered page holds the contact form's "shown at" placeholder (domain/contacts/shown-at.ts). */
export function shownAtOffsets(body: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(SHOWN_AT_PLACEHOLDER); at !== -1; at = body.indexOf(SHOWN_AT_PLACEHOLDER, at + SHOWN_AT_PLACEHOLDER.length)) offsets.push(at);
  return offsets;
}

/** A copy of the page with the time of this serving where the placeholder stands. */
export function stampShownAt(body: Buffer, offsets: readonly number[], now = Date.now()): Buffer {
  const time = String(now).padStart(SHOWN_AT_PLACEHOLDER.length, '0');
  const copy = Buffer.from(body);
  for (const at of offsets) copy.write(time, at, 'latin1');
  return copy;
}

const COMPRESS_FROM_BYTES = 1024;

/** What one cached answer holds in memory: its body and the compressed copies made of it. */
const sizeOf = (entry: CachedResponse) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);

/** Whether a user agent is a robot's (isbot), remembered for the last thousand asked: its pattern costs ~25 µs a visit. */
const robots = new Map<string, boolean>();
export function isRobot(userAgent: string | undefined): boolean {
  if (!userAgent) return isbot(userAgent);
  let robot = robots.get(userAgent);
  if (robot === undefined) {
    robot = isbot(userAgent);
    if (robots.size >= 1000) robots.clear();
    robots.set(userAgent, robot);
  }
  return robot;
}

/**
 * A person (not a crawler or a link preview) was served a page, rendered or from the cache: its
 * article's view and the page's visit count. The one rule for both paths.
 */
export function countReader(
  page: Pick<CachedResponse, 'countedView' | 'visitPath'>,
  request: Pick<IncomingMessage, 'method' | 'headers' | 'url'>,
  counters: { countView?: (key: string) => void; countVisit?: (path: string, referer: string | undefined, source?: string) => void },
): void {
  // A HEAD (a link checker's) reads no page.
  if (!(page.countedView || page.visitPath) || request.method !== 'GET' || isRobot(request.headers['user-agent'])) return;
  if (page.countedView) counters.countView?.(page.countedView);
  if (page.visitPath) counters.countVisit?.(page.visitPath, request.headers.referer, sourceOf(request.url));
}

/** Where the firm's own links said a visitor came from (`?source=email` in alerts, `telegram` in channel posts). */
const SOURCES = new Set(['email', 'telegram']);
function sourceOf(url: string | undefined): string | undefined {
  const match = /[?&]source=([a-z]+)(?:&|$)/.exec(url ?? '');
  return match && SOURCES.has(match[1]) ? match[1] : undefined;
}

/**
 * Public responses kept in memory by URL (the language is part of it). A write drops the answers
 * that read what it changed (`invalidate`), or all of them (`clear`); a generation number keeps a
 * response computed before a write from being stored after it.
 * Bounded by count and by bytes (bodies and their compressed copies): the least recently used go
 * first, and an answer larger than `maxEntryBytes` is not kept at all.
 */
export function createResponseCache({ maxEntries = 2000, maxBytes = 64 * 1024 * 1024, maxEntryBytes = 2 * 1024 * 1024 } = {}) {
  const entries = new Map<string, CachedResponse>();
  /** Misses being answered now, by key (see `answering`), and how to let their waiters go. */
  const answering = new Map<string, { sent: Promise<void>; settle: () => void }>();
  let generation = 0;
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  };
  const evict = () => {
    while (entries.size > 0 && (entries.size > maxEntries || bytes > maxBytes)) remove(entries.keys().next().value!);
  };
  return {
    get(key: string) {
      const entry = entries.get(key);
      if (entry) {
        // Most recently used last: a Map keeps insertion order.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    generation: () => generation,
    set(key: string, entry: CachedResponse, startedAt: number) {
      if (startedAt !== generation || sizeOf(entry) > maxEntryBytes) return;
      remove(key);
      entries.set(key, entry);
      bytes += sizeOf(entry);
      evict();
      // Kept: whoever waits for this answer takes the copy now, not after a slow visitor's download.
      answering.get(key)?.settle();
    },
    /** A compressed copy was added to the entry kept under `key`: it counts toward the bound. */
    grew(key: string, entry: CachedResponse, added: number) {
      if (entries.get(key) !== entry) return;
      bytes += added;
      evict();
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    /** Drops the answers that read any of `tags`, and those that do not say what they read. */
    invalidate(tags: string[]) {
      generation += 1;
      for (const [key, entry] of entries) if (!entry.tags || tags.some((tag) => entry.tags!.has(tag))) remove(key);
    },
    /**
     * A miss for `key` is answered by `response`. When another miss for it is already being answered,
     * its promise (settled once that answer is kept, or sent) is given instead: the caller waits for it and
     * then reads the cache, so a page dropped by a save is rendered once, not once per visitor
     * asking in the meantime (an answer that is not kept: the waiters then answer it themselves).
     */
    answering(key: string, response: ServerResponse): Promise<void> | undefined {
      const earlier = answering.get(key);
      if (earlier) return earlier.sent;
      let release = () => {};
      const sent = new Promise<void>((resolve) => (release = resolve));
      const flight = {
        sent,
        settle() {
          if (answering.get(key) === flight) answering.delete(key);
          release();
        },
      };
      answering.set(key, flight);
      response.once('close', flight.settle);
      return undefined;
    },
    size: () => entries.size,
    bytes: () => bytes,
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * A read any visitor would get the same answer to: API reads without a token or admin=true, and
 * public pages (not the admin area, not files); a GET, or a HEAD (answered as its GET, whose body
 * Node leaves out). Only these are cached.
 */
export function isPublicRead(method: string | undefined, url: string | undefined, authorization: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined || authorization) return false;
  if (url.startsWith('/api/')) return !/[?&]admin=true(&|$)/.test(url);
  return !url.startsWith('/api') && !url.startsWith('/admin') && !url.startsWith('/uploads/') && !url.startsWith('/assets/');
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The encoding a visitor's Accept-Encoding asks for, remembered for the last hundred asked (a browser's is the same at every request). */
const encodings = new Map<string, Encoding>();
function encodingFor(accepted: string): Encoding {
  let encoding = encodings.get(accepted);
  if (encoding === undefined) {
    encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : '';
    if (encodings.size >= 100) encodings.clear();
    encodings.set(accepted, encoding);
  }
  return encoding;
}

/**
 * The headers an entry is sent with, as the flat list `writeHead` takes (name, value, name, value…):
 * those Fastify sent the first time, `x-cache: hit`, and for a 200 (`encoding` given) the encoding,
 * with `Vary: Accept-Encoding` when the body is large enough to be compressed, and its length
 * (`length`; absent when each serving's differs). Made once per entry and kind, so that a hit
 * builds no header and no string but its request id.
 */
function headerList(entry: CachedResponse, encoding: Encoding | undefined, length: number | undefined): string[] {
  const vary = encoding !== undefined && entry.body.length >= COMPRESS_FROM_BYTES ? (entry.headers.vary ? `${String(entry.headers.vary)}, Accept-Encoding` : 'Accept-Encoding') : undefined;
  const list: string[] = [];
  for (const [name, value] of Object.entries(entry.headers)) {
    if (value === undefined || (vary && name === 'vary')) continue;
    if (Array.isArray(value)) for (const item of value) list.push(name, item);
    else list.push(name, String(value));
  }
  list.push('x-cache', 'hit');
  if (vary) list.push('vary', vary);
  if (encoding) list.push('content-encoding', encoding);
  if (length !== undefined) list.push('content-length', String(length));
  return list;
}

/** Writes the head: `list` with this answer's own headers after it, which are taken off again (writeHead reads the list at once). */
function writeHead(response: ServerResponse, status: number, list: string[], requestId: string, length?: number): void {
  const kept = list.length;
  list.push('x-request-id', requestId);
  if (length !== undefined) list.push('content-length', String(length));
  try {
    response.writeHead(status, list);
  } finally {
    list.length = kept;
  }
}

/**
 * The head of a 200 answer as Node writes it, but for what differs per answer (the request id, the
 * date, keep-alive), made once per entry and encoding from its header list. Fastify validated every
 * name and value when the entry was made; `writeHead` would validate them again and join them at
 * every hit, which was a tenth of a cached answer's processor time (docs/performance.md).
 */
function headText(list: readonly string[]): string {
  let text = 'HTTP/1.1 200 OK\r\n';
  for (let at = 0; at < list.length; at += 2) text += `${list[at]}: ${list[at + 1]}\r\n`;
  return text;
}

/** The Date header's value, made once a second (as Node's own). */
let dateText = '';
let dateSecond = 0;
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * Sets a 200's whole head on a connection kept alive: Node's ServerResponse sends a head it is given
 * as text (`_header`, the field its own writeHead fills) before the body and goes on as after its own
 * head. Only on a connection Node keeps open (`shouldKeepAlive`: not HTTP/1.0 without keep-alive, not
 * `Connection: close`, not a closing server), whose head Node would end the same way; any other
 * answer goes through writeHead (decision 029). Node's version is the project's own (the `node` devDependency);
 * tests/foundation.test.ts reads these heads byte by byte.
 */
function setHead(response: ServerResponse, head: string, requestId: string, keepAliveSeconds: number): boolean {
  if (!response.shouldKeepAlive) return false;
  (response as unknown as { _header: string })._header = `${head}x-request-id: ${requestId}\r\nDate: ${httpDate()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${keepAliveSeconds}\r\n\r\n`;
  return true;
}

/**
 * The fast path in front of Fastify: a cached public answer is written straight to the socket
 * with the headers Fastify sent the first time, compressed once per encoding. Returns false when
 * the request is not a cache hit, and Fastify handles it as usual.
 */
export function serveFromCache(
  cache: ResponseCache,
  request: IncomingMessage,
  response: ServerResponse,
  options: {
    log?: (entry: Record<string, unknown>) => void;
    countView?: (key: string) => void;
    countVisit?: (path: string, referer: string | undefined, source?: string) => void;
    observe?: (route: string, status: number) => void;
    /** The server's keep-alive timeout, in seconds: given, a 200 on a kept-alive connection is sent with its head as text (`setHead`). */
    keepAliveSeconds?: number;
  } = {},
): boolean {
  const { log } = options;
  if (!isPublicRead(request.method, request.url, request.headers.authorization)) return false;
  const entry = cache.get(request.url!);
  if (!entry) return false;
  countReader(entry, request, options);
  const requestId = requestIdOf(request.headers['x-request-id']);
  const sent = (entry.sent ??= {});
  if (entry.etag && etagMatches(request.headers['if-none-match'], entry.etag)) {
    writeHead(response, 304, (sent['304'] ??= headerList(entry, undefined, undefined)), requestId);
    response.end();
    log?.({ reqId: requestId, url: request.url, statusCode: 304, cache: 'hit' });
    options.observe?.(entry.route ?? 'cached', 304);
    return true;
  }
  const encoding = entry.body.length >= COMPRESS_FROM_BYTES ? encodingFor(request.headers['accept-encoding'] ?? '') : '';
  let body = entry.body;
  if (entry.shownAt) {
    // Written anew for each visitor (the contact form's time): compressed each time, at a quicker setting.
    body = stampShownAt(entry.body, entry.shownAt);
    if (encoding === 'br') body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    else if (encoding === 'gzip') body = gzipSync(body, { level: 4 });
    writeHead(response, 200, (sent[encoding] ??= headerList(entry, encoding, undefined)), requestId, body.length);
  } else {
    if (encoding === 'br') {
      if (!entry.br) {
        entry.br = brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        cache.grew(request.url!, entry, entry.br.length);
      }
      body = entry.br;
    } else if (encoding === 'gzip') {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.body, { level: 6 });
        cache.grew(request.url!, entry, entry.gzip.length);
      }
      body = entry.gzip;
    }
    const list = (sent[encoding] ??= headerList(entry, encoding, body.length));
    const heads = (entry.heads ??= {});
    const { keepAliveSeconds } = options;
    if (!keepAliveSeconds || !setHead(response, (heads[encoding] ??= headText(list)), requestId, keepAliveSeconds)) writeHead(response, 200, list, requestId);
  }
  response.end(body);
  log?.({ reqId: requestId, url: request.url, statusCode: 200, cache: 'hit' });
  options.observe?.(entry.route ?? 'cached', 200);
  return true;
}

/** Per-request headers that a cached copy must not repeat. */
const UNSHARED_HEADERS = new Set(['x-request-id', 'content-length', 'set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of an answer that every later copy of it may carry. */
export function sharedHeaders(headers: Record<string, string | number | string[] | undefined>): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !UNSHARED_HEADERS.has(name))) as OutgoingHttpHeaders;
}

/** Public answers are kept but revalidated every time (ETag → 304): a save shows on the next request. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
