/**
 * Hand-made high-frequency features of the pixel signal (pixel-signal.ts), measured on square
 * crops at native resolution (never resized: generator traces live in the highest frequencies).
 * Per crop, on the luma plane unless stated:
 * - the Laplacian residual (pixel minus the mean of its four neighbours): level, tail weight,
 *   share of flat pixels, and the spread of its level over 16x16 blocks (camera sensors leave
 *   noise even in flat areas; generators leave clean flats);
 * - neighbouring-pixel relations by phase (NPR-style): first and second differences grouped by
 *   column / row position modulo 2, 4 and 8, which up-sampling layers make periodic;
 * - the residual's spectrum: energy share in eight radial bands, and peaks at the period-2,
 *   period-4 and period-8 frequencies above their neighbourhood;
 * - the image spectrum's 1/f slope and its high-frequency departure from that line;
 * - chroma detail relative to luma detail.
 */
import { powerSpectrum2d } from './spectrum';

export const PIXEL_FEATURE_NAMES = [
  'lap_level',
  'lap_kurtosis',
  'lap_flat_share',
  'block_noise_p10',
  'block_noise_p10_p90',
  'block_noise_p50',
  'phase2_diff',
  'phase4_diff',
  'phase8_diff',
  'phase2_second_diff',
  'band_0',
  'band_1',
  'band_2',
  'band_3',
  'band_4',
  'band_5',
  'band_6',
  'band_7',
  'peak_period2',
  'peak_period4',
  'peak_period8',
  'spectrum_slope',
  'spectrum_high_excess',
  'chroma_detail',
] as const;

export interface RgbPlanes {
  /** Interleaved 8-bit pixels, `channels` per pixel (the first three are R, G, B). */
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

interface Crop {
  x: number;
  y: number;
  size: number;
}

const SIZES = [256, 128, 64] as const;
/** Crops start on the 8x8 JPEG grid, as the training patches do, so phase features line up. */
const GRID = 8;

/**
 * Up to `max` square crops: the largest of 256/128/64 px that fits, at the centres of the four
 * quadrants when the image holds them without overlap (one backbone pass takes four), else the
 * centre alone. Null below 64 px.
 */
export function cropPlan(width: number, height: number, max = 4): Crop[] | null {
  const size = SIZES.find((s) => s <= width && s <= height);
  if (!size) return null;
  const snap = (v: number, limit: number) => Math.max(0, Math.min(limit - size, Math.floor(v / GRID) * GRID));
  const at = (cx: number, cy: number): Crop => ({
    x: snap(cx - size / 2, width),
    y: snap(cy - size / 2, height),
    size,
  });
  if (max === 1 || width < 2 * size || height < 2 * size) return [at(width / 2, height / 2)];
  const quadrants = [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ] as const;
  return quadrants.slice(0, max).map(([fx, fy]) => at(width * fx, height * fy));
}

const logOf = (v: number) => Math.log(v + 1e-3);

function percentileSorted(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Laplacian residual of an s x s plane (edges clamped). */
function laplacian(plane: Float64Array, s: number): Float64Array {
  const out = new Float64Array(s * s);
  for (let y = 0; y < s; y++) {
    const up = (y > 0 ? y - 1 : y + 1) * s;
    const down = (y < s - 1 ? y + 1 : y - 1) * s;
    for (let x = 0; x < s; x++) {
      const l = x > 0 ? x - 1 : x + 1;
      const r = x < s - 1 ? x + 1 : x - 1;
      const i = y * s + x;
      out[i] = plane[i]! - 0.25 * (plane[y * s + l]! + plane[y * s + r]! + plane[up + x]! + plane[down + x]!);
    }
  }
  return out;
}

/** Spread (sd of the logs) of the mean |value| per phase class; phase = index mod `period`. */
function phaseSpread(sums: Float64Array, counts: Float64Array, period: number): number {
  const logs: number[] = [];
  for (let p = 0; p < period; p++) {
    let s = 0;
    let c = 0;
    for (let q = p; q < sums.length; q += period) {
      s += sums[q]!;
      c += counts[q]!;
    }
    logs.push(Math.log(s / Math.max(1, c) + 0.05));
  }
  const m = logs.reduce((a, v) => a + v, 0) / period;
  return Math.sqrt(logs.reduce((a, v) => a + (v - m) * (v - m), 0) / period);
}

/** NPR-style features: |first| and |second| differences by column and row phase (mod 8). */
function phaseFeatures(plane: Float64Array, s: number): [number, number, number, number] {
  const h1 = new Float64Array(8);
  const v1 = new Float64Array(8);
  const h2 = new Float64Array(8);
  const v2 = new Float64Array(8);
  const c1 = new Float64Array(8);
  const c2 = new Float64Array(8);
  for (let y = 0; y < s; y++) {
    for (let x = 0; x < s - 1; x++) {
      const i = y * s + x;
      h1[x & 7]! += Math.abs(plane[i + 1]! - plane[i]!);
      c1[x & 7]! += 1;
      if (x > 0) {
        h2[x & 7]! += Math.abs(plane[i + 1]! - 2 * plane[i]! + plane[i - 1]!);
        c2[x & 7]! += 1;
      }
    }
  }
  const cv1 = new Float64Array(8);
  const cv2 = new Float64Array(8);
  for (let y = 0; y < s - 1; y++) {
    for (let x = 0; x < s; x++) {
      const i = y * s + x;
      v1[y & 7]! += Math.abs(plane[i + s]! - plane[i]!);
      cv1[y & 7]! += 1;
      if (y > 0) {
        v2[y & 7]! += Math.abs(plane[i + s]! - 2 * plane[i]! + plane[i - s]!);
        cv2[y & 7]! += 1;
      }
    }
  }
  const both = (a: Float64Array, ca: Float64Array, b: Float64Array, cb: Float64Array, period: number) =>
    0.5 * (phaseSpread(a, ca, period) + phaseSpread(b, cb, period));
  return [
    both(h1, c1, v1, cv1, 2),
    both(h1, c1, v1, cv1, 4),
    both(h1, c1, v1, cv1, 8),
    both(h2, c2, v2, cv2, 2),
  ];
}

const hann = (s: number) =>
  Float64Array.from({ length: s }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (s - 1)));

function windowed(plane: Float64Array, s: number, w: Float64Array): Float64Array {
  let mean = 0;
  for (let i = 0; i < plane.length; i++) mean += plane[i]!;
  mean /= plane.length;
  const out = new Float64Array(s * s);
  for (let y = 0; y < s; y++)
    for (let x = 0; x < s; x++) out[y * s + x] = (plane[y * s + x]! - mean) * w[x]! * w[y]!;
  return out;
}

const BAND_EDGES = [0.0625, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 1, 1.5];

/** Band shares and period-2/4/8 peaks of the residual's power spectrum. */
function residualSpectrum(residual: Float64Array, s: number, w: Float64Array): number[] {
  const p = powerSpectrum2d(windowed(residual, s, w), s);
  const half = s / 2;
  const bands = new Float64Array(BAND_EDGES.length - 1);
  let total = 0;
  for (let v = 0; v < s; v++) {
    const fv = v <= half ? v : v - s;
    for (let u = 0; u < s; u++) {
      const fu = u <= half ? u : u - s;
      const rho = Math.hypot(fu, fv) / half;
      const e = p[v * s + u]!;
      for (let b = 0; b < bands.length; b++) {
        if (rho >= BAND_EDGES[b]! && rho < BAND_EDGES[b + 1]!) {
          bands[b]! += e;
          total += e;
          break;
        }
      }
    }
  }
  const at = (u: number, v: number) => p[(((v % s) + s) % s) * s + (((u % s) + s) % s)]!;
  /** log power at (u, v) above the mean of its 5x5 neighbourhood (centre excluded). */
  const peak = (u: number, v: number) => {
    let sum = 0;
    for (let dv = -2; dv <= 2; dv++) for (let du = -2; du <= 2; du++) if (du || dv) sum += at(u + du, v + dv);
    return Math.log((at(u, v) + 1e-6) / (sum / 24 + 1e-6));
  };
  const q = s / 4;
  const e = s / 8;
  return [
    // A perfectly flat crop has no residual energy: even shares.
    ...Array.from(bands, (b) => Math.log(total > 0 ? b / total + 1e-6 : 1 / bands.length)),
    Math.max(peak(half, 0), peak(0, half), peak(half, half)),
    Math.max(peak(q, 0), peak(0, q), peak(q, q), peak(q, -q), peak(q, half), peak(half, q)),
    Math.max(peak(e, 0), peak(0, e), peak(e, e), peak(e, -e)),
  ];
}

/** Slope of the radially averaged log power against log frequency, and the top quarter's excess over that line. */
function spectrumSlope(plane: Float64Array, s: number, w: Float64Array): [number, number] {
  const p = powerSpectrum2d(windowed(plane, s, w), s);
  const half = s / 2;
  const sum = new Float64Array(half + 1);
  const count = new Float64Array(half + 1);
  for (let v = 0; v < s; v++) {
    const fv = v <= half ? v : v - s;
    for (let u = 0; u < s; u++) {
      const fu = u <= half ? u : u - s;
      const r = Math.round(Math.hypot(fu, fv));
      if (r >= 2 && r <= half) {
        sum[r]! += p[v * s + u]!;
        count[r]! += 1;
      }
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let r = 2; r <= half; r++) {
    xs.push(Math.log(r / half));
    ys.push(Math.log(sum[r]! / count[r]! + 1e-6));
  }
  const n = xs.length;
  const mx = xs.reduce((a, v) => a + v, 0) / n;
  const my = ys.reduce((a, v) => a + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const slope = sxy / sxx;
  let excess = 0;
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (xs[i]! > Math.log(0.75)) {
      excess += ys[i]! - (my + slope * (xs[i]! - mx));
      m++;
    }
  }
  return [slope, excess / Math.max(1, m)];
}

const windows = new Map<number, Float64Array>();

/** The features (PIXEL_FEATURE_NAMES order) of one crop. */
export function cropFeatures(img: RgbPlanes, crop: Crop): number[] {
  const s = crop.size;
  const luma = new Float64Array(s * s);
  const cb = new Float64Array(s * s);
  const cr = new Float64Array(s * s);
  for (let y = 0; y < s; y++) {
    let o = ((crop.y + y) * img.width + crop.x) * img.channels;
    for (let x = 0; x < s; x++, o += img.channels) {
      const r = img.data[o]!;
      const g = img.data[o + 1]!;
      const b = img.data[o + 2]!;
      const i = y * s + x;
      luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
      cb[i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
      cr[i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  }
  const w = windows.get(s) ?? hann(s);
  windows.set(s, w);
  const lap = laplacian(luma, s);
  let abs = 0;
  let sq = 0;
  let q4 = 0;
  let flat = 0;
  for (let i = 0; i < lap.length; i++) {
    const v = lap[i]!;
    abs += Math.abs(v);
    sq += v * v;
    q4 += v * v * v * v;
    if (Math.abs(v) < 0.5) flat++;
  }
  const n = lap.length;
  const variance = sq / n;
  const block = 16;
  const per = s / block;
  const blocks = new Float64Array(per * per);
  for (let y = 0; y < s; y++)
    for (let x = 0; x < s; x++)
      blocks[Math.floor(y / block) * per + Math.floor(x / block)]! +=
        Math.abs(lap[y * s + x]!) / (block * block);
  blocks.sort();
  const p10 = percentileSorted(blocks, 0.1);
  const p50 = percentileSorted(blocks, 0.5);
  const p90 = percentileSorted(blocks, 0.9);
  const chroma = (plane: Float64Array) => laplacian(plane, s).reduce((a, v) => a + Math.abs(v), 0) / n;
  return [
    logOf(abs / n),
    Math.log(q4 / n / (variance * variance + 1e-9) + 1),
    flat / n,
    logOf(p10),
    Math.log((p10 + 0.05) / (p90 + 0.05)),
    logOf(p50),
    ...phaseFeatures(luma, s),
    ...residualSpectrum(lap, s, w),
    ...spectrumSlope(luma, s, w),
    Math.log((chroma(cb) + chroma(cr) + 0.05) / (abs / n + 0.05)),
  ];
}
