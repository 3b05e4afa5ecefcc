import { lookup as systemLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Agent, fetch } from 'undici';
import type { LinkAnswer } from '../domain/checks/record-checks.ts';

/*
 * Asks whether an outside link still opens, for the weekly link check: HEAD (GET when a site
 * refuses HEAD), redirects followed by hand up to five, within a time limit per link. An editor's
 * link must not make the server reach inside, so only ports 80 and 443 are asked, and never an
 * address of the IANA special-purpose registries (loopback, private, link-local, documentation,
 * benchmarking, NAT64, 6to4, multicast…) nor one of this machine's own interfaces. The address is
 * checked where the connection is made (the agent's own lookup): the address checked is the one
 * connected to, so a name that answers differently the second time (DNS rebinding) gains nothing.
 * `allowPrivate` (LINK_CHECK_PRIVATE, the tests' local server) lifts both limits.
 */

/** IPv4 special-purpose address registry (IANA, RFC 6890 and later), multicast and the limited broadcast. */
const SPECIAL_IPV4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
/** IPv6 special-purpose address registry (IANA), with the IPv4-compatible and -mapped forms and multicast. */
const SPECIAL_IPV6: Array<[string, number]> = [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const SPECIAL = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) SPECIAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of SPECIAL_IPV6) SPECIAL.addSubnet(network, prefix, 'ipv6');

/** This machine's own addresses (its public ones too, when an interface holds them), read at each check: interfaces come and go. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) for (const entry of entries ?? []) own.add(entry.address.replace(/%.*$/, '').toLowerCase());
  return own;
}

/** Whether an address may not be asked: special-purpose, or this machine's own. */
function isRefusedAddress(address: string, own = ownAddresses()): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return isRefusedAddress(mapped[1], own);
  const family = isIP(bare);
  if (family === 0) return true;
  return own.has(bare) || SPECIAL.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** A resolver as `dns.lookup` is, with every address (tests inject their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
const resolveWithSystem: Resolve = (hostname) =>
  new Promise((resolve, reject) => systemLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** Refused before any connection: the problem says why; `final` refusals are not broken links. */
class Refused extends Error {
  readonly code = 'LINK_REFUSED';
}

const REDIRECTS = 5;
const PORTS = ['80', '443'];
const DNS_TIMEOUT_MS = 5000;

export function createLinkAsker(options: { timeoutMs: number; allowPrivate?: boolean; userAgent?: string; resolve?: Resolve; ports?: string[]; dnsTimeoutMs?: number }) {
  const seconds = Math.round(options.timeoutMs / 1000);
  const resolve = options.resolve ?? resolveWithSystem;
  const ports = options.ports ?? PORTS;
  const dnsTimeoutMs = Math.min(options.dnsTimeoutMs ?? DNS_TIMEOUT_MS, options.timeoutMs);

  /** The lookup the connection itself makes: bounded in time, and every address it answers is checked. */
  function checkedLookup(hostname: string, lookupOptions: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`no answer from DNS within ${Math.round(dnsTimeoutMs / 1000)} s`), { code: 'EAI_AGAIN' })), dnsTimeoutMs);
    });
    Promise.race([resolve(hostname), late])
      .then((addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? addresses.filter((entry) => entry.family === lookupOptions.family) : addresses;
        if (!wanted.length) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        // One address of the name on the inside is enough to refuse it: which one is used is not ours to choose.
        if (!options.allowPrivate) {
          const own = ownAddresses();
          if (wanted.some((entry) => isRefusedAddress(entry.address, own))) throw new Refused('not asked: the address is on a private network or is a special-purpose one');
        }
        if (lookupOptions.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''))
      .finally(() => clearTimeout(timer));
  }

  const agent = new Agent({ connect: { lookup: checkedLookup as never, timeout: options.timeoutMs }, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });

  /** Undefined when the address may be asked, else why not (an address written in the link, or a port). */
  function refused(url: URL): string | undefined {
    if (options.allowPrivate) return undefined;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (!ports.includes(port)) return `not asked: only ports ${ports.join(' and ')} are asked`;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return isIP(host) && isRefusedAddress(host) ? 'not asked: the address is on a private network or is a special-purpose one' : undefined;
  }

  return async function ask(href: string): Promise<LinkAnswer> {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return { broken: true, problem: 'not a valid address' };
    }
    const signal = AbortSignal.timeout(options.timeoutMs);
    const headers = { 'user-agent': options.userAgent ?? 'lexsite-link-check' };
    try {
      for (let hop = 0; hop <= REDIRECTS; hop += 1) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return { broken: true, problem: `a redirect leads to ${url.protocol} (not a web page)` };
        const why = refused(url);
        if (why) return { broken: false, problem: why };
        let response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal, headers, dispatcher: agent });
        // Some sites answer HEAD with "not allowed": their page is asked for itself.
        if ([403, 405, 501].includes(response.status)) {
          await response.body?.cancel();
          response = await fetch(url, { method: 'GET', redirect: 'manual', signal, headers, dispatcher: agent });
        }
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          url = new URL(location, url);
          continue;
        }
        // 429: the site asks to come back later — not a broken link.
        return { status: response.status, broken: response.status >= 400 && response.status !== 429 };
      }
      return { broken: true, problem: `more than ${REDIRECTS} redirects` };
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof Refused) return { broken: false, problem: cause.message };
      if (signal.aborted) return { broken: true, problem: `no answer within ${seconds} s` };
      const code = (cause as { code?: string } | undefined)?.code ?? (error as { code?: string }).code;
      if (code === 'ENOTFOUND') return { broken: true, problem: 'no such host' };
      if (code === 'EAI_AGAIN') return { broken: true, problem: (cause as Error | undefined)?.message.startsWith('no answer from DNS') ? (cause as Error).message : 'no such host' };
      if (code === 'ECONNREFUSED') return { broken: true, problem: 'the connection was refused' };
      return { broken: true, problem: 'the site could not be reached' };
    }
  };
}
