/**
 * A batch worker on its own: `npx tsx scripts/run/batch-worker.ts` runs graphile-worker against the
 * configured database (`BATCH_QUEUE_DATABASE_URL` / `DATABASE_URL`; migrated already) until
 * SIGINT/SIGTERM. Start as many as you like on one database, on as many machines: each queue
 * entry goes to one of them. `BATCH_CONCURRENCY` entries at once per process (default 1).
 * Also the child process of the durability test (`BATCH_WORKER_TEST=1`: short heartbeats,
 * loopback image URLs allowed, the site's samples read from disk).
 */
import { getQueueConfig } from '../../src/server/batch/queue';
import { startBatchWorker } from '../../src/server/batch/worker';
import { closeDb, getDb } from '../../src/server/db';
import { parseCli } from '../lib/cli';

parseCli(
  'Usage: npx tsx scripts/run/batch-worker.ts   (environment: BATCH_QUEUE_DATABASE_URL or DATABASE_URL, BATCH_CONCURRENCY)',
  {},
);

const queue = getQueueConfig();
if (!queue) {
  console.error('[batch-worker] no database URL: set BATCH_QUEUE_DATABASE_URL or DATABASE_URL');
  process.exit(1);
}
const testMode = process.env['BATCH_WORKER_TEST'] === '1';
const db = getDb();
const worker = await startBatchWorker({
  db,
  queue,
  ...(testMode
    ? { heartbeatMs: 300, staleAfterMs: 1_500, pollInterval: 200, fetch: { allowLoopback: true } }
    : {}),
});
console.log('[batch-worker] running');

async function stop() {
  await worker.stop();
  await closeDb();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
