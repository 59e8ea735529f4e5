import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawTextMarks, type TextMarkSpec } from '../../src/server/vision/watermark/overlay';
import { fitInside } from './watermark-eval';

/** Bright pixels within `band` pixels of the image's edges, with the mark drawn in opaque white on black. */
async function inkAtEdges(spec: TextMarkSpec, width: number, height: number, band = 2): Promise<number> {
  const black = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const drawn = await drawTextMarks(black, [{ ...spec, opacity: 1, color: '#ffffff' }], 100);
  const { data } = await sharp(drawn).greyscale().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < band || y < band || x >= width - band || y >= height - band;
      if (edge && (data[y * width + x] as number) > 128) n++;
    }
  }
  return n;
}

describe('evaluation set generator', () => {
  // Cases of the tuning split that were drawn partly off the image: no reader can find letters
  // that are not there.
  const cases: {
    text: string;
    fontSize: number;
    angle: number;
    at: { x: number; y: number };
    width: number;
    height: number;
  }[] = [
    {
      text: 'Photo by Alex Moreau',
      fontSize: 68,
      angle: 20,
      at: { x: 0.39, y: 0.56 },
      width: 773,
      height: 512,
    },
    {
      text: 'www.lumenphoto.net',
      fontSize: 61,
      angle: -45,
      at: { x: 0.68, y: 0.15 },
      width: 512,
      height: 512,
    },
    {
      text: 'Photo by Alex Moreau',
      fontSize: 28,
      angle: 0,
      at: { x: 0.22, y: 0.92 },
      width: 512,
      height: 512,
    },
  ];
  for (const c of cases) {
    it(`keeps "${c.text}" at ${c.fontSize} px and ${c.angle} degrees inside a ${c.width}x${c.height} image`, async () => {
      const raw: TextMarkSpec = { text: c.text, fontSize: c.fontSize, opacity: 1, at: c.at, angle: c.angle };
      expect(await inkAtEdges(raw, c.width, c.height)).toBeGreaterThan(0);
      const fitted = await fitInside(c.text, c.fontSize, c.angle, c.at, c.width, c.height);
      expect(fitted.fontSize).toBeLessThanOrEqual(c.fontSize);
      expect(await inkAtEdges({ ...raw, fontSize: fitted.fontSize, at: fitted.at }, c.width, c.height)).toBe(
        0,
      );
    });
  }

  it('leaves a mark that already fits as it was', async () => {
    expect(await fitInside('PROOF', 26, 0, { x: 0.5, y: 0.5 }, 512, 512)).toEqual({
      fontSize: 26,
      at: { x: 0.5, y: 0.5 },
    });
  });
});
