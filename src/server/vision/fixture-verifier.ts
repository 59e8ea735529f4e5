/**
 * The learned answer to "is this fixture in the photo", for the 16 classes the room dataset's
 * photos are labelled with (./fixture-verifier.json, trained by
 * `npm run train:fixture-verifier` on the 706 train photos with the project's object labels).
 * On a photo the room classifier places in a room it replaces the per-class threshold and
 * checks 1-3 for those classes (./detector.ts says where), because a threshold on one score
 * cannot weigh what else the photo shows: a faint sink next to a strong toilet in a bathroom
 * is a sink, the same score next to a bed is not.
 *
 * One logistic model pooled over the classes reads, per (photo, class), from the plain pass
 * only (no extra pass): the class's best and second-best score, the log area and vertical
 * centre of its best box, how many of its boxes the pass decoded, the room prior
 * (`roomPrior`), the room classifier's seven probabilities, the best score of each of the 16
 * classes in the photo, and per class a bias and a slope on its best score. Plain arrays, a
 * few hundred multiply-adds per class.
 */
import verifierFile from './fixture-verifier.json';
import { roomPrior } from './checks';
import { ROOM_LABELS, type RoomScore } from './rooms/classifier';

/** The classes the learned answer decides, in the order of its one-hot features. */
export const VERIFIED_CLASSES = [
  'chair',
  'sink',
  'dining table',
  'bed',
  'couch',
  'potted plant',
  'vase',
  'oven',
  'refrigerator',
  'book',
  'toilet',
  'clock',
  'tv',
  'microwave',
  'person',
  'laptop',
] as const;
export type VerifiedClass = (typeof VERIFIED_CLASSES)[number];

export const isVerifiedClass = (label: string): label is VerifiedClass =>
  (VERIFIED_CLASSES as readonly string[]).includes(label);

/** One detection of the plain pass, as the pass decodes it. */
export interface PassDetection {
  label: string;
  score: number;
  /** [x1, y1, x2, y2] as fractions of the image. */
  box: readonly [number, number, number, number];
}

/** Names of the features, in order (the weights file repeats them, and the trainer checks). */
export const FEATURE_NAMES: readonly string[] = [
  'best_score',
  'second_score',
  'log_box_area',
  'box_centre_y',
  'boxes',
  'room_prior',
  ...ROOM_LABELS.map((r) => `room:${r}`),
  ...VERIFIED_CLASSES.map((c) => `best:${c}`),
  ...VERIFIED_CLASSES.map((c) => `is:${c}`),
  ...VERIFIED_CLASSES.map((c) => `is:${c}*best_score`),
];

/**
 * The feature row of one (photo, class) question. `dets` are the plain pass's detections at the
 * floor it is decoded at (0.1), `room` the room classifier's scores.
 */
export function verifierFeatures(
  label: VerifiedClass,
  dets: readonly PassDetection[],
  room: readonly RoomScore[],
): number[] {
  const best = (c: string) => dets.reduce((m, d) => (d.label === c && d.score > m ? d.score : m), 0);
  const own = dets.filter((d) => d.label === label).sort((a, b) => b.score - a.score);
  const b = own[0]?.box;
  const s1 = own[0]?.score ?? 0;
  const oneHot = VERIFIED_CLASSES.map((k) => (k === label ? 1 : 0));
  return [
    s1,
    own[1]?.score ?? 0,
    Math.log(b ? (b[2] - b[0]) * (b[3] - b[1]) + 1e-4 : 1e-4),
    b ? (b[1] + b[3]) / 2 : 0.5,
    own.length,
    roomPrior(label, room),
    ...ROOM_LABELS.map((r) => room.find((x) => x.label === r)?.score ?? 0),
    ...VERIFIED_CLASSES.map(best),
    ...oneHot,
    ...oneHot.map((h) => h * s1),
  ];
}

export interface VerifierModel {
  /** Feature names, in row order (FEATURE_NAMES when the file matches this code). */
  features: readonly string[];
  /** Weights on the raw features (the standardisation folded in) and the bias. */
  weights: readonly number[];
  bias: number;
  /** Probability from which the class is said to be present. */
  threshold: number;
}

/** The shipped model (its features must be FEATURE_NAMES: fixture-verifier.test.ts checks). */
export const VERIFIER: VerifierModel = verifierFile;

/** Probability that `label` is in the photo, from a feature row. */
export function presenceProbability(x: readonly number[], model: VerifierModel = VERIFIER): number {
  let z = model.bias;
  for (let j = 0; j < x.length; j++) z += (model.weights[j] ?? 0) * x[j]!;
  return 1 / (1 + Math.exp(-z));
}

/** How far above its threshold a learned answer must be to count as sure (not borderline). */
export const VERIFIER_MARGIN = 0.2;
