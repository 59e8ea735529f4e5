/**
 * The documented API limits (as /docs lists them), per client per minute, in
 * one table every endpoint draws from. The name is the bucket and the `RateLimit-Policy` name,
 * so one kind of call shares one budget across the endpoints that make it.
 */

/** A documented limit: its name (the bucket, and the `RateLimit-Policy` name), count and window. */
export interface RatePolicy {
  name: string;
  /** Requests allowed per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

const MINUTE = 60_000;

export const API_RATE_LIMITS = {
  /** One image analysed per call (a detect call with a single URL, /api/predict). */
  single: { name: 'single', limit: 100, windowMs: MINUTE },
  /** Several images per call (a detect call with more than one URL, /api/predict_batch). */
  batch: { name: 'batch', limit: 20, windowMs: MINUTE },
  /** Reading stored results back (GET /api/predict_batch/{id}). */
  results: { name: 'results', limit: 200, windowMs: MINUTE },
  /** Error reports (POST /api/error). */
  errors: { name: 'errors', limit: 50, windowMs: MINUTE },
} as const satisfies Record<string, RatePolicy>;

/** The single or batch policy for a call analysing `images` images. */
export const policyForImages = (images: number): RatePolicy =>
  images > 1 ? API_RATE_LIMITS.batch : API_RATE_LIMITS.single;

/**
 * The site's own endpoints' limits per client (login, contact form, keyless demo, category
 * writes), in the same shape; the OpenAPI document reads both tables by name.
 */
export const SITE_RATE_LIMITS = {
  /** Login attempts: enough for typos, too few for guessing. */
  'auth-login': { name: 'auth-login', limit: 10, windowMs: 15 * MINUTE },
  /** ...and failed admin logins per user name tried, from any address (a successful login gives its step back). */
  'auth-login-user': { name: 'auth-login-user', limit: 10, windowMs: 15 * MINUTE },
  /** Contact requests: plenty for people, a wall for scripts (`CONTACT_RATE_LIMIT` overrides the count). */
  contacts: { name: 'contacts', limit: 5, windowMs: 10 * MINUTE },
  /** Keyless demo runs: each costs ~0.2-0.5 s of CPU; generous for a person clicking. */
  'demo-object-detection': { name: 'demo-object-detection', limit: 30, windowMs: MINUTE },
  /** Keyless watermark demo runs: each costs 1-3 s of CPU (text reading), so fewer. */
  'demo-watermark-detection': { name: 'demo-watermark-detection', limit: 10, windowMs: MINUTE },
  /** The photo-validation demo: each run is ~0.2-0.6 s of CPU over every evidence layer. */
  'demo-photo-validation': { name: 'demo-photo-validation', limit: 20, windowMs: MINUTE },
  /** The classification page's keyless live tester (/api/demo/image-classification): ~0.2-0.4 s of CPU a run. */
  'demo-image-classification': { name: 'demo-image-classification', limit: 10, windowMs: MINUTE },
  /** Keyless captioning demo runs: a pass plus text reading, 0.5-2 s of CPU each. */
  'demo-image-captioning': { name: 'demo-image-captioning', limit: 10, windowMs: MINUTE },
  /** The face analysis demo: four small models on each face, ~0.2-0.5 s of CPU a run. */
  'demo-face-analysis': { name: 'demo-face-analysis', limit: 10, windowMs: MINUTE },
  /** The similar-images demo: an embedding pass (~0.2-0.5 s of CPU) and an index query per search. */
  'demo-similar-images': { name: 'demo-similar-images', limit: 10, windowMs: MINUTE },
  /** The anonymous live tester (/api/demo/detect): enough to try the API by hand. */
  'demo-detect': { name: 'demo-detect', limit: 10, windowMs: MINUTE },
  /** Category writes are rare: this stops scripted floods without hindering real use. */
  categories: { name: 'categories', limit: 30, windowMs: MINUTE },
  /** Account sign-ups per client address. */
  'account-signup': { name: 'account-signup', limit: 30, windowMs: 60 * MINUTE },
  /** Account sign-in attempts per client address... */
  'account-login': { name: 'account-login', limit: 10, windowMs: 15 * MINUTE },
  /** ...and per username or email tried, from any address. */
  'account-login-id': { name: 'account-login-id', limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RatePolicy>;

/** Every named policy, for documentation: API limits and the site's own. */
export const ALL_RATE_LIMITS: Readonly<Record<string, RatePolicy>> = {
  ...API_RATE_LIMITS,
  ...SITE_RATE_LIMITS,
};
