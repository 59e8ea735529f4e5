/**
 * The image embedding of the similar-image search and the calibration of its similarity.
 *
 * Embedding: the CenterNet pass's `tower_0/CenternetHead/Mean` (128 values) or the pooled
 * backbone (480 values), whichever `scripts/data/calibrate-similar.ts` measured as separating edited
 * copies from unrelated photos best (`calibration.json`: `variant`; `_sym` variants add the
 * mirrored view, a second pass, so a mirrored copy embeds the same). The raw vectors all point
 * the same way (every pair above 0.93 cosine), so the stored gallery mean is subtracted and the
 * rest L2-normalised; the cosine of two such vectors is the raw score.
 *
 * Similarity: raw scores are mapped through a monotone piecewise-linear curve whose anchors
 * come from the same measurement: the median unrelated pair reads 0.5, the 99th percentile of
 * unrelated pairs 0.7 (so a default-threshold match is a related scene), and the floor of the
 * edited copies (resize + JPEG, 84% crop, brightness, mirror, text overlay), kept above every
 * unrelated pair measured, 0.9 (a near duplicate). The measured figures are in
 * `calibration.json` (`figures`, `phash`) and in the API documentation.
 *
 * Measured (scripts/data/calibrate-similar.ts, 60 gallery photos, 10 per category, 5 edits each,
 * 1770 photo pairs; raw cosine after mean subtraction):
 *   head mean (128):       edited copies p5 0.898 (mean 0.967, 84% crops p5 0.834); pairs of
 *                          different photos median -0.033, p99 0.768, max 0.951 (cross-category
 *                          max 0.783): margin p5 - p99 = 0.13.
 *   pooled backbone (480): edited copies p5 0.857 (mean 0.949, crops p5 0.805, text overlay p5
 *                          0.834); different photos median -0.039, p99 0.637, max 0.843 (two
 *                          windmills; cross-category max 0.607): margin 0.22. Chosen.
 *   Either, mirror-symmetric (plain + mirrored view, two passes): margins 0.14 and 0.22; the
 *   single backbone pass already scores mirrored copies >= 0.941, so no second pass.
 * Calibrated: different photos median 0.5, p99 0.7, cross-category max 0.69, same-scene max
 * 0.89; 95% of edited copies >= 0.9. Every edited copy ranked its original first.
 */
import calibration from './calibration.json' with { type: 'json' };
import type { ImageFeatures } from './features';
import { hashDistance, hashThumb, type PerceptualHash } from './phash';

export type EmbeddingVariant = 'head' | 'backbone' | 'head_sym' | 'backbone_sym';

interface Calibration {
  variant: EmbeddingVariant;
  anchors: [number, number][];
  mean: number[];
}

const CAL = calibration as unknown as Calibration;

/** Which embedding is stored, and its length. */
export const EMBEDDING_VARIANT: EmbeddingVariant = CAL.variant;
export const EMBEDDING_DIMS = CAL.mean.length;
/** Whether the embedding needs the mirrored view (a second pass). */
export const EMBEDDING_NEEDS_MIRROR = CAL.variant.endsWith('_sym');

/**
 * Perceptual-hash distance (bits of 64, either orientation) up to which two images are near
 * duplicates. Measured (calibration.json `phash`): resized + JPEG q55 copies at most 2 bits,
 * mirrored 4, brightened 8, text-overlaid 10; different gallery photos at least 16 (1st
 * percentile 20). 84% crops move 16-26 bits: crops are the embedding's job.
 */
export const NEAR_DUPLICATE_BITS = 10;

/** Mean-subtracted, L2-normalised embedding of one image's features. */
export function embed(features: Pick<ImageFeatures, 'plain' | 'mirrored'>): number[] {
  const key = CAL.variant.startsWith('head') ? 'head' : 'backbone';
  const a = features.plain[key];
  const b = EMBEDDING_NEEDS_MIRROR ? features.mirrored?.[key] : undefined;
  if (EMBEDDING_NEEDS_MIRROR && !b) throw new Error('similar: this embedding needs the mirrored view');
  const out = new Array<number>(a.length);
  let norm = 0;
  for (let i = 0; i < a.length; i++) {
    const v = (b ? (a[i]! + b[i]!) / 2 : a[i]!) - (CAL.mean[i] ?? 0);
    out[i] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}

/** An image as the search sees it: embedding and perceptual hash. */
export interface EmbeddedImage {
  embedding: number[];
  phash: PerceptualHash;
}

export const embedded = (features: ImageFeatures): EmbeddedImage => ({
  embedding: embed(features),
  phash: hashThumb(features.grey),
});

const interpolate = (points: readonly [number, number][], x: number, from: 0 | 1): number => {
  const to = from === 0 ? 1 : 0;
  if (x <= points[0]![from]) return points[0]![to];
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1]!;
    const q = points[i]!;
    if (x <= q[from]) return p[to] + ((x - p[from]) / (q[from] - p[from] || 1)) * (q[to] - p[to]);
  }
  return points[points.length - 1]![to];
};

/** Reported similarity (0-1) of a raw cosine score. */
export const similarityOf = (cosine: number): number =>
  Math.round(interpolate(CAL.anchors, cosine, 0) * 1000) / 1000;

/** The raw cosine score a reported similarity corresponds to (for filtering in SQL). */
export const cosineFor = (similarity: number): number => interpolate(CAL.anchors, similarity, 1);

/**
 * Reported similarity at and above which a match is a near duplicate: the calibration puts it
 * above every pair of different gallery photos measured, and the accuracy card
 * (content/accuracy/similar-image-search.json) measures the crops that still reach it.
 */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

/**
 * How one stored image answers a query: its reported similarity and the near-duplicate flag.
 * A near duplicate is a perceptual-hash match (re-encodes, resizes, mirrors, captions: the
 * similarity then reads at least 0.9) or an embedding similarity of 0.9 and above (crops, which
 * move the hash), so the flag and the documented 0.9 level always agree.
 */
export function judgeMatch(
  query: PerceptualHash,
  storedPhash: string,
  cosine: number,
): { similarity: number; near_duplicate: boolean } {
  const byHash = hashDistance(query, storedPhash) <= NEAR_DUPLICATE_BITS;
  const similarity = byHash
    ? Math.max(NEAR_DUPLICATE_SIMILARITY, similarityOf(cosine))
    : similarityOf(cosine);
  return { similarity, near_duplicate: byHash || similarity >= NEAR_DUPLICATE_SIMILARITY };
}

/** pgvector's text form of a vector. */
export const toVector = (v: readonly number[]): string =>
  `[${v.map((x) => (Math.round(x * 1e6) / 1e6).toString()).join(',')}]`;
