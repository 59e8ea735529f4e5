/**
 * A small worker-thread pool with a bounded queue: CPU-heavy work runs off the event loop, one
 * task per worker at a time (each task is CPU-bound, so more would only interleave), and a
 * caller past the queue bound is refused at once instead of waiting without limit.
 *
 * Protocol: the pool posts `{ id, payload }`; the worker answers `{ id, ok: true, value }` or
 * `{ id, ok: false, error }` (a `SerializedError`). A worker that dies fails only the task it
 * held and is replaced on the next dispatch.
 */
import { Worker, type MessagePort, type Transferable } from 'node:worker_threads';

/** An error as it crosses the thread boundary (class instances do not survive cloning). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string | undefined;
  /** Extra own fields (e.g. an HttpError's status, code, details, headers). */
  fields?: Record<string, unknown>;
}

export type WorkerReply<T> =
  { id: number; ok: true; value: T } | { id: number; ok: false; error: SerializedError };

/**
 * The queue is full: the caller should come back after `retryAfterSeconds`. `queue` names what
 * waits in it ("image analysis"), for the answer the HTTP layer gives (503 with Retry-After).
 */
export class PoolBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly queue = 'work',
  ) {
    super(`the ${queue} queue is full`);
    this.name = 'PoolBusyError';
  }
}

/** The worker failed outside the task's own code (crashed, exited, could not start). */
export class WorkerCrashError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WorkerCrashError';
  }
}

export interface PoolOptions {
  /** Module the workers run (a file path or file URL). */
  file: string | URL;
  /** Worker threads (>= 1). */
  size: number;
  /** Tasks allowed to wait for a free worker; one more is refused with PoolBusyError. */
  maxQueue: number;
  workerData?: unknown;
  execArgv?: string[];
  /** Thread name shown in debuggers and crash messages. */
  name?: string;
  /** Expected duration of a task before any has run, for the first Retry-After estimates. */
  initialTaskMs?: number;
}

interface Task {
  payload: unknown;
  transfer: Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task?: { id: number; task: Task; started: number } | undefined;
}

export interface PoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Smoothed task duration (ms), used for Retry-After. */
  taskMs: number;
}

export class WorkerPool<Payload, Result> {
  readonly #opts: PoolOptions;
  readonly #slots: Slot[] = [];
  readonly #queue: Task[] = [];
  #nextId = 1;
  #taskMs: number;
  #closed = false;

  constructor(opts: PoolOptions) {
    if (!(opts.size >= 1)) throw new Error('WorkerPool: size must be at least 1');
    this.#opts = opts;
    this.#taskMs = opts.initialTaskMs ?? 1000;
  }

  /** Runs `payload` on a worker; `transfer` lists buffers moved (not copied) to the worker. */
  run(payload: Payload, transfer: Transferable[] = []): Promise<Result> {
    if (this.#closed) return Promise.reject(new WorkerCrashError('worker pool is closed'));
    const idle = this.#idleSlot();
    if (!idle && this.#queue.length >= this.#opts.maxQueue) {
      return Promise.reject(new PoolBusyError(this.retryAfterSeconds()));
    }
    return new Promise<Result>((resolve, reject) => {
      const task: Task = { payload, transfer, resolve: resolve as (v: unknown) => void, reject };
      if (idle) this.#start(idle, task);
      else this.#queue.push(task);
    });
  }

  /** Seconds until a queued task could plausibly start: the backlog spread over the workers. */
  retryAfterSeconds(): number {
    const backlog = this.#queue.length + this.#slots.filter((s) => s.task).length;
    return Math.max(1, Math.ceil((backlog * this.#taskMs) / this.#opts.size / 1000));
  }

  stats(): PoolStats {
    return {
      workers: this.#slots.length,
      busy: this.#slots.filter((s) => s.task).length,
      queued: this.#queue.length,
      taskMs: Math.round(this.#taskMs),
    };
  }

  /** Stops every worker; queued and running tasks fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const t of this.#queue.splice(0)) t.reject(new WorkerCrashError('worker pool is closed'));
    await Promise.all(
      this.#slots.splice(0).map((s) => {
        s.task?.task.reject(new WorkerCrashError('worker pool is closed'));
        s.task = undefined;
        return s.worker.terminate();
      }),
    );
  }

  #idleSlot(): Slot | undefined {
    const idle = this.#slots.find((s) => !s.task);
    if (idle) return idle;
    if (this.#slots.length < this.#opts.size) return this.#spawn();
    return undefined;
  }

  #spawn(): Slot {
    const worker = new Worker(this.#opts.file, {
      workerData: this.#opts.workerData,
      ...(this.#opts.execArgv && { execArgv: this.#opts.execArgv }),
      ...(this.#opts.name && { name: this.#opts.name }),
    });
    const slot: Slot = { worker };
    // An idle worker must not keep the process alive; a busy one must (a reply is awaited).
    worker.unref();
    worker.on('message', (reply: WorkerReply<Result>) => this.#onReply(slot, reply));
    worker.on('error', (error) =>
      this.#onDeath(
        slot,
        new WorkerCrashError(`${this.#opts.name ?? 'worker'} failed: ${error.message}`, { cause: error }),
      ),
    );
    worker.on('exit', (code) =>
      this.#onDeath(slot, new WorkerCrashError(`${this.#opts.name ?? 'worker'} exited with code ${code}`)),
    );
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, task: Task): void {
    const id = this.#nextId++;
    slot.task = { id, task, started: performance.now() };
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id, payload: task.payload }, task.transfer);
    } catch (error) {
      // Not cloneable: the task's own fault, the worker is fine.
      slot.task = undefined;
      slot.worker.unref();
      task.reject(error);
      this.#drain();
    }
  }

  #onReply(slot: Slot, reply: WorkerReply<Result>): void {
    const current = slot.task;
    if (!current || current.id !== reply.id) return;
    slot.task = undefined;
    slot.worker.unref();
    this.#taskMs = 0.8 * this.#taskMs + 0.2 * (performance.now() - current.started);
    if (reply.ok) current.task.resolve(reply.value);
    else current.task.reject(deserializeError(reply.error));
    this.#drain();
  }

  #onDeath(slot: Slot, error: WorkerCrashError): void {
    const i = this.#slots.indexOf(slot);
    if (i < 0) return; // 'error' is followed by 'exit': handle once
    this.#slots.splice(i, 1);
    slot.task?.task.reject(error);
    slot.task = undefined;
    if (!this.#closed) void slot.worker.terminate();
    this.#drain();
  }

  #drain(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const slot = this.#idleSlot();
      if (!slot) return;
      this.#start(slot, this.#queue.shift() as Task);
    }
  }
}

/** Makes an error cloneable, keeping its own enumerable fields (status, code, details...). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(error)) fields[k] = v;
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The receiving side of `serializeError`: a plain Error carrying the same name and fields. */
export function deserializeError(s: SerializedError): Error {
  const error = Object.assign(new Error(s.message), s.fields);
  error.name = s.name;
  if (s.stack) error.stack = s.stack;
  return error;
}

/** The worker side of the protocol: answers each `{ id, payload }` arriving on `port` with `work`'s result or error. */
export function serveTasks<Payload, Result>(
  port: MessagePort,
  work: (payload: Payload) => Promise<Result>,
): void {
  port.on('message', ({ id, payload }: { id: number; payload: Payload }) => {
    work(payload).then(
      (value) => port.postMessage({ id, ok: true, value } satisfies WorkerReply<Result>),
      (error: unknown) =>
        port.postMessage({ id, ok: false, error: serializeError(error) } satisfies WorkerReply<Result>),
    );
  });
}
