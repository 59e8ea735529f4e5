/**
 * The API behind keys: who is calling, may they call this API, how much they have used. Every
 * `/api/v1/*` handler (and later the photo-authenticity, similar, watermark and classify ones)
 * goes through `runApiCall`:
 *
 * - `Authorization: Bearer <key>`: missing, malformed (shape or checksum, refused before any
 *   query), unknown or revoked -> 401 UNAUTHORIZED with `WWW-Authenticate: Bearer`;
 * - or, without the header, the signed-in visitor's session cookie on a same-origin request (the
 *   site's own tester and the docs' "Try it" use the visitor's subscription; key null);
 * - an active subscription of the account to the API sets the tier; without one, an active API
 *   runs on the Free tier (`FREE_TIER`: images a month across all APIs), a coming-soon one is
 *   refused -> 403 FORBIDDEN;
 * - rate limits per key (per account for session calls), with the documented policies;
 * - the tier's monthly quota (or the Free tier's images) used up -> 429 QUOTA_EXCEEDED saying
 *   when it resets and how to get more;
 * - every call is logged, the images analysed are counted, and a call that analysed nothing gives
 *   its request back; the response's `usage` says what was counted.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { readCookie } from '../auth/cookies';
import { assertSameOrigin } from '../auth/same-origin';
import { findSession } from '../auth/session-store';
import { databaseUnavailableError } from '../db/unavailable';
import { HttpError, toHttpError } from '../http/errors';
import { json, type HandlerContext } from '../http/handler';
import {
  applyRateLimit,
  enforceRateLimitFor,
  maybeSweep,
  RATE_LIMIT_EPSILON_MS,
  rateLimitHeaders,
  rateLimitResult,
  refundRateLimit,
  type RateLimitResult,
} from '../rate-limit/rate-limit';
import type { RatePolicy } from '../../shared/rate-limits';
import type { ApiUsage } from '../../shared/schemas/api-usage';
import { FREE_TIER } from '../../shared/free-tier';
import { hashApiKey, isWellFormedKey } from './api-key';
import {
  billingPeriod,
  freeImagesThisMonth,
  requestsThisMonth,
  reserveFreeImages,
  reserveRequest,
  settleCall,
  type BillingPeriod,
  type UsageEvent,
} from './usage';
import { USER_SESSION_COOKIE } from './users';
import { errorBodyFor, startRequestLog } from '../request-log/record';
import { fireUsageAlerts } from '../alerts/fire';
import { wakeBackgroundWorker } from '../batch/wake';

/** `last_used_at` is written at most this often per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Who an authorised call is for. */
export interface ApiCaller {
  userId: string;
  /** The key used; null for a site session. */
  keyId: string | null;
  apiId: string;
  tier: string;
  /** Requests included per month; null: no cap (pay per use, and the Free tier, which counts images). */
  quota: number | null;
  /** True when the call runs on the Free tier's allowance (no active subscription to the API). */
  free: boolean;
}

export interface ApiCallOptions {
  /** The clock (tests inject one to cross a month boundary). */
  now?: () => Date;
}

function unauthorized(message: string, error?: 'invalid_token'): HttpError {
  const challenge = error ? `Bearer realm="optiq", error="${error}"` : 'Bearer realm="optiq"';
  return new HttpError(401, 'UNAUTHORIZED', message, { headers: { 'WWW-Authenticate': challenge } });
}

function notCallable(apiId: string): HttpError {
  return new HttpError(
    403,
    'FORBIDDEN',
    `${apiId} is not available yet (coming soon): it cannot be called on the Free tier or a subscription.`,
    {
      details: { api_id: apiId },
    },
  );
}

export interface AuthorizeOptions extends ApiCallOptions {
  /** Reserve one request of this billing month in the same round trip (metered calls). */
  reserve?: BillingPeriod | null;
  /** Count one request of this policy for the key in the same round trip (see `RunApiCallOptions.rateLimit`). */
  rateLimit?: RatePolicy | null;
}

/** Refusals of a known account (403, 429 quota): logged to its recent calls by `runApiCall`. */
const refusedCallers = new WeakMap<HttpError, ApiCaller>();
function refusedFor(caller: ApiCaller, error: HttpError): HttpError {
  refusedCallers.set(error, caller);
  return error;
}

/** An authorised caller, with the requests used this month after its reservation (if any). */
export interface AuthorizedCall extends ApiCaller {
  /** Requests counted this month including this call's reservation; null when none was made. */
  used: number | null;
  /** Without a reservation: the requests counted this month when the key lookup read them (capped tiers), else null. */
  monthRequests: number | null;
  /** The rate-limit step counted in the key lookup; null when none was. */
  counted: { policy: RatePolicy; result: RateLimitResult } | null;
  /** On the Free tier: its images counted this month (after this call's reservation of one, when metered); else null. */
  freeUsed: number | null;
}

/** Name of the monthly quota in the `RateLimit-Policy` / `RateLimit` fields of a QUOTA_EXCEEDED answer. */
export const QUOTA_POLICY_NAME = 'monthly';

/**
 * The `RateLimit-Policy` and `RateLimit` fields of a used-up quota, as RATE_LIMITED carries for
 * the per-minute limits: the tier's requests over the billing month, none left, back when it ends.
 */
function quotaHeaders(
  quota: number,
  period: BillingPeriod,
  retryAfter: number,
  remaining = 0,
): Record<string, string> {
  const policy = {
    name: QUOTA_POLICY_NAME,
    limit: quota,
    windowMs: period.end.getTime() - period.start.getTime(),
  };
  return rateLimitHeaders(policy, {
    allowed: false,
    remaining,
    resetSeconds: retryAfter,
    retryAfterSeconds: retryAfter,
  });
}

const resetsAt = (period: BillingPeriod) => period.end.toISOString().replace('.000Z', 'Z');
const secondsUntil = (period: BillingPeriod, now: Date) =>
  Math.max(1, Math.ceil((period.end.getTime() - now.getTime()) / 1000));

/**
 * The Free tier's images used up (or fewer left than the call needs): 429 QUOTA_EXCEEDED with
 * the same headers as a tier's quota, counted in images, saying how to subscribe.
 */
function freeQuotaExceeded(apiId: string, period: BillingPeriod, now: Date, left = 0, needed = 1): HttpError {
  const resets = resetsAt(period);
  const retryAfter = secondsUntil(period, now);
  const included = FREE_TIER.imagesPerMonth;
  const state =
    left > 0
      ? `has ${left} of its ${included} images left this month, fewer than the ${needed} this call sends`
      : `(${included} images a month across all APIs) is used up`;
  return new HttpError(
    429,
    'QUOTA_EXCEEDED',
    `The ${FREE_TIER.name} ${state}; it resets on ${resets}. For more, subscribe to ${apiId}: choose a plan on its page (/api/${apiId}) while signed in, or in your dashboard (/dashboard).`,
    {
      details: {
        quota: included,
        tier: FREE_TIER.id,
        resets_at: resets,
        images_remaining: left,
        subscribe_url: `/api/${apiId}`,
      },
      headers: { 'Retry-After': String(retryAfter), ...quotaHeaders(included, period, retryAfter, left) },
    },
  );
}

function quotaExceeded(caller: ApiCaller, period: BillingPeriod, now: Date): HttpError {
  if (caller.free) return freeQuotaExceeded(caller.apiId, period, now);
  const resets = resetsAt(period);
  const retryAfter = secondsUntil(period, now);
  return new HttpError(
    429,
    'QUOTA_EXCEEDED',
    `The monthly quota of your ${caller.tier} tier (${caller.quota} requests) is used up; it resets on ${resets}. Change tier in your dashboard for more.`,
    {
      details: { quota: caller.quota, tier: caller.tier, resets_at: resets },
      headers: { 'Retry-After': String(retryAfter), ...quotaHeaders(caller.quota ?? 0, period, retryAfter) },
    },
  );
}

interface KeyLookupRow {
  id: string;
  user_id: string;
  revoked_at: Date | null;
  /** The subscription's tier, `free` without one on an active API; null: the API cannot be called. */
  tier: string | null;
  monthly_quota: number | null;
  /** No active subscription: the call runs on the Free tier. */
  free: boolean;
  /** Free tier images counted this month after this call's reservation; null when none was made. */
  free_used: number | null;
  /** Free tier images counted this month, read when nothing is reserved (Free tier only). */
  free_images: number | null;
  used: number | null;
  /** Requests counted this month, read in the same statement when nothing is reserved. */
  month_requests: number | null;
  /** The key's rate-limit bucket after this call's step; null when refused or not counted. */
  rl_tat: number | null;
  /** The bucket as stored before this statement (what a refusal reports). */
  rl_stored: number | null;
}

/** A rate-limit step folded into the key lookup. */
interface LookupLimit {
  policy: RatePolicy;
  /** ms since the epoch. */
  now: number;
}

/**
 * One round trip for a key: find it by hash with the account's active subscription to the API
 * (or, without one, the Free tier when the API is active), reserve a request of the month when
 * the key is live and under quota (on the Free tier, one image of the allowance first), and note
 * `last_used_at` (at most once a minute).
 */
async function lookupKey(
  db: Kysely<Database>,
  key: string,
  apiId: string,
  reserve: BillingPeriod | null,
  at: Date,
  limit: LookupLimit | null,
): Promise<KeyLookupRow | undefined> {
  const stale = new Date(at.getTime() - LAST_USED_RESOLUTION_MS);
  // The GCRA step of consumeRateLimit (rate-limit.ts), on the key's bucket.
  const bucket = limit?.policy.name ?? '';
  const now = limit?.now ?? 0;
  const step = limit ? limit.policy.windowMs / limit.policy.limit : 1;
  const windowMs = (limit?.policy.windowMs ?? 0) + RATE_LIMIT_EPSILON_MS;
  const { rows } = await sql<KeyLookupRow>`
    with k as (
      select k.id, k.user_id, k.revoked_at, s.monthly_quota, s.tier is null as free,
        coalesce(s.tier, case when a.status = 'active' then ${FREE_TIER.id} end) as tier
      from api_keys k
      left join subscriptions s on s.user_id = k.user_id and s.api_id = ${apiId} and s.is_active
      left join apis a on a.id = ${apiId}
      where k.key_hash = ${hashApiKey(key)}
    ), f as (
      insert into free_usage_monthly as f (user_id, period, images)
      select k.user_id, ${reserve?.key ?? '1970-01-01'}::date, 1 from k
      where ${reserve !== null} and k.revoked_at is null and k.free and k.tier is not null
      on conflict (user_id, period) do update set images = f.images + 1
      where f.images < ${FREE_TIER.imagesPerMonth}::integer
      returning f.images
    ), r as (
      insert into usage_monthly as m (user_id, api_id, period, requests, images)
      select k.user_id, ${apiId}, ${reserve?.key ?? '1970-01-01'}::date, 1, 0 from k
      where ${reserve !== null} and k.revoked_at is null and k.tier is not null and (k.monthly_quota is null or k.monthly_quota > 0)
        and (not k.free or exists (select 1 from f))
      on conflict (user_id, api_id, period) do update set requests = m.requests + 1
      where (select monthly_quota from k) is null or m.requests < (select monthly_quota from k)
      returning m.requests
    ), u as (
      update api_keys set last_used_at = ${at}
      where id = (select id from k where revoked_at is null) and (last_used_at is null or last_used_at < ${stale})
      returning 1
    ), rl as (
      insert into rate_limits as l (bucket, key, tat_ms)
      select ${bucket}, 'key:' || k.id::text, ${now + step}::double precision from k
      -- Only a call that gets past the quota counts, as when the handler counted it after.
      where ${limit !== null} and k.revoked_at is null and k.tier is not null and (${reserve === null} or exists (select 1 from r))
      on conflict (bucket, key) do update set tat_ms = greatest(l.tat_ms, ${now}::double precision) + ${step}::double precision
      where greatest(l.tat_ms, ${now}::double precision) + ${step}::double precision - ${now}::double precision <= ${windowMs}::double precision
      returning l.tat_ms
    )
    select k.id, k.user_id, k.revoked_at, k.tier, k.monthly_quota, k.free, (select images from f) as free_used,
      case when ${reserve === null} and k.free then coalesce((
        select fm.images from free_usage_monthly fm where fm.user_id = k.user_id and fm.period = ${billingPeriod(at).key}::date
      ), 0) end as free_images,
      (select requests from r) as used,
      (select tat_ms from rl) as rl_tat,
      (select l.tat_ms from rate_limits l where ${limit !== null} and l.bucket = ${bucket} and l.key = 'key:' || k.id::text) as rl_stored,
      case when ${reserve === null} and k.monthly_quota is not null then coalesce((
        select m.requests from usage_monthly m where m.user_id = k.user_id and m.api_id = ${apiId} and m.period = ${billingPeriod(at).key}::date
      ), 0) end as month_requests
    from k`.execute(db);
  return rows[0];
}

/**
 * Identifies the caller of `apiId` and checks the subscription (401/403); with `reserve`, also
 * counts one request of that month (429 QUOTA_EXCEEDED when the quota is used up).
 */
export async function authorizeApiCall(
  db: Kysely<Database>,
  req: Request,
  apiId: string,
  { now = () => new Date(), reserve = null, rateLimit = null }: AuthorizeOptions = {},
): Promise<AuthorizedCall> {
  const at = now();
  const header = req.headers.get('authorization');
  let caller: ApiCaller;
  let used: number | null = null;
  let monthRequests: number | null = null;
  let counted: AuthorizedCall['counted'] = null;
  let freeUsed: number | null = null;
  if (header !== null) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match)
      throw unauthorized('The Authorization header must be "Bearer <your API key>"', 'invalid_token');
    const key = match[1] as string;
    if (!isWellFormedKey(key))
      throw unauthorized('The API key is malformed: check that it was copied in full', 'invalid_token');
    // Rate limits run on the real clock, as `enforceRateLimitFor` does (`now` moves billing only).
    const limit = rateLimit && rateLimit.limit > 0 ? { policy: rateLimit, now: Date.now() } : null;
    const row = await lookupKey(db, key, apiId, reserve, at, limit);
    if (!row) throw unauthorized('Unknown API key', 'invalid_token');
    if (row.revoked_at !== null) throw unauthorized('This API key was revoked', 'invalid_token');
    if (row.tier === null)
      throw refusedFor(
        { userId: row.user_id, keyId: row.id, apiId, tier: '', quota: null, free: false },
        notCallable(apiId),
      );
    caller = {
      userId: row.user_id,
      keyId: row.id,
      apiId,
      tier: row.tier,
      quota: row.monthly_quota,
      free: row.free,
    };
    used = row.used === null ? null : Number(row.used);
    const free = row.free_used ?? row.free_images;
    freeUsed = free === null ? null : Number(free);
    monthRequests = row.month_requests === null ? null : Number(row.month_requests);
    if (limit) {
      const allowed = row.rl_tat !== null;
      const tat = allowed ? Number(row.rl_tat) : Number(row.rl_stored ?? limit.now + limit.policy.windowMs);
      counted = { policy: limit.policy, result: rateLimitResult(limit.policy, allowed, tat, limit.now) };
    }
  } else {
    const token = readCookie(req, USER_SESSION_COOKIE);
    if (!token)
      throw unauthorized(
        'Missing API key: send "Authorization: Bearer <your API key>". Keys are created in your dashboard.',
      );
    // The cookie is ambient: only this site's own pages may spend it.
    assertSameOrigin(req);
    const session = await findSession(db, token, 'user', at.getTime());
    if (!session) throw unauthorized('Your session has ended: sign in again, or send an API key');
    const sub = await db
      .selectFrom('apis as a')
      .leftJoin('subscriptions as s', (j) =>
        j.on('s.user_id', '=', session.subject).onRef('s.api_id', '=', 'a.id').on('s.is_active', '=', true),
      )
      .select(['a.status', 's.tier', 's.monthly_quota'])
      .where('a.id', '=', apiId)
      .executeTakeFirst();
    const free = !sub?.tier;
    if (!sub || (free && sub.status !== 'active'))
      throw refusedFor(
        { userId: session.subject, keyId: null, apiId, tier: '', quota: null, free: false },
        notCallable(apiId),
      );
    caller = {
      userId: session.subject,
      keyId: null,
      apiId,
      tier: sub.tier ?? FREE_TIER.id,
      quota: free ? null : sub.monthly_quota,
      free,
    };
    if (free) {
      freeUsed = reserve
        ? await reserveFreeImages(db, caller.userId, 1, reserve)
        : await freeImagesThisMonth(db, caller.userId, billingPeriod(at));
      if (reserve && freeUsed === null) throw refusedFor(caller, quotaExceeded(caller, reserve, at));
    }
    if (reserve) used = await reserveRequest(db, caller.userId, apiId, caller.quota, reserve);
  }
  if (reserve && used === null) throw refusedFor(caller, quotaExceeded(caller, reserve, at));
  return { ...caller, used, monthRequests, counted, freeUsed };
}

/** What a handler body gets: the caller, and the per-key rate limit to place where it belongs. */
export interface ApiCall extends ApiCaller {
  /** Counts the call against `policy` for this key (or account); 429 RATE_LIMITED past it. */
  rateLimit(policy: RatePolicy): Promise<void>;
  /**
   * The call is about to analyse up to `images` images: on the Free tier, reserve them all now
   * (429 QUOTA_EXCEEDED when fewer are left), so a call of several images cannot run past the
   * allowance; images not analysed are given back when the call settles. Nothing on a paid tier.
   * A call that analyses one image need not call it: one is reserved before `work`.
   */
  claimImages(images: number): Promise<void>;
}

/** What a handler body answers: the response data and the images it analysed. */
export interface ApiResult {
  data: Record<string, unknown>;
  images: number;
  /** Success status when not 200 (e.g. 201 for a stored report). */
  status?: 200 | 201;
}

export interface RunApiCallOptions extends ApiCallOptions {
  /**
   * The policy most calls of the endpoint count against, counted for a key in the key lookup's
   * round trip; `call.rateLimit` with it then only applies that result, and with another policy
   * gives that step back and counts the other (detect: single up front, batch when the body says
   * so). Nothing is counted up front for a session call or when this is absent.
   */
  rateLimit?: RatePolicy;
  /**
   * Whether the call may use quota (default true): one request is reserved before `work` and
   * kept when it analysed at least one image. Calls that never analyse (categories) pass false.
   */
  metered?: boolean;
}

const statusOf = (error: unknown): number => {
  const known = toHttpError(error);
  if (known) return known.status;
  return databaseUnavailableError(error) ? 503 : 500;
};

/**
 * `settleCall`, tried twice; a second failure is logged with the whole event (never dropped
 * silently) and rethrown.
 */
async function settleWithRetry(
  db: Kysely<Database>,
  e: UsageEvent,
  period: BillingPeriod,
  reserved: 'keep' | 'release' | 'none',
  what: string,
  freeDelta: number,
): Promise<void> {
  try {
    await settleCall(db, e, period, reserved, freeDelta);
  } catch (first) {
    console.warn(`metering: recording ${what} failed, retrying once`, first);
    try {
      await settleCall(db, e, period, reserved, freeDelta);
    } catch (error) {
      console.error(`metering: could not record ${what} (${reserved}): ${JSON.stringify(e)}`, error);
      throw error;
    }
  }
}

/**
 * Runs one API call: authorise (401/403) and reserve a request of the month (429), then `work`
 * (parse the body, `call.rateLimit`, the analysis), then settle in one statement: keep the
 * request and add the images when something was analysed, give it back otherwise, and log the
 * call. Answers `data` with its `usage`; errors are logged and rethrown for the handler. When the
 * runtime passes `waitUntil` (Netlify Functions v2, the local runtime), the settling runs after
 * the response is handed back (retried once, a failure logged); without it, before.
 */
export async function runApiCall(
  db: Kysely<Database>,
  req: Request,
  ctx: HandlerContext,
  apiId: string,
  work: (call: ApiCall) => Promise<ApiResult>,
  { now = () => new Date(), metered = true, rateLimit = undefined }: RunApiCallOptions = {},
): Promise<Response> {
  const started = performance.now();
  const at = now();
  const period = billingPeriod(at);
  const endpoint = new URL(req.url).pathname;
  const logRequest = startRequestLog(db, req);
  const caller = await authorizeApiCall(db, req, apiId, {
    now: () => at,
    reserve: metered ? period : null,
    rateLimit: rateLimit ?? null,
  }).catch(async (error: unknown) => {
    const refused = error instanceof HttpError ? refusedCallers.get(error) : undefined;
    if (refused && error instanceof HttpError) {
      const e = {
        userId: refused.userId,
        keyId: refused.keyId,
        apiId,
        method: req.method,
        endpoint,
        status: error.status,
        images: 0,
        durationMs: performance.now() - started,
        at,
      };
      await settleCall(db, e, period, 'none').catch((logError: unknown) =>
        console.error('metering: could not record a refused call', logError),
      );
      const logged = logRequest(e, errorBodyFor(error, ctx.requestId));
      if (ctx.waitUntil) ctx.waitUntil(logged);
      else await logged;
    }
    throw error;
  });
  const rateKey = caller.keyId ? `key:${caller.keyId}` : `user:${caller.userId}`;
  // The step counted in the key lookup, until `call.rateLimit` claims it.
  let unused = caller.counted;
  // Free tier images reserved for this call (one before the work, more by `claimImages`), and
  // the allowance's count after them.
  let freeReserved = caller.free && caller.used !== null ? 1 : 0;
  let freeUsed = caller.freeUsed;
  const call: ApiCall = {
    userId: caller.userId,
    keyId: caller.keyId,
    apiId,
    tier: caller.tier,
    quota: caller.quota,
    free: caller.free,
    claimImages: async (images) => {
      const more = Math.floor(images) - freeReserved;
      if (!caller.free || caller.used === null || more <= 0) return;
      const after = await reserveFreeImages(db, caller.userId, more, period);
      if (after === null) {
        // What was left before this call's own reservation.
        const used = (await freeImagesThisMonth(db, caller.userId, period)) - freeReserved;
        const left = FREE_TIER.imagesPerMonth - used;
        throw freeQuotaExceeded(apiId, period, at, Math.max(0, left), Math.floor(images));
      }
      freeReserved += more;
      freeUsed = after;
    },
    rateLimit: async (policy) => {
      const early = unused;
      unused = null;
      if (early?.policy.name === policy.name) return applyRateLimit(ctx, policy, early.result);
      if (early?.result.allowed) await refundRateLimit(db, early.policy, rateKey);
      await enforceRateLimitFor(db, ctx, policy, rateKey);
    },
  };
  const event = (status: number, images: number): UsageEvent => ({
    userId: caller.userId,
    keyId: caller.keyId,
    apiId,
    method: req.method,
    endpoint,
    status,
    images,
    durationMs: performance.now() - started,
    at,
  });

  // Metering is settled after the response when the runtime keeps work running (waitUntil):
  // the request was reserved before the work, so deferring only delays the counters and the log.
  const settle = (
    e: UsageEvent,
    reserved: 'keep' | 'release' | 'none',
    what: string,
    response: unknown,
  ): Promise<void> => {
    // A step counted up front that the handler never claimed is given back.
    const refund = unused?.result.allowed
      ? refundRateLimit(db, unused.policy, rateKey).catch((error: unknown) =>
          console.error('rate limit: giving back an unclaimed step failed', error),
        )
      : null;
    // consumeRateLimit's once-a-minute sweep of expired buckets, which the lookup's step skips.
    const sweep = caller.counted ? maybeSweep(db) : null;
    unused = null;
    // On the Free tier the images analysed replace those reserved (a call that kept nothing gives all back).
    const freeDelta = caller.free ? (reserved === 'keep' ? e.images : 0) - freeReserved : 0;
    const settled = settleWithRetry(db, e, period, reserved, what, freeDelta);
    // The request log and usage alerts never fail the call (each logs its own failures).
    const logged = logRequest(e, response);
    const alerts =
      reserved === 'keep'
        ? settled.then(() =>
            fireUsageAlerts(db, e.userId, period, { onQueued: () => wakeBackgroundWorker(req, ctx) }),
          )
        : null;
    const run = Promise.all([settled, refund, sweep, logged, alerts]).then(() => {});
    if (ctx.waitUntil) {
      ctx.waitUntil(run);
      return Promise.resolve();
    }
    return run;
  };

  let result: ApiResult;
  try {
    result = await work(call);
  } catch (error) {
    // The caller gets the real error; a metering failure on an error path is only logged.
    await settle(
      event(statusOf(error), 0),
      caller.used !== null ? 'release' : 'none',
      'a failed call',
      errorBodyFor(error, ctx.requestId),
    ).catch(() => {});
    throw error;
  }
  const images = Math.max(0, Math.floor(result.images));
  const counted = caller.used !== null && images > 0;
  const usage: ApiUsage = { requests: counted ? 1 : 0, images, quota_remaining: null };
  if (caller.free && freeUsed !== null) {
    const after = freeUsed + (counted ? images : 0) - freeReserved;
    usage.quota_remaining = Math.max(0, FREE_TIER.imagesPerMonth - after);
  } else if (caller.quota !== null) {
    const requestsUsed =
      caller.used !== null
        ? counted
          ? caller.used
          : caller.used - 1
        : (caller.monthRequests ?? (await requestsThisMonth(db, caller.userId, apiId, period)));
    usage.quota_remaining = Math.max(0, caller.quota - requestsUsed);
  }
  const body = { ...result.data, usage };
  await settle(
    event(result.status ?? 200, images),
    counted ? 'keep' : caller.used !== null ? 'release' : 'none',
    'a call',
    body,
  );
  return json(body, ctx, { status: result.status ?? 200 });
}
