import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  hashPasswordSync,
  isPasswordHash,
  parsePasswordHash,
  verifyPassword,
} from './password';

// Low cost keeps the suite fast; the format and checks are the same at any cost.
const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('encodes as scrypt$N$r$p$salt$hash and verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery staple', FAST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('has a synchronous twin producing compatible hashes', async () => {
    const hash = hashPasswordSync('sync-password', FAST);
    expect(await verifyPassword('sync-password', hash)).toBe(true);
    expect(await verifyPassword('other', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const a = await hashPassword('same', FAST);
    const b = await hashPassword('same', FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('uses the default cost (N=2^15) without exceeding the memory limit', async () => {
    const hash = await hashPassword('pw-with-default-cost');
    expect(parsePasswordHash(hash)?.N).toBe(32768);
    expect(await verifyPassword('pw-with-default-cost', hash)).toBe(true);
  });

  it('refuses malformed or hostile hashes', async () => {
    expect(isPasswordHash('plaintext')).toBe(false);
    expect(isPasswordHash('bcrypt$10$8$1$abc$def')).toBe(false);
    expect(isPasswordHash('scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(false); // N not a power of 2
    expect(isPasswordHash(`scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA`)).toBe(false); // too costly
    expect(await verifyPassword('x', 'scrypt$$$$$')).toBe(false);
  });

  it('detects a changed hash byte', async () => {
    const hash = await hashPassword('secret-password', FAST);
    const last = hash.at(-2) === 'A' ? 'B' : 'A';
    const tampered = hash.slice(0, -2) + last + hash.slice(-1);
    expect(await verifyPassword('secret-password', tampered)).toBe(false);
  });
});
