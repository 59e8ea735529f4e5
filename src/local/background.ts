/**
 * The work a local server runs beside its requests (`npm start` and `npm run dev` alike): the
 * batch queue's worker (graphile-worker, in this process) and the jobs Netlify runs on a
 * schedule (functions/prune-detection-results.ts, functions/prune-usage-events.ts,
 * functions/record-status-probe.ts), here on timers whose first run comes shortly after start.
 */
import type { Kysely } from 'kysely';
import { pruneUsageEvents, usageRetentionDays } from '../server/account/usage';
import { pruneRequestLog } from '../server/request-log/repository';
import { getQueueConfig } from '../server/batch/queue';
import { startBatchWorker, type BatchWorker } from '../server/batch/worker';
import type { Database } from '../server/db';
import { PROBE_INTERVAL_MINUTES, runStatusProbe } from '../server/status/probes';
import { detectionRetentionDays, pruneDetectionRuns, scheduleRetention } from '../server/vision/store';

export interface BackgroundWork {
  /** The batch worker, when the queue runs in this process. */
  batchWorker: BatchWorker | undefined;
  /** Stops the timers and the worker (waiting for the entries it is running). */
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  db: Kysely<Database>;
  log: (message: string) => void;
  /** `BATCH_WORKER=0` leaves the queue to workers started elsewhere (`npx tsx scripts/run/batch-worker.ts`). */
  env?: Record<string, string | undefined>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function startBackgroundWork({
  db,
  log,
  env = process.env,
}: BackgroundOptions): Promise<BackgroundWork> {
  let batchWorker: BatchWorker | undefined;
  const queue = getQueueConfig();
  if (!queue) log('batch worker: off (no queue database)');
  else if (env['BATCH_WORKER'] === '0') log('batch worker: off (BATCH_WORKER=0)');
  else {
    try {
      batchWorker = await startBatchWorker({ db, queue });
      log('batch worker: running');
    } catch (error) {
      log(`the batch worker did not start: ${errorText(error)}`);
    }
  }

  const hourly = 60 * 60 * 1000;
  const stopPruningRuns = scheduleRetention(
    async () => {
      const { deleted, cutoff } = await pruneDetectionRuns(db, { retentionDays: detectionRetentionDays() });
      if (deleted > 0) log(`pruned ${deleted} detect runs stored before ${cutoff.toISOString()}`);
    },
    {
      firstRunMs: 30_000,
      intervalMs: hourly,
      onError: (error) => log(`pruning detect runs failed: ${errorText(error)}`),
    },
  );
  const stopPruningUsage = scheduleRetention(
    async () => {
      const { deleted, cutoff } = await pruneUsageEvents(db, { retentionDays: usageRetentionDays() });
      if (deleted > 0) log(`pruned ${deleted} usage events logged before ${cutoff.toISOString()}`);
      const requests = await pruneRequestLog(db);
      if (requests.deleted > 0) log(`pruned ${requests.deleted} request log entries`);
    },
    {
      firstRunMs: 45_000,
      intervalMs: hourly,
      onError: (error) => log(`pruning usage events failed: ${errorText(error)}`),
    },
  );

  const stopProbing = scheduleRetention(
    async () => {
      const { report } = await runStatusProbe(db);
      if (report.status !== 'ok') log(`status probe: ${report.status}`);
    },
    {
      firstRunMs: 5_000,
      intervalMs: PROBE_INTERVAL_MINUTES * 60 * 1000,
      onError: (error) => log(`recording a status probe failed: ${errorText(error)}`),
    },
  );

  return {
    batchWorker,
    stop: async () => {
      stopPruningRuns();
      stopPruningUsage();
      stopProbing();
      await batchWorker?.stop().catch(() => {});
    },
  };
}
