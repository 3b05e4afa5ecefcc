import type { EdgeAdapter, EdgeConfig } from './edge-config.ts';

/*
 * One purge by tag, sent the way each vendor documents it (API-4.md "Serving behind a CDN or a
 * shared cache"), cut into calls within the vendor's limits. A refusal throws a PurgeFailure the
 * outbox retries: after the vendor's Retry-After for a 429, else with its own back-off.
 */

/**
 * Tags per call: Cloudflare takes 100 tags a purge request (every plan, 2025), Fastly 256
 * surrogate keys, Bunny one tag (`CacheTag` is a string), Varnish as many as one request header
 * holds (http_req_hdr_len, 8 KB by default: 100 tags of up to 80 characters stay well inside).
 */
const TAGS_PER_CALL: Record<EdgeAdapter, number> = { varnish: 100, cloudflare: 100, fastly: 256, bunny: 1 };

/**
 * Calls a minute this instance makes at most, when the vendor documents a limit: Cloudflare's
 * Free plan allows 5 purge requests a minute (Pro 5 a second). A purge that would go over waits
 * in the outbox until the minute has room. EDGE_PURGES_PER_MINUTE says otherwise for a better plan.
 */
const CALLS_PER_MINUTE: Record<EdgeAdapter, number> = { varnish: 6000, cloudflare: 5, fastly: 6000, bunny: 600 };

export class PurgeFailure extends Error {
  /** When the vendor said when to come back (429 Retry-After), or the minute's calls are spent. */
  retryAfterMs?: number;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

type Fetch = typeof fetch;

/** Retry-After: seconds, or an HTTP date. */
function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

async function refusal(what: string, response: Response): Promise<PurgeFailure> {
  const text = (await response.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ');
  const wait = response.status === 429 ? (retryAfterOf(response.headers.get('retry-after')) ?? 60_000) : undefined;
  return new PurgeFailure(`${what} answered ${response.status}${text ? `: ${text}` : ''}`, wait);
}

/** One call's request: where, and with what. */
function requestsFor(config: EdgeConfig, tags: string[]): Array<{ url: string; init: RequestInit; what: string }> {
  switch (config.adapter) {
    case 'varnish':
      // varnish-modules' xkey: `xkey.purge(req.http.xkey-purge)` in deploy/varnish/default.vcl; every server gets it.
      return config.varnish!.urls.map((url) => ({ url: `${url}/`, what: `Varnish at ${url}`, init: { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } } }));
    case 'cloudflare': {
      const { apiUrl, zoneId, token } = config.cloudflare!;
      return [{ url: `${apiUrl}/client/v4/zones/${zoneId}/purge_cache`, what: 'Cloudflare', init: { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ tags }) } }];
    }
    case 'fastly': {
      const { apiUrl, serviceId, key } = config.fastly!;
      return [{ url: `${apiUrl}/service/${serviceId}/purge`, what: 'Fastly', init: { method: 'POST', headers: { 'fastly-key': key, 'surrogate-key': tags.join(' '), accept: 'application/json' } } }];
    }
    case 'bunny': {
      const { apiUrl, pullZoneId, key } = config.bunny!;
      return [{ url: `${apiUrl}/pullzone/${pullZoneId}/purgeCache`, what: 'bunny.net', init: { method: 'POST', headers: { accesskey: key, 'content-type': 'application/json' }, body: JSON.stringify({ CacheTag: tags[0] }) } }];
    }
  }
}

/** Sends purges by tag to the configured vendor; `send` is fetch (a test may pass its own). */
export function createPurger(config: EdgeConfig, send: Fetch = fetch, timeoutMs = 10_000) {
  const perCall = TAGS_PER_CALL[config.adapter];
  const perMinute = config.callsPerMinute ?? CALLS_PER_MINUTE[config.adapter];
  const recent: number[] = [];
  /** Room for one more call this minute, or how long until there is. */
  const wait = () => {
    const now = Date.now();
    while (recent.length && recent[0] <= now - 60_000) recent.shift();
    return recent.length < perMinute ? 0 : recent[0] + 60_000 - now;
  };
  return {
    adapter: config.adapter,
    /** Purges every tag; answers how many calls it took. Throws a PurgeFailure (the rest is sent again on the retry). */
    async purge(tags: readonly string[]): Promise<number> {
      const unique = [...new Set(tags)];
      let calls = 0;
      for (let at = 0; at < unique.length; at += perCall) {
        const later = wait();
        if (later > 0) throw new PurgeFailure(`${perMinute} purges a minute sent: the rest waits ${Math.ceil(later / 1000)} s`, later);
        for (const { url, init, what } of requestsFor(config, unique.slice(at, at + perCall))) {
          recent.push(Date.now());
          calls += 1;
          let response: Response;
          try {
            response = await send(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
          } catch (error) {
            throw new PurgeFailure(`${what} could not be reached: ${(error as Error).message}`);
          }
          if (!response.ok) throw await refusal(what, response);
          // Cloudflare answers 200 with success: false when it refuses.
          if (config.adapter === 'cloudflare') {
            const body = (await response.json().catch(() => ({}))) as { success?: boolean; errors?: Array<{ message?: string }> };
            if (body.success === false) throw new PurgeFailure(`Cloudflare refused the purge: ${body.errors?.map((error) => error.message).join('; ') ?? 'no reason given'}`);
          } else await response.arrayBuffer().catch(() => undefined);
        }
      }
      return calls;
    },
  };
}

export type Purger = ReturnType<typeof createPurger>;

/** The tags of a shared cache's copy: what the answer read, and `site` (the configuration, languages and frame every page shows). */
function edgeTags(reads: ReadonlySet<string> | undefined): string[] {
  return ['site', ...[...(reads ?? [])].sort()];
}

/** The headers that give a public answer to a shared cache, naming what it shows. */
export function edgeHeaders(config: EdgeConfig, reads: ReadonlySet<string> | undefined): Record<string, string> {
  const tags = edgeTags(reads);
  const headers: Record<string, string> = {
    'cache-control': `public, max-age=0, s-maxage=${config.maxAgeSeconds}, stale-while-revalidate=${config.staleSeconds}`,
    'surrogate-key': tags.join(' '),
    'cache-tag': tags.join(','),
  };
  if (config.adapter === 'bunny') headers['cdn-tag'] = tags.join(',');
  return headers;
}

/** Personal answers, capability links, and pages that differ per visit: never kept by a shared cache. */
export const EDGE_PRIVATE = 'private, no-store';
