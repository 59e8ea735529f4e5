/**
 * The "Quotas and rate limits" tables of an API's reference page and its Markdown twin: every
 * API has pay per use (no monthly quota), some add monthly bundles, and every keyed operation
 * has its per-key rate limits. Built from the catalogue and the rate-limit policies, so no API's
 * table is ever empty.
 */
import { formatCount, formatPerRequest, formatRate, formatWholeUsd } from '../format';
import { FREE_TIER, freeTierAllowance, PAY_PER_USE_MINIMUM } from '../pricing-model';
import type { ApiReference } from './reference';

/** One row of the plans table. */
export interface QuotaRow {
  plan: string;
  /** What a month includes. */
  quota: string;
  price: string;
}

/** One row of the rate-limit table: an operation and its limits. */
export interface RateLimitRow {
  operation: string;
  limits: string;
}

/** The Free tier first (every account, no subscription), pay per use (every API), then the API's monthly bundles. */
export function quotaRows(ref: Pick<ApiReference, 'price' | 'quotas'>): QuotaRow[] {
  return [
    {
      plan: FREE_TIER.name,
      quota: `${freeTierAllowance} across all APIs (images analysed)`,
      price: 'Free, no subscription',
    },
    {
      plan: 'Pay per use',
      quota: 'No monthly quota',
      price: `${formatPerRequest(ref.price)}, billed monthly (${formatWholeUsd(PAY_PER_USE_MINIMUM)} minimum)`,
    },
    ...ref.quotas.map((q) => ({
      plan: q.tier,
      quota:
        q.requestsPerMonth === null
          ? 'By contract: contact us'
          : `${formatCount(q.requestsPerMonth)} requests a month`,
      price: q.monthlyPrice === null ? 'Contact us' : `${formatWholeUsd(q.monthlyPrice)}/month`,
    })),
  ];
}

/** The per-key limits of every keyed operation, in page order (keyless demos have their own, per address). */
export function rateLimitRows(ref: Pick<ApiReference, 'operations'>): RateLimitRow[] {
  return ref.operations
    .filter((op) => op.auth !== 'none' && op.rateLimits.length > 0)
    .map((op) => ({
      operation: `${op.method} ${op.path}`,
      limits: op.rateLimits
        .map((r) => `${formatRate({ limit: r.limit, windowMs: r.windowSeconds * 1000 })} (${r.name})`)
        .join('; '),
    }));
}
