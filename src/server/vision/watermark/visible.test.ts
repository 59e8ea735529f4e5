import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point, RgbImage } from '../ocr/ocr';
import { classifyLines, estimateBlend, lineEvidence, sameText, type LineEvidence } from './visible';

/** A textured photo-like background (smooth blobs plus fine grain), deterministic. */
function background(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let seed = 1;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const base = 110 + 35 * Math.sin(x / 9) * Math.cos(y / 7);
      for (let c = 0; c < 3; c++)
        data[(y * width + x) * 3 + c] = Math.max(
          0,
          Math.min(255, Math.round(base + (c - 1) * 15 + (rand() - 0.5) * 30)),
        );
    }
  }
  return { data, width, height };
}

/** Paints vertical bars (letter-like strokes) of `color` at `opacity` inside the box. */
function paintStrokes(
  img: RgbImage,
  box: { x: number; y: number; w: number; h: number },
  color: [number, number, number],
  opacity: number,
): Point[] {
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const inStroke = (x - box.x) % 12 < 3 && (y - box.y) % 30 >= 4 && (y - box.y) % 30 < 26;
      if (!inStroke) continue;
      for (let c = 0; c < 3; c++) {
        const i = (y * img.width + x) * 3 + c;
        img.data[i] = Math.round(opacity * color[c]! + (1 - opacity) * img.data[i]!);
      }
    }
  }
  return [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x + box.w, box.y + box.h],
    [box.x, box.y + box.h],
  ];
}

function paintPlate(
  img: RgbImage,
  box: { x: number; y: number; w: number; h: number },
  color: [number, number, number],
): void {
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++)
      for (let c = 0; c < 3; c++) img.data[(y * img.width + x) * 3 + c] = color[c]!;
  }
}

describe('estimateBlend', () => {
  it('sees text on a flat plate unlike its surroundings as written on a plate (a sign), and an overlay as not', () => {
    const sign = background(320, 200);
    paintPlate(sign, { x: 40, y: 60, w: 240, h: 76 }, [30, 90, 45]);
    const signQuad = paintStrokes(sign, { x: 60, y: 80, w: 200, h: 36 }, [255, 255, 255], 1);
    expect(estimateBlend(sign, signQuad)!.onPlate).toBe(true);
    const overlay = background(320, 200);
    const overlayQuad = paintStrokes(overlay, { x: 60, y: 80, w: 200, h: 36 }, [255, 255, 255], 0.4);
    expect(estimateBlend(overlay, overlayQuad)!.onPlate).toBe(false);
  });

  for (const opacity of [0.3, 0.5, 0.8]) {
    it(`recovers a white overlay's opacity of ${opacity} from how it blends with a textured background`, () => {
      const img = background(320, 200);
      const quad = paintStrokes(img, { x: 60, y: 80, w: 200, h: 36 }, [255, 255, 255], opacity);
      const blend = estimateBlend(img, quad);
      expect(blend).toBeDefined();
      expect(blend!.opacity).toBeGreaterThan(opacity - 0.15);
      expect(blend!.opacity).toBeLessThan(opacity + 0.15);
      expect(blend!.neutral).toBe(true);
    });
  }

  it('reads the demo sample\'s "Shutterstock" (white at 45% over a night sky, launch lights behind letters) as about 45%, not nearly clear', async () => {
    // Where the OCR finds the line on wm-corner-wordmark.jpg (scripts/data/make-watermark-samples.ts).
    const { data, info } = await sharp('public/images/samples/wm-corner-wordmark.jpg')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img: RgbImage = { data: new Uint8Array(data), width: info.width, height: info.height };
    const quad: Point[] = [
      [399, 376],
      [619, 376],
      [619, 409],
      [399, 409],
    ];
    const blend = estimateBlend(img, quad);
    expect(blend!.opacity).toBeGreaterThan(0.25);
    expect(blend!.opacity).toBeLessThan(0.65);
  });

  it('finds opaque coloured print mostly opaque, and not neutral', () => {
    const img = background(320, 200);
    const quad = paintStrokes(img, { x: 60, y: 80, w: 200, h: 36 }, [200, 20, 30], 1);
    const blend = estimateBlend(img, quad);
    expect(blend!.opacity).toBeGreaterThan(0.75);
    expect(blend!.neutral).toBe(false);
  });
});

function evidence(overrides: Partial<LineEvidence>): LineEvidence {
  return {
    text: 'Kestrel Media',
    ocrConfidence: 0.95,
    box: { x: 10, y: 20, width: 100, height: 20 },
    angle: 0,
    lineHeight: 20,
    centre: { x: 60, y: 30 },
    opacity: 0.6,
    opacityMethod: 'blending',
    placement: 'other',
    neutralColor: false,
    onPlate: false,
    vocabulary: false,
    repeats: 0,
    score: 0.5,
    ...overrides,
  };
}

describe('classifyLines', () => {
  it('applies the sensitivity factors (low 0.6, medium 1, high 1.4) to the decision', () => {
    const lines = [evidence({ score: 0.4 })];
    expect(classifyLines(lines, { sensitivity: 'low', scale: 1 }).watermarks).toHaveLength(0);
    expect(classifyLines(lines, { sensitivity: 'medium', scale: 1 }).watermarks).toHaveLength(0);
    expect(classifyLines(lines, { sensitivity: 'high', scale: 1 }).watermarks).toHaveLength(1);
    const strong = [evidence({ score: 0.8 })];
    expect(classifyLines(strong, { sensitivity: 'low', scale: 1 }).watermarks).toHaveLength(1);
  });

  it('merges repeated text into one tiled pattern covering every copy, in original pixels', () => {
    const lines = [
      evidence({
        text: 'Blue Heron',
        repeats: 2,
        score: 0.9,
        box: { x: 0, y: 0, width: 50, height: 10 },
        opacity: 0.3,
      }),
      evidence({
        text: 'Blue Heron',
        repeats: 2,
        score: 0.9,
        box: { x: 100, y: 80, width: 50, height: 10 },
        opacity: 0.4,
      }),
      evidence({
        text: 'BlueHeron',
        repeats: 2,
        score: 0.9,
        box: { x: 200, y: 160, width: 50, height: 10 },
        opacity: 0.35,
      }),
    ];
    const { watermarks } = classifyLines(lines, { sensitivity: 'medium', scale: 2 });
    expect(watermarks).toHaveLength(1);
    expect(watermarks[0]).toMatchObject({
      type: 'tiled_pattern',
      location: { x: 0, y: 0, width: 500, height: 340 },
      opacity: 0.35,
    });
  });

  it('counts a copy misread by a few letters as the same tiled pattern, but not short or different words', () => {
    expect(sameText('preview', 'prentew')).toBe(true);
    expect(sameText('shutterstock', 'shuttersto')).toBe(true);
    expect(sameText('exit', 'edit')).toBe(false);
    expect(sameText('bakery', 'library')).toBe(false);
    const lines = [
      evidence({ text: 'PREVIEW', repeats: 1, score: 0.9, box: { x: 0, y: 0, width: 50, height: 10 } }),
      evidence({ text: 'PRENTEW', repeats: 1, score: 0.9, box: { x: 100, y: 80, width: 50, height: 10 } }),
    ];
    expect(classifyLines(lines, { sensitivity: 'medium', scale: 1 }).watermarks).toEqual([
      expect.objectContaining({ type: 'tiled_pattern', text: 'PREVIEW' }),
    ]);
  });

  it('joins the pieces of one diagonal overlay read with its middle lost into one mark over the whole line', () => {
    // "Photo by Alex Moreau" at -30 degrees through the centre of a 512 px photo, read as "Pho" and "Moreau".
    const at = (d: number): { x: number; y: number } => ({
      x: 256 + d * Math.cos(Math.PI / 6),
      y: 256 - d * Math.sin(Math.PI / 6),
    });
    const piece = (text: string, d: number, len: number): LineEvidence => {
      const c = at(d);
      const w = len * Math.cos(Math.PI / 6) + 40 * Math.sin(Math.PI / 6);
      const h = len * Math.sin(Math.PI / 6) + 40 * Math.cos(Math.PI / 6);
      return evidence({
        text,
        angle: -30,
        lineHeight: 40,
        centre: c,
        box: { x: c.x - w / 2, y: c.y - h / 2, width: w, height: h },
        score: 0.9,
        opacity: 0.35,
      });
    };
    const { watermarks } = classifyLines([piece('Pho', -200, 70), piece('Moreau', 150, 150)], {
      sensitivity: 'medium',
      scale: 1,
    });
    expect(watermarks).toHaveLength(1);
    expect(watermarks[0]).toMatchObject({ type: 'text', text: 'Pho Moreau' });
    const box = watermarks[0]!.location;
    expect(box.x).toBeLessThan(256);
    expect(box.x + box.width).toBeGreaterThan(256);
    expect(box.y).toBeLessThan(256);
    expect(box.y + box.height).toBeGreaterThan(256);
  });

  it('keeps two level credits on one row apart, and lines of different tilt', () => {
    const left = evidence({
      text: '© Marta Kowalski',
      centre: { x: 80, y: 490 },
      box: { x: 10, y: 480, width: 140, height: 20 },
      score: 0.9,
    });
    const right = evidence({
      text: 'stock.example',
      centre: { x: 430, y: 490 },
      box: { x: 370, y: 480, width: 120, height: 20 },
      score: 0.9,
    });
    expect(classifyLines([left, right], { sensitivity: 'medium', scale: 1 }).watermarks).toHaveLength(2);
    const a = evidence({ text: 'SAMPLE', angle: -30, centre: { x: 100, y: 100 }, score: 0.9 });
    const b = evidence({ text: 'DRAFT', angle: 20, centre: { x: 100, y: 100 }, score: 0.9 });
    expect(classifyLines([a, b], { sensitivity: 'medium', scale: 1 }).watermarks).toHaveLength(2);
  });

  it('reports a brand as a wordmark and as an overlay logo when it is semi-transparent', () => {
    const lines = [
      evidence({
        text: 'Shutterstock',
        brand: { brand: 'Shutterstock', similarity: 1 },
        opacity: 0.4,
        score: 1.2,
      }),
    ];
    const result = classifyLines(lines, { sensitivity: 'medium', scale: 1 });
    expect(result.watermarks[0]?.type).toBe('wordmark');
    expect(result.logos).toEqual([expect.objectContaining({ brand: 'Shutterstock', logo_type: 'overlay' })]);
  });

  it('calls an opaque brand name with no overlay evidence an embedded logo', () => {
    const lines = [
      evidence({ text: 'Reuters', brand: { brand: 'Reuters', similarity: 1 }, opacity: 0.98, score: 0.2 }),
    ];
    const result = classifyLines(lines, { sensitivity: 'medium', scale: 1 });
    expect(result.watermarks).toHaveLength(0);
    expect(result.logos[0]?.logo_type).toBe('embedded');
  });
});

describe('lineEvidence', () => {
  it('drops stray one- or two-character reads and counts repeats across lines', () => {
    const img = background(320, 200);
    const quadA = paintStrokes(img, { x: 8, y: 12, w: 120, h: 30 }, [255, 255, 255], 0.4);
    const quadB = paintStrokes(img, { x: 180, y: 140, w: 120, h: 30 }, [255, 255, 255], 0.4);
    const ev = lineEvidence(img, [
      { text: 'SAMPLE', confidence: 0.95, quad: quadA as never },
      { text: 'SAMPLE', confidence: 0.93, quad: quadB as never },
      { text: '米*', confidence: 0.9, quad: quadB as never },
    ]);
    expect(ev.map((e) => e.text)).toEqual(['SAMPLE', 'SAMPLE']);
    expect(ev.every((e) => e.repeats === 1 && e.vocabulary)).toBe(true);
    expect(ev[0]!.placement).toBe('corner');
  });

  it('takes web addresses read with their ending cut as overlay vocabulary, and plain words not', () => {
    const img = background(320, 200);
    const quad = paintStrokes(img, { x: 8, y: 12, w: 200, h: 30 }, [255, 255, 255], 0.5);
    const vocabulary = (text: string): boolean =>
      lineEvidence(img, [{ text, confidence: 0.9, quad: quad as never }])[0]!.vocabulary;
    for (const text of [
      'www.lumenphoto.net',
      'vw.lumepphoto.ne',
      'lumenphoto.co',
      'stock.example',
      'kestrel.photo',
    ])
      expect(vocabulary(text), text).toBe(true);
    for (const text of ['LIBRARY', 'NO PARKING', 'Network', 'Dr. Nelson'])
      expect(vocabulary(text), text).toBe(false);
  });
});
