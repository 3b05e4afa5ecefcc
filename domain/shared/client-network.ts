import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a per-client limit counts as one client: an IPv4 address, or an IPv6 address's /64 (one
 * household or office is given a whole /64, and could otherwise take a new address per request).
 * An IPv4 address written as IPv6 (::ffff:1.2.3.4) is the IPv4 address.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const [head, tail = ''] = bare.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // An IPv4 tail (::1.2.3.4) is two groups; only the first four groups are kept anyway.
  const front = groups(head);
  const back = bare.includes('::') ? groups(tail) : [];
  const full = bare.includes('::') ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
