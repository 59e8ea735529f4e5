import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  base62,
  crc32,
  generateApiKey,
  hashApiKey,
  isWellFormedKey,
  KEY_PATTERN,
  keyChecksum,
  keyDisplay,
} from './api-key';

describe('API key format', () => {
  it('is optiq_live_ + 32 random base62 characters + a 6-character CRC32 checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(KEY_PATTERN);
    expect(key).toHaveLength('optiq_live_'.length + 38);
    const random = key.slice(11, 43);
    expect(key.slice(43)).toBe(keyChecksum(random));
    expect(isWellFormedKey(key)).toBe(true);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 500 }, generateApiKey));
    expect(keys.size).toBe(500);
  });

  it('computes the same CRC32 as zlib, in base62', () => {
    for (const text of ['', 'a', 'abcdefghijklmnopqrstuvwxyzABCDEF', 'optiq'])
      expect(crc32(text)).toBe(zlibCrc32(text));
    expect(base62(0, 6)).toBe('000000');
    expect(base62(61, 6)).toBe('00000z');
    expect(base62(62, 6)).toBe('000010');
    expect(base62(0xffffffff, 6)).toHaveLength(6);
  });

  it('refuses malformed keys and keys whose checksum does not match', () => {
    const key = generateApiKey();
    const flipped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    for (const bad of [
      '',
      'optiq_live_',
      key.slice(0, -1),
      `${key}x`,
      key.replace('optiq_live_', 'optiq_test_'),
      `${key.slice(0, -1)}!`,
      flipped,
    ]) {
      expect(isWellFormedKey(bad), bad).toBe(false);
    }
  });

  it('is stored as a SHA-256 digest and displayed as prefix + last four', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[\w-]{43}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(11, 43));
    expect(keyDisplay(key)).toEqual({ prefix: key.slice(0, 15), last4: key.slice(-4) });
  });
});
