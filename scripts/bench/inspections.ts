/**
 * `npm run bench:inspections`: a virtual inspection of BENCH_PHOTOS photos (default 50, the
 * limit) end to end, against the sum of the per-photo analyses it runs (a benchmark, not a test).
 *
 * The photos are the site's sample photos in turn (each URL made distinct with `?copy=<n>`, so
 * the set holds near-duplicates as a real re-used set would), read from disk as the server reads
 * them. One round is:
 * - per photo: the analysis the inspection's photo step runs (`analysePhoto`: one detection pass,
 *   the authenticity layers, the collection search), one photo after another, timed in sum;
 * - end to end: POST /api/v1/inspections through its handler on the embedded database served as
 *   `npm start` serves it, one queue worker (concurrency 1, as `npm start`), polled until the
 *   report is written: one queue entry per photo plus the finishing step.
 * The two alternate for BENCH_ROUNDS rounds (default 3), in turn first, so both see the same
 * machine; the target is end to end within 10% of the per-photo sum. Wall time moves with the
 * machine's load (shared machines), so each figure is printed with the load average and the CPU
 * time of the process (all its threads: the engine's worker, libvips, the database server),
 * which the load does not inflate; both ratios are reported.
 */
import { createTestAccount } from '../../tests/support/test-account';
import { createBatchTestDb } from '../../tests/support/batch-test-db';
import { setQueueConfig } from '../../src/server/batch/queue';
import { startBatchWorker } from '../../src/server/batch/worker';
import { seed, setDb } from '../../src/server/db';
import { analysePhoto } from '../../src/server/inspection/photo';
import { INSPECTION_MAX_PHOTOS } from '../../src/shared/schemas/inspection';
import createInspection from '../../functions/inspections';
import { parseCli } from '../lib/cli';
import { loadText } from '../lib/stats';

parseCli('Usage: npm run bench:inspections   (options in the environment: BENCH_PHOTOS, BENCH_ROUNDS)', {});
const photos = Math.min(INSPECTION_MAX_PHOTOS, Number(process.env['BENCH_PHOTOS'] ?? INSPECTION_MAX_PHOTOS));
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);

const ORIGIN = 'http://localhost';
const SAMPLES = [
  'od-sitting-room.jpg',
  'inspect-sitting-room-copy.jpg',
  'validation-iptc-ai.jpg',
  'validation-camera-exif.jpg',
  'od-horses.jpg',
  'od-coffee-cup.jpg',
  'od-dog-bicycle.jpg',
  'validation-edited.jpg',
  'validation-screen-recapture.jpg',
  'od-astronaut.jpg',
];
const urls = Array.from(
  { length: photos },
  (_, i) => `${ORIGIN}/images/samples/${SAMPLES[i % SAMPLES.length]}?copy=${i}`,
);

const t = await createBatchTestDb();
await seed(t.db);
setDb(t.db);
setQueueConfig(t.queue);
const account = await createTestAccount(t.db, { apiId: 'virtual-inspection', tier: 'pay-per-use' });
const deps = { db: t.db, userId: account.userId, siteOrigins: new Set([ORIGIN]) };

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** CPU time of the whole process (ms), all threads. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Timed {
  wall: number;
  cpu: number;
}

/** The per-photo analyses, one after another. */
async function perPhotoSum(): Promise<Timed> {
  const started = performance.now();
  const cpu = cpuMs();
  for (const [index, imageUrl] of urls.entries()) await analysePhoto({ index, imageUrl }, deps);
  return { wall: performance.now() - started, cpu: cpuMs() - cpu };
}

/** One inspection through the handler and one queue worker, until its report is written. */
async function endToEnd(): Promise<Timed & { finish: number }> {
  const worker = await startBatchWorker({ db: t.db, queue: t.queue, concurrency: 1, pollInterval: 50 });
  try {
    const started = performance.now();
    const cpu = cpuMs();
    const res = await createInspection(
      new Request(`${ORIGIN}/api/v1/inspections`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.key}` },
        body: JSON.stringify({
          image_urls: urls,
          checklist: { rooms: { kitchen: 1, bedroom: 2, bathroom: 1 } },
        }),
      }),
      { ip: '198.51.100.90' },
    );
    if (res.status !== 201) throw new Error(`inspection not created: ${res.status} ${await res.text()}`);
    const { inspection_id: id } = (await res.json()) as { inspection_id: string };
    for (;;) {
      const job = await t.db
        .selectFrom('batch_jobs')
        .select(['status', 'finished_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (job.status === 'failed') throw new Error('the inspection failed');
      if (job.status === 'completed') {
        const wall = performance.now() - started;
        const cpuUsed = cpuMs() - cpu;
        const lastPhoto = await t.db
          .selectFrom('batch_job_items')
          .select((eb) => eb.fn.max('finished_at').as('at'))
          .where('job_id', '=', id)
          .executeTakeFirstOrThrow();
        const finish = new Date(job.finished_at!).getTime() - new Date(lastPhoto.at as Date).getTime();
        return { wall, cpu: cpuUsed, finish };
      }
      // Polled gently: each read is work for the in-process database, counted in the CPU time.
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await worker.stop();
  }
}

console.log(`bench:inspections: ${photos} photos, ${rounds} rounds; ${loadText()}`);
// Warm-up: the models load once per process.
await analysePhoto({ index: 0, imageUrl: urls[0]! }, deps);
const wallRatios: number[] = [];
const cpuRatios: number[] = [];
const perPhotoLine = (round: number, sum: Timed) =>
  console.log(
    `round ${round}: per-photo analyses ${seconds(sum.wall)} s in sum (${(sum.wall / photos).toFixed(0)} ms/photo wall, ${(sum.cpu / photos).toFixed(0)} ms CPU); ${loadText()}`,
  );
for (let round = 1; round <= rounds; round++) {
  // In turn first, so a machine whose load falls or rises favours neither.
  let sum: Timed | undefined;
  if (round % 2 === 1) perPhotoLine(round, (sum = await perPhotoSum()));
  const e2e = await endToEnd();
  console.log(
    `round ${round}: inspection end to end ${seconds(e2e.wall)} s (${(e2e.wall / photos).toFixed(0)} ms/photo wall, ${(e2e.cpu / photos).toFixed(0)} ms CPU; finishing step ${e2e.finish} ms); ${loadText()}`,
  );
  if (round % 2 === 0) perPhotoLine(round, (sum = await perPhotoSum()));
  wallRatios.push(e2e.wall / sum!.wall);
  cpuRatios.push(e2e.cpu / sum!.cpu);
  console.log(
    `round ${round}: end to end / per-photo sum: wall ${(e2e.wall / sum!.wall).toFixed(3)}x, CPU ${(e2e.cpu / sum!.cpu).toFixed(3)}x`,
  );
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const cpuRatio = median(cpuRatios);
console.log(
  `median over ${rounds} rounds: wall ${median(wallRatios).toFixed(3)}x, CPU ${cpuRatio.toFixed(3)}x the per-photo sum (target <= 1.10 on CPU, which the load does not move): ${cpuRatio <= 1.1 ? 'met' : 'NOT met'}`,
);
setQueueConfig(undefined);
setDb(undefined);
await t.close();
process.exit(0);
