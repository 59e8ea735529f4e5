import { describe, expect, it } from 'vitest';
import { checkAddress, checkHostname, checkPort, embeddedIPv4 } from './ip-policy';

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['64:ff9b:1:abcd::808:808', 'local-use NAT64'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001::1', 'Teredo'],
  ])('refuses %s (%s)', (address, kind) => {
    const verdict = checkAddress(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toContain(kind);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2001:4860:4860::8888',
  ])('allows public %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it('allows loopback only with the explicit opt-in, and nothing else private', () => {
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).allowed).toBe(false);
  });

  it('rejects non-addresses', () => {
    expect(checkAddress('example.com').allowed).toBe(false);
  });
});

describe('checkPort', () => {
  it('allows the scheme defaults and explicit 80/443 only', () => {
    for (const url of [
      'http://example.com/a.jpg',
      'https://example.com/a.jpg',
      'http://example.com:443/a.jpg',
      'https://example.com:80/a.jpg',
    ]) {
      expect(checkPort(new URL(url))).toEqual({ allowed: true });
    }
    for (const url of [
      'http://example.com:22/',
      'http://example.com:6379/',
      'https://example.com:8443/a.jpg',
    ]) {
      const verdict = checkPort(new URL(url));
      expect(verdict.allowed).toBe(false);
      if (!verdict.allowed) expect(verdict.reason).toMatch(/^port \d+ is not allowed/);
    }
  });

  it('follows a configured list, or allows any port', () => {
    expect(checkPort(new URL('http://example.com:8080/'), [8080]).allowed).toBe(true);
    expect(checkPort(new URL('http://example.com/'), [8080]).allowed).toBe(false);
    expect(checkPort(new URL('http://example.com:6379/'), 'any').allowed).toBe(true);
  });
});

describe('embeddedIPv4', () => {
  it('extracts mapped, NAT64 and 6to4 forms', () => {
    expect(embeddedIPv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIPv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIPv4('2606:4700::1111')).toBeUndefined();
  });
});

describe('checkHostname', () => {
  it.each([
    'localhost',
    'api.localhost',
    'metadata.google.internal',
    'metadata',
    'instance-data',
    'printer.local',
    'METADATA.GOOGLE.INTERNAL.',
  ])('refuses %s', (host) => expect(checkHostname(host).allowed).toBe(false));
  it('allows ordinary names', () => expect(checkHostname('images.example.com').allowed).toBe(true));
  it('allows localhost only with the opt-in', () => {
    expect(checkHostname('localhost', { allowLoopback: true }).allowed).toBe(true);
    expect(checkHostname('metadata.google.internal', { allowLoopback: true }).allowed).toBe(false);
  });
});
