/**
 * The trained heads over one pass's features (weights in room-head.json, written by
 * `npm run train:rooms`; data, settings and dev figures in MODEL_CARD.md):
 * - room type: a softmax over the seven room labels and `not_room` (photos that are not of a
 *   room; folded into `other`), with a calibrated floor for `other` so a photo no room is
 *   confident about answers `other` instead of a guess;
 * - fixture presence: one logistic head per fixture (bathtub, shower, walk_in_shower,
 *   fireplace, kitchen_island, mirror). Only heads whose dev-split F1 reached 0.8 are
 *   `offered`; the others stay out of the API. Presence only: these heads give no box.
 */
import raw from './room-head.json';
import {
  applyOtherFloor,
  featureVector,
  foldToRooms,
  logits,
  ROOM_LABELS,
  sigmoid,
  softmax,
  standardise,
  type FeatureSource,
  type Fixture,
  type Scaler,
  FIXTURES,
} from './linear';

export { applyOtherFloor, FIXTURES, type Fixture };

export interface PresenceHead {
  w: number[];
  b: number;
  /** Score at or above which the fixture is present (cross-validated F1 on train). */
  threshold: number;
  dev: { f1: number; tp: number; fp: number; fn: number; f1_within_room: number; room: string };
  /** Whether the API offers this fixture (dev F1 >= 0.8). */
  offered: boolean;
}

export interface RoomHeadFile {
  about: string;
  features: { backbone: number; head: number; evidence: string[] };
  scaler: Scaler;
  room: { labels: string[]; w: number[][]; b: number[]; other_floor: number };
  presence: Record<Fixture, PresenceHead>;
  training: Record<string, number>;
  dev: {
    images: number;
    accuracy: number;
    per_source: Record<string, string>;
    confusion: number[][];
    /** Held-out non-room photos (packages never trained on): how many answered `other`. */
    non_room?: { images: number; other: number; per_source: Record<string, string> };
  };
  /** Priors of the free error checks (../checks.ts), from the train photos' confident detections. */
  checks?: {
    /** room -> COCO class -> share of that room's train photos with the class at score >= 0.3. */
    context: Record<string, Record<string, number>>;
    /** COCO class -> 2nd percentile of its confident boxes' area, as a fraction of the image. */
    min_area: Record<string, number>;
  };
}

export const ROOM_HEAD = raw as unknown as RoomHeadFile;

/** Standardised feature vector of one pass, in the layout the heads were trained on. */
export const headInput = (src: FeatureSource): Float64Array =>
  standardise(featureVector(src), ROOM_HEAD.scaler);

/** Room probabilities in `ROOM_LABELS` order (`not_room` folded into `other`), `other` floor applied. */
export function roomProbabilities(x: Float64Array): number[] {
  const p = foldToRooms(softmax(logits(x, ROOM_HEAD.room)), ROOM_HEAD.room.labels);
  return applyOtherFloor(p, ROOM_LABELS.indexOf('other'), ROOM_HEAD.room.other_floor);
}

export interface FixturePresence {
  fixture: Fixture;
  score: number;
  present: boolean;
}

/** The offered presence heads' answers for one pass (none for heads below the F1 bar). */
export function fixturePresence(
  x: Float64Array,
  which: readonly Fixture[] = offeredFixtures(),
): FixturePresence[] {
  return which.map((fixture) => {
    const h = ROOM_HEAD.presence[fixture];
    const score = sigmoid(logits(x, { w: [h.w], b: [h.b] })[0] ?? 0);
    return { fixture, score: Math.round(score * 1000) / 1000, present: score >= h.threshold };
  });
}

/** Fixtures whose head reached dev F1 >= 0.8. */
export const offeredFixtures = (): Fixture[] => FIXTURES.filter((f) => ROOM_HEAD.presence[f]?.offered);
