/** IPv6 text parsing shared by the SSRF address policy and the rate-limit client keys. */
import { isIP } from 'node:net';

/** Parses an IPv6 address into eight 16-bit groups; undefined when it is not IPv6. */
export function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().split('%')[0] ?? '';
  // A trailing dotted IPv4 part (::ffff:127.0.0.1) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const o = dotted[1].split('.').map(Number);
    text =
      text.slice(0, -dotted[1].length) +
      `${(((o[0] ?? 0) << 8) | (o[1] ?? 0)).toString(16)}:${(((o[2] ?? 0) << 8) | (o[3] ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array<string>(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** `a.b.c.d` from the last two groups of an IPv6 address. */
export const v4FromGroups = (hi: number, lo: number): string =>
  `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
