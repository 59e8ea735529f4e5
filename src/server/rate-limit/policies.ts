/**
 * The documented API limits (product spec, "Documented API limits"), per client per minute, in
 * one table every endpoint draws from. The name is the bucket and the `RateLimit-Policy` name,
 * so one kind of call shares one budget across the endpoints that make it.
 */
import type { RatePolicy } from './rate-limit';

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
export const policyForImages = (images: number): RatePolicy => (images > 1 ? API_RATE_LIMITS.batch : API_RATE_LIMITS.single);
