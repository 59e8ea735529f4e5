/**
 * The API key format, GitHub's token layout: `optiq_live_` + 32 random base62 characters + 6
 * base62 characters of the CRC32 of the random part. The prefix makes a leaked key
 * recognisable, the checksum lets a secret scanner (or our own check, before any query) tell a
 * real key from a look-alike offline. Keys are stored only as SHA-256: they carry ~190 random
 * bits, so a fast unsalted hash is safe, and the lookup is one indexed equality.
 */
import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'optiq_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** The whole shape; the checksum is checked by `isWellFormedKey`. */
export const KEY_PATTERN = /^optiq_live_[0-9A-Za-z]{38}$/;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib computes it) of a string's UTF-8 bytes. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8'))
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A number in base62, left-padded with `0` to `width` characters. */
export function base62(value: number, width: number): string {
  let out = '';
  let n = value;
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(width, '0');
}

/** The 6-character checksum of a key's random part. */
export function keyChecksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH);
}

/** `length` uniformly random base62 characters (rejection sampling: no modulo bias). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A new key. Shown to its owner once; the server keeps `hashApiKey(key)`. */
export function generateApiKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${keyChecksum(random)}`;
}

/** True when `key` has the shape and a matching checksum: anything else is refused unread. */
export function isWellFormedKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length);
  return keyChecksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** The stored form of a key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** What is kept for display: the prefix with four characters, and the last four. */
export function keyDisplay(key: string): { prefix: string; last4: string } {
  return { prefix: key.slice(0, KEY_PREFIX.length + 4), last4: key.slice(-4) };
}
