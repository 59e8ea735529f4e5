import { describe, expect, it } from 'vitest';
import { colourName, summarisePixels } from './pixels';

const fill = (n: number, rgb: [number, number, number]) => {
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) out.set(rgb, i * 3);
  return out;
};

describe('pixels', () => {
  it('names colour families', () => {
    expect(colourName(250, 250, 250)).toBe('white');
    expect(colourName(10, 10, 10)).toBe('black');
    expect(colourName(128, 128, 128)).toBe('grey');
    expect(colourName(220, 30, 30)).toBe('red');
    expect(colourName(30, 60, 200)).toBe('blue');
    expect(colourName(40, 160, 40)).toBe('green');
    expect(colourName(120, 70, 30)).toBe('brown');
  });
  it('measures light and warmth', () => {
    const dark = summarisePixels(fill(100, [20, 20, 30]), 1);
    expect(dark.light).toBe('dark');
    const bright = summarisePixels(fill(100, [250, 230, 190]), 1);
    expect(bright.light).toBe('bright');
    expect(bright.warmth).toBe('warm');
    const cool = summarisePixels(fill(100, [120, 150, 210]), 1);
    expect(cool.warmth).toBe('cool');
    expect(cool.colours[0]).toEqual({ name: 'blue', share: 1 });
  });
});
