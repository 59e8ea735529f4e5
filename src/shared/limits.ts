/**
 * Upload limits of the hosting platform that the API reference, the demos and the quotable
 * figures share, and the image limits that src/server/vision/image-input.ts enforces.
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

/** Documented image limits (docs "Images": JPEG, PNG, WebP; max 10 MB; 256x256 to 4096x4096). */
export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  minSide: 256,
  maxSide: 4096,
} as const;
