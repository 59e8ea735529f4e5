import { describe, expect, it } from 'vitest';
import { CAPTION_STYLE_VALUES } from '../../../shared/schemas/caption';
import type { RoomScore } from '../rooms/classifier';
import { summarisePixels } from '../scene/pixels';
import { classThreshold } from '../checks';
import {
  composeCaption,
  counted,
  countedNumber,
  cutAtWords,
  detectLanguage,
  positionOf,
  type CaptionFacts,
} from './compose';

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
      detections: [
        'cup',
        'bowl',
        'bottle',
        'vase',
        'book',
        'clock',
        'sink',
        'toaster',
        'microwave',
        'oven',
      ].map((label, i) => ({
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
    const street: CaptionFacts = {
      ...kitchen,
      rooms: rooms('kitchen', 0.3),
      detections: [{ label: 'car', confidence: 0.9, box: [0, 0, 300, 200] }],
      text: [],
    };
    expect(composeCaption(street, 'descriptive', 50).caption).toMatch(
      /^A street scene with a car in the upper left\./,
    );
    expect(composeCaption(street, 'technical', 50).caption).toContain(
      'Scene: street scene (no room type above 0.50).',
    );
  });

  it('rests its confidence on the parts named, and is low on pixels alone', () => {
    expect(composeCaption(kitchen, 'descriptive', 100).confidence).toBeCloseTo(
      (0.8 + 0.82 + 0.7 + 0.9 + 0.55 + 0.95) / 6,
      3,
    );
    const bare: CaptionFacts = { ...kitchen, detections: [], rooms: rooms('other', 0.9), text: [] };
    const c = composeCaption(bare, 'descriptive', 50);
    expect(c.confidence).toBe(0.3);
    expect(c.caption).toContain('no clearly recognisable objects');
    expect(c.language).toBe('none');
  });
});

describe('captions that never invent', () => {
  const box = (x: number): [number, number, number, number] => [x, 300, 200, 200];
  const catCloseUp: CaptionFacts = {
    width: 1000,
    height: 800,
    detections: [
      { label: 'cat', confidence: 0.82, box: [200, 100, 600, 600] },
      { label: 'dog', confidence: 0.25, box: [250, 150, 500, 500] },
    ],
    rooms: [
      { label: 'other', score: 0.7 },
      { label: 'bedroom', score: 0.3 },
    ],
    pixels: pixels(),
    text: [],
  };

  it('names no room for a photo the classifier answers other, in any style', () => {
    for (const style of CAPTION_STYLE_VALUES) {
      const c = composeCaption(catCloseUp, style, 150);
      expect(c.caption, style).not.toMatch(/bedroom|kitchen|bathroom|living room|dining room|office/i);
      expect(c.named.room).toBeUndefined();
    }
    expect(composeCaption(catCloseUp, 'descriptive', 50).caption).toMatch(/^A photo of a cat in the centre/);
  });

  it('names no room when a room wins but below the room score bar', () => {
    const unsure: CaptionFacts = {
      ...catCloseUp,
      rooms: [
        { label: 'bedroom', score: 0.45 },
        { label: 'other', score: 0.4 },
        { label: 'kitchen', score: 0.15 },
      ],
    };
    expect(composeCaption(unsure, 'descriptive', 100).caption).not.toMatch(/bedroom/);
    expect(composeCaption(unsure, 'technical', 100).caption).toContain('no room type above 0.50');
  });

  it('never lists an object scoring below its class threshold (read from the detector)', () => {
    const t = classThreshold('couch');
    const faint: CaptionFacts = {
      ...kitchen,
      detections: [
        { label: 'couch', confidence: Math.max(0, t - 0.01), box: box(100) },
        { label: 'refrigerator', confidence: Math.max(classThreshold('refrigerator'), 0.8), box: box(600) },
      ],
    };
    for (const style of CAPTION_STYLE_VALUES) {
      const c = composeCaption(faint, style, 150);
      expect(c.caption, style).not.toMatch(/couch/);
      expect(c.caption, style).toMatch(/refrigerator/);
      expect(c.named.objects).toEqual(['refrigerator']);
    }
    const atThreshold: CaptionFacts = {
      ...faint,
      detections: [{ label: 'couch', confidence: t, box: box(100) }],
    };
    expect(composeCaption(atThreshold, 'descriptive', 100).caption).toMatch(/a couch/);
  });

  it('reads grammatically for 0, 1 and many of a thing', () => {
    expect(counted('chair', 1)).toBe('a chair');
    expect(counted('apple', 1)).toBe('an apple');
    expect(counted('chair', 3)).toBe('three chairs');
    expect(counted('couch', 2)).toBe('two couches');
    expect(counted('person', 2)).toBe('two people');
    expect(countedNumber('object', 0)).toBe('no objects');
    expect(countedNumber('object', 1)).toBe('one object');
    expect(countedNumber('object', 12)).toBe('12 objects');
    const n = (k: number): CaptionFacts => ({
      ...kitchen,
      text: [],
      detections: Array.from({ length: k }, (_, i) => ({
        label: 'bottle',
        confidence: 0.9,
        box: box(i * 50),
      })),
    });
    const none = composeCaption(n(0), 'descriptive', 150).caption;
    expect(none).toContain('A kitchen with no clearly recognisable objects.');
    const one = composeCaption(n(1), 'descriptive', 150).caption;
    expect(one).toMatch(/A kitchen with a bottle /);
    const many = composeCaption(n(3), 'descriptive', 150).caption;
    expect(many).toMatch(/A kitchen with three bottles /);
    for (const style of CAPTION_STYLE_VALUES) {
      for (const k of [0, 1, 3]) {
        const c = composeCaption(n(k), style, 150).caption;
        expect(c, `${style} ${k}`).not.toMatch(
          /\bone \w+s\b(?<!\bone glass)|\ba \w+s\b|\b(two|three) bottle\b|\b1 \w+s\b/,
        );
      }
    }
  });

  it('counts every object in the long descriptive caption with the right number', () => {
    const seven: CaptionFacts = {
      ...kitchen,
      text: [],
      detections: ['cup', 'bowl', 'bottle', 'vase', 'book', 'clock', 'sink', 'toaster', 'microwave'].map(
        (label, i) => ({ label, confidence: 0.9, box: box(i * 90) }),
      ),
    };
    expect(composeCaption(seven, 'descriptive', 150).caption).toContain(
      'In all, nine objects were recognised.',
    );
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
