/**
 * The OCR's models as a function instance loads them: PaddleOCR's detection and recognition
 * models with ONNX Runtime's basic graph optimisations (constant folding, batch normalisation
 * folded into the convolutions, redundant nodes removed) already applied, then the folds those
 * leave undone (./onnx-folds.ts: the backbones' scalar affines and hard-swish chains), written
 * once at build time into `build/ocr-models/` (src/server/vision/ocr/ocr.ts reads them there
 * on WebAssembly; netlify.toml ships them to the functions that read text). A WebAssembly
 * session applying those optimisations itself would spend more CPU on it than it saves on a cold
 * start's few images; loading them applied costs nothing, and the detector's later passes and the
 * recogniser's reads run a third to a half faster.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OCR_MODEL_FILES, OCR_MODELS_REL, OCR_OPTIMISED_REL } from '../../src/server/vision/model-files';
import { foldOcrGraph } from './onnx-folds';
import { parseModel, serializeModel } from './onnx-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = join(ROOT, OCR_MODELS_REL);
const OPTIMISED_DIR = join(ROOT, OCR_OPTIMISED_REL);

/**
 * What the build does to the models, written beside them: models written by an earlier recipe
 * are rewritten.
 */
const RECIPE = 'ort-basic + ocr folds (affine, hard-swish) v1';
const RECIPE_FILE = 'recipe.txt';

/** True when every optimised model exists, is newer than its source model and was written by this recipe. */
function upToDate(outDir: string): boolean {
  const recipe = join(outDir, RECIPE_FILE);
  if (!existsSync(recipe) || readFileSync(recipe, 'utf8') !== RECIPE) return false;
  return OCR_MODEL_FILES.every((file) => {
    const out = join(outDir, file);
    return existsSync(out) && statSync(out).mtimeMs >= statSync(join(SOURCE, file)).mtimeMs;
  });
}

/**
 * Writes the optimised models (and a copy of the dictionary) into `outDir` unless they are
 * there and newer than the package's; returns the files written (none when up to date).
 */
export async function writeOptimisedOcrModels(outDir: string = OPTIMISED_DIR): Promise<string[]> {
  if (upToDate(outDir)) return [];
  mkdirSync(outDir, { recursive: true });
  const ort = await import('onnxruntime-node');
  const written: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'optiq-ocr-basic-'));
  try {
    for (const file of OCR_MODEL_FILES.slice(0, 2)) {
      const basic = join(scratch, file);
      // The session's only purpose is to write its optimised graph.
      const session = await ort.InferenceSession.create(join(SOURCE, file), {
        graphOptimizationLevel: 'basic',
        optimizedModelFilePath: basic,
        executionProviders: ['cpu'],
      });
      await session.release();
      const model = parseModel(readFileSync(basic));
      foldOcrGraph(model.graph);
      const out = join(outDir, file);
      writeFileSync(out, serializeModel(model, model.graph));
      written.push(out);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const keys = join(outDir, OCR_MODEL_FILES[2]);
  copyFileSync(join(SOURCE, OCR_MODEL_FILES[2]), keys);
  written.push(keys);
  writeFileSync(join(outDir, RECIPE_FILE), RECIPE);
  return written;
}
