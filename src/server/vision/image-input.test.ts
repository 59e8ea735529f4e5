import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { decodeImage, sniffFormat } from './image-input';
import { MODEL_INPUT_SIZE } from './model';
import { FIXTURE_DIR } from '../../../tests/support/test-image-server';

const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURE_DIR, name)));

async function rejection(bytes: Uint8Array): Promise<HttpError> {
  try {
    await decodeImage(bytes);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const solid = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#808080' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

describe('sniffFormat', () => {
  it('reads the magic bytes, not the name', () => {
    expect(sniffFormat(fixture('dog.jpg'))).toBe('jpeg');
    expect(sniffFormat(fixture('chelsea.png'))).toBe('png');
    expect(sniffFormat(fixture('coffee.webp'))).toBe('webp');
    expect(sniffFormat(new TextEncoder().encode('GIF89a....'))).toBeUndefined();
    expect(sniffFormat(new Uint8Array())).toBeUndefined();
  });
});

describe('decodeImage', () => {
  it('decodes JPEG, PNG and WebP with their source dimensions', async () => {
    expect(await decodeImage(fixture('dog.jpg'))).toMatchObject({ format: 'jpeg', width: 768, height: 576 });
    expect(await decodeImage(fixture('chelsea.png'))).toMatchObject({
      format: 'png',
      width: 451,
      height: 300,
    });
    expect(await decodeImage(fixture('coffee.webp'))).toMatchObject({
      format: 'webp',
      width: 600,
      height: 400,
    });
  });

  it('produces 512x512 RGB views, augmented ones differing from the plain one', async () => {
    const image = await decodeImage(fixture('dog.jpg'));
    const plain = await image.view();
    const flipped = await image.view({ flip: true });
    expect(plain.length).toBe(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
    expect(flipped.length).toBe(plain.length);
    // The first pixel of the mirrored view is the last pixel of the first row of the plain one.
    const lastOfRow = (MODEL_INPUT_SIZE - 1) * 3;
    expect([...flipped.subarray(0, 3)]).toEqual([...plain.subarray(lastOfRow, lastOfRow + 3)]);
    const brighter = await image.view({ brightness: 1.2 });
    const mean = (a: Uint8Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(mean(brighter)).toBeGreaterThan(mean(plain) * 1.1);
  });

  it('names what a non-image is', async () => {
    expect((await rejection(new TextEncoder().encode('<!doctype html><html></html>'))).message).toBe(
      'Unsupported image format (an HTML page): only JPEG, PNG and WebP images are accepted',
    );
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await rejection(new Uint8Array(gif))).message).toContain('a GIF image');
    expect((await rejection(new Uint8Array())).code).toBe('INVALID_IMAGE');
  });

  it('refuses images outside 256x256 to 4096x4096, saying so', async () => {
    expect((await rejection(await solid(200, 150))).message).toBe(
      'Image is 200x150 pixels; the minimum is 256x256',
    );
    expect((await rejection(await solid(4097, 300))).message).toBe(
      'Image is 4097x300 pixels; the maximum is 4096x4096',
    );
    await expect(decodeImage(await solid(256, 256))).resolves.toMatchObject({ width: 256, height: 256 });
  });

  it('refuses truncated files and bodies over 10 MB', async () => {
    const truncated = fixture('dog.jpg').subarray(0, 2000);
    expect((await rejection(truncated)).code).toBe('INVALID_IMAGE');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const error = await rejection(big);
    expect(error.status).toBe(413);
  });

  it('applies the EXIF orientation to the reported size', async () => {
    const rotated = await sharp(fixture('dog.jpg')).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await decodeImage(rotated)).toMatchObject({ width: 576, height: 768 });
  });
});
