/** Short texts the reference pages and their Markdown versions share. */
import { formatWholeUsd } from '../format';
import { FREE_TIER, freeTierAllowance, PAY_PER_USE_MINIMUM } from '../pricing-model';
import type { AuthKind } from './reference';

export const AUTH_LABEL: Record<AuthKind, string> = {
  apiKey: `API key (\`Authorization: Bearer $OPTIQ_API_KEY\`): the ${FREE_TIER.name} without a subscription to this API, else the subscription's tier`,
  session: 'the signed-in account session (cookie)',
  admin: 'the admin session (cookie)',
  none: 'none (keyless demo with strict per-address limits)',
};

/** What a new key can do: the quick start's and authentication's words, on the page and in its Markdown twin. */
export const FREE_TIER_START = `A new key works at once, on the ${FREE_TIER.name}: ${freeTierAllowance} across all active APIs, no subscription needed. Subscribe to an API for more.`;

/** The 403 of a keyed call: only a coming-soon API (every active one runs on the Free tier without a subscription). */
export const FORBIDDEN_NOTE = `the key is valid, but the API is not available yet (coming soon). Every active API can be called without a subscription, on the ${FREE_TIER.name}.`;

/** How to subscribe: the quick start's words, on the page and in its Markdown twin. */
export const SUBSCRIBE_OPTIONS = `pay per use for every API (billed monthly with a ${formatWholeUsd(PAY_PER_USE_MINIMUM)} minimum), monthly bundles for object detection, custom volume by contact`;

export const QUOTA_NOTE =
  `Without a subscription to an API, calls run on the ${FREE_TIER.name}: ${freeTierAllowance} analysed across all APIs, then 429 QUOTA_EXCEEDED (its message says how to subscribe) until the next month; a subscription takes over for its API. ` +
  'Pay per use has no monthly quota: each request is billed. A monthly bundle includes a number of requests per month; usage counts requests and images analysed (failed images are not counted), and the bundle renews each calendar month (UTC). Past it, calls answer 429 QUOTA_EXCEEDED with `Retry-After` (seconds until the next month) and the `RateLimit-Policy` and `RateLimit` headers of the policy `"monthly"`. Separately, each key has per-minute limits: every limited response carries `RateLimit-Policy` and `RateLimit` headers, and past a limit the API answers 429 RATE_LIMITED with `Retry-After`.';
