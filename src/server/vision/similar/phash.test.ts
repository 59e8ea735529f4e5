import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dctHash, greyThumb, hammingDistance, hashDistance, hashThumb } from './phash';

const photo = (id: string) => readFileSync(resolve('public/gallery', `${id}.jpg`));
const hashOf = async (bytes: Buffer) => hashThumb(await greyThumb(bytes));

describe('perceptual hash', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
  });

  it('gives 16 hex digits with about half the bits set', async () => {
    const { hash } = await hashOf(photo('arch-colosseum'));
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const ones = hammingDistance(hash, '0000000000000000');
    expect(ones).toBeGreaterThanOrEqual(24);
    expect(ones).toBeLessThanOrEqual(40);
  });

  it('hashes the mirrored image as the mirrored hash of the original', async () => {
    const original = await hashOf(photo('tech-windmill3'));
    const mirrored = await hashOf(await sharp(photo('tech-windmill3')).flop().toBuffer());
    expect(hammingDistance(mirrored.hash, original.mirrored)).toBeLessThanOrEqual(2);
    expect(hashDistance(mirrored, original.hash)).toBeLessThanOrEqual(2);
  });

  it('stays close through resize + JPEG and brightness, far between different photos', async () => {
    const src = photo('nature-alpaca');
    const original = (await hashOf(src)).hash;
    const small = await hashOf(await sharp(src).resize({ width: 320 }).jpeg({ quality: 50 }).toBuffer());
    const bright = await hashOf(await sharp(src).linear(1.25, 0).jpeg({ quality: 80 }).toBuffer());
    expect(hashDistance(small, original)).toBeLessThanOrEqual(6);
    expect(hashDistance(bright, original)).toBeLessThanOrEqual(6);
    const other = await hashOf(photo('food-coffee'));
    expect(hashDistance(other, original)).toBeGreaterThan(16);
  });

  it('is a pure function of the 32x32 grey pixels', () => {
    const grey = Uint8Array.from({ length: 1024 }, (_, i) => (i * 37) % 251);
    expect(dctHash(grey)).toBe(dctHash(Array.from(grey)));
  });
});
