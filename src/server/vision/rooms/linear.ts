/**
 * The numeric core shared by the trained room heads and their training script: the feature
 * vector of one pass (pooled backbone, head mean, object evidence), and linear softmax /
 * logistic layers over standardised features. Plain arrays, no TensorFlow: a head is a few
 * thousand multiply-adds.
 */

/** The room labels, in the order of the room head's rows (re-exported by ./classifier). */
export const ROOM_LABELS = [
  'kitchen',
  'bathroom',
  'bedroom',
  'living_room',
  'dining_room',
  'office',
  'other',
] as const;
export type RoomLabel = (typeof ROOM_LABELS)[number];

/**
 * Rows of the room head beyond the room labels: `not_room`, trained on photos that are not of a
 * room at all (objects, animals, people, streets, landscapes), answers `other` like the room
 * dataset's own `other` (halls, stairs, house fronts). Two rows rather than one because the two
 * kinds of `other` look nothing alike, and one linear row would have to cover both.
 */
export const NOT_ROOM = 'not_room';
export const HEAD_LABELS = [...ROOM_LABELS, NOT_ROOM] as const;

/** Head probabilities (in `labels` order) as room-label probabilities: `not_room` counts as `other`. */
export function foldToRooms(p: readonly number[], labels: readonly string[]): number[] {
  return ROOM_LABELS.map((l) =>
    l === 'other'
      ? labels.reduce((sum, hl, i) => sum + (hl === 'other' || hl === NOT_ROOM ? (p[i] ?? 0) : 0), 0)
      : (p[labels.indexOf(l)] ?? 0),
  );
}

/** COCO classes whose best score (at the product threshold) joins the image features. */
export const EVIDENCE_CLASSES = [
  'person',
  'chair',
  'couch',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'keyboard',
  'remote',
  'sink',
  'oven',
  'microwave',
  'refrigerator',
  'toaster',
  'potted plant',
  'book',
  'clock',
  'vase',
  'bottle',
  'cup',
  'wine glass',
  'bowl',
  'car',
  'bench',
  'cell phone',
  'teddy bear',
  'hair drier',
  'toothbrush',
] as const;

/** Detections below this never reach the heads: the same floor the product's pass uses. */
export const EVIDENCE_MIN_SCORE = 0.3;

export interface FeatureSource {
  backbone: ArrayLike<number>;
  head: ArrayLike<number>;
  detections: readonly { label: string; confidence: number }[];
}

/** backbone (480) + head (128) + best score per evidence class (30) = 638 values. */
export function featureVector(src: FeatureSource): Float64Array {
  const nb = src.backbone.length;
  const nh = src.head.length;
  const out = new Float64Array(nb + nh + EVIDENCE_CLASSES.length);
  for (let i = 0; i < nb; i++) out[i] = src.backbone[i] ?? 0;
  for (let i = 0; i < nh; i++) out[nb + i] = src.head[i] ?? 0;
  for (const d of src.detections) {
    if (d.confidence < EVIDENCE_MIN_SCORE) continue;
    const k = (EVIDENCE_CLASSES as readonly string[]).indexOf(d.label);
    if (k >= 0) out[nb + nh + k] = Math.max(out[nb + nh + k] ?? 0, d.confidence);
  }
  return out;
}

/** A standardiser: (x - mean) / std per feature. */
export interface Scaler {
  mean: number[];
  std: number[];
}

export function fitScaler(rows: readonly Float64Array[]): Scaler {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j]! += r[j]! / rows.length;
  for (const r of rows) for (let j = 0; j < d; j++) std[j]! += (r[j]! - mean[j]!) ** 2 / rows.length;
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j]!) || 1;
  return { mean, std };
}

export function standardise(x: Float64Array, s: Scaler): Float64Array {
  const out = new Float64Array(x.length);
  for (let j = 0; j < x.length; j++) out[j] = (x[j]! - (s.mean[j] ?? 0)) / (s.std[j] ?? 1);
  return out;
}

/** Weights of a linear layer: `w[k]` is class k's weight row, `b[k]` its bias. */
export interface Linear {
  w: number[][];
  b: number[];
}

export function logits(x: Float64Array, layer: Linear): number[] {
  return layer.w.map((row, k) => {
    let z = layer.b[k] ?? 0;
    for (let j = 0; j < row.length; j++) z += row[j]! * x[j]!;
    return z;
  });
}

export function softmax(z: readonly number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Fixtures with presence labels in the room dataset, each with a trained head. */
export const FIXTURES = [
  'bathtub',
  'shower',
  'walk_in_shower',
  'fireplace',
  'kitchen_island',
  'mirror',
] as const;
export type Fixture = (typeof FIXTURES)[number];

/**
 * Lifts `other` to at least `floor` and renormalises: `other` wins exactly when no room scores
 * above the floor, and the order among the rooms is unchanged.
 */
export function applyOtherFloor(p: readonly number[], otherIndex: number, floor: number): number[] {
  const lifted = p.map((v, i) => (i === otherIndex ? Math.max(v, floor) : v));
  const sum = lifted.reduce((a, b) => a + b, 0);
  return lifted.map((v) => v / sum);
}
