import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { LinkAnswer } from '../domain/checks/record-checks.ts';

/*
 * Asks whether an outside link still opens, for the weekly link check: HEAD (GET when a site
 * refuses HEAD), redirects followed by hand up to five, within a time limit per link. An address
 * on the firm's own network (loopback, private, link-local) is never asked — an editor's link must
 * not make the server reach inside — unless `allowPrivate` (the tests' local server).
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const REDIRECTS = 5;

export function createLinkAsker(options: { timeoutMs: number; allowPrivate?: boolean; userAgent?: string }) {
  const seconds = Math.round(options.timeoutMs / 1000);

  /** Undefined when the host may be asked, else why not. */
  async function refused(url: URL): Promise<string | undefined> {
    if (options.allowPrivate) return undefined;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
    return addresses.some(isPrivate) ? 'not asked: the address is on a private network' : undefined;
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
        const why = await refused(url);
        if (why) return { broken: false, problem: why };
        let response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal, headers });
        // Some sites answer HEAD with "not allowed": their page is asked for itself.
        if ([403, 405, 501].includes(response.status)) {
          await response.body?.cancel();
          response = await fetch(url, { method: 'GET', redirect: 'manual', signal, headers });
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
      if (signal.aborted) return { broken: true, problem: `no answer within ${seconds} s` };
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { broken: true, problem: 'no such host' };
      if (code === 'ECONNREFUSED') return { broken: true, problem: 'the connection was refused' };
      return { broken: true, problem: 'the site could not be reached' };
    }
  };
}
