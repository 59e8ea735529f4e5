/**
 * `npm run bench:pixel-signal`: what the pixel AI-image signal adds to /api/predict per image
 * (a benchmark, not a test; target p50 <= 150 ms on 2 MP). Each of the site's photos of
 * tests/fixtures/images is scaled to 1732x1155 (2.0 MP) and saved as JPEG q90, decoded once as
 * the analysis decodes it (the watermark layer's decode is shared, so the signal adds only its
 * own work: four native-resolution crops, one partial CenterNet backbone pass on their 512 px
 * mosaic, the hand-made features when the model uses them, the probe), then scored BENCH_RUNS
 * times (default 20) in this process after two warm-up runs (the first loads the model): p50/p99 wall time per
 * image over every run and the p50 CPU time (one thread: what a loaded machine does not
 * inflate), with the load average. Also prints each photo's score.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { pixelSignal } from '../../src/server/vision/authenticity/pixel-signal';
import { storedPixels } from '../../src/server/vision/authenticity/analyze';
import { parseCli } from '../lib/cli';
import { loadText, percentile } from '../lib/stats';

parseCli('Usage: npm run bench:pixel-signal   (BENCH_RUNS: runs per photo, default 20)', {});

const RUNS = Number(process.env['BENCH_RUNS'] ?? 20);
const PHOTOS = ['astronaut.jpg', 'coffee.jpg', 'dog.jpg', 'horses.jpg', 'chelsea.png'].map(
  (f) => `tests/fixtures/images/${f}`,
);

const times: number[] = [];
const cpu: number[] = [];
for (const file of PHOTOS) {
  const jpeg = await sharp(readFileSync(file))
    .resize(1732, 1155, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const img = await storedPixels(jpeg);
  const own: number[] = [];
  let score = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    score = (await pixelSignal(img))!.score;
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    if (i >= 2) {
      // two warm-up runs
      own.push(ms);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  times.push(...own);
  console.log(
    `${file} (${img.width}x${img.height}): score ${score}, p50 ${percentile(own, 50).toFixed(1)} ms`,
  );
}
console.log(
  `pixel signal per 2 MP image: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms over ${times.length} runs; CPU time p50 ${percentile(cpu, 50).toFixed(1)} ms (${loadText()})`,
);
