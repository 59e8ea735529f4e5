import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientNetwork, resolveClientIp, trustedProxyHops } from './client-address';

const req = (headers: Record<string, string>) => new Request('http://localhost/api/x', { headers });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('resolveClientIp', () => {
  it('takes the runtime address and ignores forwarding headers a client sent', () => {
    const spoofed = req({ 'x-forwarded-for': '198.51.100.1', 'x-nf-client-connection-ip': '198.51.100.2' });
    expect(resolveClientIp(spoofed, '203.0.113.7', {})).toBe('203.0.113.7');
    expect(resolveClientIp(spoofed, undefined, {})).toBe('unknown');
  });

  it('honours X-Forwarded-For only behind TRUST_PROXY, counting hops from the right', () => {
    const chain = req({ 'x-forwarded-for': '198.51.100.1, 203.0.113.5, 10.0.0.2' });
    expect(resolveClientIp(chain, '10.0.0.3', { TRUST_PROXY: '1' })).toBe('10.0.0.2');
    expect(resolveClientIp(chain, '10.0.0.3', { TRUST_PROXY: 'true' })).toBe('10.0.0.2');
    expect(resolveClientIp(chain, '10.0.0.3', { TRUST_PROXY: '2' })).toBe('203.0.113.5');
    // A spoofed entry on the left never becomes the client behind one proxy.
    expect(resolveClientIp(chain, '10.0.0.3', { TRUST_PROXY: '0' })).toBe('10.0.0.3');
  });

  it('falls back to the runtime address when the trusted header is missing, short or not an address', () => {
    expect(resolveClientIp(req({}), '10.0.0.3', { TRUST_PROXY: '1' })).toBe('10.0.0.3');
    expect(resolveClientIp(req({ 'x-forwarded-for': '203.0.113.5' }), '10.0.0.3', { TRUST_PROXY: '2' })).toBe(
      '10.0.0.3',
    );
    expect(
      resolveClientIp(req({ 'x-forwarded-for': 'evil, <script>' }), '10.0.0.3', { TRUST_PROXY: '1' }),
    ).toBe('10.0.0.3');
    expect(
      resolveClientIp(req({ 'x-forwarded-for': '[2001:db8::1]' }), '10.0.0.3', { TRUST_PROXY: '1' }),
    ).toBe('2001:db8::1');
  });
});

describe('trustedProxyHops', () => {
  it('reads a hop count, defaulting to none, and trusts nothing for a value it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: 'false' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '3' })).toBe(3);
    expect(trustedProxyHops({ TRUST_PROXY: 'yes please' })).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('clientNetwork', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and cuts IPv6 to its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:DB8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
