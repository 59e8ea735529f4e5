/**
 * `npx tsx scripts/data/fixture-errors.ts`: every false negative and false positive of detect's
 * answer at the shipped thresholds (fixture-thresholds.json, checks 1-3) on the 80
 * object-labelled dev photos, from the detection study's cache (no model pass). One line per
 * error: photo, room, class, the class's best plain score against its threshold for this photo,
 * and the box (area share of the photo). With `--draw DIR` each error's photo is written to DIR
 * with the box drawn (red: the false detection; amber: the best, too weak, detection of a
 * missed class), to be looked at and classified by eye (tiny, occluded, cut off, viewpoint,
 * class confusion, duplicate, label question).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import thresholdsFile from '../../src/server/vision/fixture-thresholds.json';
import { contextThreshold } from '../../src/server/vision/checks';
import { parseCli } from '../lib/cli';
import type { CachedDet } from '../lib/detect-views';
import { answer, cachedDevPhotos, type Params } from '../lib/fixture-tuning';
import { DATASET_DIR } from '../lib/rooms-data';

const { draw } = parseCli(
  'Usage: npx tsx scripts/data/fixture-errors.ts [-- --draw DIR]   (DETECT_CACHE names the cache file)',
  { options: { draw: { type: 'string' } } },
).values;

const { samples } = cachedDevPhotos();
const file = thresholdsFile as { context_bonus: number; thresholds: Record<string, number> };
const p: Params = { thresholds: file.thresholds, bonus: file.context_bonus };

interface ErrorRow {
  id: string;
  room: string;
  kind: 'FN' | 'FP';
  label: string;
  threshold: number;
  det: CachedDet | undefined;
}
const errors: ErrorRow[] = [];
for (const s of samples) {
  const said = answer(s, p);
  for (const c of s.categoryClasses) {
    if (s.ambiguous.has(c) || said.has(c) === s.truth.has(c)) continue;
    const threshold = contextThreshold(c, s.rooms, (l) => p.thresholds[l] ?? 0.3, p.bonus);
    const det = s.dets.filter((d) => d.l === c).sort((a, b) => b.s - a.s)[0];
    errors.push({ id: s.id, room: s.room, kind: said.has(c) ? 'FP' : 'FN', label: c, threshold, det });
  }
}
errors.sort((a, b) => a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label));
const areaShare = (b: CachedDet['b']) => (b[2] - b[0]) * (b[3] - b[1]);
console.log(
  `${errors.filter((e) => e.kind === 'FN').length} false negatives, ${errors.filter((e) => e.kind === 'FP').length} false positives`,
);
console.log(
  `${'kind'.padEnd(4)} ${'photo'.padEnd(14)} ${'room'.padEnd(12)} ${'class'.padEnd(13)} score  thr    area`,
);
for (const e of errors)
  console.log(
    `${e.kind.padEnd(4)} ${e.id.padEnd(14)} ${e.room.padEnd(12)} ${e.label.padEnd(13)} ${(e.det?.s ?? 0).toFixed(3)}  ${e.threshold.toFixed(3)}  ${e.det ? (areaShare(e.det.b) * 100).toFixed(1) + '%' : '-'}`,
  );

if (draw) {
  mkdirSync(draw, { recursive: true });
  for (const [k, e] of errors.entries()) {
    const input = readFileSync(join(DATASET_DIR, 'images', e.id));
    const { width = 1, height = 1 } = await sharp(input).metadata();
    const boxes = e.det ? [e.det] : [];
    const colour = e.kind === 'FP' ? '#ff2020' : '#ffb000';
    const rects = boxes
      .map(
        (d) =>
          `<rect x="${d.b[0] * width}" y="${d.b[1] * height}" width="${(d.b[2] - d.b[0]) * width}" height="${(d.b[3] - d.b[1]) * height}" fill="none" stroke="${colour}" stroke-width="3"/>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}<text x="6" y="22" font-size="18" fill="${colour}" stroke="black" stroke-width="0.6">${e.kind} ${e.label} ${(e.det?.s ?? 0).toFixed(2)}/${e.threshold.toFixed(2)}</text></svg>`;
    const out = join(draw, `${String(k).padStart(2, '0')}-${e.kind}-${e.label.replace(' ', '_')}-${e.id}`);
    writeFileSync(
      out,
      await sharp(input)
        .composite([{ input: Buffer.from(svg) }])
        .jpeg()
        .toBuffer(),
    );
  }
  console.log(`drew ${errors.length} photos in ${draw}`);
}
