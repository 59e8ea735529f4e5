/**
 * Colour and light of a photo, measured from its pixels: the dominant named colours (share of
 * pixels in each colour family) and the lighting (mean luminance, contrast, warmth). Used by the
 * captions; plain arithmetic over the 512x512 model view, no model.
 */

/** The colour families a caption can name. */
export const COLOUR_NAMES = [
  'white',
  'grey',
  'black',
  'red',
  'orange',
  'brown',
  'beige',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

export interface DominantColour {
  name: ColourName;
  /** Share of the pixels in this family, 0-1. */
  share: number;
}

export type LightLevel = 'dark' | 'dim' | 'balanced' | 'bright';
export type Warmth = 'cool' | 'neutral' | 'warm';

export interface PixelSummary {
  /** Up to four colour families with at least 8% of the pixels, largest first. */
  colours: DominantColour[];
  /** Mean luminance, 0-1 (Rec. 709 on the sRGB values). */
  brightness: number;
  /** Standard deviation of the luminance, 0-0.5. */
  contrast: number;
  /** Mean saturation (HSV), 0-1. */
  saturation: number;
  light: LightLevel;
  warmth: Warmth;
}

/** The colour family of one sRGB pixel (0-255 each). */
export function colourName(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (v < 0.18) return 'black';
  if (s < 0.15) return v > 0.82 ? 'white' : v < 0.3 ? 'black' : 'grey';
  let h = 0;
  const d = max - min;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h < 15 || h >= 345) return s < 0.45 && v > 0.6 ? 'pink' : v < 0.55 ? 'brown' : 'red';
  if (h < 45) {
    if (s < 0.4 && v > 0.65) return 'beige';
    return v < 0.65 ? 'brown' : 'orange';
  }
  if (h < 70) return s < 0.4 && v > 0.6 ? 'beige' : v < 0.45 ? 'brown' : 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'teal';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** Summarises an RGB buffer (3 bytes a pixel); samples every `step`-th pixel. */
export function summarisePixels(rgb: Uint8Array, step = 4): PixelSummary {
  const counts = new Map<ColourName, number>();
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let sat = 0;
  let warm = 0;
  for (let i = 0; i + 2 < rgb.length; i += 3 * step) {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    const max = Math.max(r, g, b);
    sum += y;
    sumSq += y * y;
    sat += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    warm += (r - b) / 255;
    const name = colourName(r, g, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    n++;
  }
  if (n === 0)
    return { colours: [], brightness: 0, contrast: 0, saturation: 0, light: 'dark', warmth: 'neutral' };
  const brightness = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - brightness * brightness));
  const warmth = warm / n;
  const colours = [...counts]
    .map(([name, c]) => ({ name, share: Math.round((c / n) * 1000) / 1000 }))
    .filter((c) => c.share >= 0.08)
    .sort((a, b) => b.share - a.share)
    .slice(0, 4);
  return {
    colours,
    brightness: Math.round(brightness * 1000) / 1000,
    contrast: Math.round(contrast * 1000) / 1000,
    saturation: Math.round((sat / n) * 1000) / 1000,
    light: brightness < 0.2 ? 'dark' : brightness < 0.38 ? 'dim' : brightness < 0.65 ? 'balanced' : 'bright',
    warmth: warmth > 0.08 ? 'warm' : warmth < -0.04 ? 'cool' : 'neutral',
  };
}
