/**
 * Per-client rate limiting stored in Postgres, so a limit holds across every function instance
 * (serverless instances share no memory). Fixed windows aligned to the epoch: one row per
 * (bucket, key), bumped with a single atomic upsert, so concurrent requests cannot both slip
 * under the limit.
 */
import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';

/** The table this module owns (migration `..._rate_limits`). */
// Type aliases, not interfaces: `withTables` needs an index-signature-compatible shape.
export type RateLimitBucketTable = {
  bucket: string;
  key: string;
  window_start: Date;
  count: number;
};

/** Tables used here, merged into whatever `Database` declares so this module stands alone. */
export type RateLimitTables = {
  rate_limit_buckets: RateLimitBucketTable;
};

export interface RateLimitOptions {
  /** What is limited, e.g. `contacts` or `auth-login`; buckets never share counts. */
  bucket: string;
  /** Who is limited, usually `clientKey(req)`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/** Rows older than this are deleted now and then; no window in use is anywhere near as long. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Share of calls that also sweep stale rows: keeps the table small without a cron job. */
const SWEEP_PROBABILITY = 0.01;

/**
 * Counts one request against `bucket`/`key` and says whether it is within the limit.
 * `now` is injectable for tests.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  { bucket, key, limit, windowMs }: RateLimitOptions,
  now: number = Date.now(),
): Promise<RateLimitResult> {
  if (!(windowMs > 0) || !(limit >= 0)) throw new Error('rate limit: windowMs must be > 0 and limit >= 0');
  const rdb = db.withTables<RateLimitTables>();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);

  const row = await rdb
    .insertInto('rate_limit_buckets')
    .values({ bucket, key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key']).doUpdateSet({
        // A new window restarts the count; the same window adds one.
        count: sql<number>`case when rate_limit_buckets.window_start = excluded.window_start
          then rate_limit_buckets.count + 1 else 1 end`,
        window_start: (eb) => eb.ref('excluded.window_start'),
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();

  if (Math.random() < SWEEP_PROBABILITY) {
    await rdb
      .deleteFrom('rate_limit_buckets')
      .where('window_start', '<', new Date(now - STALE_AFTER_MS))
      .execute();
  }

  const count = Number(row.count);
  const resetAt = windowStart.getTime() + windowMs;
  return {
    allowed: count <= limit,
    count,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/**
 * Counts one request and throws `429 RATE_LIMITED` with `Retry-After` (seconds) once the
 * client has used up `limit` requests in the current window.
 */
export async function enforceRateLimit(db: Kysely<Database>, opts: RateLimitOptions): Promise<void> {
  const result = await consumeRateLimit(db, opts);
  if (!result.allowed) {
    throw new HttpError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${formatWait(result.retryAfterSeconds)}.`, {
      details: { retry_after_seconds: result.retryAfterSeconds },
      headers: { 'Retry-After': String(result.retryAfterSeconds) },
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Secret for hashing client addresses: keyed, because a plain hash of an IPv4 address is
 * reversed by trying all 2^32 of them.
 */
function hashSecret(): string {
  return process.env['RATE_LIMIT_SECRET'] ?? process.env['SESSION_SECRET'] ?? 'optiq-rate-limit';
}

/**
 * Identifies the client for rate limiting: Netlify's connection IP, else the first
 * `X-Forwarded-For` entry, else `unknown`; returned as an HMAC so raw IPs are never stored.
 */
export function clientKey(req: Request): string {
  const ip =
    req.headers.get('x-nf-client-connection-ip')?.trim() ||
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown';
  return createHmac('sha256', hashSecret()).update(ip.toLowerCase()).digest('base64url').slice(0, 32);
}
