/**
 * Infers the room type from what was detected, used when a request names no category.
 * Each detected class votes for the rooms it is typical of; the best total wins, and with no
 * evidence the room is `general`.
 */
import type { CocoLabel } from '../coco-labels';
import { DETECTION_ROOMS } from '../../../shared/rooms';

/** The model's rooms, and `general` when no room is evident. */
export const ROOM_TYPES = [...DETECTION_ROOMS, 'general'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Evidence weights: a toilet, bed or kitchen appliance is decisive; a sink or chair alone is not. */
const VOTES: Partial<Record<CocoLabel, Partial<Record<RoomType, number>>>> = {
  toilet: { bathroom: 3 },
  toothbrush: { bathroom: 1 },
  'hair drier': { bathroom: 1 },
  sink: { bathroom: 1, kitchen: 1 },
  oven: { kitchen: 3 },
  refrigerator: { kitchen: 3 },
  microwave: { kitchen: 3 },
  toaster: { kitchen: 3 },
  bed: { bedroom: 3 },
  couch: { living_room: 2 },
  tv: { living_room: 1 },
  remote: { living_room: 0.5 },
  'dining table': { dining_room: 2 },
  chair: { dining_room: 0.5, office: 0.5 },
  'wine glass': { dining_room: 0.5 },
  laptop: { office: 1.5 },
  keyboard: { office: 1.5 },
  mouse: { office: 1 },
};

/** Order used to break ties: the more specific fixtures first. */
const PRIORITY: RoomType[] = ['bathroom', 'kitchen', 'bedroom', 'living_room', 'dining_room', 'office'];

/** Room scores from a set of detected classes (each class counts once). */
export function roomScores(labels: Iterable<CocoLabel>): Map<RoomType, number> {
  const scores = new Map<RoomType, number>();
  for (const label of new Set(labels)) {
    for (const [room, weight] of Object.entries(VOTES[label] ?? {})) {
      scores.set(room as RoomType, (scores.get(room as RoomType) ?? 0) + (weight ?? 0));
    }
  }
  return scores;
}

/** The most likely room for the detected classes, or `general` without evidence. */
export function inferRoom(labels: Iterable<CocoLabel>): RoomType {
  const scores = roomScores(labels);
  let best: RoomType = 'general';
  let bestScore = 0;
  for (const room of PRIORITY) {
    const score = scores.get(room) ?? 0;
    // Strictly greater: ties keep the earlier, more specific room.
    if (score > bestScore) {
      best = room;
      bestScore = score;
    }
  }
  // A lone chair or sink is not enough to name a room.
  return bestScore >= 1.5 ? best : 'general';
}
