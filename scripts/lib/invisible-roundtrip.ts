/**
 * Round trip of the invisible dwtDct mark: our encoder writes the Stable Diffusion v1 (8-bit
 * arithmetic, as the reference scripts) and SDXL (float, as diffusers) payloads into the site's
 * sample photos, the result goes through a re-encode or resize, and the decoder reads it back.
 * Prints, per treatment, how many images still read as detected / trace / absent and the mean
 * share of matching bits: where the mark breaks.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  KNOWN_MARKS,
  encodeDwtDct,
  readKnownMarks,
  type RgbPixels,
} from '../../src/server/vision/invisible-watermark';

const PHOTOS = [
  'astronaut.jpg',
  'cat-chelsea.jpg',
  'coffee-cup.jpg',
  'rocket-launch.jpg',
  'od-dog-bicycle.jpg',
  'od-horses.jpg',
];

async function pixels(input: Buffer): Promise<RgbPixels> {
  const { data, info } = await sharp(input)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const raw = (img: RgbPixels) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });

/** What happens to the marked image before it is read. */
export const TREATMENTS: [string, (img: RgbPixels) => Sharp][] = [
  ['lossless (PNG)', (img) => raw(img).png()],
  ['JPEG q95, 4:4:4 chroma', (img) => raw(img).jpeg({ quality: 95, chromaSubsampling: '4:4:4' })],
  ['JPEG q90, 4:4:4 chroma', (img) => raw(img).jpeg({ quality: 90, chromaSubsampling: '4:4:4' })],
  ['JPEG q85, 4:4:4 chroma', (img) => raw(img).jpeg({ quality: 85, chromaSubsampling: '4:4:4' })],
  ['JPEG q75, 4:4:4 chroma', (img) => raw(img).jpeg({ quality: 75, chromaSubsampling: '4:4:4' })],
  ['JPEG q95, 4:2:0 chroma (the usual default)', (img) => raw(img).jpeg({ quality: 95 })],
  ['JPEG q75, 4:2:0 chroma', (img) => raw(img).jpeg({ quality: 75 })],
  [
    'resized to 90% (PNG)',
    (img) =>
      raw(img)
        .resize(Math.round(img.width * 0.9))
        .png(),
  ],
  [
    'resized to 110% (PNG)',
    (img) =>
      raw(img)
        .resize(Math.round(img.width * 1.1))
        .png(),
  ],
];

export interface RoundTripRow {
  treatment: string;
  mark: string;
  detected: number;
  trace: number;
  absent: number;
  meanMatch: number;
  /** Photos not read as detected. */
  missed: string[];
}

export async function invisibleRoundTrip(): Promise<RoundTripRow[]> {
  const photos = await Promise.all(
    PHOTOS.map(async (f) => pixels(await readFile(join('public/images/samples', f)))),
  );
  const rows: RoundTripRow[] = [];
  for (const [markId, arithmetic] of [
    ['stable-diffusion-v1', 'uint8'],
    ['sdxl', 'float'],
  ] as const) {
    const mark = KNOWN_MARKS.find((m) => m.id === markId)!;
    const marked = photos.map((p, i) => ({
      name: PHOTOS[i] as string,
      img: { ...p, data: encodeDwtDct(p, mark.bits, { arithmetic }) },
    }));
    for (const [treatment, edit] of TREATMENTS) {
      const row: RoundTripRow = {
        treatment,
        mark: markId,
        detected: 0,
        trace: 0,
        absent: 0,
        meanMatch: 0,
        missed: [],
      };
      for (const { name, img } of marked) {
        const read = readKnownMarks(await pixels(await edit(img).toBuffer())).find((r) => r.id === markId)!;
        row[read.status]++;
        if (read.status !== 'detected') row.missed.push(`${name} ${read.matchingBits}/${read.totalBits}`);
        row.meanMatch += read.match / marked.length;
      }
      rows.push(row);
    }
  }
  return rows;
}

/** The table as printed by the benchmark. */
export function formatRoundTrip(rows: readonly RoundTripRow[]): string {
  const lines = [
    'invisible dwtDct mark, encoded into the site sample photos and read back (detected >= 90% of bits, trace >= 75%):',
  ];
  for (const r of rows) {
    const n = r.detected + r.trace + r.absent;
    lines.push(
      `  ${r.mark.padEnd(20)} ${r.treatment.padEnd(44)} detected ${r.detected}/${n}, trace ${r.trace}/${n}, absent ${r.absent}/${n}, mean bit agreement ${(100 * r.meanMatch).toFixed(1)}%${r.treatment.startsWith('lossless') && r.missed.length ? ` (not detected: ${r.missed.join(', ')})` : ''}`,
    );
  }
  return lines.join('\n');
}
