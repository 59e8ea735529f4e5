import { describe, expect, it } from 'vitest';
import { CAPTION_STYLE_VALUES } from '../../../shared/schemas/caption';
import type { RoomScore } from '../rooms/classifier';
import { summarisePixels } from '../scene/pixels';
import { composeCaption, cutAtWords, detectLanguage, positionOf, type CaptionFacts } from './compose';

const rooms = (label: RoomScore['label'], score: number): RoomScore[] => [
  { label, score },
  { label: 'other', score: 1 - score },
];

/** A warm, balanced 8x8 patch: mostly beige-ish with a dark corner. */
function pixels() {
  const rgb = new Uint8Array(64 * 3);
  for (let i = 0; i < 64; i++) rgb.set(i < 48 ? [200, 170, 120] : [240, 240, 240], i * 3);
  return summarisePixels(rgb, 1);
}

const kitchen: CaptionFacts = {
  width: 1000,
  height: 800,
  detections: [
    { label: 'refrigerator', confidence: 0.82, box: [760, 100, 200, 600] },
    { label: 'chair', confidence: 0.7, box: [50, 250, 150, 300] },
    { label: 'chair', confidence: 0.6, box: [220, 260, 120, 280] },
    { label: 'person', confidence: 0.9, box: [450, 200, 120, 500] },
    { label: 'oven', confidence: 0.55, box: [420, 350, 160, 200] },
  ],
  rooms: rooms('kitchen', 0.8),
  pixels: pixels(),
  text: [{ text: 'OPEN', confidence: 0.95 }],
};

describe('composeCaption', () => {
  it('names the room, counted objects with positions, people, colours and text (descriptive)', () => {
    const c = composeCaption(kitchen, 'descriptive', 100);
    expect(c.caption).toMatch(/^A kitchen with /);
    expect(c.caption).toContain('two chairs on the left');
    expect(c.caption).toContain('a refrigerator on the right');
    expect(c.caption).toContain('One person is in the picture.');
    expect(c.caption).toContain('"OPEN"');
    expect(c.caption).toMatch(/mostly (beige|brown|orange)/);
    expect(c.wordCount).toBe(c.caption.split(/\s+/).length);
  });

  it('phrases the same facts differently in each style', () => {
    const captions = CAPTION_STYLE_VALUES.map((s) => composeCaption(kitchen, s, 150).caption);
    expect(new Set(captions).size).toBe(4);
    const [descriptive, creative, technical, emotional] = captions;
    expect(creative).toMatch(/light/i);
    expect(creative).not.toEqual(descriptive);
    expect(technical).toContain('Scene: kitchen (room score 0.80).');
    expect(technical).toMatch(/2 x chair \(left, 0\.70\)/);
    expect(technical).toContain('People: 1.');
    expect(technical).toMatch(/Mean luminance 0\.\d\d/);
    expect(technical).toContain('Image: 1000x800 px.');
    expect(emotional).toMatch(/^This kitchen feels [a-z]+ and [a-z]+\./);
  });

  it('keeps more detail for longer limits and never exceeds the limit', () => {
    const many: CaptionFacts = {
      ...kitchen,
      detections: ['cup', 'bowl', 'bottle', 'vase', 'book', 'clock', 'sink', 'toaster', 'microwave', 'oven'].map((label, i) => ({
        label,
        confidence: 0.5 + i / 100,
        box: [i * 90, 100, 80, 80] as [number, number, number, number],
      })),
    };
    for (const style of CAPTION_STYLE_VALUES) {
      const short = composeCaption(many, style, 50);
      const long = composeCaption(many, style, 150);
      expect(short.wordCount).toBeLessThanOrEqual(50);
      expect(long.wordCount).toBeLessThanOrEqual(150);
      expect(long.wordCount).toBeGreaterThan(short.wordCount);
    }
    const tiny = composeCaption(many, 'technical', 10);
    expect(tiny.wordCount).toBe(10);
    expect(tiny.caption.endsWith('...')).toBe(true);
  });

  it('names a scene, not a room, when the classifier is not sure', () => {
    const street: CaptionFacts = { ...kitchen, rooms: rooms('kitchen', 0.3), detections: [{ label: 'car', confidence: 0.9, box: [0, 0, 300, 200] }], text: [] };
    expect(composeCaption(street, 'descriptive', 50).caption).toMatch(/^A street scene with a car in the upper left\./);
    expect(composeCaption(street, 'technical', 50).caption).toContain('Scene: street scene (no room type above 0.50).');
  });

  it('rests its confidence on the parts named, and is low on pixels alone', () => {
    expect(composeCaption(kitchen, 'descriptive', 100).confidence).toBeCloseTo((0.8 + 0.82 + 0.7 + 0.9 + 0.55 + 0.95) / 6, 3);
    const bare: CaptionFacts = { ...kitchen, detections: [], rooms: rooms('other', 0.9), text: [] };
    const c = composeCaption(bare, 'descriptive', 50);
    expect(c.confidence).toBe(0.3);
    expect(c.caption).toContain('no clearly recognisable objects');
    expect(c.language).toBe('none');
  });
});

describe('cutAtWords', () => {
  it('leaves a caption within the limit as it is', () => {
    expect(cutAtWords('A kitchen with a sink.', 5)).toEqual({ text: 'A kitchen with a sink.', words: 5 });
  });
  it('cuts at the limit and ends with an ellipsis, dropping trailing punctuation', () => {
    expect(cutAtWords('One two, three four five.', 2)).toEqual({ text: 'One two...', words: 2 });
    expect(cutAtWords('one two three four', 3)).toEqual({ text: 'one two three...', words: 3 });
  });
});

describe('positionOf and detectLanguage', () => {
  it('places a box by its centre on a 3x3 grid', () => {
    expect(positionOf([0, 0, 100, 100], 1000, 1000)).toBe('upper left');
    expect(positionOf([450, 450, 100, 100], 1000, 1000)).toBe('centre');
    expect(positionOf([800, 800, 100, 100], 1000, 1000)).toBe('lower right');
  });
  it('tells Han text, English by its stop words, and nothing readable', () => {
    expect(detectLanguage(['营业中'])).toBe('zh');
    expect(detectLanguage(['Open for the day'])).toBe('en');
    expect(detectLanguage(['Bäckerei und Café'])).toBe('de');
    expect(detectLanguage(['XQZT'])).toBe('und');
    expect(detectLanguage([])).toBe('none');
  });
});
