/**
 * Which addresses a server-side image fetch may connect to. Everything that is not a public
 * unicast address is refused: loopback, private, link-local (cloud metadata at 169.254.169.254),
 * CGNAT, multicast, documentation and reserved ranges, plus IPv6 forms that embed an IPv4
 * address (IPv4-mapped, IPv4-compatible, NAT64, 6to4), which are checked as that IPv4 address.
 * Tunnels whose far end cannot be told from the address are refused whole: local-use NAT64
 * (64:ff9b:1::/48, where the operator picks the layout) and Teredo (2001::/32). Ports are
 * limited to 80 and 443 (`checkPort`).
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import { ipv6Groups, v4FromGroups } from '../net/ipv6';

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const v4Ranges: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT (shared) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol-assignment address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
];

const v6Ranges: [string, number, string][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['64:ff9b:1::', 48, 'a local-use NAT64 address (it can reach any IPv4 network)'],
  ['100::', 64, 'a discard-only address'],
  ['2001::', 32, 'a Teredo tunnel address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['fc00::', 7, 'a unique-local (private) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

const lists = [
  ...v4Ranges.map((r) => [...r, 'ipv4'] as const),
  ...v6Ranges.map((r) => [...r, 'ipv6'] as const),
].map(([net, prefix, reason, type]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, reason, type };
});

/** The IPv4 address an IPv6 address stands for (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4FromGroups(g6, g7); // ::ffff:a.b.c.d
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4FromGroups(g6, g7); // ::ffff:0:a.b.c.d (SIIT)
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4FromGroups(g6, g7); // ::a.b.c.d (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return v4FromGroups(g6, g7); // NAT64
  if (g0 === 0x2002) return v4FromGroups(g1, g2); // 6to4
  return undefined;
}

export interface AddressPolicy {
  /** Allow loopback (127/8, ::1) for local tests; nothing else private is ever allowed. */
  allowLoopback?: boolean;
}

/** Decides whether a resolved IP address may be connected to. */
export function checkAddress(address: string, policy: AddressPolicy = {}): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return { allowed: false, reason: `"${address}" is not an IP address` };
  const v4 = family === 6 ? embeddedIPv4(address) : address;
  const subject = v4 ?? address;
  const type = v4 && isIPv4(v4) ? 'ipv4' : 'ipv6';
  for (const { list, reason, type: t } of lists) {
    if (t !== type || !list.check(subject, type)) continue;
    if (policy.allowLoopback && reason === 'a loopback address') return { allowed: true };
    return { allowed: false, reason: `${address} is ${reason}` };
  }
  return { allowed: true };
}

/** Ports an image URL may use unless configured otherwise: the web's own. */
export const DEFAULT_IMAGE_PORTS: readonly number[] = [80, 443];

/**
 * Decides whether a URL's port may be connected to (`port` as in `URL.port`: empty for the
 * scheme's default). Other ports reach mail, database and admin services on public hosts, and
 * answers from them tell an attacker which are open.
 */
export function checkPort(
  url: URL,
  allowed: readonly number[] | 'any' = DEFAULT_IMAGE_PORTS,
): AddressVerdict {
  if (allowed === 'any') return { allowed: true };
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (allowed.includes(port)) return { allowed: true };
  return { allowed: false, reason: `port ${port} is not allowed (only ${allowed.join(' and ')})` };
}

/** Host names that reach cloud metadata or the local machine without looking private. */
const BLOCKED_HOSTS = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
  'kubernetes.default',
  'kubernetes.default.svc',
]);

/** Refuses well-known internal host names before any DNS lookup. */
export function checkHostname(hostname: string, policy: AddressPolicy = {}): AddressVerdict {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (local) {
    return policy.allowLoopback
      ? { allowed: true }
      : { allowed: false, reason: `${hostname} is the local machine` };
  }
  if (BLOCKED_HOSTS.has(host) || host.endsWith('.internal') || host.endsWith('.local')) {
    return { allowed: false, reason: `${hostname} is an internal or metadata host name` };
  }
  return { allowed: true };
}
