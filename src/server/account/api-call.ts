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
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { readCookie } from '../auth/cookies';
import { assertSameOrigin } from '../auth/same-origin';
import { findSession } from '../auth/session-store';
import { databaseUnavailableError } from '../db/unavailable';
import { HttpError } from '../http/errors';
import { json, type HandlerContext } from '../http/handler';
import { enforceRateLimitFor, type RatePolicy } from '../rate-limit/rate-limit';
import type { ApiUsage } from '../../shared/schemas/api-usage';
import { hashApiKey, isWellFormedKey } from './api-key';
import { addImages, billingPeriod, recordEvent, releaseRequest, requestsThisMonth, reserveRequest, type BillingPeriod } from './usage';
import { USER_SESSION_COOKIE } from './users';

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
  return new HttpError(403, 'FORBIDDEN', `This account has no active subscription to ${apiId}. Subscribe on the API's page, then call again.`, {
    details: { api_id: apiId },
  });
}

/** Identifies the caller of `apiId` and checks the subscription (401/403); no counting yet. */
export async function authorizeApiCall(db: Kysely<Database>, req: Request, apiId: string, { now = () => new Date() }: ApiCallOptions = {}): Promise<ApiCaller> {
  const header = req.headers.get('authorization');
  if (header !== null) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <your API key>"', 'invalid_token');
    const key = match[1] as string;
    if (!isWellFormedKey(key)) throw unauthorized('The API key is malformed: check that it was copied in full', 'invalid_token');
    const row = await db
      .selectFrom('api_keys as k')
      .leftJoin('subscriptions as s', (j) => j.onRef('s.user_id', '=', 'k.user_id').on('s.api_id', '=', apiId).on('s.is_active', '=', true))
      .select(['k.id', 'k.user_id', 'k.revoked_at', 'k.last_used_at', 's.tier', 's.monthly_quota', 's.id as subscription_id'])
      .where('k.key_hash', '=', hashApiKey(key))
      .executeTakeFirst();
    if (!row) throw unauthorized('Unknown API key', 'invalid_token');
    if (row.revoked_at !== null) throw unauthorized('This API key was revoked', 'invalid_token');
    const at = now();
    if (!row.last_used_at || at.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', row.id).execute();
    }
    if (!row.subscription_id || row.tier === null) throw noSubscription(apiId);
    return { userId: row.user_id, keyId: row.id, apiId, tier: row.tier, quota: row.monthly_quota };
  }
  const token = readCookie(req, USER_SESSION_COOKIE);
  if (token) {
    // The cookie is ambient: only this site's own pages may spend it.
    assertSameOrigin(req);
    const session = await findSession(db, token, 'user', now().getTime());
    if (!session) throw unauthorized('Your session has ended: sign in again, or send an API key');
    const sub = await db
      .selectFrom('subscriptions')
      .select(['tier', 'monthly_quota'])
      .where('user_id', '=', session.subject)
      .where('api_id', '=', apiId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!sub) throw noSubscription(apiId);
    return { userId: session.subject, keyId: null, apiId, tier: sub.tier, quota: sub.monthly_quota };
  }
  throw unauthorized('Missing API key: send "Authorization: Bearer <your API key>". Keys are created in your dashboard.');
}

/** What a handler body gets: the caller, and the two checks it places where they belong. */
export interface ApiCall extends ApiCaller {
  /** Counts the call against `policy` for this key (or account); 429 RATE_LIMITED past it. */
  rateLimit(policy: RatePolicy): Promise<void>;
  /** Counts one request of the month right before the work; 429 QUOTA_EXCEEDED when used up. */
  useQuota(): Promise<void>;
}

/** What a handler body answers: the response data and the images it analysed. */
export interface ApiResult {
  data: Record<string, unknown>;
  images: number;
}

function quotaExceeded(caller: ApiCaller, period: BillingPeriod, now: Date): HttpError {
  const resets = period.end.toISOString().replace('.000Z', 'Z');
  const retryAfter = Math.max(1, Math.ceil((period.end.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    'QUOTA_EXCEEDED',
    `The monthly quota of your ${caller.tier} tier (${caller.quota} requests) is used up; it resets on ${resets}. Change tier in your dashboard for more.`,
    { details: { quota: caller.quota, tier: caller.tier, resets_at: resets }, headers: { 'Retry-After': String(retryAfter) } },
  );
}

const statusOf = (error: unknown): number => {
  if (error instanceof HttpError) return error.status;
  return databaseUnavailableError(error) ? 503 : 500;
};

/**
 * Runs one metered API call: authorise (401/403), then `work` (which parses the body, calls
 * `call.rateLimit` and `call.useQuota`, and does the analysis), then settle the counters, log
 * the call and answer `data` with its `usage`. Errors are logged and rethrown for the handler.
 */
export async function runApiCall(
  db: Kysely<Database>,
  req: Request,
  ctx: HandlerContext,
  apiId: string,
  work: (call: ApiCall) => Promise<ApiResult>,
  options: ApiCallOptions = {},
): Promise<Response> {
  const now = options.now ?? (() => new Date());
  const caller = await authorizeApiCall(db, req, apiId, { now });
  const started = performance.now();
  const at = now();
  const period = billingPeriod(at);
  let used: number | null = null;
  const call: ApiCall = {
    ...caller,
    rateLimit: (policy) => enforceRateLimitFor(db, ctx, policy, caller.keyId ? `key:${caller.keyId}` : `user:${caller.userId}`),
    async useQuota() {
      if (used !== null) return;
      used = await reserveRequest(db, caller.userId, apiId, caller.quota, period);
      if (used === null) throw quotaExceeded(caller, period, at);
    },
  };
  const log = (status: number, images: number) =>
    recordEvent(db, {
      userId: caller.userId,
      keyId: caller.keyId,
      apiId,
      method: req.method,
      endpoint: new URL(req.url).pathname,
      status,
      images,
      durationMs: performance.now() - started,
      at,
    });

  let result: ApiResult;
  try {
    result = await work(call);
  } catch (error) {
    try {
      if (used !== null) await releaseRequest(db, caller.userId, apiId, period);
      await log(statusOf(error), 0);
    } catch (logError) {
      // The caller gets the real error; a metering failure on an error path is only logged.
      console.error('metering: could not record a failed call', logError);
    }
    throw error;
  }
  const images = Math.max(0, Math.floor(result.images));
  const counted = used !== null && images > 0;
  if (used !== null && !counted) await releaseRequest(db, caller.userId, apiId, period);
  if (counted) await addImages(db, caller.userId, apiId, caller.keyId, images, period);
  await log(200, images);
  const usage: ApiUsage = { requests: counted ? 1 : 0, images, quota_remaining: null };
  if (caller.quota !== null) {
    const requestsUsed = used === null ? await requestsThisMonth(db, caller.userId, apiId, period) : counted ? used : used - 1;
    usage.quota_remaining = Math.max(0, caller.quota - requestsUsed);
  }
  return json({ ...result.data, usage }, ctx);
}
