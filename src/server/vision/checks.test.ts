import { describe, expect, it } from 'vitest';
import { BORDER_MARGIN, classThreshold, freeChecks, isBorderline, type CheckedBox } from './checks';
import { ROOM_HEAD } from './rooms/head';
import type { RoomScore } from './rooms/classifier';

const kitchen: RoomScore[] = [
  { label: 'kitchen', score: 0.9 },
  { label: 'other', score: 0.1 },
];
const weak = (label: CheckedBox['label'], box: CheckedBox['box']): CheckedBox => ({ label, score: classThreshold(label) + BORDER_MARGIN / 3, box });
const strong = (label: CheckedBox['label'], box: CheckedBox['box']): CheckedBox => ({ label, score: classThreshold(label) + BORDER_MARGIN + 0.05, box });

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
    expect(freeChecks([toilet], 1, [{ label: 'kitchen', score: 0.5 }, { label: 'other', score: 0.5 }])).toEqual([undefined]);
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
