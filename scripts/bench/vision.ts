/**
 * `npm run bench:vision`: detection timings and memory on one photo (a benchmark, not a test).
 *
 * - bare inference: the model alone on the prepared 512x512 input (`detectRaw`);
 * - endpoint: POST /api/v1/detect handled in-process (`functions/detect.ts`) with the image
 *   fetched from a loopback server, decoded, analysed and the run stored in the database,
 *   with error_checks 0 (one model pass: the overhead figure) and 3 (the default);
 * - cold start: a fresh process answering its first request (model and wasm load included);
 * - peak RSS of this process after every run.
 * Targets: overhead <= 15% of bare inference, warm p50 < 300 ms per image, peak RSS < 600 MB.
 * Options (env): BENCH_RUNS (default 40), BENCH_IMAGE (default tests/fixtures/images/dog.jpg),
 * TEST_DATABASE_URL: store runs on that PostgreSQL server (as deployed: the database is not in
 * the function's memory) instead of an embedded PGlite, whose own memory would count in RSS.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseCli } from '../lib/cli';
import { loadText, percentile } from '../lib/stats';

// `--cold FIXTURE` is this script's own child, started below for the cold-start figure.
const { cold: coldFixture } = parseCli(
  'Usage: npm run bench:vision   (options in the environment: BENCH_RUNS, BENCH_IMAGE, TEST_DATABASE_URL)',
  {
    options: { cold: { type: 'string' } },
  },
).values;
process.env['VISION_ALLOW_PRIVATE_URLS'] = '1';
// The function as Netlify runs it: analysis in-process (see src/server/vision/engine); the
// local runtime's worker pool is measured by `npm run bench:loop`.
process.env['VISION_WORKERS'] ??= '0';
const root = resolve(import.meta.dirname, '../..');
const imagePath = resolve(root, process.env['BENCH_IMAGE'] ?? 'tests/fixtures/images/dog.jpg');
const runs = Number(process.env['BENCH_RUNS'] ?? 40);

const { startTestImageServer, FIXTURE_DIR } = await import('../../tests/support/test-image-server');
const { seed, setDb } = await import('../../src/server/db');
const { createTestDb } = await import('../../tests/support/test-db');
const detect = (await import('../../functions/detect')).default;
const { createTestAccount } = await import('../../tests/support/test-account');
let apiKey = '';

let requestNo = 0;
/** One POST /api/v1/detect with the key of a premium account (well under its per-key limits). */
async function callDetect(url: string, errorChecks: number): Promise<number> {
  requestNo++;
  const started = performance.now();
  const res = await detect(
    new Request('http://localhost/api/v1/detect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ image_urls: [url], category: 'living_room', error_checks: errorChecks }),
    }),
    // The client address, as Netlify passes it.
    { ip: `10.9.${requestNo >> 8}.${requestNo & 255}` },
  );
  const body = (await res.json()) as { detection_results?: { error?: unknown }[] };
  if (res.status !== 200 || body.detection_results?.[0]?.error)
    throw new Error(`detect failed: ${res.status} ${JSON.stringify(body)}`);
  return performance.now() - started;
}

// Cold start: this same script, in a fresh process, answering one request.
if (coldFixture !== undefined) {
  const { db } = await createTestDb();
  await seed(db);
  setDb(db);
  apiKey = (await createTestAccount(db)).key;
  const images = await startTestImageServer();
  const ms = await callDetect(`${images.origin}/images/${coldFixture}`, 0);
  console.log(JSON.stringify({ firstRequestMs: ms, sinceProcessStartMs: performance.now() }));
  await images.close();
  process.exit(0);
}

function stats(samples: number[]) {
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  };
}
async function repeat(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const { decodeImage } = await import('../../src/server/vision/image-input');
const { detectRaw, loadModel } = await import('../../src/server/vision/model');

const fixture = basename(imagePath);
if (resolve(FIXTURE_DIR, fixture) !== imagePath) throw new Error(`BENCH_IMAGE must be in ${FIXTURE_DIR}`);
const decoded = await decodeImage(new Uint8Array(readFileSync(imagePath)));
console.log(
  `image: ${fixture} (${decoded.width}x${decoded.height} ${decoded.format}), ${runs} runs per figure`,
);
console.log(
  `database: ${process.env['TEST_DATABASE_URL'] ? 'PostgreSQL server (TEST_DATABASE_URL)' : 'embedded PGlite in this process (its memory counts in RSS)'}`,
);

// Cold start first, while this machine is otherwise idle.
const cold = spawnSync('npx', ['tsx', join(root, 'scripts/bench/vision.ts'), '--cold', fixture], {
  cwd: root,
  encoding: 'utf8',
  timeout: 180_000,
});
const coldLine = cold.stdout.trim().split('\n').pop() ?? '';
const coldResult =
  cold.status === 0
    ? (JSON.parse(coldLine) as { firstRequestMs: number; sinceProcessStartMs: number })
    : undefined;

await loadModel();
const rgb = await decoded.view();
await repeat(5, () => detectRaw(rgb));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rssEngine = process.memoryUsage().rss;

const { db } = await createTestDb();
await seed(db);
setDb(db);
apiKey = (await createTestAccount(db)).key;
const images = await startTestImageServer();
const url = `${images.origin}/images/${fixture}`;
for (let i = 0; i < 5; i++) await callDetect(url, 0);
// Bare and endpoint runs alternate, so drift in a shared machine's speed hits both alike.
const bareTimes: number[] = [];
const endpointTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  bareTimes.push(...(await repeat(1, () => detectRaw(rgb))));
  endpointTimes.push(await callDetect(url, 0));
}
const bare = stats(bareTimes);
const endpoint0 = stats(endpointTimes);
const defaultTimes: number[] = [];
for (let i = 0; i < runs; i++) defaultTimes.push(await callDetect(url, 3));
const endpoint3 = stats(defaultTimes);
await images.close();
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const rssEnd = process.memoryUsage().rss;

const f = (ms: number) => `${ms.toFixed(1)} ms`;
const overhead = ((endpoint0.p50 - bare.p50) / bare.p50) * 100;
console.log('');
console.log(`${'figure'.padEnd(46)}${'p50'.padStart(12)}${'p99'.padStart(12)}   (${loadText()})`);
console.log(
  `${'bare model inference (detectRaw)'.padEnd(46)}${f(bare.p50).padStart(12)}${f(bare.p99).padStart(12)}`,
);
console.log(
  `${'endpoint, error_checks 0 (warm, per image)'.padEnd(46)}${f(endpoint0.p50).padStart(12)}${f(endpoint0.p99).padStart(12)}`,
);
console.log(
  `${'endpoint, error_checks 3 (warm, per image)'.padEnd(46)}${f(endpoint3.p50).padStart(12)}${f(endpoint3.p99).padStart(12)}`,
);
console.log('');
console.log(
  `endpoint overhead over bare inference (p50, error_checks 0): ${overhead.toFixed(1)}%  target <= 15%: ${overhead <= 15 ? 'met' : 'MISSED'}`,
);
console.log(
  `warm p50 per image (default error_checks 3): ${f(endpoint3.p50)}  target < 300 ms: ${endpoint3.p50 < 300 ? 'met' : 'MISSED'}`,
);
console.log(
  coldResult
    ? `cold start: first request ${f(coldResult.firstRequestMs)} (${f(coldResult.sinceProcessStartMs)} after the process started)`
    : `cold start: child failed (${cold.status}): ${cold.stderr.slice(-500)}`,
);
console.log(`peak RSS: ${peakRssMb.toFixed(0)} MB  target < 600 MB: ${peakRssMb < 600 ? 'met' : 'MISSED'}`);
console.log(`  RSS with the model loaded and warm: ${mb(rssEngine)}; after all runs: ${mb(rssEnd)}`);
process.exit(0);
