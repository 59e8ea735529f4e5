/**
 * The API behind keys: who is calling, may they call this API, how much they have used. Every
 * `/api/v1/*` handler (and later the photo-authenticity, similar, watermark and classify ones)
 * goes through `runApiCall`:
 *
 * - `Authorization: Bearer <key>`: missing, malformed (shape or checksum, refused before any
 *   query), unknown or revoked -> 401 UNAUTHORIZED with `WWW-Authenticate: Bearer`;
 * - or, without the header, the signed-in visitor's session cookie on a same-origin request (the
 *   site's own tester and the docs' "Try it" use the visitor's subscription; key null);
 * - no active subscription of the account to the API -> 403 FORBIDDEN;
 * - rate limits per key (per account for session calls), with the documented policies;
 * - the tier's monthly quota used up -> 429 QUOTA_EXCEEDED saying when it resets;
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
import { hashApiKey, isWellFormedKey } from './api-key';
import {
  billingPeriod,
  requestsThisMonth,
  reserveRequest,
  settleCall,
  type BillingPeriod,
  type UsageEvent,
} from './usage';
import { USER_SESSION_COOKIE } from './users';
import { errorBodyFor, startRequestLog } from '../request-log/record';
import { fireUsageAlerts } from '../alerts/fire';
import { wakeBackgroundWorker } from '../batch/service';

/** `last_used_at` is written at most this often per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Who an authorised call is for. */
export interface ApiCaller {
  userId: string;
  /** The key used; null for a site session. */
  keyId: string | null;
  apiId: string;
  tier: string;
  /** Requests included per month; null: no cap. */
  quota: number | null;
}

export interface ApiCallOptions {
  /** The clock (tests inject one to cross a month boundary). */
  now?: () => Date;
}

function unauthorized(message: string, error?: 'invalid_token'): HttpError {
  const challenge = error ? `Bearer realm="optiq", error="${error}"` : 'Bearer realm="optiq"';
  return new HttpError(401, 'UNAUTHORIZED', message, { headers: { 'WWW-Authenticate': challenge } });
}

function noSubscription(apiId: string): HttpError {
  return new HttpError(
    403,
    'FORBIDDEN',
    `This account has no active subscription to ${apiId}. Subscribe on the API's page, then call again.`,
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
}

/** Name of the monthly quota in the `RateLimit-Policy` / `RateLimit` fields of a QUOTA_EXCEEDED answer. */
export const QUOTA_POLICY_NAME = 'monthly';

/**
 * The `RateLimit-Policy` and `RateLimit` fields of a used-up quota, as RATE_LIMITED carries for
 * the per-minute limits: the tier's requests over the billing month, none left, back when it ends.
 */
function quotaHeaders(quota: number, period: BillingPeriod, retryAfter: number): Record<string, string> {
  const policy = {
    name: QUOTA_POLICY_NAME,
    limit: quota,
    windowMs: period.end.getTime() - period.start.getTime(),
  };
  return rateLimitHeaders(policy, {
    allowed: false,
    remaining: 0,
    resetSeconds: retryAfter,
    retryAfterSeconds: retryAfter,
  });
}

function quotaExceeded(caller: ApiCaller, period: BillingPeriod, now: Date): HttpError {
  const resets = period.end.toISOString().replace('.000Z', 'Z');
  const retryAfter = Math.max(1, Math.ceil((period.end.getTime() - now.getTime()) / 1000));
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
  tier: string | null;
  monthly_quota: number | null;
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
 * One round trip for a key: find it by hash with the account's active subscription to the API,
 * reserve a request of the month when the key is live, subscribed and under quota, and note
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
      select k.id, k.user_id, k.revoked_at, s.tier, s.monthly_quota
      from api_keys k
      left join subscriptions s on s.user_id = k.user_id and s.api_id = ${apiId} and s.is_active
      where k.key_hash = ${hashApiKey(key)}
    ), r as (
      insert into usage_monthly as m (user_id, api_id, period, requests, images)
      select k.user_id, ${apiId}, ${reserve?.key ?? '1970-01-01'}::date, 1, 0 from k
      where ${reserve !== null} and k.revoked_at is null and k.tier is not null and (k.monthly_quota is null or k.monthly_quota > 0)
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
    select k.id, k.user_id, k.revoked_at, k.tier, k.monthly_quota, (select requests from r) as used,
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
        { userId: row.user_id, keyId: row.id, apiId, tier: '', quota: null },
        noSubscription(apiId),
      );
    caller = { userId: row.user_id, keyId: row.id, apiId, tier: row.tier, quota: row.monthly_quota };
    used = row.used === null ? null : Number(row.used);
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
      .selectFrom('subscriptions')
      .select(['tier', 'monthly_quota'])
      .where('user_id', '=', session.subject)
      .where('api_id', '=', apiId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!sub)
      throw refusedFor(
        { userId: session.subject, keyId: null, apiId, tier: '', quota: null },
        noSubscription(apiId),
      );
    caller = { userId: session.subject, keyId: null, apiId, tier: sub.tier, quota: sub.monthly_quota };
    if (reserve) used = await reserveRequest(db, caller.userId, apiId, caller.quota, reserve);
  }
  if (reserve && used === null) throw refusedFor(caller, quotaExceeded(caller, reserve, at));
  return { ...caller, used, monthRequests, counted };
}

/** What a handler body gets: the caller, and the per-key rate limit to place where it belongs. */
export interface ApiCall extends ApiCaller {
  /** Counts the call against `policy` for this key (or account); 429 RATE_LIMITED past it. */
  rateLimit(policy: RatePolicy): Promise<void>;
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
): Promise<void> {
  try {
    await settleCall(db, e, period, reserved);
  } catch (first) {
    console.warn(`metering: recording ${what} failed, retrying once`, first);
    try {
      await settleCall(db, e, period, reserved);
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
  const call: ApiCall = {
    userId: caller.userId,
    keyId: caller.keyId,
    apiId,
    tier: caller.tier,
    quota: caller.quota,
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
    const settled = settleWithRetry(db, e, period, reserved, what);
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
  if (caller.quota !== null) {
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
