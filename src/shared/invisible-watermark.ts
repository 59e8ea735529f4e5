/**
 * The invisible-watermark reader's decision thresholds, here so the docs' quotable figures can
 * state them without importing the reader (src/server/vision/invisible-watermark/known-marks.ts).
 */

/**
 * How many of the payload's bits must match for each finding. Chance agreement on an unmarked
 * image follows Binomial(n, 1/2): at these cut-offs it is below one in a million for 32 or
 * more bits. Stability's own checker (generative-models `scripts/demo/detect.py`) calls 35 of
 * 48 bits "very likely marked"; ours is stricter because a wrong "AI" label costs more than a
 * missed one.
 */
export const DETECTED_SHARE = 0.9;
/** Share of matching bits reported as a weak (not decisive) trace. */
export const TRACE_SHARE = 0.75;
