/**
 * The CenterNet (MobileNetV3 backbone, COCO 80 classes) graph model on TensorFlow.js with the
 * WASM backend. Loaded once per process from files on disk and reused by every request.
 *
 * Memory discipline: every tensor created for a pass lives inside `tf.tidy`, and only plain
 * numbers leave it, so `tf.memory().numTensors` stays at the model's weight count however many
 * images are analysed (asserted in model.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { iou } from './box-iou';
import { cocoLabel, type CocoLabel } from './coco-labels';
import { tuneWasmTiering } from './engine/wasm-tiering';
import { MODEL_FILES, WASM_FILES, modelDir, wasmDir } from './model-files';
import { MODEL_INPUT_SIZE } from './model-input';
import { loadGraphModel, setWasmPaths, tf } from './tfjs';

export { MODEL_INPUT_SIZE };

/** Scores from this model are modest; below this a detection is mostly noise on real photos. */
export const DEFAULT_MIN_SCORE = 0.3;
/** Same-class boxes overlapping more than this are one object. */
const NMS_IOU = 0.5;
const OUTPUT_NODE = 'tower_0/detections';
/** The detection head's global mean: 128 values per image (measured). */
const HEAD_MEAN_NODE = 'tower_0/CenternetHead/Mean';
/** The backbone's last feature map (16x16x480 at 512 input); pooled to 480 values. */
const BACKBONE_NODE = 'tower_0/extern1/hard_swish/mul_1';

/** Honest name of what produces every result, shown in API responses. */
export const ANALYSIS_METHOD = 'CenterNet MobileNetV3 (COCO, 80 classes) on TensorFlow.js WASM';

/** One detection on the model's input: corners as fractions (0-1) of the width and height. */
export interface RawDetection {
  label: CocoLabel;
  classIndex: number;
  score: number;
  /** [x1, y1, x2, y2], each 0-1 of the (stretched) input. */
  box: [number, number, number, number];
}

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: unknown;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
}

let loading: Promise<GraphModel> | undefined;
let backend: Promise<void> | undefined;

/** Starts the WASM backend once per process (every graph model of the engine runs on it). */
export function initBackend(): Promise<void> {
  backend ??= startBackend().catch((error: unknown) => {
    backend = undefined;
    throw error;
  });
  return backend;
}

async function startBackend(): Promise<void> {
  tuneWasmTiering();
  const dir = wasmDir();
  // Explicit file paths: the default lookup uses __dirname, which a bundler rewrites.
  setWasmPaths(Object.fromEntries(WASM_FILES.map((f) => [f, join(dir, f)])));
  // Threads need a worker file next to the bundle and gain little on 1-2 vCPU functions.
  if (!(await tf.setBackend('wasm'))) throw new Error('vision: the wasm backend did not initialise');
  await tf.ready();
}

/**
 * Loads a graph model of the package's models folder (`file`: its JSON, in `dir`) from disk with
 * a custom IOHandler: no fetch, no network.
 */
export async function loadGraphFromDisk(file: string, dir = modelDir()): Promise<GraphModel> {
  const json = JSON.parse(await readFile(join(dir, file), 'utf8')) as ModelJson;
  const buffers = await Promise.all(
    json.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(join(dir, p))),
  );
  const weights = Buffer.concat(buffers);
  const handler: Tf.io.IOHandler = {
    load: async () => ({
      modelTopology: json.modelTopology as NonNullable<Tf.io.ModelArtifacts['modelTopology']>,
      ...(json.format !== undefined && { format: json.format }),
      ...(json.generatedBy !== undefined && { generatedBy: json.generatedBy }),
      ...(json.convertedBy != null && { convertedBy: json.convertedBy }),
      ...(json.signature !== undefined && { signature: json.signature as object }),
      ...(json.userDefinedMetadata !== undefined && { userDefinedMetadata: json.userDefinedMetadata }),
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights) as Tf.io.WeightsManifestEntry[],
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  };
  return loadGraphModel(handler);
}

/** The shared model; the first call loads it, later calls reuse the same promise. */
export function loadModel(): Promise<GraphModel> {
  loading ??= (async () => {
    await initBackend();
    const model = await loadGraphFromDisk(MODEL_FILES[0]);
    return model;
  })().catch((error: unknown) => {
    // A failed load must not poison the process forever: the next request tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Number of tensors held by the backend (model weights included); for leak checks. */
export const liveTensorCount = (): number => tf.memory().numTensors;

/** Greedy per-class non-maximum suppression; input need not be sorted. */
export function nonMaxSuppression(dets: RawDetection[], iouThreshold = NMS_IOU): RawDetection[] {
  const kept: RawDetection[] = [];
  for (const det of [...dets].sort((a, b) => b.score - a.score)) {
    if (!kept.some((k) => k.classIndex === det.classIndex && iou(k.box, det.box) > iouThreshold))
      kept.push(det);
  }
  return kept;
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/**
 * Image-level features of the same pass, for embeddings and trained heads: nothing extra runs,
 * the graph already computes both nodes on its way to the detections.
 */
export interface PassFeatures {
  /** `tower_0/CenternetHead/Mean`: 128 values. */
  head: Float32Array;
  /** Global average pool of `tower_0/extern1/hard_swish/mul_1`: 480 values. */
  backbone: Float32Array;
}

export interface PassResult {
  detections: RawDetection[];
  features: PassFeatures;
}

/**
 * Runs one pass on a 512x512 RGB image (3 bytes per pixel, row-major) and returns the
 * detections scoring at least `minScore`, after NMS, strongest first.
 */
export async function detectRaw(rgb: Uint8Array, minScore = DEFAULT_MIN_SCORE): Promise<RawDetection[]> {
  const size = MODEL_INPUT_SIZE;
  if (rgb.length !== size * size * 3)
    throw new Error(`vision: expected ${size}x${size}x3 bytes, got ${rgb.length}`);
  const model = await loadModel();
  const rows = tf.tidy(() => {
    const input = tf.tensor4d(Float32Array.from(rgb), [1, size, size, 3], 'float32');
    const out = model.execute(input, OUTPUT_NODE) as Tf.Tensor;
    return out.dataSync() as Float32Array;
  });
  return decodeRows(rows, minScore);
}

/** One pass that returns the detections and the image-level features together. */
export async function detectWithFeatures(rgb: Uint8Array, minScore = DEFAULT_MIN_SCORE): Promise<PassResult> {
  const size = MODEL_INPUT_SIZE;
  if (rgb.length !== size * size * 3)
    throw new Error(`vision: expected ${size}x${size}x3 bytes, got ${rgb.length}`);
  const model = await loadModel();
  const [rows, head, backbone] = tf.tidy(() => {
    const input = tf.tensor4d(Float32Array.from(rgb), [1, size, size, 3], 'float32');
    const [det, mean, map] = model.execute(input, [
      OUTPUT_NODE,
      HEAD_MEAN_NODE,
      BACKBONE_NODE,
    ]) as Tf.Tensor[];
    if (!det || !mean || !map) throw new Error('vision: the model did not return the requested nodes');
    return [
      det.dataSync() as Float32Array,
      Float32Array.from(mean.dataSync()),
      Float32Array.from(tf.mean(map, [1, 2]).dataSync()),
    ] as const;
  });
  return { detections: decodeRows(rows, minScore), features: { head, backbone } };
}

/**
 * Runs the graph on a 512x512 RGB mosaic only as far as the internal node `node` (the layers
 * after it are never computed) and returns, for each 256 px quadrant, the per-channel mean then
 * standard deviation of that node's activations over the quadrant (channels x 2 values each,
 * quadrants in reading order). For frozen-feature probes on four native-resolution tiles in one pass.
 */
export async function quadrantStats(rgb: Uint8Array, node: string): Promise<number[][]> {
  const size = MODEL_INPUT_SIZE;
  if (rgb.length !== size * size * 3)
    throw new Error(`vision: expected ${size}x${size}x3 bytes, got ${rgb.length}`);
  const model = await loadModel();
  return tf.tidy(() => {
    const input = tf.tensor4d(Float32Array.from(rgb), [1, size, size, 3], 'float32');
    const map = model.execute(input, node) as Tf.Tensor4D;
    const [, h, w, c] = map.shape;
    return [0, 1, 2, 3].map((q) => {
      const part = tf.slice(map, [0, (q >> 1) * (h / 2), (q & 1) * (w / 2), 0], [1, h / 2, w / 2, c]);
      const { mean, variance } = tf.moments(part, [0, 1, 2]);
      return [...mean.dataSync(), ...Array.from(tf.sqrt(variance).dataSync())];
    });
  });
}

/** Turns the detection node's rows (x1, y1, x2, y2, score, class) into detections after NMS. */
function decodeRows(rows: Float32Array, minScore: number): RawDetection[] {
  const size = MODEL_INPUT_SIZE;
  const dets: RawDetection[] = [];
  for (let i = 0; i + 5 < rows.length; i += 6) {
    const score = rows[i + 4] ?? 0;
    const classIndex = rows[i + 5] ?? Number.NaN;
    const label = cocoLabel(classIndex);
    if (!(score >= minScore) || !label) continue;
    const box: RawDetection['box'] = [
      clamp01((rows[i] ?? 0) / size),
      clamp01((rows[i + 1] ?? 0) / size),
      clamp01((rows[i + 2] ?? 0) / size),
      clamp01((rows[i + 3] ?? 0) / size),
    ];
    if (box[2] <= box[0] || box[3] <= box[1]) continue;
    dets.push({ label, classIndex, score, box });
  }
  return nonMaxSuppression(dets);
}
