/**
 * `npm run bench:authenticity`: photo-authenticity analysis time per image (a benchmark, not a
 * test) on a 2-megapixel JPEG read from a local file: every layer (C2PA, metadata, the dwtDct
 * watermark reader, camera EXIF, JPEG tables, ELA, moire), as /api/predict runs it.
 * Target: p50 < 300 ms. Options (env): BENCH_RUNS (default 30), BENCH_IMAGE (a JPEG/PNG/WebP;
 * default: tests/fixtures/authenticity/camera-exif.jpg upscaled to 1732x1155 = 2.0 MP, EXIF kept).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { analyzeAuthenticity } from '../src/server/vision/authenticity/analyze';

const runs = Number(process.env['BENCH_RUNS'] ?? 30);
const source = process.env['BENCH_IMAGE'];
const bytes = new Uint8Array(
  source
    ? readFileSync(source)
    : await sharp(readFileSync('tests/fixtures/authenticity/camera-exif.jpg')).resize(1732, 1155).withMetadata().jpeg({ quality: 90 }).toBuffer(),
);
const meta = await sharp(bytes).metadata();
console.log(`image: ${source ?? 'camera-exif.jpg upscaled'} ${meta.width}x${meta.height} (${((meta.width! * meta.height!) / 1e6).toFixed(2)} MP, ${(bytes.byteLength / 1024).toFixed(0)} KB)`);

// Warm-up: wasm, sharp and JIT.
for (let i = 0; i < 3; i++) await analyzeAuthenticity(bytes);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  await analyzeAuthenticity(bytes);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(`predict (all layers), ${runs} runs: p50 ${pct(50).toFixed(0)} ms, p90 ${pct(90).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms`);
console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (shared machines inflate these figures)`);
