/**
 * A process-wide budget of image bytes in flight: every image being fetched, uploaded, decoded
 * or analysed holds a share of it, from before its first byte arrives until its analysis ends.
 * Twenty callers streaming endless bodies therefore cannot hold more than the budget, however
 * many requests run: past it a caller waits (first come, first served) for up to
 * VISION_IMAGE_BUDGET_WAIT_MS (default 10 s), then gets 503 with Retry-After.
 *
 * A share starts at the most the image may cost (the 10 MB body cap plus decoding room) and
 * shrinks to its real cost once its bytes are in hand, so small images free the rest at once.
 * Size: VISION_IMAGE_BUDGET_MB (default 128 MB, i.e. 7 worst-case images or ~15 typical ones).
 */
import { HttpError } from '../../http/errors';
import { IMAGE_LIMITS } from '../image-input';

const MB = 1024 * 1024;
/** Decoding room per image: sharp's shrink-on-load buffers, the 1024px work copy, 512px views. */
export const DECODE_BYTES = 8 * MB;
/** What an image may cost before its size is known: the body cap plus decoding room. */
export const MAX_IMAGE_COST = IMAGE_LIMITS.maxBytes + DECODE_BYTES;

/** The cost of holding an image of `encodedBytes` through decoding and analysis. */
export const imageCost = (encodedBytes: number): number => encodedBytes + DECODE_BYTES;

export interface BudgetLease {
  /** Bytes currently held. */
  readonly bytes: number;
  /** Lowers the share to `bytes` (never raises it: more would bypass the queue). */
  shrinkTo(bytes: number): void;
  /** Lowers the share to the real cost of an image whose encoded size is now known. */
  holdImage(encodedBytes: number): void;
  /** Gives the share back; safe to call twice. */
  release(): void;
}

interface Waiter {
  bytes: number;
  grant: () => void;
}

export class ByteBudget {
  readonly limit: number;
  readonly maxWaitMs: number;
  #inUse = 0;
  readonly #waiters: Waiter[] = [];

  constructor({ limit, maxWaitMs }: { limit: number; maxWaitMs: number }) {
    this.limit = limit;
    this.maxWaitMs = maxWaitMs;
  }

  get inUse(): number {
    return this.#inUse;
  }

  get waiting(): number {
    return this.#waiters.length;
  }

  /** Reserves `bytes` (at most the whole budget), waiting for room; 503 after `maxWaitMs`. */
  async acquire(bytes: number): Promise<BudgetLease> {
    const want = Math.max(0, Math.min(this.limit, Math.ceil(bytes)));
    if (this.#waiters.length === 0 && this.#inUse + want <= this.limit) return this.#lease(want);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        bytes: want,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        const seconds = Math.max(1, Math.ceil(this.maxWaitMs / 2000));
        reject(
          new HttpError(
            503,
            'SERVICE_UNAVAILABLE',
            `Too many images are being processed; retry in ${seconds} s`,
            {
              headers: { 'Retry-After': String(seconds) },
            },
          ),
        );
        this.#grant(); // a large waiter timing out may unblock smaller ones behind it
      }, this.maxWaitMs);
      this.#waiters.push(waiter);
    });
    return this.#lease(want, true);
  }

  /** Runs `fn` holding a share of `bytes`, released when it settles. */
  async with<T>(bytes: number, fn: (lease: BudgetLease) => Promise<T>): Promise<T> {
    const lease = await this.acquire(bytes);
    try {
      return await fn(lease);
    } finally {
      lease.release();
    }
  }

  #lease(bytes: number, alreadyCounted = false): BudgetLease {
    if (!alreadyCounted) this.#inUse += bytes;
    let held = bytes;
    const lower = (to: number) => {
      const next = Math.max(0, Math.min(held, Math.ceil(to)));
      this.#inUse -= held - next;
      held = next;
      this.#grant();
    };
    return {
      get bytes() {
        return held;
      },
      shrinkTo: lower,
      holdImage: (encoded) => lower(imageCost(encoded)),
      release: () => lower(0),
    };
  }

  /** Grants waiters in arrival order while they fit (no overtaking, so no starvation). */
  #grant(): void {
    for (;;) {
      const head = this.#waiters[0];
      if (!head || this.#inUse + head.bytes > this.limit) return;
      this.#waiters.shift();
      this.#inUse += head.bytes;
      head.grant();
    }
  }
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

let shared: ByteBudget | undefined;

/** The process's budget (created on first use from the environment). */
export function imageBudget(): ByteBudget {
  shared ??= new ByteBudget({
    limit: numberFromEnv('VISION_IMAGE_BUDGET_MB', 128) * MB,
    maxWaitMs: numberFromEnv('VISION_IMAGE_BUDGET_WAIT_MS', 10_000),
  });
  return shared;
}

/** Forgets the shared budget so the next use reads the environment again (tests). */
export function resetImageBudget(): void {
  shared = undefined;
}

/** Runs `fn` holding a worst-case image share (`MAX_IMAGE_COST` unless told) of the process budget. */
export function withImageBudget<T>(
  fn: (lease: BudgetLease) => Promise<T>,
  bytes: number = MAX_IMAGE_COST,
): Promise<T> {
  return imageBudget().with(bytes, fn);
}
