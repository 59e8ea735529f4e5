/** Short texts the reference pages and their Markdown versions share. */
import { formatWholeUsd } from '../format';
import { PAY_PER_USE_MINIMUM } from '../pricing-model';
import type { AuthKind } from './reference';

export const AUTH_LABEL: Record<AuthKind, string> = {
  apiKey: 'API key (`Authorization: Bearer $OPTIQ_API_KEY`) of an account subscribed to this API',
  session: 'the signed-in account session (cookie)',
  admin: 'the admin session (cookie)',
  none: 'none (keyless demo with strict per-address limits)',
};

/** How to subscribe: the quick start's words, on the page and in its Markdown twin. */
export const SUBSCRIBE_OPTIONS = `pay per use for every API (billed monthly with a ${formatWholeUsd(PAY_PER_USE_MINIMUM)} minimum), monthly bundles for object detection, custom volume by contact`;

export const QUOTA_NOTE =
  'Pay per use has no monthly quota: each request is billed. A monthly bundle includes a number of requests per month; usage counts requests and images analysed (failed images are not counted), and the bundle renews each calendar month (UTC). Past it, calls answer 429 QUOTA_EXCEEDED with `Retry-After` (seconds until the next month) and the `RateLimit-Policy` and `RateLimit` headers of the policy `"monthly"`. Separately, each key has per-minute limits: every limited response carries `RateLimit-Policy` and `RateLimit` headers, and past a limit the API answers 429 RATE_LIMITED with `Retry-After`.';
