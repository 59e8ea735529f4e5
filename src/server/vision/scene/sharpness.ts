/**
 * Fine detail of a photo, for the inspection report's "blurred" check: the energy of the
 * Laplacian of the luminance over the 512x512 model view, scaled to 0-1. An out-of-focus or
 * shaken photo has little energy at the finest scale; plain arithmetic, no model.
 */

/** Root-mean-square Laplacian (0-255 luminance units) that reads as sharpness 1. */
const FULL_SCALE = 40;

/** Sharpness 0-1 of a square RGB view `side` pixels wide (the model view: 512). */
export function sharpness(rgb: Uint8Array, side = 512): number {
  const luma = new Float32Array(side * side);
  for (let i = 0; i < side * side; i++)
    luma[i] = 0.2126 * (rgb[i * 3] ?? 0) + 0.7152 * (rgb[i * 3 + 1] ?? 0) + 0.0722 * (rgb[i * 3 + 2] ?? 0);
  let sum = 0;
  let n = 0;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const lap = 4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - side]! - luma[i + side]!;
      sum += lap * lap;
      n++;
    }
  }
  const rms = Math.sqrt(sum / Math.max(1, n));
  return Math.round(Math.min(1, rms / FULL_SCALE) * 1000) / 1000;
}
