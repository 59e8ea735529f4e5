/**
 * One way to run an engine's work off the event loop, shared by the vision engine (./index.ts)
 * and the watermark engine (../watermark/engine.ts). Where the work runs (VISION_WORKERS, chosen
 * when the runner is made):
 * - a long-lived server: a pool of worker threads (1 by default), each running the engine's
 *   module (or, once bundled, the function bundle) as its entry point; the encoded bytes of a
 *   task are moved (transferred, not copied) to the worker;
 * - Netlify (detected by the Lambda environment): in-process, VISION_WORKERS=0, one task at a time.
 * Either way at most VISION_QUEUE_MAX (default 16) tasks wait; past that a call fails at once
 * with PoolBusyError (the HTTP layer answers 503 with its Retry-After). Errors the work threw in
 * a worker come back as what they were (an image's HttpError stays one).
 */
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { HttpError, type ErrorCode, type ErrorStatus } from '../../http/errors';
import { PoolBusyError, WorkerPool, type PoolStats } from './pool';

export interface EngineConfig {
  /** Worker threads; 0 runs the work in-process. */
  workers: number;
  /** Tasks allowed to wait before callers are refused (503). */
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
const onServerless = (env: NodeJS.ProcessEnv): boolean =>
  Boolean(env['AWS_LAMBDA_FUNCTION_NAME'] ?? env['LAMBDA_TASK_ROOT']);

/**
 * Starts `loads` (model loads) at once, at import time, in a Netlify function instance that runs
 * its engine in-process: the instance exists to answer the request that started it, so the
 * models load while that request is read, its image fetched, and one model beside the other.
 * Elsewhere (a long-lived server, tests) nothing loads before it is asked for. A failed load is
 * retried by the request that needs it.
 */
export function warmOnServerless(...loads: (() => Promise<unknown>)[]): void {
  if (!isMainThread || !onServerless(process.env) || engineConfig().workers !== 0) return;
  for (const load of loads) load().catch(() => undefined);
}

/** Reads VISION_WORKERS and VISION_QUEUE_MAX (see the module comment for the defaults). */
export function engineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  return {
    workers: intFromEnv(env['VISION_WORKERS'], 'VISION_WORKERS') ?? (onServerless(env) ? 0 : 1),
    maxQueue: intFromEnv(env['VISION_QUEUE_MAX'], 'VISION_QUEUE_MAX') ?? DEFAULT_QUEUE,
  };
}

export interface RunnerOptions<Task, Result> {
  /** The engine's module URL (`import.meta.url`): what a worker runs. */
  moduleUrl: string;
  /** workerData flag the module checks to start serving as a worker. */
  workerFlag: string;
  /** Thread name, shown in debuggers and crash messages. */
  name: string;
  /** What waits in the queue, for the busy answer: "The <queue> queue is full". */
  queue: string;
  /** Expected duration of a task before any has run (Retry-After estimates), in a worker and in-process. */
  initialTaskMs: { pool: number; inline: number };
  /** The work itself, for the in-process runner. */
  inline: (task: Task) => Promise<Result>;
}

export interface EngineRunner<Task, Result> {
  /** Runs one task; the task's bytes are moved to a worker: the caller must not use them afterwards. */
  run(task: Task): Promise<Result>;
  stats(): PoolStats;
  close(): Promise<void>;
  readonly config: EngineConfig;
}

/**
 * Node options for a worker, never the parent's (some, like --input-type, are refused in
 * workers): TypeScript sources need tsx's loader (vitest and vite do not pass one on).
 */
const workerExecArgv = (file: string): string[] => (/\.[cm]?tsx?$/.test(file) ? ['--import', 'tsx'] : []);

/** A buffer that can be moved to a worker: the bytes' own whole ArrayBuffer, else a copy. */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return bytes.slice();
}

/** Brings back an HttpError that crossed the thread boundary (class instances do not survive cloning). */
function revive(error: unknown): unknown {
  if (error instanceof Error && error.name === 'HttpError' && !(error instanceof HttpError)) {
    const e = error as Error & {
      status: ErrorStatus;
      code: ErrorCode;
      details: unknown;
      headers: Record<string, string>;
    };
    return new HttpError(e.status, e.code, e.message, { details: e.details, headers: e.headers });
  }
  return error;
}

/** In-process counterpart of the pool: one task at a time, the same bounded queue. */
class InlineRunner<Task, Result> {
  #running = false;
  readonly #waiting: (() => void)[] = [];
  #taskMs: number;
  constructor(
    readonly maxQueue: number,
    readonly work: (task: Task) => Promise<Result>,
    initialTaskMs: number,
  ) {
    this.#taskMs = initialTaskMs;
  }

  async run(task: Task): Promise<Result> {
    if (this.#running) {
      if (this.#waiting.length >= this.maxQueue) throw new PoolBusyError(this.#retryAfter());
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#running = true;
    const started = performance.now();
    try {
      return await this.work(task);
    } finally {
      this.#taskMs = 0.8 * this.#taskMs + 0.2 * (performance.now() - started);
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running = false;
    }
  }

  stats(): PoolStats {
    return {
      workers: 0,
      busy: this.#running ? 1 : 0,
      queued: this.#waiting.length,
      taskMs: Math.round(this.#taskMs),
    };
  }

  #retryAfter(): number {
    return Math.max(1, Math.ceil(((this.#waiting.length + 1) * this.#taskMs) / 1000));
  }
}

/** The engines' names (thread names, and what the health check asks `engineHasAnswered` about). */
export const ENGINE_NAMES = { vision: 'vision-engine', watermark: 'watermark-engine' } as const;

/** Names of the engines that have answered a task in this process (their models are loaded); shared across bundled copies. */
const ANSWERED = Symbol.for('optiq.engines-answered');
const answered = ((globalThis as { [ANSWERED]?: Set<string> })[ANSWERED] ??= new Set<string>());

/**
 * Whether the engine named `name` (a runner's `name`) has analysed an image in this process since
 * it started: its models are loaded. The health check reads it; it never loads a model itself.
 */
export const engineHasAnswered = (name: string): boolean => answered.has(name);

/** Makes a runner with the current environment's configuration (engineConfig). */
export function createEngineRunner<Task extends object, Result>(
  opts: RunnerOptions<Task, Result>,
): EngineRunner<Task, Result> {
  const config = engineConfig();
  let run: (task: Task) => Promise<Result>;
  let stats: () => PoolStats;
  let close: () => Promise<void>;
  if (config.workers === 0) {
    const inline = new InlineRunner(config.maxQueue, opts.inline, opts.initialTaskMs.inline);
    run = (task) => inline.run(task);
    stats = () => inline.stats();
    close = async () => undefined;
  } else {
    const file = fileURLToPath(opts.moduleUrl);
    const pool = new WorkerPool<Task, Result>({
      file,
      size: config.workers,
      maxQueue: config.maxQueue,
      workerData: { [opts.workerFlag]: true },
      execArgv: workerExecArgv(file),
      name: opts.name,
      initialTaskMs: opts.initialTaskMs.pool,
    });
    // A task's encoded image (its `bytes`) is moved to the worker, not copied.
    run = (task) => {
      const bytes = 'bytes' in task ? task.bytes : undefined;
      if (!(bytes instanceof Uint8Array)) return pool.run(task);
      const own = movable(bytes);
      return pool.run({ ...task, bytes: own }, [own.buffer]);
    };
    stats = () => pool.stats();
    close = () => pool.close();
  }
  return {
    config,
    async run(task) {
      try {
        const result = await run(task);
        answered.add(opts.name);
        return result;
      } catch (error) {
        if (error instanceof PoolBusyError) throw new PoolBusyError(error.retryAfterSeconds, opts.queue);
        throw revive(error);
      }
    },
    stats,
    close,
  };
}

/** An engine's runner, made on first use (with the environment of that moment) and dropped by `close`. */
export interface LazyEngineRunner<Task, Result> {
  get(): EngineRunner<Task, Result>;
  /** The runner if one was made (its configuration is the process's). */
  current(): EngineRunner<Task, Result> | undefined;
  /** Stops the workers (tests, benchmarks); the next `get` starts afresh with the current env. */
  close(): Promise<void>;
}

export function lazyEngineRunner<Task extends object, Result>(
  opts: RunnerOptions<Task, Result>,
): LazyEngineRunner<Task, Result> {
  let runner: EngineRunner<Task, Result> | undefined;
  return {
    get: () => (runner ??= createEngineRunner(opts)),
    current: () => runner,
    async close() {
      const r = runner;
      runner = undefined;
      answered.delete(opts.name);
      await r?.close();
    },
  };
}
