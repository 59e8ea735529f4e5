import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WatermarkResponse } from '../../shared/schemas/watermark';
import { placeLabels } from '../object-detection/box-labels';
import { marksAsBoxes, watermarkToast } from './watermark-marks';

/** The stored demo answer on the watermarked coffee cup: two visible marks, no brand. */
const stored = (
  JSON.parse(readFileSync('content/examples/watermark-detection.json', 'utf8')) as Record<
    string,
    { response: WatermarkResponse }
  >
)['demoWatermark']!.response;
const at = { x: 399, y: 376, width: 220, height: 33 };

/** The corner-wordmark sample as the demo answered it: one visible line, and the brand it matched at the same place. */
const cornerWordmark: WatermarkResponse = {
  ...stored,
  image_width: 640,
  image_height: 427,
  total_watermarks: 2,
  visible_watermarks: {
    ...stored.visible_watermarks,
    count: 1,
    items: [{ ...stored.visible_watermarks.items[0]!, text: 'Sxutterstock', confidence: 0.99, location: at }],
  },
  brand_logos: {
    detected: true,
    count: 1,
    checked: true,
    items: [
      {
        brand: 'Shutterstock',
        confidence: 0.84,
        location: at,
        logo_type: 'overlay',
      } as WatermarkResponse['brand_logos']['items'][number],
    ],
  },
  processing_time: 1.234,
};

describe('watermark demo marks', () => {
  it('draws one box and one label for a visible mark and the brand it matched', () => {
    const boxes = marksAsBoxes(cornerWordmark);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ object: 'Shutterstock wordmark', bounding_box: [399, 376, 220, 33] });
  });

  it('counts that mark once in the toast, as the results panel does', () => {
    expect(watermarkToast(cornerWordmark)).toEqual({
      title: 'Watermarks Found',
      description: '1 visible mark (Shutterstock) in 1.23s',
    });
  });

  it('keeps separate marks separate, with labels that do not overlap', () => {
    const boxes = marksAsBoxes(stored);
    expect(boxes.map((b) => b.object)).toEqual(stored.visible_watermarks.items.map((w) => w.text));
    const labels = placeLabels(
      boxes,
      stored.image_width,
      stored.image_height,
      Math.max(stored.image_width, stored.image_height) / 400,
    ).map((p) => p.label);
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1))
        expect(
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
        ).toBe(false);
    }
    expect(watermarkToast(stored).description).toMatch(/^2 visible marks in \d+\.\d\ds$/);
  });

  it('reports a brand found apart from any visible mark as a logo', () => {
    const alone = {
      ...cornerWordmark,
      visible_watermarks: { ...stored.visible_watermarks, count: 0, items: [] },
    };
    expect(marksAsBoxes(alone).map((b) => b.object)).toEqual(['Shutterstock']);
    expect(watermarkToast(alone).description).toBe('1 brand logo (Shutterstock) in 1.23s');
  });

  it('says when nothing was found', () => {
    const none = {
      ...stored,
      visible_watermarks: { ...stored.visible_watermarks, count: 0, items: [] },
      brand_logos: { ...stored.brand_logos, items: [] },
    };
    expect(watermarkToast(none).title).toBe('No Watermarks');
  });
});
