/**
 * How Optiq's prices fit together, in one place for the API cards, the API pages, the tier
 * cards, the subscribe dialog and /pricing:
 *
 * - Pay per use, for every active API: each request at that API's own per-request price,
 *   billed monthly with a $20 minimum. That minimum is the "starts at $20/month" of the cards.
 * - Monthly bundles, for object detection: a fixed monthly price for a prepaid number of that
 *   API's requests (Testing, Standard, Premium); requests beyond the bundle are refused with
 *   429 QUOTA_EXCEEDED until the next calendar month (UTC). Custom volume by contact.
 * - The Standard Plan on /pricing: one plan for every active API, 5,000 images a month for
 *   $150 and $0.03 per extra image; custom enterprise pricing above 15,000 images a month.
 * - The Free tier, for every account: every active API without subscribing, up to
 *   `FREE_TIER.imagesPerMonth` analysed images a month across all APIs; past them 429
 *   QUOTA_EXCEEDED until the 1st (UTC) or a subscription. A subscription to an API takes over
 *   from it for that API. The figure is defined in src/shared/free-tier.ts because the server
 *   enforces it; pages and islands read it from here.
 */
import { FREE_TIER } from '../shared/free-tier';
import { formatCount, formatUsd, formatWholeUsd } from './format';

export { FREE_TIER };

/** "100 images a month": the Free tier's allowance as the pages write it (a quotable figure). */
export const freeTierAllowance = `${formatCount(FREE_TIER.imagesPerMonth)} images a month`;

/** One line for cards and dialogs: what the Free tier gives without subscribing. */
export const freeTierNote = `${FREE_TIER.name}: ${freeTierAllowance} across all APIs, no subscription needed.`;

/** What the Free tier is and what happens past it (pricing page, API pages, docs). */
export const freeTierTerms = `Every account may call every active API without subscribing, up to ${freeTierAllowance} analysed across all APIs (calendar month, UTC). Past them, calls are refused (HTTP 429) until the 1st of the next month or until you subscribe; a subscription to an API takes over from the ${FREE_TIER.name} for that API.`;

/** Monthly minimum of pay-per-use billing: what "starts at $20/month" on the cards means. */
export const PAY_PER_USE_MINIMUM = 20;

/** The all-APIs Standard Plan of /pricing. */
export const STANDARD_PLAN = { name: 'Standard Plan', base: 150, included: 5000, overage: 0.03 } as const;

/** Above this many images a month, pricing is custom (enterprise). */
export const ENTERPRISE_ABOVE_IMAGES = 15_000;

/** The line under an API page's per-request price. */
export const payPerUseNote = `Pay per use, billed monthly with a ${formatWholeUsd(PAY_PER_USE_MINIMUM)} minimum.`;

/** One line under a bundle list: what a bundle is and what happens beyond it. */
export function bundleTerms(price: number): string {
  return `Each bundle prepays a number of requests at a fixed monthly price. Once it is used up, further requests are refused (HTTP 429) until it renews on the 1st of the next month (UTC) or you move to a larger bundle; they are never billed at the pay-per-use price of ${formatUsd(price)}. Unused requests do not roll over.`;
}
