/**
 * Makes the similar-images demo's sample photos from gallery photos (same credits and
 * licences, see public/images/samples/SOURCES.txt): each is an edited copy, so the gallery
 * holds its near duplicate and, in the same category, its relatives.
 *
 *   npx tsx scripts/data/make-similar-samples.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { parseCli } from '../lib/cli';

parseCli('Usage: npx tsx scripts/data/make-similar-samples.ts', {});

const gallery = (id: string) => readFileSync(resolve('public/gallery', `${id}.jpg`));
const out = (name: string) => resolve('public/images/samples', name);

async function crop(id: string, keep: number): Promise<Buffer> {
  const src = gallery(id);
  const { width = 0, height = 0 } = await sharp(src).metadata();
  const w = Math.round(width * keep);
  const h = Math.round(height * keep);
  return sharp(src)
    .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 3), width: w, height: h })
    .jpeg({ quality: 70 })
    .toBuffer();
}

async function caption(id: string, text: string): Promise<Buffer> {
  const src = gallery(id);
  const { width = 0, height = 0 } = await sharp(src).metadata();
  const size = Math.round(height / 8);
  const svg = `<svg width="${width}" height="${height}"><rect x="0" y="${height - size * 1.6}" width="${width}" height="${size * 1.6}" fill="black" fill-opacity="0.35"/><text x="${width / 2}" y="${height - size * 0.5}" font-size="${size}" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="white">${text}</text></svg>`;
  return sharp(src)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 75 })
    .toBuffer();
}

const samples: [string, Promise<Buffer>][] = [
  // An 84% crop, re-encoded: a re-used listing photo.
  ['similar-colosseum-crop.jpg', crop('arch-colosseum', 0.84)],
  // Mirrored and shrunk: the perceptual hash still matches (mirrored), other windmills are relatives.
  [
    'similar-windmill-mirror.jpg',
    sharp(gallery('tech-windmill3')).flop().resize({ width: 480 }).jpeg({ quality: 65 }).toBuffer(),
  ],
  // A caption over the photo, as a reseller would add.
  ['similar-firetruck-caption.jpg', caption('vehicle-firetruck', 'FOR SALE')],
  // Brightened and re-encoded.
  ['similar-solar-bright.jpg', sharp(gallery('tech-solar4')).linear(1.3, 0).jpeg({ quality: 70 }).toBuffer()],
];
for (const [name, bytes] of samples) {
  const b = await bytes;
  writeFileSync(out(name), b);
  console.log(`${name}: ${Math.round(b.byteLength / 1024)} KB`);
}
