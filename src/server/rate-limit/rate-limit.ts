/**
 * Per-client rate limiting stored in Postgres, so a limit holds across every function instance
 * (serverless instances share no memory).
 *
 * The algorithm is GCRA, a token bucket kept as one number per (bucket, client): the
 * theoretical arrival time `tat`, the moment the client's allowance is whole again. Each request
 * moves it on by `window / limit`; a request that would push it more than one window ahead is
 * refused. So a client may burst up to `limit` at once and then gets one more every
 * `window / limit`: a fixed window's "limit at 0:59 and again at 1:00" is impossible. The check
 * and the update are one atomic upsert, so concurrent requests cannot both slip under the limit.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { clientNetwork } from './client-address';
import type { RatePolicy } from '../../shared/rate-limits';

/** The table this module owns (migration `..._rate_limit_sliding`). */
// Type aliases, not interfaces: `withTables` needs an index-signature-compatible shape.
export type RateLimitTable = {
  bucket: string;
  key: string;
  /** When the allowance is whole again, ms since the epoch; a passed value equals no row. */
  tat_ms: number;
};

/** Tables used here, merged into whatever `Database` declares so this module stands alone. */
export type RateLimitTables = {
  rate_limits: RateLimitTable;
};

export interface RateLimitOptions {
  /** What is limited, e.g. `contacts` or `auth-login`; buckets never share counts. */
  bucket: string;
  /** Who is limited, usually `clientKey(ctx.clientIp)`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests that could still be made right now, after this one. */
  remaining: number;
  /** Whole seconds until the full allowance is back (0 when it already is). */
  resetSeconds: number;
  /** Whole seconds until the next request would be allowed (at least 1; meaningful when refused). */
  retryAfterSeconds: number;
}

/** Float slack in millisecond sums (window / limit need not be a whole number). */
const EPSILON_MS = 1e-3;
/** Expired rows are swept at most this often per process, on the back of a request. */
export const SWEEP_INTERVAL_MS = 60_000;
let lastSweepAt = Number.NEGATIVE_INFINITY;

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
  if (limit === 0)
    return { allowed: false, remaining: 0, resetSeconds: 0, retryAfterSeconds: Math.ceil(windowMs / 1000) };
  const rdb = db.withTables<RateLimitTables>();
  const step = windowMs / limit;
  await maybeSweep(db, now);

  // Allowed: the row moves on by one step. Refused: the WHERE fails, nothing changes, no row returns.
  const next = sql<number>`greatest(rate_limits.tat_ms, ${now}::double precision) + ${step}::double precision`;
  const updated = await rdb
    .insertInto('rate_limits')
    .values({ bucket, key, tat_ms: now + step })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'key'])
        .doUpdateSet({ tat_ms: next })
        .where(
          sql<boolean>`${next} - ${now}::double precision <= ${windowMs + EPSILON_MS}::double precision`,
        ),
    )
    .returning(['tat_ms'])
    .executeTakeFirst();

  let tat: number;
  if (updated) tat = Number(updated.tat_ms);
  else {
    const row = await rdb
      .selectFrom('rate_limits')
      .select('tat_ms')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .executeTakeFirst();
    tat = Number(row?.tat_ms ?? now + windowMs);
  }
  return rateLimitResult({ limit, windowMs }, updated !== undefined, tat, now);
}

/**
 * The result of a GCRA step for callers that run the upsert themselves (folded into another
 * statement, as the API key lookup does): `tat` after the step when allowed, the stored one when
 * refused.
 */
export function rateLimitResult(
  { limit, windowMs }: { limit: number; windowMs: number },
  allowed: boolean,
  tat: number,
  now: number,
): RateLimitResult {
  const step = windowMs / limit;
  const ahead = Math.max(0, tat - now);
  return {
    allowed,
    remaining: Math.max(0, Math.floor((windowMs - ahead + EPSILON_MS) / step)),
    resetSeconds: Math.ceil((ahead - EPSILON_MS) / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((ahead + step - windowMs - EPSILON_MS) / 1000)),
  };
}

/** Float slack for statements that run the GCRA step themselves. */
export const RATE_LIMIT_EPSILON_MS = EPSILON_MS;

/**
 * Gives back one request counted against `policy` for `key` (a call that turned out to belong
 * to another policy). A passed theoretical arrival time stays passed.
 */
export async function refundRateLimit(db: Kysely<Database>, policy: RatePolicy, key: string): Promise<void> {
  await db
    .withTables<RateLimitTables>()
    .updateTable('rate_limits')
    .set({ tat_ms: sql<number>`tat_ms - ${policy.windowMs / policy.limit}::double precision` })
    .where('bucket', '=', policy.name)
    .where('key', '=', key)
    .execute();
}

/**
 * Deletes every row whose allowance is whole again: such a row says nothing a missing row does
 * not. Runs once per `SWEEP_INTERVAL_MS` per process from `consumeRateLimit`; exported for tests
 * and maintenance scripts. Returns the rows deleted.
 */
export async function sweepRateLimits(db: Kysely<Database>, now: number = Date.now()): Promise<number> {
  const result = await db
    .withTables<RateLimitTables>()
    .deleteFrom('rate_limits')
    .where('tat_ms', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The once-a-minute sweep, for callers that count without `consumeRateLimit`; never throws. */
export async function maybeSweep(db: Kysely<Database>, now: number = Date.now()): Promise<void> {
  if (Math.abs(now - lastSweepAt) < SWEEP_INTERVAL_MS) return;
  lastSweepAt = now;
  try {
    await sweepRateLimits(db, now);
  } catch (error) {
    // A failed sweep only leaves stale rows for the next one; the request itself goes on.
    console.error('rate limit: sweeping expired rows failed', error);
  }
}

/** The IETF `RateLimit-Policy` and `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(policy: RatePolicy, result: RateLimitResult): Record<string, string> {
  const name = JSON.stringify(policy.name);
  return {
    'RateLimit-Policy': `${name};q=${policy.limit};w=${Math.ceil(policy.windowMs / 1000)}`,
    RateLimit: `${name};r=${result.remaining};t=${result.resetSeconds}`,
  };
}

/** The part of a handler's context rate limiting reads (the client) and writes (headers). */
export interface LimitedContext {
  clientIp: string;
  headers: Headers;
}

/**
 * Counts one request of the context's client against `policy`. Every answer of the request then
 * carries `RateLimit-Policy` and `RateLimit`; over the limit, this throws `429 RATE_LIMITED`
 * with `Retry-After` (seconds).
 */
export async function enforceRateLimit(
  db: Kysely<Database>,
  ctx: LimitedContext,
  policy: RatePolicy,
  now?: number,
): Promise<void> {
  return enforceRateLimitFor(db, ctx, policy, clientKey(ctx.clientIp), now);
}

/**
 * `enforceRateLimit` counted under another key than the client address: an API key's id, an
 * account, a hashed login identifier. The key is stored as given, so never pass raw secrets.
 */
export async function enforceRateLimitFor(
  db: Kysely<Database>,
  ctx: Pick<LimitedContext, 'headers'>,
  policy: RatePolicy,
  key: string,
  now?: number,
): Promise<void> {
  const result = await consumeRateLimit(
    db,
    { bucket: policy.name, key, limit: policy.limit, windowMs: policy.windowMs },
    now,
  );
  applyRateLimit(ctx, policy, result);
}

/** Sets the `RateLimit` fields of `result` on the response; throws 429 RATE_LIMITED when refused. */
export function applyRateLimit(
  ctx: Pick<LimitedContext, 'headers'>,
  policy: RatePolicy,
  result: RateLimitResult,
): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(policy, result))) ctx.headers.set(name, value);
  if (!result.allowed) {
    throw new HttpError(
      429,
      'RATE_LIMITED',
      `Too many requests. Please try again in ${formatWait(result.retryAfterSeconds)}.`,
      {
        details: { retry_after_seconds: result.retryAfterSeconds },
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      },
    );
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

let processSecret: string | undefined;

/**
 * Secret for hashing client addresses: keyed, because a plain hash of an IPv4 address is
 * reversed by trying all 2^32 of them. `RATE_LIMIT_SECRET`, else `SESSION_SECRET`; without
 * either, a random one for this process, with a warning, since instances that do not share the
 * secret do not share their counts either.
 */
export function rateLimitSecret(env: Record<string, string | undefined> = process.env): string {
  const configured = env['RATE_LIMIT_SECRET'] || env['SESSION_SECRET'];
  if (configured) return configured;
  if (!processSecret) {
    processSecret = randomBytes(32).toString('base64url');
    console.warn(
      'rate limit: neither RATE_LIMIT_SECRET nor SESSION_SECRET is set; client keys use a random secret for this process, ' +
        'so limits are not shared between server instances or kept across restarts',
    );
  }
  return processSecret;
}

/**
 * The stored key for a client address: its network (an IPv6 client by its /64, see
 * `clientNetwork`) as an HMAC, so raw addresses are never stored.
 */
export function clientKey(ip: string): string {
  return createHmac('sha256', rateLimitSecret()).update(clientNetwork(ip)).digest('base64url').slice(0, 32);
}
