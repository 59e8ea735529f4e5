/**
 * What an API page's Get Started card says about the visitor's plan for that API: signed out,
 * the Free tier's offer; signed in without a subscription, the Free tier with this month's
 * images; subscribed, the current plan and a change instead of "Subscribe Now".
 */
import type { Subscription, Usage } from '../../shared/schemas/account';
import { formatCount } from '../../lib/format';

/** Sent on `window` when the subscribe dialog subscribed or changed a plan. */
export const SUBSCRIPTION_CHANGED_EVENT = 'optiq:subscription-changed';

/** Tells the page (the plan card) that a subscription was created or changed. */
export function announceSubscriptionChange(subscription: Subscription): void {
  window.dispatchEvent(new CustomEvent<Subscription>(SUBSCRIPTION_CHANGED_EVENT, { detail: subscription }));
}

export type PlanState =
  /** Not known yet (before hydration, or while asking): the signed-out offer is shown. */
  | { kind: 'unknown' }
  | { kind: 'signed-out' }
  | { kind: 'free'; usage: Usage['free_tier'] | null }
  | { kind: 'subscribed'; subscription: Subscription };

/** The state for `apiId` from the account's subscriptions and (when not subscribed) its usage. */
export function planStateOf(
  apiId: string,
  subscriptions: readonly Subscription[],
  usage: Usage | null,
): PlanState {
  const subscription = subscriptions.find((s) => s.api_id === apiId && s.is_active);
  if (subscription) return { kind: 'subscribed', subscription };
  return { kind: 'free', usage: usage?.free_tier ?? null };
}

/** "Testing: 200 requests a month" / "Pay per use". */
export function planLabel(s: Pick<Subscription, 'tier_name' | 'monthly_quota'>): string {
  return s.monthly_quota === null
    ? s.tier_name
    : `${s.tier_name}: ${formatCount(s.monthly_quota)} requests a month`;
}

/** "12 of 100 images used this month, across all APIs." */
export function freeUsageLine(usage: Usage['free_tier']): string {
  return `${formatCount(usage.images_used)} of ${formatCount(usage.images_included)} images used this month, across all APIs.`;
}

/** The share of the Free tier used, 0-100, for the meter. */
export function freeUsedPercent(usage: Usage['free_tier']): number {
  if (usage.images_included <= 0) return 100;
  return Math.min(100, Math.round((usage.images_used / usage.images_included) * 100));
}
