/**
 * The vision engine as the services see it: `analyzeImageBytes` validates, decodes and analyses
 * one encoded image, off the event loop.
 *
 * Where the work runs (VISION_WORKERS, chosen once per process):
 * - a long-lived server (`npm start`, `npm run dev`, tests, benchmarks): a pool of worker
 *   threads, 1 by default (these machines have 2 cores: one for the event loop, database and
 *   libuv, one for inference). The model loads once per worker. Pixels never touch the main
 *   thread: the encoded bytes are moved (transferred, not copied) to the worker, and only the
 *   detections come back.
 * - Netlify (detected by the Lambda environment): in-process, VISION_WORKERS=0. A function
 *   instance serves one request at a time, so nothing waits behind the inference, and a worker
 *   would cost a second copy of the model and wasm heap plus its start-up on every cold start.
 *   Setting VISION_WORKERS there still works: the pool re-runs the function bundle itself as
 *   the worker (see `workerFile`), so no separate file needs shipping.
 * Either way at most one image is analysed per worker at a time and at most VISION_QUEUE_MAX
 * (default 16) wait; past that the call fails at once with 503 and a Retry-After estimate.
 */
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { HttpError, type ErrorCode, type ErrorStatus } from '../../http/errors';
import type { AuthenticityReport } from '../authenticity/analyze';
import type { AnalyzeOptions, ImageAnalysis } from '../detector';
import type { SceneAnalysis, SceneOptions } from '../scene/analyze';
import type { ImageFeatures } from '../similar/features';
import { PoolBusyError, WorkerPool, type PoolStats } from './pool';
// Static on purpose: it loads sharp in the main thread too, which keeps libvips loaded when a
// worker exits (glibc would otherwise unload it under a running worker: sharp issue #2263).
import { decodeAndAnalyze, serveEngine, type EngineResult, type EngineTask } from './worker';

/** Marks a thread started by this module as an engine worker. */
const WORKER_FLAG = 'optiqVisionEngine';

// This module (or, once bundled, the whole function bundle) is also the worker's entry point.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  serveEngine(parentPort);
}

export interface EngineConfig {
  /** Worker threads; 0 runs the analysis in-process. */
  workers: number;
  /** Analyses allowed to wait for a free worker before callers get 503. */
  maxQueue: number;
}

const DEFAULT_QUEUE = 16;

function intFromEnv(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, got "${value}"`);
  return n;
}

/** True inside a Netlify (AWS Lambda) function instance. */
const onServerless = (env: NodeJS.ProcessEnv): boolean => Boolean(env['AWS_LAMBDA_FUNCTION_NAME'] ?? env['LAMBDA_TASK_ROOT']);

/** Reads VISION_WORKERS and VISION_QUEUE_MAX (see the module comment for the defaults). */
export function engineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  return {
    workers: intFromEnv(env['VISION_WORKERS'], 'VISION_WORKERS') ?? (onServerless(env) ? 0 : 1),
    maxQueue: intFromEnv(env['VISION_QUEUE_MAX'], 'VISION_QUEUE_MAX') ?? DEFAULT_QUEUE,
  };
}

/** The file a worker runs: this module in development, the function bundle once bundled. */
function workerFile(): string {
  return fileURLToPath(import.meta.url);
}

/**
 * Node options for a worker, never the parent's (some, like --input-type, are refused in
 * workers): TypeScript sources need tsx's loader (vitest and vite do not pass one on).
 */
const workerExecArgv = (file: string): string[] => (/\.[cm]?tsx?$/.test(file) ? ['--import', 'tsx'] : []);

/** In-process counterpart of the pool: one analysis at a time, the same bounded queue. */
class InlineRunner {
  #running = false;
  readonly #waiting: (() => void)[] = [];
  #taskMs = 1000;
  constructor(readonly maxQueue: number) {}

  async run(task: EngineTask): Promise<EngineResult> {
    if (this.#running) {
      if (this.#waiting.length >= this.maxQueue) throw new PoolBusyError(this.#retryAfter());
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running = true;
    const started = performance.now();
    try {
      if (task.kind === 'tensors') return (await import('../model')).liveTensorCount();
      if (task.kind === 'authenticity') return await (await import('../authenticity/analyze')).analyzeAuthenticity(task.bytes);
      if (task.kind === 'scene') return await (await import('../scene/analyze')).analyzeScene(task.bytes, task.options);
      if (task.kind === 'embed') return await (await import('../similar/features')).imageFeatures(task.bytes, { mirror: task.mirror });
      return await decodeAndAnalyze(task.bytes, task.options);
    } finally {
      this.#taskMs = 0.8 * this.#taskMs + 0.2 * (performance.now() - started);
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running = false;
    }
  }

  stats(): PoolStats {
    return { workers: 0, busy: this.#running ? 1 : 0, queued: this.#waiting.length, taskMs: Math.round(this.#taskMs) };
  }

  #retryAfter(): number {
    return Math.max(1, Math.ceil(((this.#waiting.length + 1) * this.#taskMs) / 1000));
  }
}

interface Runner {
  run(task: EngineTask, transfer?: ArrayBuffer[]): Promise<EngineResult>;
  stats(): PoolStats;
  close(): Promise<void>;
}

let runner: Runner | undefined;
let runnerConfig: EngineConfig | undefined;

function getRunner(): Runner {
  if (runner) return runner;
  const config = engineConfig();
  runnerConfig = config;
  if (config.workers === 0) {
    const inline = new InlineRunner(config.maxQueue);
    runner = { run: (task) => inline.run(task), stats: () => inline.stats(), close: async () => undefined };
  } else {
    const file = workerFile();
    const pool = new WorkerPool<EngineTask, EngineResult>({
      file,
      size: config.workers,
      maxQueue: config.maxQueue,
      workerData: { [WORKER_FLAG]: true },
      execArgv: workerExecArgv(file),
      name: 'vision-engine',
      initialTaskMs: 500,
    });
    runner = { run: (task, transfer) => pool.run(task, transfer), stats: () => pool.stats(), close: () => pool.close() };
  }
  return runner;
}

/** How this process runs the analysis (after the first call; the configuration before it). */
export const engineMode = (): EngineConfig => runnerConfig ?? engineConfig();

/** Rebuilds the errors that crossed the thread boundary, and turns a full queue into a 503. */
function mapError(error: unknown): unknown {
  if (error instanceof PoolBusyError) {
    const seconds = error.retryAfterSeconds;
    return new HttpError(503, 'SERVICE_UNAVAILABLE', `The image analysis queue is full; retry in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  if (error instanceof Error && error.name === 'HttpError' && !(error instanceof HttpError)) {
    const e = error as Error & { status: ErrorStatus; code: ErrorCode; details: unknown; headers: Record<string, string> };
    return new HttpError(e.status, e.code, e.message, { details: e.details, headers: e.headers });
  }
  return error;
}

/** A buffer that can be moved to a worker: the bytes' own whole ArrayBuffer, else a copy. */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return bytes.slice();
}

/**
 * Validates, decodes and analyses one encoded image (JPEG, PNG, WebP). Throws the image's own
 * HttpError (413, 422), or 503 SERVICE_UNAVAILABLE with Retry-After when the queue is full.
 * The bytes are moved to the worker: the caller must not use them afterwards.
 */
export async function analyzeImageBytes(bytes: Uint8Array, options: AnalyzeOptions): Promise<ImageAnalysis> {
  const r = getRunner();
  const own = runnerConfig?.workers ? movable(bytes) : bytes;
  try {
    return (await r.run({ kind: 'analyze', bytes: own, options }, runnerConfig?.workers ? [own.buffer as ArrayBuffer] : [])) as ImageAnalysis;
  } catch (error) {
    throw mapError(error);
  }
}

/**
 * Photo authenticity on one encoded image, off the event loop like detection (the watermark
 * reader, spectrum and ELA are CPU work). The bytes are moved to the worker.
 */
export async function analyzeAuthenticityBytes(bytes: Uint8Array): Promise<AuthenticityReport> {
  const r = getRunner();
  const own = runnerConfig?.workers ? movable(bytes) : bytes;
  try {
    return (await r.run({ kind: 'authenticity', bytes: own }, runnerConfig?.workers ? [own.buffer as ArrayBuffer] : [])) as AuthenticityReport;
  } catch (error) {
    throw mapError(error);
  }
}

/**
 * One plain pass with the image-level features, the room scores, the colours and light, and
 * (with `text`) the text read, off the event loop: what classify and caption need. The bytes
 * are moved to the worker.
 */
export async function analyzeSceneBytes(bytes: Uint8Array, options: SceneOptions = {}): Promise<SceneAnalysis> {
  const r = getRunner();
  const own = runnerConfig?.workers ? movable(bytes) : bytes;
  try {
    return (await r.run({ kind: 'scene', bytes: own, options }, runnerConfig?.workers ? [own.buffer as ArrayBuffer] : [])) as SceneAnalysis;
  } catch (error) {
    throw mapError(error);
  }
}

/**
 * The similar-image search's view of one encoded image (features of the CenterNet pass, plus
 * the mirrored view's when `mirror`, and the perceptual-hash thumbnail), off the event loop like
 * detection. The bytes are moved to the worker.
 */
export async function imageFeaturesBytes(bytes: Uint8Array, mirror: boolean): Promise<ImageFeatures> {
  const r = getRunner();
  const own = runnerConfig?.workers ? movable(bytes) : bytes;
  try {
    return (await r.run({ kind: 'embed', bytes: own, mirror }, runnerConfig?.workers ? [own.buffer as ArrayBuffer] : [])) as ImageFeatures;
  } catch (error) {
    throw mapError(error);
  }
}

/** Tensors held by the engine's backend (the worker's, with a pool); for leak checks. */
export async function engineTensorCount(): Promise<number> {
  return (await getRunner().run({ kind: 'tensors' })) as number;
}

/** Analyses running and waiting, for benchmarks and tests. */
export const engineStats = (): PoolStats => getRunner().stats();

/** Stops the workers (tests, benchmarks); the next call starts afresh with the current env. */
export async function closeEngine(): Promise<void> {
  const r = runner;
  runner = undefined;
  runnerConfig = undefined;
  await r?.close();
}
