/**
 * Room type of one photo, as scores over a fixed label set: the one entry point every room
 * answer goes through (detect without a category, the demos' auto, POST /api/v1/classify,
 * captions).
 *
 * With the pass's image-level features (`analyzeImage(..., { features: true })`, no extra pass)
 * the scores come from the trained head in `./head.ts` (a softmax over the pooled backbone, the
 * detection head's mean and the best score of 30 COCO classes; see MODEL_CARD.md): `other`
 * wins when no room is confident, and for photos that are not of a room (a close-up object, a
 * pet, a street, a portrait, a landscape), which the head was trained on as well. Without features, only the object votes of `infer.ts` can
 * speak, and `other` keeps the mass when they name no room.
 */
import type { CocoLabel } from '../coco-labels';
import type { PassFeatures } from '../model';
import { roomScores, type RoomType } from './infer';
import { headInput, roomProbabilities } from './head';

import { ROOM_LABELS, type RoomLabel } from './linear';

export { ROOM_LABELS, type RoomLabel };

export interface RoomScore {
  label: RoomLabel;
  /** 0-1; the scores of one photo sum to 1. */
  score: number;
}

/** What the classifier looks at: the plain pass's features and detected classes with scores. */
export interface RoomEvidence {
  features?: PassFeatures;
  detections: readonly { label: CocoLabel; confidence: number }[];
}

const fromRule = (room: RoomType): RoomLabel => (room === 'general' ? 'other' : room);

/** The object-vote fallback, for callers without features. */
function ruleScores(evidence: RoomEvidence): number[] {
  const votes = roomScores(evidence.detections.map((d) => d.label));
  // Evidence below 1.5 votes names no room (the rule in infer.ts): `other` keeps that mass.
  const raw = new Map<RoomLabel, number>(ROOM_LABELS.map((l) => [l, 0]));
  for (const [room, v] of votes) raw.set(fromRule(room), (raw.get(fromRule(room)) ?? 0) + v);
  raw.set('other', 1.5);
  const exp = ROOM_LABELS.map((l) => Math.exp(raw.get(l) ?? 0));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** Scores for every room label, best first. */
export function classifyRoom(evidence: RoomEvidence): RoomScore[] {
  let p: number[];
  if (evidence.features) {
    p = roomProbabilities(headInput({ ...evidence.features, detections: evidence.detections }));
  } else {
    p = ruleScores(evidence);
  }
  return ROOM_LABELS.map((label, i) => ({ label, score: p[i] ?? 0 })).sort((a, b) => b.score - a.score);
}

/**
 * The room in the detect API's vocabulary (`infer.ts` RoomType): `other` is `general` there,
 * the category whose object list is the general one.
 */
export const toRoomType = (label: RoomLabel): RoomType => (label === 'other' ? 'general' : label);
