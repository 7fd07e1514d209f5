import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a server-side fetch must never reach: private, loopback, link-local (cloud metadata
 * 169.254.169.254), CGNAT (Alibaba's metadata 100.100.100.200), multicast, documentation and
 * reserved ranges, and the IPv6 prefixes that embed or translate an IPv4 address.
 */
const blocked = new BlockList();
// Separate lists: a BlockList also matches IPv4 addresses against its IPv6 rules (as ::ffff:…).
const blocked6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => {
    if (part === '') return [];
    const pieces = part.split(':');
    const last = pieces.at(-1)!;
    if (isIPv4(last)) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return pieces.map((piece) => parseInt(piece, 16));
  };
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else null. */
export function mappedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const mapped =
    bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12).join('.') : null;
}

/** True when a server-side fetch may connect to this IP address. Anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(plain)) return !blocked.check(plain, 'ipv4');
  if (!isIPv6(plain)) return false;
  // IPv4-mapped (::ffff:a.b.c.d): judged by the IPv4 address it carries.
  const v4 = mappedIPv4(plain);
  if (v4) return !blocked.check(v4, 'ipv4');
  return !blocked6.check(plain, 'ipv6');
}
