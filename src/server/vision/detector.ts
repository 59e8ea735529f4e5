/**
 * One image, analysed: the plain pass gives the detections (with boxes), and `errorChecks`
 * extra passes over augmented views confirm them.
 *
 * Meaning of `error_checks` (N, 0-10, default 3), as documented in the API reference:
 * - Pass 0 runs on the plain image; a class found there at score >= 0.30 is a candidate.
 * - Passes 1..N run on augmented views, in this fixed order: mirrored, 90% centre zoom,
 *   brighter (x1.2), mirrored + darker (x0.85), 85% zoom + mirrored, darker (x0.8),
 *   92% zoom + brighter (x1.1), 95% zoom + mirrored, brighter (x1.3), 88% zoom + darker (x0.9).
 * - A candidate is confirmed when at least ceil(N / 2) of the N augmented passes also find its
 *   class at score >= 0.24 (0.8 x the base threshold: augmentations cost the model a little
 *   confidence on true objects, much more on spurious ones). With N = 0 every candidate stands.
 * - A class seen only in an augmented view never counts: checks remove errors, they do not add
 *   detections.
 * - Passes stop early once every candidate that matters is confirmed or can no longer be, so
 *   an image without candidates costs one pass whatever N is.
 */
import type { CocoLabel } from './coco-labels';
import type { DecodedImage, ViewAugmentation } from './image-input';
import { DEFAULT_MIN_SCORE, detectRaw, detectWithFeatures, type PassFeatures } from './model';

/** Ratio of the base threshold an augmented pass needs to confirm a class. */
const CONFIRM_RATIO = 0.8;

/** The augmented views, in the order the error-check passes use them. */
export const CHECK_VIEWS: readonly ViewAugmentation[] = [
  { flip: true },
  { zoom: 0.9 },
  { brightness: 1.2 },
  { flip: true, brightness: 0.85 },
  { zoom: 0.85, flip: true },
  { brightness: 0.8 },
  { zoom: 0.92, brightness: 1.1 },
  { zoom: 0.95, flip: true },
  { brightness: 1.3 },
  { zoom: 0.88, brightness: 0.9 },
];

export const MAX_ERROR_CHECKS = CHECK_VIEWS.length;

/** A detection on the source image. */
export interface Detection {
  label: CocoLabel;
  /** Model score, 0-1. */
  confidence: number;
  /** [x, y, width, height] in source-image pixels (after EXIF orientation). */
  box: [number, number, number, number];
  /** Whether the error-check passes confirmed this class (always true with 0 checks). */
  confirmed: boolean;
}

export interface ImageAnalysis {
  width: number;
  height: number;
  /** Every detection of the plain pass, strongest first. */
  detections: Detection[];
  /** Classes that passed the error checks. */
  confirmed: Set<CocoLabel>;
  /** Passes actually run (1 + verification passes before early stop). */
  passes: number;
  /** Image-level features of the plain pass, when asked for (`features: true`). */
  features?: PassFeatures;
}

export interface AnalyzeOptions {
  /** Verification passes, 0-10. */
  errorChecks: number;
  /** Classes whose answer matters; others are not verified (default: all candidates). */
  relevant?: ReadonlySet<CocoLabel>;
  minScore?: number;
  /** Also return the plain pass's image-level features (no extra pass). */
  features?: boolean;
}

/** Number of augmented passes that must agree for N error checks. */
export const confirmationsNeeded = (n: number): number => Math.ceil(n / 2);

/** Runs the plain pass plus the error-check passes on one decoded image. */
export async function analyzeImage(image: DecodedImage, opts: AnalyzeOptions): Promise<ImageAnalysis> {
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const n = Math.max(0, Math.min(MAX_ERROR_CHECKS, Math.trunc(opts.errorChecks)));
  const plain = await image.view();
  let base;
  let features: PassFeatures | undefined;
  if (opts.features) ({ detections: base, features } = await detectWithFeatures(plain, minScore));
  else base = await detectRaw(plain, minScore);

  const candidates = new Set(base.map((d) => d.label).filter((l) => !opts.relevant || opts.relevant.has(l)));
  const confirmed = new Set<CocoLabel>();
  const rejected = new Set<CocoLabel>();
  const votes = new Map<CocoLabel, number>();
  const need = confirmationsNeeded(n);
  let passes = 1;
  if (n === 0) for (const l of candidates) confirmed.add(l);

  for (let k = 0; k < n; k++) {
    const open = [...candidates].filter((l) => !confirmed.has(l) && !rejected.has(l));
    if (open.length === 0) break;
    const view = CHECK_VIEWS[k] ?? {};
    const seen = new Set((await detectRaw(await image.view(view), minScore * CONFIRM_RATIO)).map((d) => d.label));
    passes++;
    const remaining = n - k - 1;
    for (const label of open) {
      const v = (votes.get(label) ?? 0) + (seen.has(label) ? 1 : 0);
      votes.set(label, v);
      if (v >= need) confirmed.add(label);
      else if (v + remaining < need) rejected.add(label);
    }
  }

  const { width, height } = image;
  const detections = base.map<Detection>((d) => {
    const x = Math.round(d.box[0] * width);
    const y = Math.round(d.box[1] * height);
    return {
      label: d.label,
      confidence: Math.round(d.score * 1000) / 1000,
      box: [x, y, Math.round(d.box[2] * width) - x, Math.round(d.box[3] * height) - y],
      confirmed: confirmed.has(d.label),
    };
  });
  return { width, height, detections, confirmed, passes, ...(features && { features }) };
}
