/**
 * Usage metering. The billing month is the calendar month in UTC. Each metered call reserves
 * one request of the month's counter before the work starts (an atomic upsert that refuses past
 * the quota, so concurrent calls cannot overshoot it) and settles after: the images analysed
 * are added, and a call that analysed nothing gives its request back. Every call is also logged
 * as one event (the dashboard's "last 20 requests").
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { Usage } from '../../shared/schemas/account';
import { FREE_TIER } from '../../shared/free-tier';

export interface BillingPeriod {
  /** `YYYY-MM-01`, the counters' key. */
  key: string;
  start: Date;
  /** First instant of the next month: the usage resets then. */
  end: Date;
}

/** The billing month `now` falls in. */
export function billingPeriod(now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 10), start, end };
}

/**
 * Counts one request of this month against `quota` (null: no cap). The requests used after it,
 * or null when the quota was already used up (nothing is counted then).
 */
export async function reserveRequest(
  db: Kysely<Database>,
  userId: string,
  apiId: string,
  quota: number | null,
  period: BillingPeriod,
): Promise<number | null> {
  if (quota !== null && quota <= 0) return null;
  const row = await db
    .insertInto('usage_monthly')
    .values({ user_id: userId, api_id: apiId, period: period.key, requests: 1, images: 0 })
    .onConflict((oc) => {
      const update = oc
        .columns(['user_id', 'api_id', 'period'])
        .doUpdateSet({ requests: sql`usage_monthly.requests + 1` });
      return quota === null ? update : update.where('usage_monthly.requests', '<', quota);
    })
    .returning('requests')
    .executeTakeFirst();
  return row ? Number(row.requests) : null;
}

/**
 * Counts `images` of the month's Free tier allowance, all or none: the images used after them,
 * or null when fewer are left (nothing is counted then). One atomic upsert, so concurrent calls
 * cannot overshoot the allowance.
 */
export async function reserveFreeImages(
  db: Kysely<Database>,
  userId: string,
  images: number,
  period: BillingPeriod,
): Promise<number | null> {
  if (images > FREE_TIER.imagesPerMonth) return null;
  const row = await db
    .insertInto('free_usage_monthly')
    .values({ user_id: userId, period: period.key, images })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'period'])
        .doUpdateSet({ images: sql`free_usage_monthly.images + excluded.images` })
        .where(sql<boolean>`free_usage_monthly.images + excluded.images <= ${FREE_TIER.imagesPerMonth}`),
    )
    .returning('images')
    .executeTakeFirst();
  return row ? Number(row.images) : null;
}

/** Images counted on the account's Free tier allowance this month. */
export async function freeImagesThisMonth(
  db: Kysely<Database>,
  userId: string,
  period: BillingPeriod,
): Promise<number> {
  const row = await db
    .selectFrom('free_usage_monthly')
    .select('images')
    .where('user_id', '=', userId)
    .where('period', '=', period.key)
    .executeTakeFirst();
  return Number(row?.images ?? 0);
}

/** Requests counted for the account and API this month. */
export async function requestsThisMonth(
  db: Kysely<Database>,
  userId: string,
  apiId: string,
  period: BillingPeriod,
): Promise<number> {
  const row = await db
    .selectFrom('usage_monthly')
    .select('requests')
    .where('user_id', '=', userId)
    .where('api_id', '=', apiId)
    .where('period', '=', period.key)
    .executeTakeFirst();
  return Number(row?.requests ?? 0);
}

export interface UsageEvent {
  userId: string;
  keyId: string | null;
  apiId: string;
  method: string;
  endpoint: string;
  status: number;
  images: number;
  durationMs: number;
  at: Date;
}

/**
 * Settles a call in one statement: `keep` its reserved request and add its images to the
 * account's and the key's counters, `release` the request (nothing analysed), or `none` (no
 * request was reserved); move the Free tier's count by `freeDelta` (the images analysed minus
 * those reserved on the allowance); and log the call.
 */
export async function settleCall(
  db: Kysely<Database>,
  e: UsageEvent,
  period: BillingPeriod,
  reserved: 'keep' | 'release' | 'none',
  freeDelta = 0,
): Promise<void> {
  const keep = reserved === 'keep';
  const release = reserved === 'release';
  await sql`
    with f as (
      update free_usage_monthly set images = greatest(images + ${freeDelta}::integer, 0)
      where ${freeDelta !== 0} and user_id = ${e.userId} and period = ${period.key}::date
      returning 1
    ), m as (
      update usage_monthly set
        images = images + ${keep ? e.images : 0},
        requests = greatest(requests - ${release ? 1 : 0}, 0)
      where ${keep || release} and user_id = ${e.userId} and api_id = ${e.apiId} and period = ${period.key}::date
      returning 1
    ), k as (
      insert into usage_monthly_keys as u (key_id, period, requests, images)
      select ${e.keyId}::uuid, ${period.key}::date, 1, ${e.images}::integer
      where ${keep} and ${e.keyId}::uuid is not null
      on conflict (key_id, period) do update set requests = u.requests + 1, images = u.images + excluded.images
      returning 1
    )
    insert into usage_events (user_id, key_id, api_id, method, endpoint, status, images, duration_ms, at)
    values (${e.userId}, ${e.keyId}, ${e.apiId}, ${e.method}, ${e.endpoint}, ${e.status}, ${e.images}, ${Math.max(0, Math.round(e.durationMs))}, ${e.at})`.execute(
    db,
  );
}

/** Days a usage event is kept when `USAGE_RETENTION_DAYS` is not set (a year and a bit). */
export const DEFAULT_USAGE_RETENTION_DAYS = 400;

/** The usage log's retention period: `USAGE_RETENTION_DAYS` (a positive number of days), default 400. */
export function usageRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const days = Number(env['USAGE_RETENTION_DAYS']?.trim() || NaN);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_USAGE_RETENTION_DAYS;
}

/**
 * Deletes usage events logged before `now - retentionDays`, in batches, oldest first. Only the
 * per-call log: the monthly counters (quota, dashboard totals) are kept. Used by the scheduled
 * function `prune-usage-events` and by `npm start`'s timer.
 */
export async function pruneUsageEvents(
  db: Kysely<Database>,
  {
    retentionDays,
    now = new Date(),
    batchSize = 1_000,
  }: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<{ deleted: number; cutoff: Date }> {
  if (!(retentionDays > 0) || !(batchSize > 0))
    throw new Error('prune: retentionDays and batchSize must be > 0');
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('usage_events')
      .where('id', 'in', (eb) =>
        eb.selectFrom('usage_events').select('id').where('at', '<', cutoff).orderBy('at').limit(batchSize),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    if (n < batchSize) return { deleted, cutoff };
  }
}

/** This month's usage per API and per key, and the last 20 calls. */
export async function getUsage(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<Usage> {
  const period = billingPeriod(now);
  const [subs, monthly, keys, recent, freeImages] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .innerJoin('apis as a', 'a.id', 's.api_id')
      .select(['s.api_id', 'a.name', 's.tier', 's.monthly_quota'])
      .where('s.user_id', '=', userId)
      .where('s.is_active', '=', true)
      .execute(),
    db
      .selectFrom('usage_monthly as u')
      .innerJoin('apis as a', 'a.id', 'u.api_id')
      .select(['u.api_id', 'a.name', 'u.requests', 'u.images'])
      .where('u.user_id', '=', userId)
      .where('u.period', '=', period.key)
      .execute(),
    db
      .selectFrom('api_keys as k')
      .leftJoin('usage_monthly_keys as m', (j) =>
        j.onRef('m.key_id', '=', 'k.id').on('m.period', '=', period.key),
      )
      .select(['k.id', 'k.name', 'k.prefix', 'k.last4', 'k.revoked_at', 'm.requests', 'm.images'])
      .where('k.user_id', '=', userId)
      .orderBy('k.created_at', 'desc')
      .execute(),
    db
      .selectFrom('usage_events')
      .select(['at', 'method', 'endpoint', 'status', 'images', 'duration_ms', 'key_id'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    freeImagesThisMonth(db, userId, period),
  ]);
  const apis = new Map<string, Usage['apis'][number]>();
  for (const s of subs) {
    apis.set(s.api_id, {
      api_id: s.api_id,
      api_name: s.name,
      tier: s.tier,
      requests: 0,
      images: 0,
      quota: s.monthly_quota,
      remaining: s.monthly_quota,
    });
  }
  for (const m of monthly) {
    // No active subscription: the calls ran on the Free tier's allowance.
    const entry = apis.get(m.api_id) ?? {
      api_id: m.api_id,
      api_name: m.name,
      tier: FREE_TIER.id,
      requests: 0,
      images: 0,
      quota: null,
      remaining: null,
    };
    entry.requests = Number(m.requests);
    entry.images = Number(m.images);
    entry.remaining = entry.quota === null ? null : Math.max(0, entry.quota - entry.requests);
    apis.set(m.api_id, entry);
  }
  return {
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    apis: [...apis.values()].sort((a, b) => a.api_name.localeCompare(b.api_name)),
    free_tier: {
      images_included: FREE_TIER.imagesPerMonth,
      images_used: freeImages,
      images_remaining: Math.max(0, FREE_TIER.imagesPerMonth - freeImages),
    },
    keys: keys
      .filter((k) => k.revoked_at === null || Number(k.requests ?? 0) > 0)
      .map((k) => ({
        key_id: k.id,
        name: k.name,
        prefix: k.prefix,
        last4: k.last4,
        requests: Number(k.requests ?? 0),
        images: Number(k.images ?? 0),
      })),
    recent: recent.map((r) => ({
      at: new Date(r.at).toISOString(),
      method: r.method,
      endpoint: r.endpoint,
      status: r.status,
      images: r.images,
      duration_ms: r.duration_ms,
      key_id: r.key_id,
    })),
  };
}
