/**
 * Who the client is, for rate limits. The address comes from the runtime, never from a header
 * the client can write: Netlify's `context.ip` in production, the socket's peer address in the
 * local runtime. Forwarding headers count only when `TRUST_PROXY` says how many proxies we
 * control sit in front; then the client is the address the outermost of them saw.
 * `x-nf-client-connection-ip` is never read: on Netlify `context.ip` carries the same address,
 * and anywhere else the header is whatever the client wrote.
 */
import { isIP } from 'node:net';
import { ipv6Groups, v4FromGroups } from '../net/ipv6';

const warnedAbout = new Set<string>();

/**
 * Proxies in front of the runtime that append to `X-Forwarded-For` (`TRUST_PROXY`, default 0).
 * `1`/`true` means one. A value that is not a hop count trusts nothing (the safe side) and is
 * reported once.
 */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const raw = env['TRUST_PROXY']?.trim().toLowerCase();
  if (!raw || raw === '0' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    if (!warnedAbout.has(raw)) {
      warnedAbout.add(raw);
      console.warn(
        `TRUST_PROXY must be a number of proxy hops (0-10) or true/false, not "${raw}": forwarding headers are ignored`,
      );
    }
    return 0;
  }
  return hops;
}

/** A usable address, or undefined: strips an IPv6 zone and brackets, refuses anything not an IP. */
function cleanIp(value: string | undefined): string | undefined {
  const text = value?.trim().replace(/^\[(.*)\]$/, '$1');
  return text && isIP(text.split('%')[0] ?? '') ? text.split('%')[0] : undefined;
}

/**
 * The client address of a request. `peerIp` is what the runtime says (Netlify's `context.ip`,
 * the local socket); with `TRUST_PROXY=n`, the n-th `X-Forwarded-For` entry from the right
 * instead (each trusted proxy appended the address it was connected from, so entries further
 * left are whatever the client chose to send). `unknown` when neither gives an address.
 */
export function resolveClientIp(
  req: Request,
  peerIp: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  const hops = trustedProxyHops(env);
  if (hops > 0) {
    const chain = (req.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const forwarded = cleanIp(chain[chain.length - hops]);
    if (forwarded) return forwarded;
  }
  return cleanIp(peerIp) ?? 'unknown';
}

/**
 * The network a client address is counted under: an IPv4 address as itself (IPv4-mapped IPv6
 * too), an IPv6 address by its /64, because one subscriber usually holds a whole /64 and could
 * otherwise mint 2^64 fresh budgets.
 */
export function clientNetwork(ip: string): string {
  const g = ipv6Groups(ip);
  if (!g) return ip.toLowerCase();
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return v4FromGroups(g6, g7);
  return `${[g0, g1, g2, g3].map((x) => x.toString(16)).join(':')}::/64`;
}
