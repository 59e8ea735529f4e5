/**
 * One image, analysed: the plain pass gives the detections (with boxes) and the image-level
 * features; `errorChecks` (N, 0-10, default 3) decides how hard borderline detections are
 * checked. What each check does, as documented in the API reference:
 *
 * - Pass 0 runs on the plain image. A detection stands when its score reaches its class's
 *   threshold (per class, tuned on real interior photos: ./fixture-thresholds.json; 0.30
 *   for classes without a figure, and at least 0.30 on a photo the room classifier places outside
 *   any room), lowered by the room-context bonus (`context_bonus`, 0 where its tuning found no
 *   gain) where the room classifier makes the class expected (checks.ts `contextThreshold`;
 *   only when the features were computed, i.e. with any error check). A detection less than 0.15 above its threshold is
 *   *borderline*; only borderline detections are ever checked, a confident one always stands.
 * - Checks 1-3 cost no model pass (they read the plain pass and its features). On a photo the
 *   room classifier places in a room, the 16 classes the room dataset's photos are labelled with
 *   (chair, sink, bed, toilet, ...) are decided, with any check, by a learned answer
 *   (./fixture-verifier.ts) in place of their threshold and checks 1-3: a logistic model that
 *   reads what those checks read and more (the class's two best scores and its best box, the
 *   room classifier's probabilities, the best score of each of the 16 classes). A class it says
 *   is present stands with its boxes at its threshold, and with its best box even below it
 *   (down to the 0.1 the pass is decoded at); a class it says is absent is dropped
 *   (`learned`). An answer within 0.2 above its probability threshold is borderline. On a photo
 *   placed outside any room, the learned answer can only drop a class the thresholds and
 *   checks 1-3 keep. For every other class, and outside rooms:
 *   1. room context: the room classifier (./rooms) names the room; when it is sure
 *      (score >= 0.6), a borderline detection of a class almost never seen in that room
 *      (< 2% of its train photos) is dropped, e.g. a faint toilet in a kitchen;
 *   2. overlap: a borderline detection mostly inside a stronger detection of a class the model
 *      confuses it with (bed/couch, car/truck, potted plant/vase, ...) is the same object: dropped;
 *   3. size: a borderline box smaller than its class ever appears when detected confidently
 *      (2nd percentile in the train photos) is dropped.
 * - Checks 4..N each run one extra pass, only when borderline detections of relevant classes
 *   survive checks 1-3, over augmented views in this fixed order: mirrored, 90% centre zoom,
 *   brighter (x1.2), mirrored + darker (x0.85), 85% zoom + mirrored, darker (x0.8),
 *   92% zoom + brighter (x1.1). A borderline class is kept when at least ceil((N-3)/2) of
 *   these passes find it at >= 0.8 x its threshold (or x its plain score, when the learned
 *   answer kept it below its threshold); passes stop once every one is decided.
 * - A class seen only in an augmented view never counts, and the checks above 3 only remove.
 *   With N = 0 every detection at its threshold stands, and nothing else.
 * The default (3) therefore costs no extra pass; each N above 3 can cost one more pass, and
 * only on photos with borderline detections.
 */
import {
  contextThreshold,
  freeChecks,
  isBorderline,
  LOWEST_THRESHOLD,
  MIN_THRESHOLD,
  outsideRooms,
  type CheckName,
} from './checks';
import type { CocoLabel } from './coco-labels';
import {
  isVerifiedClass,
  presenceProbability,
  VERIFIER,
  VERIFIER_MARGIN,
  verifierFeatures,
} from './fixture-verifier';
import type { DecodedImage, ViewAugmentation } from './image-input';
import {
  DEFAULT_MIN_SCORE,
  detectWithFeatures,
  detectRaw,
  type PassFeatures,
  type RawDetection,
} from './model';
import { classifyRoom, type RoomScore } from './rooms/classifier';

/** Ratio of the threshold an augmented pass needs to confirm a class. */
const CONFIRM_RATIO = 0.8;
/** Checks 1-3 need no pass; the augmented-view passes are checks 4..10. */
export const FREE_CHECKS = 3;

/** The augmented views, in the order the error-check passes use them. */
export const CHECK_VIEWS: readonly ViewAugmentation[] = [
  { flip: true },
  { zoom: 0.9 },
  { brightness: 1.2 },
  { flip: true, brightness: 0.85 },
  { zoom: 0.85, flip: true },
  { brightness: 0.8 },
  { zoom: 0.92, brightness: 1.1 },
];

export const MAX_ERROR_CHECKS = FREE_CHECKS + CHECK_VIEWS.length;

/** A detection on the source image. */
export interface Detection {
  label: CocoLabel;
  /** Model score, 0-1. */
  confidence: number;
  /** [x, y, width, height] in source-image pixels (after EXIF orientation). */
  box: [number, number, number, number];
  /** Whether this detection passed the error checks (always true with 0 checks). */
  confirmed: boolean;
  /** The check that dropped it, when one did. */
  droppedBy?: CheckName;
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
  /** Room scores of the room classifier (whenever the features were computed: `features` or checks). */
  room?: RoomScore[];
  /** The learned answer's probability per labelled class the pass saw (with any check). */
  presence?: Map<CocoLabel, number>;
}

export interface AnalyzeOptions {
  /** Verification passes, 0-10. */
  errorChecks: number;
  /** Classes whose answer matters; others get no augmented pass (default: all candidates). */
  relevant?: ReadonlySet<CocoLabel>;
  /** One threshold for every class instead of the per-class ones (scripts, studies). */
  minScore?: number;
  /** Also return the plain pass's image-level features (no extra pass). */
  features?: boolean;
}

/** Number of augmented passes that must agree for N error checks (the first 3 need none). */
export const confirmationsNeeded = (n: number): number => Math.ceil(Math.max(0, n - FREE_CHECKS) / 2);

/** What the plain pass decides on its own: pass 0, the learned answer and checks 1-3. */
export interface PassDecision {
  /** The detections listed: those at their threshold, plus a learned class's best box below it. */
  base: RawDetection[];
  /** Per entry of `base`, the check that dropped it (undefined: it stands). */
  dropped: (CheckName | undefined)[];
  /** The learned answer's probability per labelled class the pass saw (with any check). */
  presence: Map<CocoLabel, number>;
  /** Classes still standing but not sure: what checks 4..N look at again. */
  candidates: Set<CocoLabel>;
  /** The score an augmented view must find a candidate class at. */
  viewBar: (label: CocoLabel) => number;
}

/**
 * Pass 0, the learned answer and checks 1..min(n, 3) on the plain pass's detections (decoded down
 * to 0.1) and the room scores (undefined without features): no model runs here.
 */
export function decidePass(
  raw: readonly RawDetection[],
  room: RoomScore[] | undefined,
  n: number,
  opts: Pick<AnalyzeOptions, 'minScore' | 'relevant'> = {},
): PassDecision {
  // Per class, lowered where the room makes the class expected (checks.ts `contextThreshold`).
  const threshold = (label: string): number => opts.minScore ?? contextThreshold(label, room);
  // With any check: the learned answer's probability per labelled class the pass saw. In a room
  // it decides the class; outside rooms it can only drop what the thresholds and checks keep.
  const inRoom = room !== undefined && !outsideRooms(room);
  const presence = new Map<CocoLabel, number>();
  if (n > 0 && room && opts.minScore === undefined)
    for (const d of raw)
      if (isVerifiedClass(d.label) && !presence.has(d.label))
        presence.set(d.label, presenceProbability(verifierFeatures(d.label, raw, room)));
  const present = (label: CocoLabel) => (presence.get(label) ?? 0) >= VERIFIER.threshold;
  const best = new Map<CocoLabel, RawDetection>();
  for (const d of raw) if (d.score > (best.get(d.label)?.score ?? -1)) best.set(d.label, d);
  const base = raw.filter(
    (d) => d.score >= threshold(d.label) || (inRoom && present(d.label) && best.get(d.label) === d),
  );
  const dropped = freeChecks(base, Math.min(n, FREE_CHECKS), room, threshold).map((check, i) => {
    const label = base[i]!.label;
    if (!presence.has(label)) return check;
    if (!present(label)) return 'learned' as const;
    return inRoom ? undefined : check;
  });

  // Sure: a learned class well above its probability threshold (and, outside rooms, its score
  // well above its threshold too), any other class well above its threshold.
  const isSure = (d: RawDetection): boolean => {
    const p = presence.get(d.label);
    if (p === undefined) return !isBorderline(d, threshold);
    return p >= VERIFIER.threshold + VERIFIER_MARGIN && (inRoom || !isBorderline(d, threshold));
  };
  const standing = base.filter((_, i) => dropped[i] === undefined);
  const sure = new Set(standing.filter(isSure).map((d) => d.label));
  const candidates = new Set(
    standing
      .filter((d) => !sure.has(d.label) && (!opts.relevant || opts.relevant.has(d.label)))
      .map((d) => d.label),
  );
  // What an augmented view must score: 0.8 x the threshold, or x the plain score when lower.
  const viewBar = (label: CocoLabel): number =>
    CONFIRM_RATIO * Math.min(threshold(label), best.get(label)?.score ?? 1);
  return { base, dropped, presence, candidates, viewBar };
}

/** Runs the plain pass plus the error checks on one decoded image. */
export async function analyzeImage(image: DecodedImage, opts: AnalyzeOptions): Promise<ImageAnalysis> {
  const n = Math.max(0, Math.min(MAX_ERROR_CHECKS, Math.trunc(opts.errorChecks)));
  const plain = await image.view();
  // Checks need the room, hence the features; they come from the same pass at no extra cost.
  const wantFeatures = opts.features === true || n > 0;
  // The learned answer reads every box the pass scores at 0.1 or more (the floor it was trained on).
  const floor = opts.minScore ?? (n > 0 ? Math.min(LOWEST_THRESHOLD, MIN_THRESHOLD) : LOWEST_THRESHOLD);
  let raw: RawDetection[];
  let features: PassFeatures | undefined;
  if (wantFeatures) ({ detections: raw, features } = await detectWithFeatures(plain, floor));
  else raw = await detectRaw(plain, floor);

  // The room head was trained on the pass's detections at >= 0.3, whatever the class thresholds.
  const room = features
    ? classifyRoom({
        features,
        detections: raw
          .filter((d) => d.score >= DEFAULT_MIN_SCORE)
          .map((d) => ({ label: d.label, confidence: d.score })),
      })
    : undefined;
  const { base, dropped, presence, candidates, viewBar } = decidePass(raw, room, n, opts);
  const viewChecks = Math.max(0, n - FREE_CHECKS);
  const confirmedViews = new Set<CocoLabel>();
  const rejected = new Set<CocoLabel>();
  const votes = new Map<CocoLabel, number>();
  const need = confirmationsNeeded(n);
  let passes = 1;
  for (let k = 0; k < viewChecks; k++) {
    const open = [...candidates].filter((l) => !confirmedViews.has(l) && !rejected.has(l));
    if (open.length === 0) break;
    const view = CHECK_VIEWS[k] ?? {};
    const seen = await detectRaw(await image.view(view), floor * CONFIRM_RATIO);
    passes++;
    const remaining = viewChecks - k - 1;
    for (const label of open) {
      const hit = seen.some((d) => d.label === label && d.score >= viewBar(label));
      const v = (votes.get(label) ?? 0) + (hit ? 1 : 0);
      votes.set(label, v);
      if (v >= need) confirmedViews.add(label);
      else if (v + remaining < need) rejected.add(label);
    }
  }

  const { width, height } = image;
  const detections = base.map<Detection>((d, i) => {
    const x = Math.round(d.box[0] * width);
    const y = Math.round(d.box[1] * height);
    let droppedBy = dropped[i];
    if (!droppedBy && viewChecks > 0 && candidates.has(d.label) && !confirmedViews.has(d.label))
      droppedBy = 'views';
    return {
      label: d.label,
      confidence: Math.round(d.score * 1000) / 1000,
      box: [x, y, Math.round(d.box[2] * width) - x, Math.round(d.box[3] * height) - y],
      confirmed: droppedBy === undefined,
      ...(droppedBy && { droppedBy }),
    };
  });
  const confirmed = new Set(detections.filter((d) => d.confirmed).map((d) => d.label));
  return {
    width,
    height,
    detections,
    confirmed,
    passes,
    ...(opts.features && features && { features }),
    ...(room && { room }),
    ...(presence.size > 0 && { presence }),
  };
}
