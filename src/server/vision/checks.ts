/**
 * Per-class thresholds and the free error checks of one pass (no extra model pass): what
 * `error_checks` 1-3 do for the classes the learned answer (./fixture-verifier.ts) does not
 * decide, and for every class outside rooms. See the doc comment of `./detector.ts` for the
 * whole contract.
 *
 * - Thresholds: a detection stands when its score reaches its class's threshold
 *   (fixture-thresholds.json, tuned on the room dataset's train photos, with the project's
 *   object labels, by `npm run eval:fixtures -- --write`; 0.30 for classes it has no figure
 *   for, and never below 0.30 on a photo the room classifier places outside any room:
 *   `photoThreshold`), lowered by `CONTEXT_BONUS` x the room prior (`contextThreshold`) when
 *   the room scores are known.
 * - Borderline: a detection scoring less than `BORDER_MARGIN` above its threshold. Only
 *   borderline detections are ever checked; a confident one stands whatever N is.
 * - Check 1, room context: drops a borderline detection of a class (almost) never seen
 *   confidently in the room the room classifier is sure of (top score >= 0.6), e.g. a faint
 *   toilet in a kitchen. The class-per-room frequencies (detections at >= 0.3) come from the
 *   train photos.
 * - Check 2, overlap: drops a borderline detection lying mostly (>= 60% of its box) inside a
 *   stronger detection of a class the model confuses it with (bed/couch, car/truck, ...).
 * - Check 3, size: drops a borderline detection smaller than the class ever appears when
 *   detected confidently (the 2nd percentile of box area in the train photos).
 */
import thresholdsFile from './fixture-thresholds.json';
import type { CocoLabel } from './coco-labels';
import { DEFAULT_MIN_SCORE } from './model';
import { ROOM_HEAD } from './rooms/head';
import type { RoomScore } from './rooms/classifier';

/** Above its threshold by less than this, a detection is borderline. */
export const BORDER_MARGIN = 0.15;
/** The room classifier's top score from which check 1 trusts the room. */
export const CONTEXT_MIN_ROOM_SCORE = 0.6;
/** A class seen confidently in fewer of a room's train photos than this is out of context. */
export const CONTEXT_MIN_FREQUENCY = 0.02;
/** Share of a borderline box inside a stronger confusable box that makes it a duplicate. */
export const OVERLAP_SHARE = 0.6;

interface ThresholdsFile {
  thresholds: Record<string, number>;
  /** How far a class's threshold drops when the photo's room makes it expected (see `contextThreshold`). */
  context_bonus?: number;
}
const FILE = thresholdsFile as ThresholdsFile;
const THRESHOLDS = FILE.thresholds;
/** Threshold drop for a class the room makes certain (prior 1); scaled by the prior. */
export const CONTEXT_BONUS = FILE.context_bonus ?? 0;
/** No threshold, however much the room expects the class, goes below this. */
export const MIN_THRESHOLD = 0.1;

/** Pairs the model mixes up: a weak one inside a strong other is the same object. */
const CONFUSABLE: readonly (readonly [CocoLabel, CocoLabel])[] = [
  ['bed', 'couch'],
  ['couch', 'chair'],
  ['bed', 'dining table'],
  ['couch', 'dining table'],
  ['tv', 'laptop'],
  ['tv', 'microwave'],
  ['oven', 'microwave'],
  ['potted plant', 'vase'],
  ['sink', 'toilet'],
  ['car', 'truck'],
  ['bus', 'truck'],
  ['cup', 'vase'],
  ['cup', 'wine glass'],
  ['cat', 'dog'],
];

const confusable = (a: string, b: string): boolean =>
  CONFUSABLE.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** The score a detection of `label` needs to stand. */
export const classThreshold = (label: string): number => THRESHOLDS[label] ?? DEFAULT_MIN_SCORE;

/**
 * How expected `label` is in this photo: the room classifier's scores weighted by how often the
 * class shows in each room's train photos (0-1; 0 without room scores).
 */
export function roomPrior(label: string, room: readonly RoomScore[] | undefined): number {
  const context = ROOM_HEAD.checks?.context;
  if (!room || !context) return 0;
  let prior = 0;
  for (const r of room) prior += r.score * (context[r.label]?.[label] ?? 0);
  return Math.min(1, prior);
}

/** Whether the room classifier places the photo outside any room (a pet, a street, a close-up). */
export const outsideRooms = (room: readonly RoomScore[] | undefined): boolean => room?.[0]?.label === 'other';

/**
 * The class threshold for this photo: the tuned one, which was tuned on interior photos only,
 * or at least the detector's default (0.3) on a photo the room classifier places outside any
 * room, where nothing showed the lower thresholds are safe (a cat's close-up read as a bed at 0.23).
 */
export const photoThreshold = (
  label: string,
  room: readonly RoomScore[] | undefined,
  base: (label: string) => number = classThreshold,
): number => (outsideRooms(room) ? Math.max(DEFAULT_MIN_SCORE, base(label)) : base(label));

/**
 * The score a detection of `label` needs in this photo: its class threshold (`photoThreshold`),
 * lowered by `bonus` x the room prior (a faint sink in a bathroom is more likely a sink than
 * the same score in a bedroom), never below MIN_THRESHOLD. Tuned with the thresholds by
 * `scripts/data/fixtures-recall.ts`.
 */
export function contextThreshold(
  label: string,
  room: readonly RoomScore[] | undefined,
  base: (label: string) => number = classThreshold,
  bonus = CONTEXT_BONUS,
): number {
  const t = photoThreshold(label, room, base);
  return bonus > 0 ? Math.max(MIN_THRESHOLD, t - bonus * roomPrior(label, room)) : t;
}

/** The lowest threshold any class can have: the floor the pass is decoded at. */
export const LOWEST_THRESHOLD = Math.max(
  MIN_THRESHOLD,
  Math.min(DEFAULT_MIN_SCORE, ...Object.values(THRESHOLDS)) - CONTEXT_BONUS,
);

export interface CheckedBox {
  label: CocoLabel;
  score: number;
  /** [x1, y1, x2, y2] as fractions of the image. */
  box: readonly [number, number, number, number];
}

export const isBorderline = (d: CheckedBox, threshold: (label: string) => number = classThreshold): boolean =>
  d.score < threshold(d.label) + BORDER_MARGIN;

export type CheckName = 'learned' | 'room_context' | 'overlap' | 'size' | 'views';

const area = (b: CheckedBox['box']): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
function insideShare(inner: CheckedBox['box'], outer: CheckedBox['box']): number {
  const ix = Math.max(0, Math.min(inner[2], outer[2]) - Math.max(inner[0], outer[0]));
  const iy = Math.max(0, Math.min(inner[3], outer[3]) - Math.max(inner[1], outer[1]));
  const a = area(inner);
  return a > 0 ? (ix * iy) / a : 0;
}

/**
 * Runs checks 1..min(n, 3) on the detections of one pass (already at or above their thresholds)
 * and returns, per detection, the check that dropped it or undefined when it stands.
 */
export function freeChecks(
  dets: readonly CheckedBox[],
  n: number,
  room?: readonly RoomScore[],
  threshold: (label: string) => number = classThreshold,
): (CheckName | undefined)[] {
  const context = ROOM_HEAD.checks?.context;
  const minArea = ROOM_HEAD.checks?.min_area ?? {};
  const top = room?.[0];
  return dets.map((d) => {
    if (n <= 0 || !isBorderline(d, threshold)) return undefined;
    if (top && top.label !== 'other' && top.score >= CONTEXT_MIN_ROOM_SCORE && context?.[top.label]) {
      const freq = context[top.label]?.[d.label] ?? 0;
      if (freq < CONTEXT_MIN_FREQUENCY) return 'room_context';
    }
    if (
      n >= 2 &&
      dets.some(
        (o) =>
          o !== d &&
          o.score > d.score &&
          confusable(o.label, d.label) &&
          insideShare(d.box, o.box) >= OVERLAP_SHARE,
      )
    ) {
      return 'overlap';
    }
    if (n >= 3 && (minArea[d.label] ?? 0) > area(d.box)) return 'size';
    return undefined;
  });
}
