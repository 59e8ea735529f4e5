/**
 * The `dwtDct` method of the `invisible-watermark` Python library (package `imwatermark`,
 * ShieldMnt/invisible-watermark, `imwatermark/maxDct.py` class `EmbedMaxDct`), re-implemented
 * so a mark can be read (and, for tests and samples, written) without Python.
 *
 * What the library does, checked line by line against its source (not against its name):
 * 1. BGR -> YUV with OpenCV's BT.601 YUV (`cv2.COLOR_BGR2YUV`: U = (B - Y) * 0.492 + delta,
 *    delta 128 for 8-bit images and 0.5 for float images).
 * 2. `for channel in range(2)` with `scales=[0, 36, 36]`: channel 0 (Y) has scale 0 and is
 *    skipped, and channel 2 (V) is never reached, so only U carries the mark.
 * 3. The channel, cropped to a multiple of 4 in both directions, goes through a one-level Haar
 *    DWT (`pywt.dwt2(..., 'haar')`); only the approximation band LL is touched.
 * 4. LL is cut into 4x4 blocks in row-major order; block `n` carries bit `n % length`.
 *    Despite the method's name no DCT is taken: in each block the entry with the largest
 *    magnitude among positions 1..15 (row-major, the top-left entry excluded; first one wins
 *    ties, as `np.argmax`) is quantised with the scale: |v| -> (floor(|v| / s) + 0.25 + 0.5 bit) * s,
 *    sign kept. Reading takes the same entry and says 1 when (|v| mod s) > s / 2.
 * 5. Reconstruction calls `pywt.idwt2((LL, (V, H, D)))` on bands unpacked as `LL, (H, V, D)`:
 *    the horizontal and vertical detail bands are swapped, which amounts to exchanging the
 *    top-right and bottom-left pixel of every 2x2 cell of the U channel. The encoder here does
 *    the same so its output matches the library's.
 * 6. The 8-bit path (Stable Diffusion's reference scripts pass uint8 images) writes the float
 *    result back into the uint8 YUV array, which truncates toward zero; the float path
 *    (diffusers' SDXL pipeline passes float32) keeps the fraction and rounds once at the end.
 * 7. Decoding averages the votes of all blocks of each bit; bit = mean * 255 > 127.
 */

/** An interleaved RGB image (3 bytes per pixel, no alpha), as sharp's `.raw()` gives it. */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** How the encoder's host program handed pixels to the library. */
export type PixelArithmetic = 'uint8' | 'float';

export interface DwtDctOptions {
  /** Per-channel (Y, U, V) quantisation steps; the library's default is [0, 36, 36]. */
  scales?: readonly [number, number, number];
  /** 'uint8' (Stable Diffusion reference scripts) or 'float' (diffusers). Default 'uint8'. */
  arithmetic?: PixelArithmetic;
}

export const DEFAULT_SCALES = [0, 36, 36] as const;
const BLOCK = 4;

// OpenCV's constants (imgproc color_yuv): 8-bit fixed point with 14 fraction bits, and floats.
const R2Y = 4899;
const G2Y = 9617;
const B2Y = 1868;
const B2UI = 8061;
const R2VI = 14369;
const U2BI = 33292;
const U2GI = -6472;
const V2GI = -9519;
const V2RI = 18678;
const SHIFT = 14;
/** pywt's Haar filter tap, 1/sqrt(2). */
const H = Math.SQRT1_2;
const descale = (x: number): number => (x + (1 << (SHIFT - 1))) >> SHIFT;
const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

interface YuvPlanes {
  y: Float64Array;
  u: Float64Array;
  v: Float64Array;
}

/** cv2.cvtColor(BGR2YUV) on RGB bytes, either as OpenCV's 8-bit path or its float path. */
function rgbToYuv(img: RgbPixels, arithmetic: PixelArithmetic): YuvPlanes {
  const n = img.width * img.height;
  const y = new Float64Array(n);
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const d = img.data;
  for (let i = 0; i < n; i++) {
    const r = d[i * 3]!;
    const g = d[i * 3 + 1]!;
    const b = d[i * 3 + 2]!;
    if (arithmetic === 'uint8') {
      const yy = descale(b * B2Y + g * G2Y + r * R2Y);
      y[i] = clamp255(yy);
      u[i] = clamp255(descale((b - yy) * B2UI + (128 << SHIFT)));
      v[i] = clamp255(descale((r - yy) * R2VI + (128 << SHIFT)));
    } else {
      const yy = 0.299 * r + 0.587 * g + 0.114 * b;
      y[i] = yy;
      u[i] = (b - yy) * 0.492 + 0.5;
      v[i] = (r - yy) * 0.877 + 0.5;
    }
  }
  return { y, u, v };
}

/** cv2.cvtColor(YUV2BGR) back to RGB bytes (the float path rounds and clamps at the end). */
function yuvToRgb(p: YuvPlanes, width: number, height: number, arithmetic: PixelArithmetic): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    let r: number;
    let g: number;
    let b: number;
    if (arithmetic === 'uint8') {
      const yy = p.y[i]!;
      const uu = p.u[i]! - 128;
      const vv = p.v[i]! - 128;
      b = yy + descale(uu * U2BI);
      g = yy + descale(vv * V2GI + uu * U2GI);
      r = yy + descale(vv * V2RI);
    } else {
      const yy = p.y[i]!;
      const uu = p.u[i]! - 0.5;
      const vv = p.v[i]! - 0.5;
      b = Math.round(yy + uu * 2.032);
      g = Math.round(yy + uu * -0.395 + vv * -0.581);
      r = Math.round(yy + vv * 1.14);
    }
    out[i * 3] = clamp255(r);
    out[i * 3 + 1] = clamp255(g);
    out[i * 3 + 2] = clamp255(b);
  }
  return out;
}

/** The LL band of a one-level Haar DWT of the top-left `rows x cols` of a plane (both even). */
function haarLL(plane: Float64Array, stride: number, rows: number, cols: number): Float64Array {
  const h = rows / 2;
  const w = cols / 2;
  const ll = new Float64Array(h * w);
  for (let i = 0; i < h; i++) {
    const r0 = 2 * i * stride;
    const r1 = r0 + stride;
    for (let j = 0; j < w; j++) {
      const c = 2 * j;
      // pywt's operation order (rows first, then columns), so ties break as in the library.
      const l0 = plane[r0 + c]! * H + plane[r1 + c]! * H;
      const l1 = plane[r0 + c + 1]! * H + plane[r1 + c + 1]! * H;
      ll[i * w + j] = l0 * H + l1 * H;
    }
  }
  return ll;
}

/** Position (1..15) of the largest-magnitude entry of a 4x4 block other than its first one. */
function maxEntry(ll: Float64Array, llWidth: number, bi: number, bj: number): number {
  let best = 1;
  let bestAbs = -1;
  for (let k = 1; k < BLOCK * BLOCK; k++) {
    const a = Math.abs(ll[(bi * BLOCK + ((k / BLOCK) | 0)) * llWidth + bj * BLOCK + (k % BLOCK)]!);
    if (a > bestAbs) {
      bestAbs = a;
      best = k;
    }
  }
  return best;
}

/**
 * Embeds `bits` into an RGB image the way `WatermarkEncoder().encode(bgr, 'dwtDct')` does.
 * Returns new RGB bytes of the same size.
 */
export function encodeDwtDct(
  img: RgbPixels,
  bits: readonly number[],
  options: DwtDctOptions = {},
): Uint8Array {
  const scales = options.scales ?? DEFAULT_SCALES;
  const arithmetic = options.arithmetic ?? 'uint8';
  if (bits.length === 0) throw new Error('the watermark needs at least one bit');
  if (img.width * img.height < 256 * 256) throw new Error('image too small, should be larger than 256x256');
  const planes = rgbToYuv(img, arithmetic);
  const rows = Math.floor(img.height / 4) * 4;
  const cols = Math.floor(img.width / 4) * 4;
  const channels = [planes.y, planes.u, planes.v];
  // range(2): the library never visits the third channel.
  for (let c = 0; c < 2; c++) {
    const scale = scales[c]!;
    if (scale <= 0) continue;
    const plane = channels[c]!;
    const ll = haarLL(plane, img.width, rows, cols);
    const llw = cols / 2;
    const blocksY = Math.floor(rows / 2 / BLOCK);
    const blocksX = Math.floor(llw / BLOCK);
    let num = 0;
    for (let bi = 0; bi < blocksY; bi++) {
      for (let bj = 0; bj < blocksX; bj++) {
        const bit = bits[num % bits.length]! ? 1 : 0;
        const k = maxEntry(ll, llw, bi, bj);
        const idx = (bi * BLOCK + ((k / BLOCK) | 0)) * llw + bj * BLOCK + (k % BLOCK);
        const val = ll[idx]!;
        const q = (Math.floor(Math.abs(val) / scale) + 0.25 + 0.5 * bit) * scale;
        ll[idx] = val >= 0 ? q : -q;
        num++;
      }
    }
    // Inverse Haar with the detail bands swapped (see step 5 of the module comment).
    for (let i = 0; i < rows / 2; i++) {
      for (let j = 0; j < llw; j++) {
        const p00 = 2 * i * img.width + 2 * j;
        const p01 = p00 + 1;
        const p10 = p00 + img.width;
        const p11 = p10 + 1;
        const a = plane[p00]!;
        const b = plane[p01]!;
        const cc = plane[p10]!;
        const d = plane[p11]!;
        // Forward Haar in pywt's order: along rows (axis 0), then along columns.
        const l0 = a * H + cc * H;
        const d0 = a * H - cc * H;
        const l1 = b * H + d * H;
        const d1 = b * H - d * H;
        const ad = l0 * H - l1 * H;
        const da = d0 * H + d1 * H;
        const dd = d0 * H - d1 * H;
        // Inverse with the (H, V) bands passed swapped: columns first, then rows.
        const aa = ll[i * llw + j]!;
        const a0 = aa * H + da * H;
        const a1 = aa * H - da * H;
        const v0 = ad * H + dd * H;
        const v1 = ad * H - dd * H;
        let na = a0 * H + v0 * H;
        let nc = a0 * H - v0 * H;
        let nb = a1 * H + v1 * H;
        let nd = a1 * H - v1 * H;
        if (arithmetic === 'uint8') {
          // numpy's float -> uint8 assignment truncates toward zero (out-of-range is undefined
          // there; clamping is the sane reading of it).
          na = clamp255(Math.trunc(na));
          nb = clamp255(Math.trunc(nb));
          nc = clamp255(Math.trunc(nc));
          nd = clamp255(Math.trunc(nd));
        }
        plane[p00] = na;
        plane[p01] = nb;
        plane[p10] = nc;
        plane[p11] = nd;
      }
    }
  }
  return yuvToRgb(planes, img.width, img.height, arithmetic);
}

export interface DwtDctReading {
  /** Decoded bits (0/1), `length` of them. */
  bits: number[];
  /** Per bit, the share of blocks that voted 1 (0..1): near 0 or 1 on a marked image. */
  votes: number[];
  /** Blocks read per bit (the evidence behind each vote). */
  blocksPerBit: number;
}

/** The LL band of one channel, ready to be read for any mark length. */
export interface LLBand {
  ll: Float64Array;
  width: number;
  blocksY: number;
  blocksX: number;
  scale: number;
}

/**
 * The LL bands the reader looks at (one per channel with a non-zero scale: U only for the
 * default scales). `uDelta` is the U offset of the colour conversion: 128 (the library reading
 * an 8-bit image, its normal use) or 0.5 (OpenCV's float path, what diffusers' encoder used).
 */
export function readerBands(img: RgbPixels, options: DwtDctOptions & { uDelta?: number } = {}): LLBand[] {
  const scales = options.scales ?? DEFAULT_SCALES;
  const uDelta = options.uDelta ?? 128;
  const rows = Math.floor(img.height / 4) * 4;
  const cols = Math.floor(img.width / 4) * 4;
  const d = img.data;
  const bands: LLBand[] = [];
  for (let c = 0; c < 2; c++) {
    const scale = scales[c]!;
    if (scale <= 0) continue;
    // Only the channel being read is converted (U for the default scales).
    const plane = new Float64Array(img.width * img.height);
    for (let i = 0; i < plane.length; i++) {
      const r = d[i * 3]!;
      const g = d[i * 3 + 1]!;
      const b = d[i * 3 + 2]!;
      if (uDelta === 128) {
        const yy = descale(b * B2Y + g * G2Y + r * R2Y);
        plane[i] = c === 0 ? clamp255(yy) : clamp255(descale((b - yy) * B2UI + (128 << SHIFT)));
      } else {
        const yy = 0.299 * r + 0.587 * g + 0.114 * b;
        plane[i] = c === 0 ? yy : (b - yy) * 0.492 + uDelta;
      }
    }
    const llw = cols / 2;
    bands.push({
      ll: haarLL(plane, img.width, rows, cols),
      width: llw,
      blocksY: Math.floor(rows / 2 / BLOCK),
      blocksX: Math.floor(llw / BLOCK),
      scale,
    });
  }
  return bands;
}

/** Reads a `length`-bit mark from prepared LL bands (see `decodeDwtDct`). */
export function decodeBands(bands: readonly LLBand[], length: number): DwtDctReading {
  if (length <= 0) throw new Error('length must be positive');
  const ones = new Float64Array(length);
  const counts = new Float64Array(length);
  for (const { ll, width, blocksY, blocksX, scale } of bands) {
    let num = 0;
    for (let bi = 0; bi < blocksY; bi++) {
      for (let bj = 0; bj < blocksX; bj++) {
        const k = maxEntry(ll, width, bi, bj);
        const val = Math.abs(ll[(bi * BLOCK + ((k / BLOCK) | 0)) * width + bj * BLOCK + (k % BLOCK)]!);
        const bitIndex = num % length;
        if (val % scale > 0.5 * scale) ones[bitIndex]! += 1;
        counts[bitIndex]! += 1;
        num++;
      }
    }
  }
  const votes = Array.from(ones, (o, i) => (counts[i]! > 0 ? o / counts[i]! : 0));
  return {
    bits: votes.map((v) => (v * 255 > 127 ? 1 : 0)),
    votes,
    blocksPerBit: Math.min(...Array.from(counts)),
  };
}

/**
 * Reads a `length`-bit dwtDct mark as `WatermarkDecoder('bits', length).decode(bgr, 'dwtDct')`
 * does (`uDelta` as in `readerBands`).
 */
export function decodeDwtDct(
  img: RgbPixels,
  length: number,
  options: DwtDctOptions & { uDelta?: number } = {},
): DwtDctReading {
  return decodeBands(readerBands(img, options), length);
}
