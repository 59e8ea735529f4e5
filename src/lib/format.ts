/** Price and quantity formatting shared by catalogue cards, detail pages and the pricing page. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-US');

/** `0.05` -> `$0.05`: per-request prices always keep their two decimals. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** `19` -> `$19`, `150` -> `$150`: whole-dollar monthly fees read better without cents. */
export function formatWholeUsd(amount: number): string {
  return Number.isInteger(amount) ? wholeUsd.format(amount) : usd.format(amount);
}

/** `0.05` -> `$0.05 per request`, the price line of the API detail page. */
export function formatPerRequest(price: number): string {
  return `${formatUsd(price)} per request`;
}

/** `2000` -> `2,000`. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** The text every API card shows, kept in one place. */
export const CARD_STARTING_PRICE = 'starts at $20/month';

/**
 * Monthly total of a plan with a base fee covering `included` units and a per-unit overage,
 * e.g. 10,000 images on the $150 / 5,000 plan at $0.03 each -> $300. Rounded to cents so
 * floating point never shows up as $299.99999.
 */
export function monthlyTotal(
  units: number,
  plan: { base: number; included: number; overage: number },
): number {
  const extra = Math.max(0, units - plan.included);
  return Math.round((plan.base + extra * plan.overage) * 100) / 100;
}

const WINDOW_WORDS: Record<number, string> = {
  1000: 'a second',
  60_000: 'a minute',
  3_600_000: 'an hour',
  86_400_000: 'a day',
};

/**
 * A rate limit as copy reads it: `100 requests a minute`, `10 requests per 15 minutes`. The
 * registry of quotable figures (src/lib/figures.ts) words every rate-limit policy this way.
 */
export function formatRate(policy: { limit: number; windowMs: number }, noun = 'requests'): string {
  const words = WINDOW_WORDS[policy.windowMs];
  if (words) return `${formatCount(policy.limit)} ${noun} ${words}`;
  const minutes = policy.windowMs / 60_000;
  return `${formatCount(policy.limit)} ${noun} per ${Number.isInteger(minutes) ? `${minutes} minutes` : `${policy.windowMs / 1000} seconds`}`;
}
