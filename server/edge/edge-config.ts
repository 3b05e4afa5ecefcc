import { z } from 'zod';

/*
 * A CDN or a shared cache in front (API-4.md "Serving behind a CDN or a shared cache"): off
 * unless EDGE_PURGE names how purges are sent. Parsed apart from server/config.ts, which calls it.
 */

const url = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .transform((value) => value.replace(/\/+$/, ''));

const seconds = (max: number) =>
  z.coerce
    .number({ error: `must be a whole number of seconds from 0 to ${max}` })
    .int(`must be a whole number of seconds from 0 to ${max}`)
    .min(0, `must be a whole number of seconds from 0 to ${max}`)
    .max(max, `must be a whole number of seconds from 0 to ${max}`);

const EdgeSchema = z.object({
  EDGE_PURGE: z.enum(['varnish', 'cloudflare', 'fastly', 'bunny'], { error: 'must be varnish, cloudflare, fastly or bunny' }).optional(),
  EDGE_MAX_AGE: seconds(31_536_000).default(86_400),
  EDGE_STALE_SECONDS: seconds(86_400).default(60),
  /** Purge calls a minute at most, when the plan allows more than the vendor's lowest (Cloudflare Pro: 300). */
  EDGE_PURGES_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .optional(),
  /** One or more Varnish servers, comma-separated: each gets every purge. */
  EDGE_PURGE_URL: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim().replace(/\/+$/, '')).filter(Boolean))
    .refine((list) => list.length > 0 && list.every((item) => /^https?:\/\/[^\s/]+/.test(item)), 'must be one or more http(s) URLs, comma-separated, such as http://10.0.0.7:6081/,http://10.0.0.8:6081/')
    .optional(),
  CLOUDFLARE_API_URL: url('https://api.cloudflare.com').default('https://api.cloudflare.com'),
  CLOUDFLARE_ZONE_ID: z.string().regex(/^[a-f0-9]{32}$/i, 'must be the zone id from the zone’s Overview page (32 hexadecimal characters)').optional(),
  CLOUDFLARE_API_TOKEN: z.string().min(20, 'must be an API token with the Zone › Cache Purge permission').optional(),
  FASTLY_API_URL: url('https://api.fastly.com').default('https://api.fastly.com'),
  FASTLY_SERVICE_ID: z.string().regex(/^[A-Za-z0-9]{10,40}$/, 'must be the service id from the Fastly console').optional(),
  FASTLY_API_KEY: z.string().min(16, 'must be an API token with the purge_select scope').optional(),
  BUNNY_API_URL: url('https://api.bunny.net').default('https://api.bunny.net'),
  BUNNY_PULL_ZONE_ID: z.string().regex(/^\d{1,12}$/, 'must be the pull zone’s number from the bunny.net dashboard').optional(),
  BUNNY_API_KEY: z.string().min(16, 'must be the account’s API key (Account settings › API)').optional(),
});

export type EdgeAdapter = 'varnish' | 'cloudflare' | 'fastly' | 'bunny';

export interface EdgeConfig {
  adapter: EdgeAdapter;
  /** s-maxage: how long a shared cache keeps a public answer (a purge ends it sooner). */
  maxAgeSeconds: number;
  /** stale-while-revalidate: how long after that an old copy may be served while a new one is fetched. */
  staleSeconds: number;
  /** Calls a minute at most (EDGE_PURGES_PER_MINUTE), else the vendor's documented lowest (CALLS_PER_MINUTE). */
  callsPerMinute?: number;
  varnish?: { urls: string[] };
  cloudflare?: { apiUrl: string; zoneId: string; token: string };
  fastly?: { apiUrl: string; serviceId: string; key: string };
  bunny?: { apiUrl: string; pullZoneId: string; key: string };
}

const EDGE_SECRET_VARIABLES = ['CLOUDFLARE_API_TOKEN', 'FASTLY_API_KEY', 'BUNNY_API_KEY'];
const EDGE_VARIABLES = Object.keys(EdgeSchema.shape);

/** What each adapter needs besides EDGE_PURGE. */
const NEEDED: Record<EdgeAdapter, string[]> = {
  varnish: ['EDGE_PURGE_URL'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_KEY'],
  bunny: ['BUNNY_PULL_ZONE_ID', 'BUNNY_API_KEY'],
};

/** The edge settings, or undefined without EDGE_PURGE; throws an Error whose message is one line per bad variable. */
export function edgeConfigOf(env: Record<string, string | undefined>): EdgeConfig | undefined {
  const present = Object.fromEntries(EDGE_VARIABLES.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = EdgeSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues
        .map((issue) => {
          const name = String(issue.path[0]);
          return `Invalid configuration: ${name} ${issue.message}${EDGE_SECRET_VARIABLES.includes(name) ? '' : ` (got "${String(present[name])}")`}.`;
        })
        .join('\n'),
    );
  }
  const value = parsed.data;
  if (!value.EDGE_PURGE) return undefined;
  const adapter = value.EDGE_PURGE;
  const missing = NEEDED[adapter].filter((name) => !value[name as keyof typeof value]);
  if (missing.length) throw new Error(`Invalid configuration: EDGE_PURGE=${adapter} needs ${missing.join(' and ')} as well.`);
  const common = { adapter, maxAgeSeconds: value.EDGE_MAX_AGE, staleSeconds: value.EDGE_STALE_SECONDS, callsPerMinute: value.EDGE_PURGES_PER_MINUTE };
  switch (adapter) {
    case 'varnish':
      return { ...common, varnish: { urls: value.EDGE_PURGE_URL! } };
    case 'cloudflare':
      return { ...common, cloudflare: { apiUrl: value.CLOUDFLARE_API_URL, zoneId: value.CLOUDFLARE_ZONE_ID!, token: value.CLOUDFLARE_API_TOKEN! } };
    case 'fastly':
      return { ...common, fastly: { apiUrl: value.FASTLY_API_URL, serviceId: value.FASTLY_SERVICE_ID!, key: value.FASTLY_API_KEY! } };
    case 'bunny':
      return { ...common, bunny: { apiUrl: value.BUNNY_API_URL, pullZoneId: value.BUNNY_PULL_ZONE_ID!, key: value.BUNNY_API_KEY! } };
  }
}
