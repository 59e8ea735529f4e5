import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolBusyError, WorkerCrashError, WorkerPool } from './pool';

// A plain-JS worker speaking the pool's protocol: sleeps, echoes, fails or dies on request.
const file = join(mkdtempSync(join(tmpdir(), 'optiq-pool-')), 'worker.mjs');
writeFileSync(
  file,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', async ({ id, payload }) => {
  if (payload.exit) process.exit(3);
  if (payload.sleep) await new Promise((r) => setTimeout(r, payload.sleep));
  if (payload.fail) {
    parentPort.postMessage({ id, ok: false, error: { name: 'HttpError', message: payload.fail, fields: { status: 422 } } });
    return;
  }
  const bytes = payload.bytes ? payload.bytes.byteLength : undefined;
  parentPort.postMessage({ id, ok: true, value: { echo: payload.value, threadId, bytes } });
});
`,
);

type Payload = { value?: number; sleep?: number; fail?: string; exit?: boolean; bytes?: Uint8Array };
type Result = { echo: number; threadId: number; bytes?: number };

let pool: WorkerPool<Payload, Result> | undefined;
const makePool = (size: number, maxQueue: number) =>
  (pool = new WorkerPool<Payload, Result>({ file, size, maxQueue, initialTaskMs: 200 }));
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('WorkerPool', () => {
  it('runs tasks on worker threads and answers each caller', async () => {
    const p = makePool(2, 10);
    const results = await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ value, sleep: 20 })));
    expect(results.map((r) => r.echo)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  });

  it('refuses a task past the queue bound at once, with a Retry-After estimate', async () => {
    const p = makePool(1, 2);
    const running = [
      p.run({ value: 1, sleep: 300 }),
      p.run({ value: 2, sleep: 10 }),
      p.run({ value: 3, sleep: 10 }),
    ];
    const refused = await p.run({ value: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect((refused as PoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await Promise.all(running)).map((r) => r.echo)).toEqual([1, 2, 3]);
    // Room again once the backlog is done.
    await expect(p.run({ value: 5 })).resolves.toMatchObject({ echo: 5 });
  });

  it('moves transferred buffers instead of copying them', async () => {
    const p = makePool(1, 1);
    const bytes = new Uint8Array(1024 * 1024);
    const result = await p.run({ bytes }, [bytes.buffer]);
    expect(result.bytes).toBe(1024 * 1024);
    expect(bytes.byteLength).toBe(0); // detached here: the worker owns it now
  });

  it('passes a task error back with its fields', async () => {
    const p = makePool(1, 1);
    const error = await p.run({ fail: 'bad image' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', message: 'bad image', status: 422 });
    await expect(p.run({ value: 7 })).resolves.toMatchObject({ echo: 7 });
  });

  it('fails only the task of a worker that dies, and replaces the worker', async () => {
    const p = makePool(1, 5);
    const dying = p.run({ exit: true });
    const queued = p.run({ value: 8 });
    await expect(dying).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(queued).resolves.toMatchObject({ echo: 8 });
    expect(p.stats().workers).toBe(1);
  });
});
