/**
 * Subscriptions: an account subscribes to an active API at a tier. Every API has the
 * pay-per-use tier (`pay-per-use`, no monthly cap: each request at the API's price); an API
 * with pricing content (`pricingPlans`) adds its monthly bundles (tier id = the plan name in
 * lower case). The tier's monthly quota is copied onto the
 * subscription, so the quota check on every call reads one row, and a later price change does not
 * alter what a subscriber agreed to.
 */
import type { Kysely } from 'kysely';
import type { ApiRow, Database } from '../db';
import { HttpError } from '../http/errors';
import type { Subscription } from '../../shared/schemas/account';
import type { PricingPlan } from '../../shared/schemas/catalogue';
import { UUID_PATTERN } from './keys';

/** The pay-per-use tier every API has: no cap, each request at the API's price. */
export const PAY_PER_USE_TIER = 'pay-per-use';
/**
 * The id pay per use had before bundles sat beside it; still accepted for an API without
 * bundles (for one with bundles, `standard` is the Standard bundle).
 */
const LEGACY_PAY_PER_USE_TIER = 'standard';

export interface Tier {
  id: string;
  name: string;
  monthlyPrice: number | null;
  /** Requests included per month; null: no cap. */
  quota: number | null;
  /** Arranged with sales (the Custom plan): cannot be subscribed through the API. */
  byContact: boolean;
}

/** The tiers an API offers: pay per use, then the bundles of its pricing content. */
export function tiersOf(api: Pick<ApiRow, 'pricing_plans'>): Tier[] {
  const plans = api.pricing_plans ?? [];
  const payPerUse: Tier = {
    id: PAY_PER_USE_TIER,
    name: 'Pay per use',
    monthlyPrice: null,
    quota: null,
    byContact: false,
  };
  return [
    payPerUse,
    ...plans.map((p) => ({
      id: p.name.trim().toLowerCase(),
      name: p.name,
      monthlyPrice: p.monthlyPrice,
      quota: p.requestsPerMonth,
      byContact: p.monthlyPrice === null || p.requestsPerMonth === null,
    })),
  ];
}

interface JoinedRow {
  id: string;
  api_id: string;
  tier: string;
  monthly_quota: number | null;
  is_active: boolean;
  subscription_date: Date;
  cancelled_at: Date | null;
  api_name: string;
  price: string;
  pricing_plans: unknown;
}

function toSubscription(r: JoinedRow): Subscription {
  const tier = tiersOf({ pricing_plans: r.pricing_plans as PricingPlan[] }).find((t) => t.id === r.tier);
  return {
    id: r.id,
    api_id: r.api_id,
    api_name: r.api_name,
    tier: r.tier,
    tier_name: tier?.name ?? r.tier,
    monthly_quota: r.monthly_quota,
    monthly_price: tier?.monthlyPrice ?? null,
    price_per_request: Number(r.price),
    is_active: r.is_active,
    subscription_date: new Date(r.subscription_date).toISOString(),
    cancelled_at: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
  };
}

function selectJoined(db: Kysely<Database>) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('apis as a', 'a.id', 's.api_id')
    .select([
      's.id',
      's.api_id',
      's.tier',
      's.monthly_quota',
      's.is_active',
      's.subscription_date',
      's.cancelled_at',
      'a.name as api_name',
      'a.price',
      'a.pricing_plans',
    ]);
}

async function getOne(db: Kysely<Database>, userId: string, id: string): Promise<Subscription | null> {
  const row = await selectJoined(db)
    .where('s.id', '=', id)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSubscription(row) : null;
}

/** The account's subscriptions, active and cancelled, newest first. */
export async function listSubscriptions(db: Kysely<Database>, userId: string): Promise<Subscription[]> {
  const rows = await selectJoined(db)
    .where('s.user_id', '=', userId)
    .orderBy('s.subscription_date', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((r) => toSubscription(r as JoinedRow));
}

/**
 * Subscribes the account to `apiId` at `tierId`; an active subscription to the same API changes
 * tier instead. 404 for an unknown API, 403 for a coming-soon API or the Custom tier, 400 for an
 * unknown tier, 409 when the active subscription already has that tier (nothing would change).
 */
export async function subscribe(
  db: Kysely<Database>,
  userId: string,
  apiId: string,
  tierId: string,
  now: Date = new Date(),
): Promise<Subscription> {
  const api = await db.selectFrom('apis').selectAll().where('id', '=', apiId).executeTakeFirst();
  if (!api)
    throw new HttpError(404, 'NOT_FOUND', `No API with id "${apiId}"`, {
      details: { fields: { api_id: ['No such API'] } },
    });
  if (api.status !== 'active') {
    throw new HttpError(403, 'FORBIDDEN', `${api.name} is coming soon and cannot be subscribed to yet`);
  }
  const tiers = tiersOf(api);
  const wanted = tierId.trim().toLowerCase();
  const tier =
    tiers.find((t) => t.id === wanted) ??
    (wanted === LEGACY_PAY_PER_USE_TIER && tiers.length === 1 ? tiers[0] : undefined);
  if (!tier) {
    const known = tiers.filter((t) => !t.byContact).map((t) => t.id);
    throw new HttpError(
      400,
      'INVALID_REQUEST',
      `Unknown tier "${tierId}" for ${api.name}. Tiers: ${known.join(', ')}`,
      {
        details: { fields: { tier: [`Choose one of: ${known.join(', ')}`] }, tiers: known },
      },
    );
  }
  if (tier.byContact) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      `The ${tier.name} tier is arranged with our sales team: please contact sales`,
    );
  }
  // The same tier again changes nothing: say so rather than pretend to subscribe.
  const current = await db
    .selectFrom('subscriptions')
    .select(['id', 'tier'])
    .where('user_id', '=', userId)
    .where('api_id', '=', apiId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (current?.tier === tier.id) {
    throw new HttpError(
      409,
      'CONFLICT',
      `You are already subscribed to ${api.name} on the ${tier.name} tier. Choose another tier to change it, or cancel it in your dashboard.`,
      { details: { subscription_id: current.id, api_id: apiId, tier: tier.id } },
    );
  }
  const change = () =>
    db
      .updateTable('subscriptions')
      .set({ tier: tier.id, monthly_quota: tier.quota })
      .where('user_id', '=', userId)
      .where('api_id', '=', apiId)
      .where('is_active', '=', true)
      .returning('id')
      .executeTakeFirst();
  let row = await change();
  if (!row) {
    try {
      row = await db
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          api_id: apiId,
          tier: tier.id,
          monthly_quota: tier.quota,
          subscription_date: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      // A concurrent subscribe won the one-active-subscription index: change its tier instead.
      if ((error as { code?: unknown }).code !== '23505') throw error;
      row = await change();
      if (!row) throw error;
    }
  }
  return (await getOne(db, userId, row.id)) as Subscription;
}

/** Cancels one of the account's subscriptions (again: a no-op); 404 when it has no such one. */
export async function cancelSubscription(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<Subscription> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, 'NOT_FOUND', 'No such subscription');
  await db
    .updateTable('subscriptions')
    .set({ is_active: false, cancelled_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .execute();
  const sub = await getOne(db, userId, id);
  if (!sub) throw new HttpError(404, 'NOT_FOUND', 'No such subscription');
  return sub;
}
