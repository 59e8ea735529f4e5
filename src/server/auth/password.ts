/**
 * Admin password hashing with scrypt (node:crypto), encoded as `scrypt$N$r$p$salt$hash`
 * (salt and hash in base64url) so the cost can be raised later without breaking old hashes.
 */
import {
  randomBytes,
  scrypt as scryptCb,
  scryptSync,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/** Cost parameters for new hashes: N=2^15, r=8, p=1 takes ~50-100 ms and 32 MiB. */
export const DEFAULT_SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Memory scrypt needs is 128 * N * r bytes; node's 32 MiB default is exactly too small at N=2^15. */
function maxmem(N: number, r: number): number {
  return 128 * N * r * 2;
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const { N, r, p } = params;
  const salt = randomBytes(SALT_LENGTH);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Synchronous `hashPassword`, for config files that cannot await (playwright.config.ts hashes
 * the test password at load time). Request handlers use the async one.
 */
export function hashPasswordSync(password: string, params: ScryptParams = DEFAULT_SCRYPT): string {
  const { N, r, p } = params;
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

/** Parses an encoded hash; null when it is not one this module wrote. */
export function parsePasswordHash(encoded: string): ParsedHash | null {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  // N must be a power of two > 1; bounds keep a hostile value from pinning the CPU or memory.
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= 2 ** 20 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16;
  if (!valid) return null;
  const saltBuf = Buffer.from(salt, 'base64url');
  const hashBuf = Buffer.from(hash, 'base64url');
  if (saltBuf.length < 8 || hashBuf.length < 16) return null;
  return { N, r: R, p: P, salt: saltBuf, hash: hashBuf };
}

/** True when `encoded` is a well-formed hash this module can verify. */
export function isPasswordHash(encoded: string): boolean {
  return parsePasswordHash(encoded) !== null;
}

/** Checks a password against an encoded hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await scrypt(password, salt, hash.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(candidate, hash);
}
