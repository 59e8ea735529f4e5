/**
 * The Free tier: every account may call every active API without subscribing, up to this many
 * analysed images a billing month (calendar month, UTC) across all APIs. A paid subscription to
 * an API takes over from it for that API. Defined here because the server enforces it
 * (src/server/account/api-call.ts) and server code may not import the site's logic; the pricing
 * model (src/lib/pricing-model.ts) presents it, and pages read it from there.
 */
export const FREE_TIER = {
  /** The tier id a call on the allowance reports (`usage`, errors, the dashboard). */
  id: 'free',
  name: 'Free tier',
  /** Images analysed a month, across all APIs, without a subscription. */
  imagesPerMonth: 100,
} as const;
