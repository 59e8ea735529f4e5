/**
 * A signed-in visitor with an active subscription may run the live tester on their own
 * subscription (the keyed API endpoint with their session; the call then counts in their
 * usage) instead of the keyless demo endpoint.
 */
import { useEffect, useState } from 'react';
import { listSubscriptionsOperation } from '../../shared/contracts/account';
import type { Subscription } from '../../shared/schemas/account';
import { request } from '../../shared/api-client';
import { hasSignedInHint } from '../../shared/signed-in-hint';

/** The active subscription to `apiId` among `subs`, if any. */
export function activeSubscription(subs: readonly Subscription[], apiId: string): Subscription | undefined {
  return subs.find((s) => s.api_id === apiId && s.is_active);
}

/**
 * The signed-in visitor's active subscription tier to `apiId`, or null (signed out, not
 * subscribed). Asked once on mount; `enabled` false skips asking, and so does a visitor without
 * the signed-in hint (a signed-out visit makes no request that answers 401).
 */
export function useActiveTier(apiId: string, enabled = true): string | null {
  const [tier, setTier] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !hasSignedInHint(document.cookie)) return;
    const controller = new AbortController();
    request(listSubscriptionsOperation, { signal: controller.signal })
      .then((result) =>
        setTier(result.ok ? (activeSubscription(result.data.subscriptions, apiId)?.tier_name ?? null) : null),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [apiId, enabled]);
  return tier;
}
