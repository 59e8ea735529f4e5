/**
 * `npm run bench:authenticity`: photo-authenticity analysis time per image (a benchmark, not a
 * test) on a 2-megapixel JPEG read from a local file: every layer (C2PA, metadata, the dwtDct
 * watermark reader, camera EXIF, JPEG tables, ELA, moire), as /api/predict runs it.
 * Target: p50 < 300 ms. Options (env): BENCH_RUNS (default 30), BENCH_IMAGE (a JPEG/PNG/WebP;
 * default: tests/fixtures/authenticity/camera-exif.jpg upscaled to 1732x1155 = 2.0 MP, EXIF kept).
 * Besides wall time it prints the CPU time per image (all threads of the process: the analysis
 * runs in the engine's worker and libvips' threads), which a loaded machine does not inflate.
 *
 * Then the same image through the local server (when a build exists, or BENCH_SERVER=0 skips it):
 * `npm start`'s runtime on the existing build (BATCH_WORKER=0), its embedded database served on
 * a loopback socket, POST /api/predict with an API key and the image on a loopback URL, against
 * the same fetch + analysis in this process, alternated call by call so both see the same load:
 * what the HTTP hop, the key check and metering over the database socket add.
 *
 * Then batch throughput: the same image served on loopback, BENCH_BATCH (default 50) images
 * analysed one after another as a single-image call does (fetch + analysis), against one batch
 * job of as many images run by one queue worker (graphile-worker, concurrency 1) on the
 * embedded database served as `npm start` serves it (or TEST_DATABASE_URL's PostgreSQL):
 * images/min per worker and its ratio to single-image work (target >= 0.9). The two alternate
 * for BENCH_ROUNDS rounds (default 3), so both see the same machine, and the median ratio is
 * the figure. Two batch figures: steady processing (first image started to last stored) and end
 * to end (job created to completed, including the worker noticing the job: a notification on
 * PostgreSQL and on the embedded database's server, else its poll, BENCH_POLL_MS, default 2000
 * as in `npm start`). BENCH_BATCH=0 skips this part.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestAccount } from '../../tests/support/test-account';
import { createBatchJob } from '../../src/server/batch/jobs';
import { createBatchTestDb } from '../../tests/support/batch-test-db';
import { startBatchWorker } from '../../src/server/batch/worker';
import { createDb, migrateToLatest, seed } from '../../src/server/db';
import { parseCli } from '../lib/cli';
import { startLocalServer } from '../lib/local-server';
import { loadText, percentile } from '../lib/stats';
import { analyzeAuthenticity } from '../../src/server/vision/authenticity/analyze';
import { analyzeSource } from '../../src/server/vision/authenticity/service';

parseCli(
  'Usage: npm run bench:authenticity   (options in the environment: BENCH_RUNS, BENCH_IMAGE, BENCH_SERVER, BENCH_BATCH, BENCH_ROUNDS, BENCH_POLL_MS)',
  {},
);
const runs = Number(process.env['BENCH_RUNS'] ?? 30);
const source = process.env['BENCH_IMAGE'];
const bytes = new Uint8Array(
  source
    ? readFileSync(source)
    : await sharp(readFileSync('tests/fixtures/authenticity/camera-exif.jpg'))
        .resize(1732, 1155)
        .withMetadata()
        .jpeg({ quality: 90 })
        .toBuffer(),
);
const meta = await sharp(bytes).metadata();
console.log(
  `image: ${source ?? 'camera-exif.jpg upscaled'} ${meta.width}x${meta.height} (${((meta.width! * meta.height!) / 1e6).toFixed(2)} MP, ${(bytes.byteLength / 1024).toFixed(0)} KB)`,
);

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

// Warm-up: wasm, sharp and JIT.
for (let i = 0; i < 3; i++) await analyzeAuthenticity(bytes);
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  await analyzeAuthenticity(bytes);
  times.push(performance.now() - t);
  cpu.push(cpuMs(c));
}
const pct = (p: number) => percentile(times, p);
console.log(
  `predict (all layers), ${runs} runs: p50 ${pct(50).toFixed(0)} ms, p90 ${pct(90).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms`,
);
console.log(
  `  CPU time per image (all threads): p50 ${percentile(cpu, 50).toFixed(0)} ms, p99 ${percentile(cpu, 99).toFixed(0)} ms`,
);
console.log(`machine: ${loadText()} (shared machines inflate these figures)`);

if (process.env['BENCH_SERVER'] !== '0' && existsSync('dist/index.html')) {
  // A database with an account and its key, handed to the server (PGlite is single-user: this
  // process lets go of it first).
  const dataDir = mkdtempSync(join(tmpdir(), 'optiq-bench-auth-'));
  const setup = createDb({ kind: 'pglite', dataDir });
  await migrateToLatest(setup);
  await seed(setup);
  const account = await createTestAccount(setup, { apiId: 'photo-authenticity', tier: 'pay-per-use' });
  await setup.destroy();
  const imageServer = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': bytes.byteLength }).end(bytes),
  );
  await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
  const imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/photo.jpg`;
  const server = await startLocalServer(Number(process.env['BENCH_PORT'] ?? 4341), {
    PGLITE_DIR: dataDir,
    BATCH_WORKER: '0',
    VISION_ALLOW_PRIVATE_URLS: '1',
  });
  try {
    const viaServer = async () => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/predict`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.key}` },
        body: JSON.stringify({ image_url: imageUrl }),
      });
      const body = (await res.json()) as { processing_time?: number };
      if (res.status !== 200)
        throw new Error(`POST /api/predict answered ${res.status}: ${JSON.stringify(body)}`);
      return { total: performance.now() - t, analysis: (body.processing_time ?? 0) * 1000 };
    };
    const inProcess = async () => {
      const t = performance.now();
      await analyzeSource({ url: imageUrl }, { fetch: { allowLoopback: true } });
      return performance.now() - t;
    };
    for (let i = 0; i < 3; i++) {
      await viaServer();
      await inProcess();
    }
    const http: number[] = [];
    const hop: number[] = [];
    const local: number[] = [];
    // Up to the per-key single limit (100/min), well within it.
    const serverRuns = Math.min(runs, 60);
    for (let i = 0; i < serverRuns; i++) {
      const r = await viaServer();
      http.push(r.total);
      hop.push(r.total - r.analysis);
      local.push(await inProcess());
    }
    const f = (v: number[]) =>
      `p50 ${percentile(v, 50).toFixed(0)} ms, p99 ${percentile(v, 99).toFixed(0)} ms`;
    console.log(
      `through the local server (POST /api/predict, key, PGlite over its loopback socket), ${serverRuns} runs: ${f(http)}`,
    );
    console.log(`  the same fetch + analysis in this process, alternated with those calls: ${f(local)}`);
    console.log(
      `  request time outside the analysis (HTTP, key check, rate limit, metering, response): ${f(hop)}`,
    );
    console.log(`  now ${loadText()}`);
  } finally {
    await server.stop();
    imageServer.close();
  }
} else {
  console.log('through the local server: skipped (no build in dist/, or BENCH_SERVER=0)');
}

const batchSize = Number(process.env['BENCH_BATCH'] ?? 50);
if (batchSize > 0) {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': bytes.byteLength }).end(bytes),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/photo.jpg`;
  const urls = Array.from({ length: batchSize }, (_, i) => `${base}?n=${i}`);
  const fetch = { allowLoopback: true };

  const db = await createBatchTestDb();
  await seed(db.db);
  const account = await createTestAccount(db.db, { apiId: 'photo-authenticity', tier: 'standard' });
  const worker = await startBatchWorker({
    db: db.db,
    queue: db.queue,
    concurrency: 1,
    pollInterval: Number(process.env['BENCH_POLL_MS'] ?? 2000),
    fetch,
  });
  const input = {
    userId: account.userId,
    apiId: 'photo-authenticity',
    apiKeyId: account.keyId,
    callbackUrl: null,
    idempotencyKey: null,
    siteOrigins: [],
  };
  const waitDone = async (id: string) => {
    for (;;) {
      const row = await db.db
        .selectFrom('batch_jobs')
        .select(['status', 'started_at', 'finished_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status === 'completed' || row.status === 'failed') return row;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  // Warm both paths: one single-image call, a one-image job.
  await analyzeSource({ url: urls[0]! }, { fetch });
  await waitDone((await createBatchJob(db.db, db.queue, { ...input, imageUrls: [urls[0]!] })).job.id);

  const rounds = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
  const steadyRatios: number[] = [];
  const e2eRatios: number[] = [];
  const rate = (ms: number) => (batchSize / ms) * 60_000;
  for (let round = 1; round <= rounds; round++) {
    // Single-image work: what each /api/predict call does (fetch under the SSRF rules + analysis), one after another.
    let t = performance.now();
    for (const url of urls) await analyzeSource({ url }, { fetch });
    const singleRate = rate(performance.now() - t);

    t = performance.now();
    const { job } = await createBatchJob(db.db, db.queue, { ...input, imageUrls: urls });
    const row = await waitDone(job.id);
    const endToEndMs = performance.now() - t;
    if (row.status !== 'completed') throw new Error(`batch job ${job.id} ended ${row.status}`);
    const items = await db.db
      .selectFrom('batch_job_items')
      .select('finished_at')
      .where('job_id', '=', job.id)
      .execute();
    const lastStored = Math.max(...items.map((i) => new Date(i.finished_at).getTime()));
    const steadyRate = rate(lastStored - new Date(row.started_at!).getTime());
    const e2eRate = rate(endToEndMs);
    steadyRatios.push(steadyRate / singleRate);
    e2eRatios.push(e2eRate / singleRate);
    console.log(
      `round ${round}: single-image work ${singleRate.toFixed(0)} images/min (${(60_000 / singleRate).toFixed(0)} ms per image); ` +
        `batch of ${batchSize}, 1 worker on ${db.engine}: ${steadyRate.toFixed(0)} images/min processing (ratio ${(steadyRate / singleRate).toFixed(2)}), ` +
        `${e2eRate.toFixed(0)} images/min job created to completed (ratio ${(e2eRate / singleRate).toFixed(2)})`,
    );
  }
  await worker.stop();
  await db.close();
  server.close();

  console.log(
    `batch throughput per worker as a ratio to single-image work, median of ${rounds} rounds: processing ${percentile(steadyRatios, 50).toFixed(2)}, job created to completed ${percentile(e2eRatios, 50).toFixed(2)}; target >= 0.9`,
  );
  console.log(`machine now: ${loadText()}`);
}
process.exit(0);
