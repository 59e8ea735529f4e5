/**
 * `npm run bench:rooms`: warm milliseconds per image on real interior photos (the room dataset's
 * dev photos that meet the API's 256 px minimum; research-only, read in place), in-process:
 *
 * - bare pass: the model alone on the prepared 512x512 view (`detectRaw`);
 * - detect, error_checks 0: decode + view + pass, detections at the per-class thresholds;
 * - detect, default (error_checks 3): the same plus features, the room classifier and checks 1-3;
 * - detect, error_checks 5: two augmented passes for borderline detections (for reference);
 * - room classifier alone on the features of a pass.
 * The configurations are interleaved per photo so a busy machine slows them alike.
 * Options (env): BENCH_IMAGES (default 30).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { analyzeImage } from '../../src/server/vision/detector';
import { decodeImage } from '../../src/server/vision/image-input';
import { detectRaw, detectWithFeatures, loadModel } from '../../src/server/vision/model';
import { classifyRoom } from '../../src/server/vision/rooms/classifier';
import { parseCli } from '../lib/cli';
import { DATASET_DIR, datasetPresent, readLabels } from '../lib/rooms-data';
import { loadText, percentile } from '../lib/stats';

parseCli('Usage: npm run bench:rooms   (options in the environment: BENCH_IMAGES, ROOMS_DATASET)', {});

if (!datasetPresent()) {
  console.error(`No dataset at ${DATASET_DIR} (set ROOMS_DATASET)`);
  process.exit(1);
}
const count = Number(process.env['BENCH_IMAGES'] ?? 30);
const { images } = readLabels();
const candidates = Object.keys(images)
  .filter((id) => images[id]!.split === 'dev')
  .sort();
const photos: { id: string; bytes: Uint8Array }[] = [];
for (const id of candidates) {
  const bytes = new Uint8Array(readFileSync(join(DATASET_DIR, 'images', id)));
  const m = await sharp(bytes).metadata();
  if ((m.width ?? 0) >= 256 && (m.height ?? 0) >= 256) photos.push({ id, bytes });
}
// Spread over the sorted ids (sources and rooms mixed), deterministic.
const step = Math.max(1, Math.floor(photos.length / count));
const chosen = photos.filter((_, i) => i % step === 0).slice(0, count);

await loadModel();
const warm = await decodeImage(chosen[0]!.bytes);
await analyzeImage(warm, { errorChecks: 3 });
await detectRaw(await warm.view());

const times: Record<string, number[]> = { bare: [], n0: [], n3: [], n5: [], classify: [] };
const passes: Record<string, number[]> = { n3: [], n5: [] };
const time = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const out = await fn();
  times[key]!.push(performance.now() - t0);
  return out;
};
for (const p of chosen) {
  const view = await (await decodeImage(p.bytes)).view();
  await time('bare', () => detectRaw(view));
  await time('n0', async () => analyzeImage(await decodeImage(p.bytes), { errorChecks: 0 }));
  const a3 = await time('n3', async () => analyzeImage(await decodeImage(p.bytes), { errorChecks: 3 }));
  passes['n3']!.push(a3.passes);
  const a5 = await time('n5', async () => analyzeImage(await decodeImage(p.bytes), { errorChecks: 5 }));
  passes['n5']!.push(a5.passes);
  const f = await detectWithFeatures(view);
  await time('classify', async () =>
    classifyRoom({
      features: f.features,
      detections: f.detections.map((d) => ({ label: d.label, confidence: d.score })),
    }),
  );
}
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const bare = mean(times['bare']!);
const row = (name: string, key: string) => {
  const m = mean(times[key]!);
  const extra = passes[key] ? `  passes/image ${mean(passes[key]!).toFixed(2)}` : '';
  console.log(
    `${name.padEnd(40)} mean ${m.toFixed(1).padStart(7)} ms  median ${percentile(times[key]!, 50).toFixed(1).padStart(7)} ms  ${((m / bare) * 100).toFixed(0).padStart(4)}% of bare${extra}`,
  );
};
console.log(`${chosen.length} dev photos (>= 256 px), warm, in-process, ${loadText()}\n`);
row('bare pass (model on the 512 view)', 'bare');
row('detect, error_checks 0 (decode + pass)', 'n0');
row('detect, default error_checks 3', 'n3');
row('detect, error_checks 5', 'n5');
row('room classifier on pass features', 'classify');
console.log(`\ndefault over bare: +${((mean(times['n3']!) / bare - 1) * 100).toFixed(1)}% (target <= 15%)`);
