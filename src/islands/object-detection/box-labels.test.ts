import { describe, expect, it } from 'vitest';
import type { DemoObjectFound } from '../../shared/schemas/detect';
import { labelSize, placeLabels, type LabelBox } from './box-labels';

const found = (
  object: string,
  confidence: number,
  bounding_box: [number, number, number, number],
): DemoObjectFound => ({
  object,
  label: object,
  confidence,
  bounding_box,
});

const overlaps = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('placeLabels', () => {
  const width = 768;
  const height = 576;
  const unit = Math.max(width, height) / 400;

  it('keeps both labels of one box visible and draws the higher score last', () => {
    // The dog sample: the same car is also reported as a truck with a lower score.
    const objects = [found('truck', 0.31, [460, 70, 230, 100]), found('car', 0.57, [460, 70, 230, 100])];
    const placed = placeLabels(objects, width, height, unit);
    expect(placed.map((p) => p.text)).toEqual(['truck 31%', 'car 57%']);
    const [truck, car] = placed;
    expect(overlaps(truck!.label, car!.label)).toBe(false);
    // The best label takes the preferred spot, above the box.
    expect(car!.label.y).toBeCloseTo(70 - labelSize('car 57%', unit).height);
  });

  it('moves a label into the box when there is no room above it, and keeps it inside the image', () => {
    const [only] = placeLabels([found('person', 0.9, [740, 0, 28, 200])], width, height, unit);
    expect(only!.label.y).toBe(0);
    expect(only!.label.x + only!.label.width).toBeLessThanOrEqual(width);
    expect(only!.label.x).toBeGreaterThanOrEqual(0);
  });

  it('leaves labels of separate boxes where they are', () => {
    const placed = placeLabels(
      [found('dog', 0.8, [100, 200, 200, 200]), found('bicycle', 0.7, [400, 200, 200, 200])],
      width,
      height,
      unit,
    );
    for (const p of placed) expect(p.label.y).toBeCloseTo(200 - labelSize(p.text, unit).height);
    expect(placed.map((p) => p.index)).toEqual([1, 0]);
  });

  it('stacks three labels of one box without overlap', () => {
    const box: [number, number, number, number] = [100, 100, 300, 300];
    const placed = placeLabels(
      [found('a', 0.5, box), found('b', 0.6, box), found('c', 0.7, box)],
      width,
      height,
      unit,
    );
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++)
        expect(overlaps(placed[i]!.label, placed[j]!.label)).toBe(false);
    }
  });
});
