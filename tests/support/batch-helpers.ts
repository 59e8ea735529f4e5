/**
 * What the batch-queue tests share (batch jobs and virtual inspections): a queue worker started
 * with the tests' quick timings, and an HTTP receiver for job callbacks.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setQueueConfig } from '../../src/server/batch/queue';
import { startBatchWorker, type BatchWorker } from '../../src/server/batch/worker';
import { seed, setDb } from '../../src/server/db';
import type { Resolver } from '../../src/server/vision/safe-fetch';
import { createBatchTestDb, type BatchTestDb } from './batch-test-db';
import { startTestImageServer, type TestImageServer } from './test-image-server';

/** The suite's queue database, image server and running workers (set once `beforeAll` has run). */
export interface BatchSuite {
  t: BatchTestDb;
  images: TestImageServer;
  workers: BatchWorker[];
}

/**
 * Registers the hooks of a batch-queue suite: a seeded database with the queue installed, made
 * the process's database and queue, a test image server and loopback image URLs allowed; the
 * workers a test starts are stopped after it, and everything is closed after the suite.
 */
export function useBatchSuite(): BatchSuite {
  const suite = { workers: [] } as unknown as BatchSuite;
  beforeAll(async () => {
    suite.t = await createBatchTestDb();
    await seed(suite.t.db);
    setDb(suite.t.db);
    setQueueConfig(suite.t.queue);
    suite.images = await startTestImageServer();
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '1');
  }, 90_000);
  afterEach(async () => {
    await Promise.all(suite.workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    setQueueConfig(undefined);
    setDb(undefined);
    await suite.images?.close();
    await suite.t?.close();
  });
  return suite;
}

/**
 * Starts a worker on `t`'s queue (polling every 100 ms, beating every 500 ms, loopback image
 * URLs allowed, quick callback retries) and adds it to `workers`, which the test stops.
 */
export async function startTestWorker(
  t: BatchTestDb,
  workers: BatchWorker[],
  concurrency = 1,
  resolver?: Resolver,
): Promise<BatchWorker> {
  const worker = await startBatchWorker({
    db: t.db,
    queue: t.queue,
    concurrency,
    pollInterval: 100,
    heartbeatMs: 500,
    fetch: { allowLoopback: true, ...(resolver ? { resolver } : {}) },
    callbackRetryMs: [50, 100],
  });
  workers.push(worker);
  return worker;
}

/** A receiver for callbacks: answers `statuses` in turn (then 200) and keeps what it got. */
export async function callbackReceiver(statuses: number[] = []) {
  const got: { body: string; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/optiq`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}
