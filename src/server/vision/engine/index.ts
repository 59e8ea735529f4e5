/**
 * The vision engine as the services see it: `analyzeImageBytes` validates, decodes and analyses
 * one encoded image, off the event loop.
 *
 * Where the work runs (VISION_WORKERS, chosen once per process):
 * - a long-lived server (`npm start`, `npm run dev`, tests, benchmarks): a pool of worker
 *   threads, 1 by default (these machines have 2 cores: one for the event loop, database and
 *   libuv, one for inference). The model loads once per worker. Pixels never touch the main
 *   thread: the encoded bytes are moved (transferred, not copied) to the worker, and only the
 *   detections come back.
 * - Netlify (detected by the Lambda environment): in-process, VISION_WORKERS=0. A function
 *   instance serves one request at a time, so nothing waits behind the inference, and a worker
 *   would cost a second copy of the model and wasm heap plus its start-up on every cold start.
 *   Setting VISION_WORKERS there still works: the pool re-runs the function bundle itself as
 *   the worker (its module URL, see ./runner.ts), so no separate file needs shipping.
 * Either way at most one image is analysed per worker at a time and at most VISION_QUEUE_MAX
 * (default 16) wait; past that the call fails at once with PoolBusyError, which the HTTP layer
 * answers with 503 and a Retry-After estimate (the pool runner: ./runner.ts).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { AuthenticityReport } from '../authenticity/analyze';
import type { AnalyzeOptions, ImageAnalysis } from '../detector';
import type { FacesAnalysis } from '../faces/analyze';
import type { SceneAnalysis, SceneOptions } from '../scene/analyze';
import type { ImageFeatures } from '../similar/features';
import type { PoolStats } from './pool';
import { ENGINE_NAMES, engineConfig, lazyEngineRunner, type EngineConfig } from './runner';
// Static on purpose: it loads sharp in the main thread too, which keeps libvips loaded when a
// worker exits (glibc would otherwise unload it under a running worker: sharp issue #2263).
import {
  decodeAndAnalyze,
  decodeAndAnalyzeFaces,
  serveEngine,
  type EngineResult,
  type EngineTask,
} from './worker';

export { engineConfig, type EngineConfig } from './runner';

/** Marks a thread started by this module as an engine worker. */
const WORKER_FLAG = 'optiqVisionEngine';

// This module (or, once bundled, the whole function bundle) is also the worker's entry point.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  serveEngine(parentPort);
}

/** In-process work: the engine's modules load on first use (a function imports only what it runs). */
async function runInline(task: EngineTask): Promise<EngineResult> {
  if (task.kind === 'tensors') return (await import('../model')).liveTensorCount();
  if (task.kind === 'authenticity')
    return (await import('../authenticity/analyze')).analyzeAuthenticity(task.bytes);
  if (task.kind === 'scene') return (await import('../scene/analyze')).analyzeScene(task.bytes, task.options);
  if (task.kind === 'embed')
    return (await import('../similar/features')).imageFeatures(task.bytes, { mirror: task.mirror });
  if (task.kind === 'faces') return decodeAndAnalyzeFaces(task.bytes);
  return decodeAndAnalyze(task.bytes, task.options);
}

const engine = lazyEngineRunner<EngineTask, EngineResult>({
  moduleUrl: import.meta.url,
  workerFlag: WORKER_FLAG,
  name: ENGINE_NAMES.vision,
  queue: 'image analysis',
  initialTaskMs: { pool: 500, inline: 1000 },
  inline: runInline,
});

/** How this process runs the analysis (after the first call; the configuration before it). */
export const engineMode = (): EngineConfig => engine.current()?.config ?? engineConfig();

/**
 * Validates, decodes and analyses one encoded image (JPEG, PNG, WebP). Throws the image's own
 * HttpError (413, 422), or PoolBusyError (503 with Retry-After) when the queue is full.
 * The bytes are moved to the worker: the caller must not use them afterwards.
 */
export async function analyzeImageBytes(bytes: Uint8Array, options: AnalyzeOptions): Promise<ImageAnalysis> {
  return (await engine.get().run({ kind: 'analyze', bytes, options })) as ImageAnalysis;
}

/**
 * Photo authenticity on one encoded image, off the event loop like detection (the watermark
 * reader, spectrum and ELA are CPU work). The bytes are moved to the worker.
 */
export async function analyzeAuthenticityBytes(bytes: Uint8Array): Promise<AuthenticityReport> {
  return (await engine.get().run({ kind: 'authenticity', bytes })) as AuthenticityReport;
}

/**
 * One plain pass with the image-level features, the room scores, the colours and light, and
 * (with `text`) the text read, off the event loop: what classify and caption need. The bytes
 * are moved to the worker.
 */
export async function analyzeSceneBytes(
  bytes: Uint8Array,
  options: SceneOptions = {},
): Promise<SceneAnalysis> {
  return (await engine.get().run({ kind: 'scene', bytes, options })) as SceneAnalysis;
}

/**
 * The similar-image search's view of one encoded image (features of the CenterNet pass, plus
 * the mirrored view's when `mirror`, and the perceptual-hash thumbnail), off the event loop like
 * detection. The bytes are moved to the worker.
 */
export async function imageFeaturesBytes(bytes: Uint8Array, mirror: boolean): Promise<ImageFeatures> {
  return (await engine.get().run({ kind: 'embed', bytes, mirror })) as ImageFeatures;
}

/**
 * The faces of one encoded image (detection, landmarks, pose, quality, presentation-attack
 * scores), off the event loop like detection. The bytes are moved to the worker.
 */
export async function analyzeFacesBytes(bytes: Uint8Array): Promise<FacesAnalysis> {
  return (await engine.get().run({ kind: 'faces', bytes })) as FacesAnalysis;
}

/** Tensors held by the engine's backend (the worker's, with a pool); for leak checks. */
export async function engineTensorCount(): Promise<number> {
  return (await engine.get().run({ kind: 'tensors' })) as number;
}

/** Analyses running and waiting, for benchmarks and tests. */
export const engineStats = (): PoolStats => engine.get().stats();

/** Stops the workers (tests, benchmarks); the next call starts afresh with the current env. */
export const closeEngine = (): Promise<void> => engine.close();
