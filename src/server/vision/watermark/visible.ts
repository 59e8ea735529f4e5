/**
 * Visible watermarks: which of the text lines the OCR read were laid over the photo, and which
 * belong to the scene (a shop sign, a book cover). Each line gets image evidence:
 *
 * - opacity, from how the text blends with what is underneath: a semi-transparent overlay of
 *   colour C at opacity a turns a background pixel B into a*C + (1 - a)*B, so across the stroke
 *   pixels the observed colour follows the local background with slope 1 - a (printed text
 *   ignores it: slope 0). Where the background is too flat for a slope, the contrast against the
 *   background is the opacity a white or black overlay would need;
 * - repetition: the same text several times (a tiled pattern);
 * - placement: corners and centre, where overlays are put;
 * - an angle (diagonal overlays) and a neutral (white, grey, black) text colour;
 * - the words themselves: "sample", "preview", "©", a web address, a brand from the brand list.
 *
 * The evidence adds up to a score; a line is a watermark when score x sensitivity factor reaches
 * the threshold. All of this is a measured indicator, never a certainty.
 */
import type { Point, RgbImage, TextLine } from '../ocr/ocr';
import { editDistance, matchBrand, normalizeText, type Brand, type BrandMatch } from './brands';

export type Sensitivity = 'low' | 'medium' | 'high';
/** Spec section 9: low 0.6, medium 1, high 1.4. Scores are multiplied by it before the threshold. */
export const SENSITIVITY_FACTOR: Record<Sensitivity, number> = { low: 0.6, medium: 1, high: 1.4 };
/** A line whose score x factor reaches this is reported. */
export const WATERMARK_THRESHOLD = 0.45;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LineEvidence {
  text: string;
  ocrConfidence: number;
  /** Axis-aligned box in the analysed image's pixels. */
  box: Box;
  /** Degrees from horizontal of the text's baseline. */
  angle: number;
  /** Height of the text line (across its baseline), in pixels. */
  lineHeight: number;
  /** Centre of the line's rotated rectangle. */
  centre: { x: number; y: number };
  /** 0-1 estimate of how opaque the text is over its background. */
  opacity: number;
  /** How the opacity was estimated: from the blending slope, or from contrast alone. */
  opacityMethod: 'blending' | 'contrast';
  placement: 'corner' | 'centre' | 'edge' | 'other';
  neutralColor: boolean;
  /** Written on a flat patch unlike its surroundings (a sign, a label): evidence against an overlay. */
  onPlate: boolean;
  vocabulary: boolean;
  brand?: BrandMatch | undefined;
  /** Other lines with the same text (or the text repeated within the line). */
  repeats: number;
  /** Sum of the evidence (before the sensitivity factor). */
  score: number;
}

export interface VisibleWatermark {
  type: 'text' | 'tiled_pattern' | 'wordmark';
  text: string;
  location: Box;
  confidence: number;
  opacity: number;
}

export interface BrandLogo {
  brand: string;
  location: Box;
  confidence: number;
  logo_type: 'overlay' | 'embedded';
}

/**
 * Words and forms that overlays carry and scene text rarely does (stems: OCR often drops a last
 * letter, so a web address's ending may be cut too: "lumenphoto.ne" for "lumenphoto.net").
 */
const WATERMARK_WORDS =
  /(sampl|previe|proof|draft|watermar|copyrig|©|\(c\)|all rights|rights reserved|do not (copy|use)|confidential|stock|licen[cs]ed?|photo(graphy)? by|image by|credit|www\.|https?:|\.(com?|net?|org?|io|example|photos?|studio)\b|@[a-z0-9_]{3,}|\bdemo\b|\bcomp\b)/i;

const clamp = (v: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, v));

function quadBox(q: readonly Point[]): Box {
  const xs = q.map((p) => p[0]);
  const ys = q.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Point-in-convex-quad test (corners in order). */
function insideQuad(q: readonly Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i] as Point;
    const b = q[(i + 1) % 4] as Point;
    const cross = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    if (cross !== 0) {
      const s = Math.sign(cross);
      if (sign === 0) sign = s;
      else if (s !== sign) return false;
    }
  }
  return true;
}

const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Otsu's threshold over values (any range). */
function otsu(values: Float32Array, n: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > lo)) return hi;
  const bins = 64;
  const hist = new Float64Array(bins);
  const scale = (bins - 1) / (hi - lo);
  for (let i = 0; i < n; i++) hist[Math.round(((values[i] as number) - lo) * scale)]! += 1;
  let sumAll = 0;
  for (let b = 0; b < bins; b++) sumAll += b * (hist[b] as number);
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestB = 0;
  for (let b = 0; b < bins; b++) {
    wB += hist[b] as number;
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += b * (hist[b] as number);
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      bestB = b;
    }
  }
  return lo + (bestB + 0.5) / scale;
}

/** Box-filter mean of `src` (w x h) where `weight` is 1, over a (2r+1)^2 window; NaN where no weight. */
function maskedMean(src: Float32Array, weight: Uint8Array, w: number, h: number, r: number): Float32Array {
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  const cnt = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let rc = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (weight[i]) {
        rs += src[i] as number;
        rc += 1;
      }
      sum[(y + 1) * W + x + 1] = (sum[y * W + x + 1] as number) + rs;
      cnt[(y + 1) * W + x + 1] = (cnt[y * W + x + 1] as number) + rc;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s =
        (sum[y1 * W + x1] as number) -
        (sum[y0 * W + x1] as number) -
        (sum[y1 * W + x0] as number) +
        (sum[y0 * W + x0] as number);
      const c =
        (cnt[y1 * W + x1] as number) -
        (cnt[y0 * W + x1] as number) -
        (cnt[y1 * W + x0] as number) +
        (cnt[y0 * W + x0] as number);
      out[y * w + x] = c > 0 ? s / c : Number.NaN;
    }
  }
  return out;
}

interface Blend {
  opacity: number;
  method: 'blending' | 'contrast';
  neutral: boolean;
  /** The text sits on a flat patch unlike its wider surroundings: a sign or a label in the scene. */
  onPlate: boolean;
}

/** The quad grown by `d` pixels on every side (along its own axes). */
function expandQuad(q: readonly Point[], d: number): Point[] {
  const [a, b, , e] = q as [Point, Point, Point, Point];
  const lu = Math.max(1e-6, dist(a, b));
  const lv = Math.max(1e-6, dist(a, e));
  const u: Point = [(b[0] - a[0]) / lu, (b[1] - a[1]) / lu];
  const v: Point = [(e[0] - a[0]) / lv, (e[1] - a[1]) / lv];
  const signs: [number, number][] = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ];
  return q.map((p, i) => {
    const [su, sv] = signs[i] as [number, number];
    return [p[0] + d * (su * u[0] + sv * v[0]), p[1] + d * (su * u[1] + sv * v[1])] as Point;
  });
}

/** Mean and standard deviation of the luminance between two grown outlines of the quad. */
function ringStats(
  image: RgbImage,
  quad: readonly Point[],
  inner: number,
  outer: number,
): { mean: number; sd: number; n: number } {
  const innerQ = expandQuad(quad, inner);
  const outerQ = expandQuad(quad, outer);
  const b = quadBox(outerQ);
  let sum = 0;
  let sum2 = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(b.y)); y < Math.min(image.height, Math.ceil(b.y + b.height)); y += 2) {
    for (let x = Math.max(0, Math.floor(b.x)); x < Math.min(image.width, Math.ceil(b.x + b.width)); x += 2) {
      if (!insideQuad(outerQ, x + 0.5, y + 0.5) || insideQuad(innerQ, x + 0.5, y + 0.5)) continue;
      const s = (y * image.width + x) * 3;
      const l =
        0.299 * (image.data[s] as number) +
        0.587 * (image.data[s + 1] as number) +
        0.114 * (image.data[s + 2] as number);
      sum += l;
      sum2 += l * l;
      n++;
    }
  }
  const mean = n ? sum / n : 0;
  return { mean, sd: n ? Math.sqrt(Math.max(0, sum2 / n - mean * mean)) : 0, n };
}

/**
 * Opacity of the text in `quad` over its background (see the module comment), and whether its
 * colour is neutral. Works on a crop around the quad.
 */
export function estimateBlend(image: RgbImage, quad: readonly Point[]): Blend | undefined {
  const textH = Math.max(
    4,
    (dist(quad[0] as Point, quad[3] as Point) + dist(quad[1] as Point, quad[2] as Point)) / 2,
  );
  const pad = Math.ceil(textH * 0.35);
  const b = quadBox(quad);
  const x0 = Math.max(0, Math.floor(b.x) - pad);
  const y0 = Math.max(0, Math.floor(b.y) - pad);
  const x1 = Math.min(image.width, Math.ceil(b.x + b.width) + pad);
  const y1 = Math.min(image.height, Math.ceil(b.y + b.height) + pad);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 4 || h < 4) return undefined;
  const n = w * h;
  const lum = new Float32Array(n);
  const ch = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const inQuad = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const s = ((y + y0) * image.width + (x + x0)) * 3;
      const r = image.data[s] as number;
      const g = image.data[s + 1] as number;
      const bl = image.data[s + 2] as number;
      ch[0][i] = r;
      ch[1][i] = g;
      ch[2][i] = bl;
      lum[i] = 0.299 * r + 0.587 * g + 0.114 * bl;
      inQuad[i] = insideQuad(quad, x + x0 + 0.5, y + y0 + 0.5) ? 1 : 0;
    }
  }
  // Local background level: the mean over a window about half a text height wide.
  const all = new Uint8Array(n).fill(1);
  const r = Math.max(2, Math.round(textH * 0.5));
  const blur = maskedMean(lum, all, w, h, r);
  const diff = new Float32Array(n);
  const inside: number[] = [];
  for (let i = 0; i < n; i++) {
    diff[i] = (lum[i] as number) - (blur[i] as number);
    if (inQuad[i]) inside.push(diff[i] as number);
  }
  if (inside.length < 16) return undefined;
  // Polarity: text lighter or darker than its background shifts the box's mean away from the
  // ring around it; when that is unclear, the skew decides (text adds one sign of deviation to
  // the background's roughly symmetric texture).
  let inSum = 0;
  let inN = 0;
  let ringSum = 0;
  let ringN = 0;
  for (let i = 0; i < n; i++) {
    if (inQuad[i]) {
      inSum += lum[i] as number;
      inN++;
    } else {
      ringSum += lum[i] as number;
      ringN++;
    }
  }
  const shift = ringN > 16 ? inSum / inN - ringSum / ringN : 0;
  const sorted = Float32Array.from(inside).sort();
  const q = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
  const polarity = Math.abs(shift) > 3 ? Math.sign(shift) : q(0.95) + q(0.05) >= 0 ? 1 : -1;
  const signed = new Float32Array(inside.length);
  for (let i = 0; i < inside.length; i++) signed[i] = polarity * (inside[i] as number);
  const t = Math.max(3, otsu(signed, signed.length));
  const stroke = new Uint8Array(n);
  const back = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = polarity * (diff[i] as number);
    if (inQuad[i] && v > t) stroke[i] = 1;
    else if (v < t * 0.35) back[i] = 1;
  }
  // Background under each stroke pixel: the mean of nearby non-stroke pixels.
  const rb = Math.max(2, Math.round(textH * 0.3));
  const bg = ch.map((c) => maskedMean(c, back, w, h, rb));
  // Stroke interiors (all four neighbours strokes too), away from anti-aliased edges. Not the
  // strongest pixels: that choice would favour bright background under the text and bias the slope.
  let core: number[] = [];
  const all4: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!stroke[i] || Number.isNaN(bg[0]![i])) continue;
      all4.push(i);
      if (stroke[i - 1] && stroke[i + 1] && stroke[i - w] && stroke[i + w]) core.push(i);
    }
  }
  if (core.length < 8) core = all4;
  if (core.length < 8) return undefined;

  // Regression of observed colour on background colour, pooled over channels.
  let cov = 0;
  let varB = 0;
  const intercepts: number[] = [];
  let contrastSum = 0;
  const means: number[] = [];
  for (let c = 0; c < 3; c++) {
    let mp = 0;
    let mb = 0;
    for (const i of core) {
      mp += ch[c]![i] as number;
      mb += bg[c]![i] as number;
    }
    mp /= core.length;
    mb /= core.length;
    means.push(mp);
    let cv = 0;
    let vb = 0;
    for (const i of core) {
      const db = (bg[c]![i] as number) - mb;
      cv += ((ch[c]![i] as number) - mp) * db;
      vb += db * db;
    }
    cov += cv / core.length;
    varB += vb / core.length;
    intercepts.push(mp - (vb > 0 ? cv / vb : 0) * mb);
    // Contrast: the opacity a pure white (or black) overlay would need for this channel, from
    // the 75th percentile of the deviation (a stroke mask on busy texture also catches some
    // background, which would drag a mean down).
    const devs = core.map((i) => (ch[c]![i] as number) - (bg[c]![i] as number));
    const up = mp > mb;
    const sortedDev = devs.map((d) => (up ? d : -d)).sort((a, b) => a - b);
    const dev = Math.max(0, sortedDev[Math.floor(sortedDev.length * 0.75)] ?? 0);
    const room = up ? 255 - mb : mb;
    contrastSum = Math.max(contrastSum, room > 8 ? dev / room : 0);
  }
  const sdB = Math.sqrt(varB / 3);
  const robust = medianPairSlope(core, ch, bg);
  // The least-squares slope is the fallback: a few bright scene pixels under the stroke mask (a
  // light, a lattice behind the letters) drag it towards 1, and plainly visible white text at 45%
  // over a night sky read 4% opaque that way (the median pair slope reads 34%).
  const slope = robust ?? (varB > 0 ? cov / varB : 0);
  const fromSlope = clamp(1 - slope);
  const fromContrast = clamp(contrastSum);
  // The slope needs background variation well above the noise to mean anything.
  const reliability = clamp((sdB - 6) / 14);
  const opacity = reliability > 0 ? reliability * fromSlope + (1 - reliability) * fromContrast : fromContrast;
  const spread = Math.max(...means) - Math.min(...means);
  // What the text is written on: the non-stroke pixels inside the box, against a ring further out.
  let pSum = 0;
  let pSum2 = 0;
  let pN = 0;
  for (let i = 0; i < n; i++) {
    if (!inQuad[i] || !back[i]) continue;
    const l = lum[i] as number;
    pSum += l;
    pSum2 += l * l;
    pN++;
  }
  const plateMean = pN ? pSum / pN : 0;
  const plateSd = pN ? Math.sqrt(Math.max(0, pSum2 / pN - plateMean * plateMean)) : 0;
  const far = ringStats(image, quad, textH * 0.7, textH * 1.4);
  const onPlate = pN > 16 && far.n > 16 && plateSd < 12 && Math.abs(plateMean - far.mean) > 25;
  return {
    onPlate,
    opacity: Math.round(opacity * 100) / 100,
    method: reliability >= 0.5 ? 'blending' : 'contrast',
    neutral: spread < 40 && Math.max(...intercepts) - Math.min(...intercepts) < 60,
  };
}

/**
 * Median of the slopes between pairs of stroke pixels whose backgrounds differ by at least 12
 * levels (a Theil-Sen estimate, pooled over the channels): unlike the least-squares slope, a
 * minority of pixels that are scene detail rather than text cannot drag it. Pairs are fixed
 * offsets through the list, so the result is repeatable.
 */
function medianPairSlope(
  core: readonly number[],
  ch: readonly Float32Array[],
  bg: readonly Float32Array[],
): number | undefined {
  const slopes: number[] = [];
  const n = core.length;
  const offsets = [Math.floor(n / 2), Math.floor(n / 3), Math.floor(n / 5), Math.floor(n / 7)].filter(
    (o) => o > 0,
  );
  // At most ~2000 starting pixels per channel: the median settles long before.
  const step = Math.max(1, Math.floor(n / 2000));
  for (let c = 0; c < 3; c++) {
    for (let k = 0; k < n; k += step) {
      for (const o of offsets) {
        const i = core[k] as number;
        const j = core[(k + o) % n] as number;
        const db = (bg[c]![i] as number) - (bg[c]![j] as number);
        if (Math.abs(db) >= 12) slopes.push(((ch[c]![i] as number) - (ch[c]![j] as number)) / db);
      }
    }
  }
  if (slopes.length < 24) return undefined;
  slopes.sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)];
}

function placementOf(box: Box, width: number, height: number): LineEvidence['placement'] {
  const cx = (box.x + box.width / 2) / width;
  const cy = (box.y + box.height / 2) / height;
  const nearX = cx < 0.25 || cx > 0.75;
  const nearY = cy < 0.2 || cy > 0.8;
  if (nearX && nearY) return 'corner';
  if (Math.abs(cx - 0.5) < 0.15 && Math.abs(cy - 0.5) < 0.15) return 'centre';
  if (cy < 0.12 || cy > 0.88) return 'edge';
  return 'other';
}

/** Letters and digits in a line: OCR noise on textures reads as one or two stray characters. */
const legible = (text: string): boolean => (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3;

/**
 * Two normalised readings of the same text: equal, one inside the other, or (5 letters and more)
 * a few letters apart, as the OCR misreads copies of a tiled mark over different backgrounds
 * ("PREVIEW", "PRENTEW").
 */
export function sameText(a: string, b: string): boolean {
  if (a === b || a.includes(b) || b.includes(a)) return true;
  const n = Math.min(a.length, b.length);
  if (n < 5) return false;
  const max = Math.floor(0.3 * n);
  return editDistance(a, b, max) <= max;
}

/** Evidence for every legible line (`lines` in the coordinates of `image`). */
export function lineEvidence(
  image: RgbImage,
  lines: readonly TextLine[],
  brands?: readonly Brand[],
): LineEvidence[] {
  const kept = lines.filter((l) => legible(l.text));
  const norms = kept.map((l) => normalizeText(l.text));
  return kept.map((line, idx) => {
    const q = line.quad;
    const box = quadBox(q);
    const angle = (Math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0]) * 180) / Math.PI;
    const blend = estimateBlend(image, q) ?? {
      opacity: 1,
      method: 'contrast' as const,
      neutral: false,
      onPlate: false,
    };
    const norm = norms[idx] as string;
    const words = line.text
      .split(/\s+/)
      .map(normalizeText)
      .filter((w) => w.length >= 3);
    const selfRepeats = words.length - new Set(words).size;
    const others = norms.filter((o, j) => j !== idx && o.length >= 3 && sameText(o, norm)).length;
    const repeats = others + selfRepeats;
    const brand = matchBrand(line.text, brands);
    const vocabulary = WATERMARK_WORDS.test(line.text);
    const placement = placementOf(box, image.width, image.height);
    const tilt = Math.abs(angle) % 90;
    const diagonal = tilt > 12 && tilt < 78;
    let score = 0.15; // legible text laid over a photo is itself a weak sign
    score += Math.max(0, 0.92 - blend.opacity) * 1.3;
    if (vocabulary) score += 0.45;
    if (brand) score += 0.45 * brand.similarity;
    if (repeats > 0) score += Math.min(0.6, 0.3 + 0.1 * repeats);
    if (diagonal) score += 0.2;
    // Corners are where credits go. The centre is where stock overlays go, but also where a
    // photographer frames a sign: it counts only for tilted or see-through text.
    if (placement === 'corner' || (placement === 'centre' && (diagonal || blend.opacity < 0.7)))
      score += 0.15;
    else if (placement === 'edge') score += 0.08;
    if (blend.neutral) score += 0.08;
    if (blend.onPlate) score -= 0.3;
    score *= 0.6 + 0.4 * clamp((line.confidence - 0.5) / 0.4);
    return {
      text: line.text,
      ocrConfidence: line.confidence,
      box,
      angle: Math.round(angle * 10) / 10,
      lineHeight: (dist(q[0], q[3]) + dist(q[1], q[2])) / 2,
      centre: {
        x: (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4,
        y: (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4,
      },
      opacity: blend.opacity,
      opacityMethod: blend.method,
      placement,
      neutralColor: blend.neutral,
      onPlate: blend.onPlate,
      vocabulary,
      brand,
      repeats,
      score,
    };
  });
}

const union = (boxes: Box[]): Box => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((b) => b.x + b.width)) - x,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - y,
  };
};

const scaleBox = (b: Box, s: number): Box => ({
  x: Math.round(b.x * s),
  y: Math.round(b.y * s),
  width: Math.max(1, Math.round(b.width * s)),
  height: Math.max(1, Math.round(b.height * s)),
});

/**
 * Two reads of one tilted line: a diagonal overlay across a busy photo is often read in pieces
 * ("Pho", "Moreau") with the middle lost. Same tilt (within 8 degrees, both at least 8 from
 * horizontal, where separate credits share a row), similar height, and each centre on the other's
 * baseline (within 0.6 of a line height).
 */
function sameTiltedLine(a: LineEvidence, b: LineEvidence): boolean {
  const tilt = (x: number): number => ((x % 180) + 180) % 180;
  const ta = tilt(a.angle);
  const tb = tilt(b.angle);
  const diff = Math.min(Math.abs(ta - tb), 180 - Math.abs(ta - tb));
  if (diff > 8 || Math.min(ta, 180 - ta) < 8 || Math.min(tb, 180 - tb) < 8) return false;
  const h = Math.max(a.lineHeight, b.lineHeight);
  if (Math.min(a.lineHeight, b.lineHeight) < 0.6 * h) return false;
  const rad = (a.angle * Math.PI) / 180;
  const off = Math.abs(
    -(b.centre.x - a.centre.x) * Math.sin(rad) + (b.centre.y - a.centre.y) * Math.cos(rad),
  );
  return off <= 0.6 * h;
}

/** Score -> confidence (0-0.99), a smooth curve through the threshold at 0.5. */
const toConfidence = (score: number): number =>
  Math.round(clamp(1 / (1 + Math.exp(-5 * (score - WATERMARK_THRESHOLD))), 0, 0.99) * 100) / 100;

export interface VisibleResult {
  watermarks: VisibleWatermark[];
  logos: BrandLogo[];
  evidence: LineEvidence[];
}

/**
 * Decides which lines are watermarks and which name brands. `scale` maps the analysed image's
 * pixels to the original's (boxes are reported in original pixels).
 */
export function classifyLines(
  evidence: readonly LineEvidence[],
  opts: { sensitivity: Sensitivity; scale: number },
): VisibleResult {
  const factor = SENSITIVITY_FACTOR[opts.sensitivity];
  const marked = evidence.filter((e) => e.score * factor >= WATERMARK_THRESHOLD);
  // Lines with the same text form one tiled pattern; pieces of one tilted line, one mark.
  const groups = new Map<string, LineEvidence[]>();
  for (const e of marked) {
    const norm = normalizeText(e.text);
    let key = `#${groups.size}:${e.text}`;
    const line =
      e.repeats > 0
        ? undefined
        : [...groups.entries()].find(([k, g]) => k.startsWith('#') && g.every((o) => sameTiltedLine(o, e)));
    if (line) key = line[0];
    else if (e.repeats > 0) {
      // Copies read slightly differently ("Blue Heron", "BlueHeron", "Heron") are one pattern.
      key = [...groups.keys()].find((k) => !k.startsWith('#') && sameText(k, norm)) ?? norm;
    }
    const group = groups.get(key) ?? [];
    group.push(e);
    groups.set(key, group);
  }
  const watermarks: VisibleWatermark[] = [];
  for (const group of groups.values()) {
    const first = group[0] as LineEvidence;
    const tiled = group.some((g) => g.repeats > 0);
    const opacities = group.map((g) => g.opacity).sort((a, b) => a - b);
    // Pieces of one line, in reading order along it.
    const rad = (first.angle * Math.PI) / 180;
    const along = (g: LineEvidence): number => g.centre.x * Math.cos(rad) + g.centre.y * Math.sin(rad);
    const pieces = [...group]
      .sort((a, b) => along(a) - along(b))
      .map((g) => g.text)
      .join(' ');
    const word = tiled
      ? (first.text.split(/\s+/).sort((a, b) => b.length - a.length)[0] ?? first.text)
      : pieces;
    watermarks.push({
      type: tiled ? 'tiled_pattern' : first.brand ? 'wordmark' : 'text',
      text: word,
      location: scaleBox(union(group.map((g) => g.box)), opts.scale),
      confidence: toConfidence(Math.max(...group.map((g) => g.score * factor))),
      opacity: opacities[Math.floor(opacities.length / 2)] as number,
    });
  }
  const logos: BrandLogo[] = [];
  for (const e of evidence) {
    if (!e.brand) continue;
    const overlay = e.opacity < 0.85 || e.score * factor >= WATERMARK_THRESHOLD;
    logos.push({
      brand: e.brand.brand,
      location: scaleBox(e.box, opts.scale),
      confidence:
        Math.round(
          clamp(e.brand.similarity * (0.5 + 0.5 * clamp((e.ocrConfidence - 0.5) / 0.45)), 0, 0.99) * 100,
        ) / 100,
      logo_type: overlay ? 'overlay' : 'embedded',
    });
  }
  return { watermarks, logos, evidence: [...evidence] };
}
