/**
 * Upload limits of the hosting platform that the API reference, the demos and the quotable
 * figures share. The image limits themselves (10 MB by URL, 256 to 4096 px a side) are
 * `IMAGE_LIMITS` in src/server/vision/image-input.ts, which enforces them.
 */

const MIB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Netlify buffers at most this much request body (base64-encoded on the way in). */
  platformBodyBytes: 6 * MIB,
  /** What that leaves for an uploaded file's own bytes: the documented upload limit. */
  fileBytes: 4.5 * MIB,
  /** Pixels the demo pages keep when they shrink a larger photo before upload. */
  downscalePixels: 2_000_000,
} as const;

/** Bytes in a megabyte as the docs count them (binary, as the limits are enforced). */
export const BYTES_PER_MB = MIB;
