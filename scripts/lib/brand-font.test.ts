import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convert } from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import {
  CODE_POINTS,
  FONT_CSS,
  FONT_FILE,
  WEIGHTS,
  brandFontCss,
  makeBrandFont,
  unicodeRange,
} from './brand-font';

const ROOT = resolve(import.meta.dirname, '../..');
const committed = readFileSync(join(ROOT, FONT_FILE));

describe('brand font subset', () => {
  it('is what `npm run font` writes today (font and @font-face rule)', async () => {
    expect(Buffer.compare(await makeBrandFont(), committed)).toBe(0);
    expect(readFileSync(join(ROOT, FONT_CSS), 'utf8')).toBe(brandFontCss());
  });

  it('draws every character its unicode-range claims, over exactly the weights it declares', async () => {
    const face = new Face(new Blob(new Uint8Array(await convert(committed, 'sfnt'))));
    const drawn = new Set(face.collectUnicodes());
    expect(CODE_POINTS.filter((p) => !drawn.has(p)).map((p) => p.toString(16))).toEqual([]);
    const wght = face.getAxisInfos()['wght'];
    expect([wght?.min, wght?.max]).toEqual([WEIGHTS.min, WEIGHTS.max]);
    expect(committed.length).toBeLessThan(25_000);
  });

  it('writes unicode ranges as runs', () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0x2013, 0x2014, 0xa9])).toBe(
      'U+20-22, U+41, U+A9, U+2013-2014',
    );
  });
});
