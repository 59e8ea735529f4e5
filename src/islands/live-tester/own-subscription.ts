/**
 * A signed-in visitor with an active subscription may run the live tester on their own
 * subscription (the keyed API endpoint with their session; the call then counts in their
 * usage) instead of the keyless demo endpoint.
 */
import { useEffect, useState } from 'react';
import { listSubscriptionsOperation, type Subscription } from '../../shared/contracts/account';
import { request } from '../../shared/api-client';
import { detectOperation } from '../../shared/contracts/object-detection';

/** The metered operation of each API whose tester can run on the visitor's subscription. */
export const SUBSCRIPTION_OPERATIONS: Readonly<Record<string, typeof detectOperation>> = {
  'image-object-detection': detectOperation,
};

/** The active subscription to `apiId` among `subs`, if any. */
export function activeSubscription(subs: readonly Subscription[], apiId: string): Subscription | undefined {
  return subs.find((s) => s.api_id === apiId && s.is_active);
}

/** The signed-in visitor's active subscription tier to `apiId`, or null (signed out, not subscribed). Asked once on mount; `enabled` false skips asking. */
export function useActiveTier(apiId: string, enabled = true): string | null {
  const [tier, setTier] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    request(listSubscriptionsOperation, { signal: controller.signal })
      .then((result) => setTier(result.ok ? (activeSubscription(result.data.subscriptions, apiId)?.tier_name ?? null) : null))
      .catch(() => {});
    return () => controller.abort();
  }, [apiId, enabled]);
  return tier;
}

/**
 * The visitor's own operation and tier for `apiId`, or null (signed out, not subscribed, or an
 * API without a metered endpoint). Asked once when the tester mounts.
 */
export function useOwnSubscription(apiId: string): { operation: typeof detectOperation; tierName: string } | null {
  const operation = Object.hasOwn(SUBSCRIPTION_OPERATIONS, apiId) ? SUBSCRIPTION_OPERATIONS[apiId] : undefined;
  const tierName = useActiveTier(apiId, operation !== undefined);
  return operation && tierName ? { operation, tierName } : null;
}
