/** Short texts the reference pages and their Markdown versions share. */
import type { AuthKind } from './reference';

export const AUTH_LABEL: Record<AuthKind, string> = {
  apiKey: 'API key (`Authorization: Bearer YOUR_API_KEY`) of an account subscribed to this API',
  session: 'the signed-in account session (cookie)',
  admin: 'the admin session (cookie)',
  none: 'none (keyless demo with strict per-address limits)',
};

export const QUOTA_NOTE =
  'Each tier includes a number of requests per month; usage counts requests and images analysed (failed images are not counted), and the quota resets each billing month. Past it, calls answer 429 QUOTA_EXCEEDED. Separately, each key has per-minute limits: every limited response carries `RateLimit-Policy` and `RateLimit` headers, and past a limit the API answers 429 RATE_LIMITED with `Retry-After`.';
