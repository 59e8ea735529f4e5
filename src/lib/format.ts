/** Price and quantity formatting shared by catalogue cards, detail pages and the pricing page. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
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

/** The text every API card shows (spec section 9), kept in one place. */
export const CARD_STARTING_PRICE = 'starts at $20/month';

/**
 * Monthly total of a plan with a base fee covering `included` units and a per-unit overage,
 * e.g. 10,000 images on the $150 / 5,000 plan at $0.03 each -> $300. Rounded to cents so
 * floating point never shows up as $299.99999.
 */
export function monthlyTotal(units: number, plan: { base: number; included: number; overage: number }): number {
  const extra = Math.max(0, units - plan.included);
  return Math.round((plan.base + extra * plan.overage) * 100) / 100;
}
