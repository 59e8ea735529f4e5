import { describe, expect, it } from 'vitest';
import {
  BORDER_MARGIN,
  classThreshold,
  contextThreshold,
  freeChecks,
  isBorderline,
  MIN_THRESHOLD,
  photoThreshold,
  roomPrior,
  type CheckedBox,
} from './checks';
import { DEFAULT_MIN_SCORE } from './model';
import { ROOM_HEAD } from './rooms/head';
import type { RoomScore } from './rooms/classifier';

const kitchen: RoomScore[] = [
  { label: 'kitchen', score: 0.9 },
  { label: 'other', score: 0.1 },
];
const weak = (label: CheckedBox['label'], box: CheckedBox['box']): CheckedBox => ({
  label,
  score: classThreshold(label) + BORDER_MARGIN / 3,
  box,
});
const strong = (label: CheckedBox['label'], box: CheckedBox['box']): CheckedBox => ({
  label,
  score: classThreshold(label) + BORDER_MARGIN + 0.05,
  box,
});

describe('free error checks', () => {
  it('only borderline detections are checked: a confident one stands whatever the checks say', () => {
    const toilet = strong('toilet', [0.4, 0.4, 0.6, 0.8]);
    expect(isBorderline(toilet)).toBe(false);
    expect(freeChecks([toilet], 3, kitchen)).toEqual([undefined]);
  });

  it('check 1: a faint class never seen in the room the classifier is sure of is dropped', () => {
    // The prior comes from the train photos: no confident toilet in a kitchen there.
    expect(ROOM_HEAD.checks?.context['kitchen']?.['toilet'] ?? 0).toBeLessThan(0.02);
    const toilet = weak('toilet', [0.4, 0.4, 0.6, 0.8]);
    expect(freeChecks([toilet], 0, kitchen)).toEqual([undefined]);
    expect(freeChecks([toilet], 1, kitchen)).toEqual(['room_context']);
    // An unsure room (or `other`) gives no context.
    expect(
      freeChecks([toilet], 1, [
        { label: 'kitchen', score: 0.5 },
        { label: 'other', score: 0.5 },
      ]),
    ).toEqual([undefined]);
    expect(freeChecks([toilet], 1)).toEqual([undefined]);
  });

  it('check 2: a faint box inside a stronger box of a confusable class is the same object', () => {
    const bed = strong('bed', [0.1, 0.3, 0.9, 0.9]);
    const couch = weak('couch', [0.2, 0.4, 0.8, 0.85]);
    expect(freeChecks([bed, couch], 1)).toEqual([undefined, undefined]);
    expect(freeChecks([bed, couch], 2)).toEqual([undefined, 'overlap']);
    // Not confusable (a chair at a table is normal), or not inside: both stand.
    const table = strong('dining table', [0.1, 0.3, 0.9, 0.9]);
    expect(freeChecks([table, weak('chair', [0.2, 0.4, 0.4, 0.8])], 3)).toEqual([undefined, undefined]);
    expect(freeChecks([bed, weak('couch', [0.85, 0.1, 1, 0.3])], 2)).toEqual([undefined, undefined]);
  });

  it('check 3: a faint box far smaller than the class ever appears is dropped', () => {
    const min = ROOM_HEAD.checks?.min_area['bed'];
    expect(min).toBeGreaterThan(0);
    const side = Math.sqrt(min!) / 2;
    const tiny = weak('bed', [0.5, 0.5, 0.5 + side, 0.5 + side]);
    expect(freeChecks([tiny], 2)).toEqual([undefined]);
    expect(freeChecks([tiny], 3)).toEqual(['size']);
  });
});

describe('room-context thresholds', () => {
  const bathroom: RoomScore[] = [
    { label: 'bathroom', score: 0.9 },
    { label: 'other', score: 0.1 },
  ];

  it('weighs how often each room shows the class by the room scores', () => {
    const sinkInBathrooms = ROOM_HEAD.checks!.context['bathroom']!['sink']!;
    expect(roomPrior('sink', bathroom)).toBeCloseTo(
      0.9 * sinkInBathrooms + 0.1 * (ROOM_HEAD.checks!.context['other']?.['sink'] ?? 0),
      6,
    );
    expect(roomPrior('sink', undefined)).toBe(0);
    expect(roomPrior('toilet', kitchen)).toBeLessThan(0.02);
  });

  it('lowers a threshold by the bonus times the prior, never below the floor, and not at all without a room', () => {
    const base = () => 0.3;
    const prior = roomPrior('sink', bathroom);
    expect(prior).toBeGreaterThan(0.3);
    expect(contextThreshold('sink', bathroom, base, 0.2)).toBeCloseTo(0.3 - 0.2 * prior, 6);
    expect(contextThreshold('sink', bathroom, base, 0)).toBe(0.3);
    expect(contextThreshold('sink', undefined, base, 0.2)).toBe(0.3);
    // A sink is expected in a bathroom, not in a kitchen-sure photo's toilet slot.
    expect(contextThreshold('toilet', kitchen, base, 0.2)).toBeGreaterThan(
      contextThreshold('sink', bathroom, base, 0.2),
    );
    expect(contextThreshold('sink', [{ label: 'bathroom', score: 1 }], () => 0.12, 5)).toBe(MIN_THRESHOLD);
  });

  it('keeps the tuned thresholds to interior photos: outside any room a class needs at least the default', () => {
    const cat: RoomScore[] = [
      { label: 'other', score: 0.7 },
      { label: 'bedroom', score: 0.3 },
    ];
    const low = () => 0.2;
    expect(photoThreshold('bed', cat, low)).toBe(DEFAULT_MIN_SCORE);
    expect(photoThreshold('bed', cat, () => 0.45)).toBe(0.45);
    expect(photoThreshold('bed', [{ label: 'bedroom', score: 0.9 }], low)).toBe(0.2);
    expect(photoThreshold('bed', undefined, low)).toBe(0.2);
    // Room-context thresholds start from the same floor.
    expect(contextThreshold('bed', cat, low, 0)).toBe(DEFAULT_MIN_SCORE);
  });
});
