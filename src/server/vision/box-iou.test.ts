import { describe, expect, it } from 'vitest';
import { iou, iouXywh } from './box-iou';

describe('iou', () => {
  it('is 1 for the same box, 0 for boxes apart, and the shared share in between', () => {
    expect(iou([0, 0, 2, 2], [0, 0, 2, 2])).toBe(1);
    expect(iou([0, 0, 1, 1], [2, 2, 3, 3])).toBe(0);
    // Two 2x2 boxes sharing a 1x2 strip: 2 / (4 + 4 - 2).
    expect(iou([0, 0, 2, 2], [1, 0, 3, 2])).toBeCloseTo(1 / 3, 10);
    expect(iou([0, 0, 2, 2], [1, 0, 3, 2])).toBe(iou([1, 0, 3, 2], [0, 0, 2, 2]));
  });

  it('is 0 for boxes without an area', () => {
    expect(iou([1, 1, 1, 1], [1, 1, 1, 1])).toBe(0);
  });

  it('reads [x, y, width, height] boxes as their corners', () => {
    expect(iouXywh([0, 0, 2, 2], [1, 0, 2, 2])).toBe(iou([0, 0, 2, 2], [1, 0, 3, 2]));
  });
});
