/**
 * Durability of batch jobs: a worker in another process is killed (SIGKILL) in the middle of a
 * job, another process takes over, and the job completes with every image exactly once. On
 * PGlite the database is served on a loopback port to both processes; on PostgreSQL
 * (`npm run test:pg`) they connect to the test server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestAccount } from '../support/test-account';
import { setQueueConfig } from '../../src/server/batch/queue';
import { createBatchTestDb, type BatchTestDb } from '../support/batch-test-db';
import { seed, setDb } from '../../src/server/db';
import { predictBatchOperation } from '../../src/shared/contracts/photo-authenticity';
import predictBatch from '../../functions/predict-batch';
import createInspection from '../../functions/inspections';
import { createInspectionOperation } from '../../src/shared/contracts/virtual-inspection';
import { inspectionReportSchema } from '../../src/shared/schemas/inspection';

const root = resolve(import.meta.dirname, '../..');
let t: BatchTestDb;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await createBatchTestDb();
  await seed(t.db);
  setDb(t.db);
  setQueueConfig(t.queue);
}, 90_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  setQueueConfig(undefined);
  setDb(undefined);
  await t?.close();
});

/** Starts `scripts/run/batch-worker.ts` in a child process and resolves once it takes jobs. */
async function spawnWorker(): Promise<ChildProcess> {
  // One process (tsx as a loader, not its CLI, which would run the script in a grandchild).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/run/batch-worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: t.queue.connectionString,
      BATCH_QUEUE_DATABASE_URL: t.queue.connectionString,
      BATCH_QUEUE_SCHEMA: t.queue.schema,
      BATCH_WORKER_TEST: '1',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('[batch-worker] running')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => fail(new Error(`worker exited (${code}): ${output}`)));
  });
  return child;
}

/**
 * Polls `probe` every 100 ms (each probe is a query the embedded database, in this process, answers
 * beside the workers'; an image takes several times that, so the kill still lands mid-job).
 */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the first worker has stored a few images of the job and holds the next one. */
const midJob = (jobId: string) =>
  waitFor('the first worker to be mid-job', async () => {
    const job = await t.db
      .selectFrom('batch_jobs')
      .select('done')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const locked = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(t.queue.schema, 'jobs')} where locked_by is not null and key like ${jobId + ':%'}`.execute(
      t.db,
    );
    return job.done >= 2 && (locked.rows[0]?.n ?? 0) > 0 ? job.done : undefined;
  });

/**
 * A worker left running by the previous test (the one that resumed its job), idle on the same
 * queue: the next test's first worker, instead of a third process start and model load.
 */
let idle: ChildProcess | undefined;

/**
 * Runs a job through the failure: a worker process takes it (the idle one when there is one),
 * is SIGKILLed mid-job (its entry still locked), and a second process finishes it. Returns the
 * job as completed and how many images were stored when the first died; the second worker is
 * left idle for the next test (afterAll stops it).
 */
async function killMidwayAndResume(jobId: string, total: number) {
  const first = idle ?? (await spawnWorker());
  idle = undefined;
  // Kill it once it has finished a few images and holds the next one.
  const atKill = await midJob(jobId);
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  const afterKill = await t.db
    .selectFrom('batch_jobs')
    .select(['done', 'status'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  expect(afterKill.status).toBe('processing');
  expect(afterKill.done).toBeLessThan(total);
  const lockedByDead = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.id(t.queue.schema, 'jobs')} where locked_by is not null and key like ${jobId + ':%'}`.execute(
    t.db,
  );
  expect(lockedByDead.rows[0]?.n).toBeGreaterThan(0);

  const second = await spawnWorker();
  const done = await waitFor('the job to complete', async () => {
    const job = await t.db
      .selectFrom('batch_jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    return job.status === 'completed' ? job : undefined;
  });
  idle = second;
  return { done, atKill };
}

/**
 * graphile-worker deletes an entry once its task has returned, a moment after the task's last
 * write marked the job completed: waits for the job's entries (and its finishing step) to go.
 */
const queueDrained = (jobId: string) =>
  waitFor('the queue to drain', async () => {
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(t.queue.schema, 'jobs')} where key like ${jobId + ':%'} or key = ${'finish:' + jobId}`.execute(
      t.db,
    );
    return left.rows[0]?.n === 0 ? true : undefined;
  });

describe('a batch job survives its worker being killed', () => {
  it('completes with every image exactly once after SIGKILL of the worker mid-job and a new worker', async () => {
    const account = await createTestAccount(t.db, { apiId: 'photo-authenticity', tier: 'standard' });
    const names = [
      'validation-camera-exif.jpg',
      'validation-edited.jpg',
      'validation-generator-parameters.png',
      'validation-iptc-ai.jpg',
      'validation-sd-watermark.jpg',
      'validation-screen-recapture.jpg',
    ];
    const urls = [...names, ...names].map((n, i) => `http://localhost/images/samples/${n}?copy=${i}`);
    const res = await predictBatch(
      new Request('http://localhost/api/predict_batch', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(account) },
        body: JSON.stringify({ image_urls: urls }),
      }),
      { ip: '198.51.100.70' },
    );
    expect(res.status).toBe(201);
    const { job_id: jobId } = predictBatchOperation.response.schema.parse(await res.json());

    const { done, atKill } = await killMidwayAndResume(jobId, urls.length);

    expect(done.done).toBe(urls.length);
    const items = await t.db
      .selectFrom('batch_job_items')
      .select(['idx', 'worker_id', 'result'])
      .where('job_id', '=', jobId)
      .orderBy('idx')
      .execute();
    expect(items.map((i) => i.idx)).toEqual(urls.map((_, i) => i));
    expect(items.every((i) => !('error' in i.result))).toBe(true);
    expect(items.map((i) => i.result['image_url'])).toEqual(urls);
    // The first worker's images stayed; the second did the rest, including the one in flight.
    const workersSeen = new Set(items.map((i) => i.worker_id));
    expect(workersSeen.size).toBe(2);
    expect(items.filter((i) => i.worker_id === items[0]?.worker_id).length).toBeGreaterThanOrEqual(
      Math.min(atKill, 2),
    );
    await queueDrained(jobId);
  }, 240_000);
});

describe('a virtual inspection survives its worker being killed', () => {
  it('completes with its report, every photo analysed and counted exactly once, after SIGKILL mid-way and a new worker', async () => {
    const account = await createTestAccount(t.db, { apiId: 'virtual-inspection', tier: 'pay-per-use' });
    const names = [
      'od-sitting-room.jpg',
      'inspect-sitting-room-copy.jpg',
      'validation-iptc-ai.jpg',
      'validation-camera-exif.jpg',
      'od-horses.jpg',
      'od-coffee-cup.jpg',
    ];
    const urls = names.map((n) => `http://localhost/images/samples/${n}`);
    const res = await createInspection(
      new Request('http://localhost/api/v1/inspections', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(account) },
        body: JSON.stringify({ image_urls: urls, checklist: { rooms: { kitchen: 1 } } }),
      }),
      { ip: '198.51.100.71' },
    );
    expect(res.status).toBe(201);
    const { inspection_id: jobId } = createInspectionOperation.response.schema.parse(await res.json());

    const { done } = await killMidwayAndResume(jobId, urls.length);
    expect(done.done).toBe(urls.length);
    const items = await t.db
      .selectFrom('batch_job_items')
      .select(['idx', 'worker_id'])
      .where('job_id', '=', jobId)
      .orderBy('idx')
      .execute();
    expect(items.map((i) => i.idx)).toEqual(urls.map((_, i) => i));
    expect(new Set(items.map((i) => i.worker_id)).size).toBe(2);
    // The finishing step wrote the report once, over every photo in request order.
    const report = inspectionReportSchema.parse(done.report);
    expect(report.photos.map((p) => p.image_url)).toEqual(urls);
    expect(report.photos.every((p) => p.error === undefined)).toBe(true);
    expect(report.photos[0]!.duplicate_of).toEqual([urls[1]]);
    expect(report.coverage.missing).toEqual(['kitchen']);
    // Billed once per photo: the kill and the retry added nothing.
    const usage = await t.db
      .selectFrom('usage_monthly')
      .select(sql<number>`sum(images)::int`.as('images'))
      .where('user_id', '=', account.userId)
      .where('api_id', '=', 'virtual-inspection')
      .executeTakeFirstOrThrow();
    expect(usage.images).toBe(urls.length);
    await queueDrained(jobId);
  }, 240_000);
});
