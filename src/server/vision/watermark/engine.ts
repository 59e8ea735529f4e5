/**
 * Runs the watermark analysis off the event loop, as the detection engine does
 * (src/server/vision/engine): in a long-lived server a worker thread (VISION_WORKERS, default 1)
 * holds the OCR models and analyses one image at a time; on Netlify (one request per function
 * instance) it runs in-process (VISION_WORKERS=0). At most VISION_QUEUE_MAX (16) images wait;
 * past that the call fails at once with 503 and Retry-After.
 *
 * This module is also the worker's entry point (or, once bundled, the function bundle is).
 */
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { HttpError, type ErrorCode, type ErrorStatus } from '../../http/errors';
import { PoolBusyError, WorkerPool, serializeError, type WorkerReply } from '../engine/pool';
import { loadOcr } from '../ocr/ocr';
import { analyzeWatermarks, type WatermarkAnalysis, type WatermarkOptions } from './analyze';

const WORKER_FLAG = 'optiqWatermarkEngine';

interface Task {
  bytes: Uint8Array;
  options: WatermarkOptions;
}

function serve(port: MessagePort): void {
  loadOcr().catch(() => undefined); // warm up; a failure is retried by the first request
  port.on('message', ({ id, payload }: { id: number; payload: Task }) => {
    analyzeWatermarks(payload.bytes, payload.options).then(
      (value) => port.postMessage({ id, ok: true, value } satisfies WorkerReply<WatermarkAnalysis>),
      (error: unknown) => port.postMessage({ id, ok: false, error: serializeError(error) } satisfies WorkerReply<WatermarkAnalysis>),
    );
  });
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  serve(parentPort);
}

function intFromEnv(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, got "${value}"`);
  return n;
}

const onServerless = (env: NodeJS.ProcessEnv): boolean => Boolean(env['AWS_LAMBDA_FUNCTION_NAME'] ?? env['LAMBDA_TASK_ROOT']);

export function watermarkEngineConfig(env: NodeJS.ProcessEnv = process.env): { workers: number; maxQueue: number } {
  return {
    workers: intFromEnv(env['VISION_WORKERS'], 'VISION_WORKERS') ?? (onServerless(env) ? 0 : 1),
    maxQueue: intFromEnv(env['VISION_QUEUE_MAX'], 'VISION_QUEUE_MAX') ?? 16,
  };
}

interface Runner {
  run(task: Task): Promise<WatermarkAnalysis>;
  close(): Promise<void>;
}

/** In-process: one analysis at a time, the same bounded queue. */
function inlineRunner(maxQueue: number): Runner {
  let running = false;
  let taskMs = 1500;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (running) {
        if (waiting.length >= maxQueue) throw new PoolBusyError(Math.max(1, Math.ceil(((waiting.length + 1) * taskMs) / 1000)));
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running = true;
      const started = performance.now();
      try {
        return await analyzeWatermarks(task.bytes, task.options);
      } finally {
        taskMs = 0.8 * taskMs + 0.2 * (performance.now() - started);
        const next = waiting.shift();
        if (next) next();
        else running = false;
      }
    },
    close: async () => undefined,
  };
}

let runner: Runner | undefined;

function getRunner(): Runner {
  if (runner) return runner;
  const config = watermarkEngineConfig();
  if (config.workers === 0) {
    runner = inlineRunner(config.maxQueue);
  } else {
    const file = fileURLToPath(import.meta.url);
    const pool = new WorkerPool<Task, WatermarkAnalysis>({
      file,
      size: config.workers,
      maxQueue: config.maxQueue,
      workerData: { [WORKER_FLAG]: true },
      execArgv: /\.[cm]?tsx?$/.test(file) ? ['--import', 'tsx'] : [],
      name: 'watermark-engine',
      initialTaskMs: 1500,
    });
    runner = {
      run: (task) => {
        const own = task.bytes.byteOffset === 0 && task.bytes.byteLength === task.bytes.buffer.byteLength ? task.bytes : task.bytes.slice();
        return pool.run({ ...task, bytes: own }, [own.buffer as ArrayBuffer]);
      },
      close: () => pool.close(),
    };
  }
  return runner;
}

function mapError(error: unknown): unknown {
  if (error instanceof PoolBusyError) {
    const seconds = error.retryAfterSeconds;
    return new HttpError(503, 'SERVICE_UNAVAILABLE', `The watermark analysis queue is full; retry in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  if (error instanceof Error && error.name === 'HttpError' && !(error instanceof HttpError)) {
    const e = error as Error & { status: ErrorStatus; code: ErrorCode; details: unknown; headers: Record<string, string> };
    return new HttpError(e.status, e.code, e.message, { details: e.details, headers: e.headers });
  }
  return error;
}

/**
 * Analyses one encoded image off the event loop. The bytes are moved to the worker: the caller
 * must not use them afterwards. Throws the image's own HttpError (413, 422) or 503 when full.
 */
export async function detectWatermarks(bytes: Uint8Array, options: WatermarkOptions): Promise<WatermarkAnalysis> {
  try {
    return await getRunner().run({ bytes, options });
  } catch (error) {
    throw mapError(error);
  }
}

/** Stops the workers (tests, benchmarks). */
export async function closeWatermarkEngine(): Promise<void> {
  const r = runner;
  runner = undefined;
  await r?.close();
}
