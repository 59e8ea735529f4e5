/**
 * Image quality of one face, measured from its pixels (greyscale, the mesh box resampled to a
 * fixed square so a large and a small face are judged on the same grid).
 */

/** Side of the square the face is resampled to before measuring. */
export const QUALITY_SIDE = 112;
/** Laplacian variance at which sharpness reads 0.5 (measured on the sample faces: sharp ones 300+, blurred below 60). */
const SHARPNESS_HALF = 120;

export type Exposure = 'under' | 'good' | 'over';

export interface FaceQuality {
  /** 0-1: variance of the Laplacian, squashed (0 a flat patch, about 0.7 and above crisp). */
  sharpness: number;
  /** Mean brightness of the face, 0 (black) to 1 (white). */
  brightness: number;
  /** Share of the face's pixels clipped to black or white. */
  clipped: number;
  exposure: Exposure;
}

/** Measures `grey` (QUALITY_SIDE squared bytes, row-major). */
export function measureQuality(grey: Uint8Array, side = QUALITY_SIDE): FaceQuality {
  let sum = 0;
  let clippedCount = 0;
  for (const v of grey) {
    sum += v;
    if (v <= 8 || v >= 247) clippedCount++;
  }
  const n = grey.length || 1;
  const brightness = sum / n / 255;
  const clipped = clippedCount / n;
  let lapSum = 0;
  let lapSq = 0;
  let count = 0;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const lap =
        (grey[i - side] ?? 0) +
        (grey[i + side] ?? 0) +
        (grey[i - 1] ?? 0) +
        (grey[i + 1] ?? 0) -
        4 * (grey[i] ?? 0);
      lapSum += lap;
      lapSq += lap * lap;
      count++;
    }
  }
  const mean = count ? lapSum / count : 0;
  const variance = count ? lapSq / count - mean * mean : 0;
  const sharpness = variance / (variance + SHARPNESS_HALF);
  return {
    sharpness: round(sharpness),
    brightness: round(brightness),
    clipped: round(clipped),
    exposure: exposureOf(brightness, clipped),
  };
}

/** Under below 0.25 mean brightness, over above 0.85 or with a fifth of the face clipped white. */
function exposureOf(brightness: number, clipped: number): Exposure {
  if (brightness < 0.25) return 'under';
  if (brightness > 0.85 || (clipped > 0.2 && brightness > 0.6)) return 'over';
  if (clipped > 0.2) return 'under';
  return 'good';
}

const round = (v: number): number => Math.round(v * 1000) / 1000;
