/**
 * Room type of one photo, as scores over a fixed label set: the one entry point every room
 * answer goes through (detect without a category, the demos' auto, POST /api/v1/classify,
 * captions). Today the scores come from the object votes in `../room.ts`; the evidence type
 * already carries the pass's image-level features so a trained head can use them.
 */
import type { CocoLabel } from '../coco-labels';
import type { PassFeatures } from '../model';
import { roomScores, type RoomType } from '../room';

export const ROOM_LABELS = ['kitchen', 'bathroom', 'bedroom', 'living_room', 'dining_room', 'office', 'other'] as const;
export type RoomLabel = (typeof ROOM_LABELS)[number];

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

/** Scores for every room label, best first. */
export function classifyRoom(evidence: RoomEvidence): RoomScore[] {
  const votes = roomScores(evidence.detections.map((d) => d.label));
  // Evidence below 1.5 votes names no room (the rule in ../room.ts): `other` keeps that mass.
  const raw = new Map<RoomLabel, number>(ROOM_LABELS.map((l) => [l, 0]));
  for (const [room, v] of votes) raw.set(fromRule(room), (raw.get(fromRule(room)) ?? 0) + v);
  raw.set('other', 1.5);
  const exp = ROOM_LABELS.map((l) => Math.exp(raw.get(l) ?? 0));
  const sum = exp.reduce((a, b) => a + b, 0);
  return ROOM_LABELS.map((label, i) => ({ label, score: (exp[i] ?? 0) / sum })).sort((a, b) => b.score - a.score);
}
