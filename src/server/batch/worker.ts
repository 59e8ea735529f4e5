/**
 * The batch worker: graphile-worker tasks that analyse one image of a job (`batch_item`) and
 * deliver a finished job's callback (`batch_callback`), and the two ways to run them:
 * `startBatchWorker` (a long-running runner: `npm start`, tests, any number of processes on one
 * database) and `drainBatchQueue` (`runOnce`: the Netlify background function).
 *
 * Exactly once: each image's result is one row (primary key job + index), inserted with
 * ON CONFLICT DO NOTHING together with the job's progress in one statement, so a retried queue
 * entry never counts or stores an image twice, and an image already stored is not analysed again.
 *
 * Crash recovery: graphile-worker holds a queue entry locked by the worker that took it. A
 * worker that dies (a killed process, a lost machine) would keep it locked for 4 hours; so
 * every process beats (`batch_workers`, every `heartbeatMs`) for the workers it runs, and every
 * runner releases (`forceUnlockWorkers`) the entries of workers whose heartbeat is stale.
 */
import { makeWorkerUtils, run, runOnce, type JobHelpers, type Runner, type TaskList } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { analyzeSource } from '../vision/authenticity/service';
import { safePostJson, type SafeFetchOptions } from '../vision/safe-fetch';
import { SIGNATURE_HEADER, signCallback } from './callback';
import { batchJobBody, type BatchItemResult } from './jobs';
import { graphileOptions, installQueue, type QueueConfig } from './queue';
import { billingPeriod } from '../account/usage';
import { ALERT_WEBHOOK_TASK } from '../alerts/fire';
import { deliverAlertWebhook } from '../alerts/webhook';
import {
  analyseInspectionItem,
  enqueueInspectionFinish,
  finishInspection,
  inspectionBody,
  INSPECTION_FINISH_TASK,
} from '../inspection/jobs';

export interface BatchWorkerOptions {
  db: Kysely<Database>;
  queue: QueueConfig;
  /** Queue entries run at once in this process (default `BATCH_CONCURRENCY`, else 1: analysis is CPU-bound). */
  concurrency?: number;
  /** How often an idle worker looks for entries when no notification arrives (ms, default 2000). */
  pollInterval?: number;
  /** Heartbeat period of running tasks (ms, default 5000). */
  heartbeatMs?: number;
  /** A worker silent this long is taken for dead and its entries released (ms, default 30000). */
  staleAfterMs?: number;
  /** Image fetching and callback delivery options (tests allow loopback). */
  fetch?: SafeFetchOptions;
  /** Pauses between the quick callback tries (ms, default 1 s and 4 s). */
  callbackRetryMs?: readonly number[];
}

interface ItemPayload {
  job_id: string;
  idx: number;
}

/** Summary of one image, or its per-image error (an image that cannot be fetched or read). */
async function analyseItem(
  url: string,
  siteOrigins: string[],
  fetch: SafeFetchOptions | undefined,
): Promise<BatchItemResult> {
  try {
    const { report } = await analyzeSource(
      { url },
      { siteOrigins: new Set(siteOrigins), ...(fetch ? { fetch } : {}) },
    );
    return {
      image_url: url,
      is_real: report.is_real,
      fail_tags: [...report.fail_tags],
      verdict: report.verdict,
      pixel_signal: report.pixel_signal,
    };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500 && error.status !== 429)
      return { image_url: url, error: { code: error.code, message: error.message } };
    if (error instanceof HttpError && error.code === 'IMAGE_FETCH_FAILED')
      return { image_url: url, error: { code: error.code, message: error.message } };
    throw error;
  }
}

async function enqueueCallback(trx: Kysely<Database>, queue: QueueConfig, jobId: string): Promise<void> {
  await sql`select ${sql.id(queue.schema, 'add_job')}('batch_callback', json_build_object('job_id', ${jobId}::text), max_attempts => 8, job_key => 'callback:' || ${jobId}::text)`.execute(
    trx,
  );
}

/**
 * Marks a job whose every image is stored as completed, and queues its callback (idempotent).
 * An inspection gets its finishing step instead, which writes the report and then completes it.
 */
async function completeJob(opts: BatchWorkerOptions, jobId: string, kind: string): Promise<void> {
  if (kind === 'inspection') {
    await enqueueInspectionFinish(opts.db, opts.queue, jobId);
    return;
  }
  await opts.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('batch_jobs')
      .set({
        status: 'completed',
        finished_at: new Date(),
        callback_status: sql`case when callback_url is null then null else 'pending' end`,
      })
      .where('id', '=', jobId)
      .where('status', 'in', ['pending', 'processing'])
      .where(sql<boolean>`done >= total`)
      .returning('callback_url')
      .executeTakeFirst();
    if (done?.callback_url) await enqueueCallback(trx, opts.queue, jobId);
  });
}

/** Runs one image of a job (the `batch_item` task). */
export async function processBatchItem(
  opts: BatchWorkerOptions,
  payload: ItemPayload,
  helpers: Pick<JobHelpers, 'job'>,
): Promise<void> {
  const { db, queue } = opts;
  const job = await db
    .selectFrom('batch_jobs')
    .selectAll()
    .select(
      sql<boolean>`exists (select 1 from batch_job_items i where i.job_id = batch_jobs.id and i.idx = ${payload.idx})`.as(
        'stored',
      ),
    )
    .where('id', '=', payload.job_id)
    .executeTakeFirst();
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  // Stored by an earlier attempt that stopped before the job was marked: finish that step only.
  if (job.stored) {
    if (job.done >= job.total) await completeJob(opts, job.id, job.kind);
    return;
  }
  if (job.status === 'pending') {
    await db
      .updateTable('batch_jobs')
      .set({ status: 'processing', started_at: sql<Date>`coalesce(started_at, now())` })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .execute();
  }
  const url = job.image_urls[payload.idx];
  if (url === undefined) return;
  let result: BatchItemResult | { image_url: string; error?: { code: string; message: string } | undefined };
  try {
    result =
      job.kind === 'inspection'
        ? await analyseInspectionItem(db, job, payload.idx, opts.fetch)
        : await analyseItem(url, job.site_origins, opts.fetch);
  } catch (error) {
    if (helpers.job.attempts < helpers.job.max_attempts) throw error;
    // The last attempt failed on our side: the job cannot complete.
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('batch_jobs')
        .set({
          status: 'failed',
          error: `An image could not be processed after ${helpers.job.attempts} attempts.`,
          finished_at: new Date(),
          callback_status: job.callback_url ? 'pending' : null,
        })
        .where('id', '=', job.id)
        .where('status', 'in', ['pending', 'processing'])
        .returning('callback_url')
        .executeTakeFirst();
      if (failed?.callback_url) await enqueueCallback(trx, queue, job.id);
      await trx.deleteFrom('batch_job_uploads').where('job_id', '=', job.id).execute();
    });
    return;
  }
  // An image refused by the address rules was never analysed: the image the job was billed for
  // at submission is given back (to the month of the job, to its key and to the Free tier when billed there), with the row.
  const refund = 'error' in result && result.error?.code === 'IMAGE_URL_NOT_ALLOWED' ? 1 : 0;
  const period = billingPeriod(new Date(job.created_at)).key;
  // One statement: the image's row, and the job's progress (and a refund) only when that row is
  // new, so a retried entry can neither store nor count an image twice.
  const progress = await sql<{ done: number; total: number }>`
    with stored as (
      insert into batch_job_items (job_id, idx, result, worker_id)
      values (${job.id}, ${payload.idx}, ${JSON.stringify(result)}::jsonb, ${helpers.job.locked_by})
      on conflict (job_id, idx) do nothing
      returning job_id),
    month as (
      insert into usage_monthly as u (user_id, api_id, period, requests, images)
      select ${job.user_id}, ${job.api_id}, ${period}::date, 0, -${refund}::integer
      where ${refund} > 0 and exists (select 1 from stored)
      on conflict (user_id, api_id, period) do update set images = u.images + excluded.images
      returning 1),
    per_key as (
      insert into usage_monthly_keys as u (key_id, period, requests, images)
      select ${job.api_key_id}::uuid, ${period}::date, 0, -${refund}::integer
      where ${refund} > 0 and ${job.api_key_id}::uuid is not null and exists (select 1 from stored)
      on conflict (key_id, period) do update set images = u.images + excluded.images
      returning 1),
    free as (
      update free_usage_monthly set images = greatest(images - ${refund}::integer, 0)
      where ${refund} > 0 and ${job.free_allowance} and user_id = ${job.user_id} and period = ${period}::date
        and exists (select 1 from stored)
      returning 1)
    update batch_jobs set done = done + 1
    where id = ${job.id} and exists (select 1 from stored)
    returning done, total`.execute(db);
  const row = progress.rows[0];
  if (row && row.done >= row.total) await completeJob(opts, job.id, job.kind);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delivers a finished job's callback (the `batch_callback` task). */
export async function deliverCallback(opts: BatchWorkerOptions, payload: { job_id: string }): Promise<void> {
  const { db } = opts;
  const job = await db
    .selectFrom('batch_jobs')
    .leftJoin('api_keys', 'api_keys.id', 'batch_jobs.api_key_id')
    .selectAll('batch_jobs')
    .select('api_keys.key_hash')
    .where('batch_jobs.id', '=', payload.job_id)
    .executeTakeFirst();
  if (!job?.callback_url || job.callback_status !== 'pending' || !job.key_hash) return;
  const body = JSON.stringify(job.kind === 'inspection' ? inspectionBody(job) : await batchJobBody(db, job));
  const pauses = opts.callbackRetryMs ?? [1_000, 4_000];
  let lastError = '';
  for (let attempt = 0; attempt <= pauses.length; attempt++) {
    if (attempt > 0) await sleep(pauses[attempt - 1] ?? 0);
    await db
      .updateTable('batch_jobs')
      .set({ callback_attempts: sql<number>`callback_attempts + 1` })
      .where('id', '=', job.id)
      .execute();
    try {
      const signature = signCallback(
        body,
        Buffer.from(job.key_hash, 'base64url').toString('hex'),
        Math.floor(Date.now() / 1000),
      );
      const { status } = await safePostJson(
        job.callback_url,
        body,
        { [SIGNATURE_HEADER]: signature, 'Optiq-Job-Id': job.id },
        opts.fetch,
      );
      if (status >= 200 && status < 300) {
        await db
          .updateTable('batch_jobs')
          .set({ callback_status: 'delivered' })
          .where('id', '=', job.id)
          .execute();
        return;
      }
      lastError = `the callback URL answered ${status}`;
    } catch (error) {
      // A URL the rules refuse will never be delivered: no retries.
      if (error instanceof HttpError && error.code === 'IMAGE_URL_NOT_ALLOWED') {
        await db
          .updateTable('batch_jobs')
          .set({ callback_status: 'failed' })
          .where('id', '=', job.id)
          .execute();
        return;
      }
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  throw new Error(`callback of job ${job.id} not delivered: ${lastError}`);
}

/** The queue's task list, with heartbeats around each task. */
function taskList(opts: BatchWorkerOptions, beats: Heartbeats): TaskList {
  const withBeat =
    <P>(fn: (payload: P, helpers: JobHelpers) => Promise<void>) =>
    async (payload: unknown, helpers: JobHelpers) => {
      await beats.begin(helpers.job.locked_by ?? 'unknown');
      await fn(payload as P, helpers);
    };
  return {
    batch_item: withBeat<ItemPayload>((payload, helpers) => processBatchItem(opts, payload, helpers)),
    batch_callback: withBeat<{ job_id: string }>((payload) => deliverCallback(opts, payload)),
    [INSPECTION_FINISH_TASK]: withBeat<{ job_id: string }>((payload) =>
      finishInspection(opts.db, payload.job_id, (trx, jobId) => enqueueCallback(trx, opts.queue, jobId)),
    ),
    [ALERT_WEBHOOK_TASK]: withBeat<{ event_id: string }>((payload, helpers) =>
      deliverAlertWebhook(opts, payload, helpers.job.attempts >= helpers.job.max_attempts),
    ),
  };
}

/**
 * Heartbeats of this process's workers (each graphile worker id seen running a task, beaten by
 * the process timer until the process stops), and release of dead workers' entries.
 */
class Heartbeats {
  private readonly known = new Set<string>();
  constructor(private readonly opts: BatchWorkerOptions) {}

  /** Registers a worker id the first time it runs a task here (one query per worker, not per task). */
  async begin(workerId: string): Promise<void> {
    if (this.known.has(workerId)) return;
    await this.opts.db
      .insertInto('batch_workers')
      .values({ worker_id: workerId })
      .onConflict((oc) => oc.column('worker_id').doUpdateSet({ last_seen: sql<Date>`now()` }))
      .execute();
    this.known.add(workerId);
  }

  async beat(): Promise<void> {
    if (this.known.size === 0) return;
    await this.opts.db
      .updateTable('batch_workers')
      .set({ last_seen: sql<Date>`now()` })
      .where('worker_id', 'in', [...this.known])
      .execute();
  }

  /** This process stops: its workers are no longer alive. */
  async forget(): Promise<void> {
    if (this.known.size === 0) return;
    await this.opts.db
      .deleteFrom('batch_workers')
      .where('worker_id', 'in', [...this.known])
      .execute();
    this.known.clear();
  }

  /** Releases the queue entries of workers silent for `staleAfterMs`; returns their ids. */
  async releaseDead(): Promise<string[]> {
    const staleMs = this.opts.staleAfterMs ?? 30_000;
    const dead = await this.opts.db
      .selectFrom('batch_workers')
      .select('worker_id')
      .where('last_seen', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
      .execute();
    const ids = dead.map((d) => d.worker_id).filter((id) => !this.known.has(id));
    if (ids.length === 0) return [];
    const utils = await makeWorkerUtils(graphileOptions(this.opts.queue));
    try {
      await utils.forceUnlockWorkers(ids);
    } finally {
      await utils.release();
    }
    await this.opts.db.deleteFrom('batch_workers').where('worker_id', 'in', ids).execute();
    console.warn(`[batch-queue] released the entries of ${ids.length} stopped worker(s): ${ids.join(', ')}`);
    return ids;
  }
}

export interface BatchWorker {
  /** Stops taking entries, waits for the running ones, and closes the queue's connections. */
  stop: () => Promise<void>;
  runner: Runner;
}

function concurrencyFromEnv(): number {
  const n = Number(process.env['BATCH_CONCURRENCY'] ?? NaN);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Starts a long-running worker on `opts.queue` (installs the queue's schema first). */
export async function startBatchWorker(opts: BatchWorkerOptions): Promise<BatchWorker> {
  await installQueue(opts.queue);
  const beats = new Heartbeats(opts);
  const tick = async () => {
    try {
      await beats.beat();
      await beats.releaseDead();
    } catch (error) {
      console.error('[batch-queue] heartbeat failed:', error instanceof Error ? error.message : error);
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), opts.heartbeatMs ?? 5_000);
  timer.unref();
  const runner = await run({
    ...graphileOptions(opts.queue),
    concurrency: opts.concurrency ?? concurrencyFromEnv(),
    pollInterval: opts.pollInterval ?? 2_000,
    noHandleSignals: true,
    taskList: taskList(opts, beats),
  });
  return {
    runner,
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
      await beats.forget().catch(() => undefined);
    },
  };
}

/**
 * Runs queue entries until none is ready, then returns (graphile-worker's `runOnce`): the Netlify
 * background function calls it after each batch is queued.
 */
export async function drainBatchQueue(opts: BatchWorkerOptions): Promise<void> {
  await installQueue(opts.queue);
  const beats = new Heartbeats(opts);
  await beats.releaseDead();
  const timer = setInterval(() => void beats.beat().catch(() => undefined), opts.heartbeatMs ?? 5_000);
  timer.unref();
  try {
    await runOnce({
      ...graphileOptions(opts.queue),
      concurrency: opts.concurrency ?? concurrencyFromEnv(),
      taskList: taskList(opts, beats),
    });
  } finally {
    clearInterval(timer);
    await beats.forget().catch(() => undefined);
  }
}
