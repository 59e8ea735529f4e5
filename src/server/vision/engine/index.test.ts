import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, toHttpError } from '../../http/errors';
import { PoolBusyError } from './pool';
import { FIXTURE_DIR } from '../../../../tests/support/test-image-server';
import { analyzeImageBytes, closeEngine, engineConfig, engineMode, engineStats, engineTensorCount } from '.';

const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURE_DIR, name)));

/**
 * Share of the time `work` took during which the event loop was blocked: the delay of 5 ms
 * timer ticks beyond their interval, summed. In-process inference blocks it ~100% of the time.
 */
async function blockedShare(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let blocked = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    blocked += Math.max(0, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return blocked / (performance.now() - started);
}

afterAll(async () => {
  await closeEngine();
  vi.unstubAllEnvs();
});

describe('engineConfig', () => {
  it('uses one worker on a server and in-process analysis on Netlify, unless told', () => {
    expect(engineConfig({})).toEqual({ workers: 1, maxQueue: 16 });
    expect(engineConfig({ AWS_LAMBDA_FUNCTION_NAME: 'detect' })).toMatchObject({ workers: 0 });
    expect(
      engineConfig({ LAMBDA_TASK_ROOT: '/var/task', VISION_WORKERS: '2', VISION_QUEUE_MAX: '4' }),
    ).toEqual({ workers: 2, maxQueue: 4 });
    expect(() => engineConfig({ VISION_WORKERS: 'two' })).toThrow(/VISION_WORKERS/);
  });
});

describe('analyzeImageBytes in the worker pool', () => {
  beforeAll(async () => {
    await closeEngine();
    vi.stubEnv('VISION_WORKERS', '1');
  });

  it('analyses in a worker thread while the event loop stays free', async () => {
    const warm = await analyzeImageBytes(fixture('dog.jpg'), { errorChecks: 0 });
    expect(engineMode().workers).toBe(1);
    expect(warm.detections.map((d) => d.label)).toContain('dog');
    // Ten error checks = up to eight ~200 ms model passes on a photo with borderline detections
    // (dog.jpg has some); in-process each pass blocks the loop.
    let analysis: Awaited<ReturnType<typeof analyzeImageBytes>> | undefined;
    const blocked = await blockedShare(async () => {
      analysis = await analyzeImageBytes(fixture('dog.jpg'), { errorChecks: 10 });
    });
    expect(analysis?.passes).toBeGreaterThan(1);
    expect(analysis?.confirmed.has('dog')).toBe(true);
    // In-process, every model pass blocks the loop (a share near 1). In the worker a quiet machine
    // measures a few percent; a machine with several times more work than cores delays timers
    // too (0.5 seen at load 10 on 2 cores), which still tells the two apart.
    expect(blocked).toBeLessThan(0.8);
  }, 90_000);

  it('moves the bytes to the worker and brings image errors back as HttpError', async () => {
    const bytes = fixture('coffee.jpg');
    await analyzeImageBytes(bytes, { errorChecks: 0 });
    expect(bytes.byteLength).toBe(0);
    const error = await analyzeImageBytes(new TextEncoder().encode('<!doctype html><p>hi'), {
      errorChecks: 0,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      code: 'INVALID_IMAGE',
      message: expect.stringContaining('an HTML page'),
    });
  });

  it('refuses at once when the queue is full, which the HTTP layer answers 503 with Retry-After', async () => {
    await closeEngine();
    vi.stubEnv('VISION_QUEUE_MAX', '1');
    const running = analyzeImageBytes(fixture('horses.jpg'), { errorChecks: 4 });
    const queued = analyzeImageBytes(fixture('dog.jpg'), { errorChecks: 0 });
    expect(engineStats()).toMatchObject({ busy: 1, queued: 1 });
    const refused = await analyzeImageBytes(fixture('coffee.jpg'), { errorChecks: 0 }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect(refused).toMatchObject({ queue: 'image analysis' });
    const answer = toHttpError(refused);
    expect(answer).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/^The image analysis queue is full; retry in \d+ s$/),
    });
    expect(Number(answer!.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
    vi.stubEnv('VISION_QUEUE_MAX', '16');
    await closeEngine();
  }, 90_000);

  it("holds the worker's tensor count across runs (every pass is disposed)", async () => {
    await analyzeImageBytes(fixture('coffee.jpg'), { errorChecks: 0 });
    const before = await engineTensorCount();
    for (let i = 0; i < 6; i++)
      await analyzeImageBytes(fixture('coffee.jpg'), { errorChecks: i % 2 === 0 ? 2 : 0 });
    expect(await engineTensorCount()).toBe(before);
  }, 90_000);
});
