/**
 * The image limits (enforced by src/server/vision/image-input.ts) and the upload limits of the
 * hosting platform, which the contracts' texts, the API reference, the demos and the quotable
 * figures share.
 */

const MIB = 1024 * 1024;

/** What an image may be: its file size by URL, and the length of its shorter and longer side in pixels. */
export const IMAGE_LIMITS = {
  maxBytes: 10 * MIB,
  minSide: 256,
  maxSide: 4096,
} as const;

/** The image limits as the contracts' texts write them. */
export const IMAGE_LIMIT_TEXT = {
  /** `10 MB` */
  size: `${IMAGE_LIMITS.maxBytes / MIB} MB`,
  /** `256 to 4096` (pixels a side) */
  sides: `${IMAGE_LIMITS.minSide} to ${IMAGE_LIMITS.maxSide}`,
  /** `256x256 and 4096x4096` */
  area: `${IMAGE_LIMITS.minSide}x${IMAGE_LIMITS.minSide} and ${IMAGE_LIMITS.maxSide}x${IMAGE_LIMITS.maxSide}`,
} as const;

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
