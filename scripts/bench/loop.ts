/**
 * `npm run bench:loop`: does image analysis keep the local runtime responsive and its memory
 * bounded? A benchmark, not a test. Starts the real server (`scripts/run/start.ts`, embedded
 * PGlite, the existing build) twice: "before" with the analysis in-process and no image budget
 * (VISION_WORKERS=0, a budget too large to matter), "after" with this repository's defaults
 * (one worker thread, 128 MB image budget). For each:
 *
 * 1. responsiveness: DETECT_CLIENTS clients post detect calls (IMAGES photos, error_checks 10)
 *    back to back for BENCH_SECONDS while one client asks GET /api/auth/session every 25 ms:
 *    p50/p99/max of those session requests (target: p99 < 100 ms on a 2-core machine).
 * 2. memory: 20 concurrent detect calls, each with 20 URLs of 11 MB bodies (over the 10 MB cap):
 *    the server's RSS before, at its peak (sampled every 50 ms) and 5 s after.
 *
 * Options (env): BENCH_SECONDS (default 20), DETECT_CLIENTS (default 2), IMAGES (default 5),
 * BENCH_PORT (default 4372), BENCH_ONLY=before|after. Needs a built site (`npx astro build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestImageServer } from '../../tests/support/test-image-server';
import { signUpForKey } from '../lib/api-key-client';
import { parseCli } from '../lib/cli';
import { loadText, percentile } from '../lib/stats';

parseCli(
  'Usage: npm run bench:loop   (options in the environment: BENCH_SECONDS, DETECT_CLIENTS, IMAGES, BENCH_PORT, BENCH_ONLY=before|after)',
  {},
);
const root = resolve(import.meta.dirname, '../..');
const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const detectClients = Number(process.env['DETECT_CLIENTS'] ?? 2);
const imagesPerCall = Number(process.env['IMAGES'] ?? 5);
const port = Number(process.env['BENCH_PORT'] ?? 4372);
const origin = `http://127.0.0.1:${port}`;
const PHOTOS = ['dog.jpg', 'horses.jpg', 'astronaut.jpg', 'coffee.jpg', 'chelsea.png'];

if (!existsSync(join(root, 'dist/index.html'))) {
  console.error('bench:loop needs a built site: run `npx astro build` first');
  process.exit(1);
}

interface Server {
  child: ChildProcess;
  pid: number;
  dataDir: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'optiq-bench-loop-'));
  // `node --import tsx` (not `npx tsx`): one process, so its RSS is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/run/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      SKIP_BUILD: '1',
      PGLITE_DIR: dataDir,
      VISION_ALLOW_PRIVATE_URLS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${log}`)), 180_000);
    child.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('ready on')) {
        clearTimeout(timer);
        ok();
      }
    });
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    child.on('exit', (code) => fail(new Error(`server exited (${code}):\n${log}`)));
  });
  return { child, pid: child.pid ?? 0, dataDir };
}

async function stopServer(s: Server): Promise<void> {
  const exited = new Promise((ok) => s.child.once('exit', ok));
  s.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((ok) => setTimeout(ok, 10_000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(s.dataDir, { recursive: true, force: true });
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
};

/** The key detect calls use: a premium account signed up on the server under test. */
let apiKey: Promise<string> | undefined;

/** One detect call; the status, or 0 when the connection failed. (All calls stay under 100/min.) */
async function postDetect(urls: string[], errorChecks: number): Promise<number> {
  try {
    apiKey ??= signUpForKey(origin);
    const res = await fetch(`${origin}/api/v1/detect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await apiKey}` },
      body: JSON.stringify({ image_urls: urls, error_checks: errorChecks }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function responsiveness(
  images: string,
): Promise<{ p50: number; p99: number; max: number; n: number; detect: Record<string, number> }> {
  const end = Date.now() + seconds * 1000;
  const statuses: Record<string, number> = {};
  const urls = Array.from(
    { length: imagesPerCall },
    (_, i) => `${images}/images/${PHOTOS[i % PHOTOS.length]}`,
  );
  const loaders = Array.from({ length: detectClients }, async () => {
    while (Date.now() < end) {
      const status = await postDetect(urls, 10);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
  });
  // Let the first detect calls reach the engine before measuring.
  await new Promise((r) => setTimeout(r, 1000));
  const times: number[] = [];
  while (Date.now() < end) {
    const t = performance.now();
    const res = await fetch(`${origin}/api/auth/session`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
  await Promise.all(loaders);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.length > 0 ? Math.max(...times) : NaN,
    n: times.length,
    detect: statuses,
  };
}

async function memory(
  pid: number,
  images: string,
): Promise<{ before: number; peak: number; after: number; statuses: Record<string, number> }> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: 20 }, async (_, c) => {
      const status = await postDetect(
        Array.from({ length: 20 }, (_, i) => `${images}/huge?c=${c}&i=${i}`),
        0,
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(sampler);
  return { before, peak, after: rssMb(pid), statuses };
}

const images = await startTestImageServer();
const configs = [
  {
    name: 'before',
    env: { VISION_WORKERS: '0', VISION_IMAGE_BUDGET_MB: '1000000' },
    label: 'in-process analysis, no image budget',
  },
  { name: 'after', env: {}, label: 'worker pool (defaults), 128 MB image budget' },
].filter((c) => !process.env['BENCH_ONLY'] || c.name === process.env['BENCH_ONLY']);

console.log(
  `detect load: ${detectClients} clients x ${imagesPerCall} photos, error_checks 10, for ${seconds} s; session probe every 25 ms; ${loadText()}`,
);
const f = (ms: number) => `${ms.toFixed(1)} ms`.padStart(11);
const lines: string[] = [];
for (const c of configs) {
  const server = await startServer(c.env);
  // Warm up: the model loads on the first analysis.
  await postDetect([`${images.origin}/images/dog.jpg`], 0);
  const r = await responsiveness(images.origin);
  const m = await memory(server.pid, images.origin);
  await stopServer(server);
  lines.push(
    `${c.name.padEnd(7)} ${c.label}`,
    `        GET /api/auth/session under detect load: p50 ${f(r.p50)}  p99 ${f(r.p99)}  max ${f(r.max)}  (${r.n} requests; detect answers ${JSON.stringify(r.detect)})`,
    `        20 x detect(20 x 11 MB bodies): RSS ${m.before.toFixed(0)} MB -> peak ${m.peak.toFixed(0)} MB -> ${m.after.toFixed(0)} MB 5 s later (answers ${JSON.stringify(m.statuses)})`,
  );
  console.log(lines.slice(-3).join('\n'));
}
await images.close();
console.log('');
console.log(lines.join('\n'));
console.log(`after the runs: ${loadText()}`);
process.exit(0);
