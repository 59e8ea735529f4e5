/**
 * The worker side of the vision engine: decode (sharp) and analyse (tfjs wasm) one image per
 * message, in a thread of its own so the server's event loop never runs inference. The model
 * loads once per worker, as soon as the worker starts.
 */
import type { MessagePort } from 'node:worker_threads';
import { analyzeAuthenticity, type AuthenticityReport } from '../authenticity/analyze';
import { analyzeImage, type AnalyzeOptions, type ImageAnalysis } from '../detector';
import { analyzeFaces, type FacesAnalysis } from '../faces/analyze';
import { decodeImage } from '../image-input';
import { liveTensorCount, loadModel } from '../model';
import { analyzeScene, type SceneAnalysis, type SceneOptions } from '../scene/analyze';
import { imageFeatures, type ImageFeatures } from '../similar/features';
import { serveTasks } from './pool';

/** What the engine asks a worker to do. */
export type EngineTask =
  | { kind: 'analyze'; bytes: Uint8Array; options: AnalyzeOptions }
  /** Photo authenticity: every evidence layer (src/server/vision/authenticity). */
  | { kind: 'authenticity'; bytes: Uint8Array }
  /** One plain pass with features, room scores, colours and (optionally) text: classify and caption. */
  | { kind: 'scene'; bytes: Uint8Array; options: SceneOptions }
  /** Similar-image search: the pass's image-level features and the perceptual-hash thumbnail. */
  | { kind: 'embed'; bytes: Uint8Array; mirror: boolean }
  /** Facial analysis: faces, landmarks, pose, quality and presentation-attack scores (../faces). */
  | { kind: 'faces'; bytes: Uint8Array }
  /** Tensors held by this worker's backend; for leak checks. */
  | { kind: 'tensors' };

export type EngineResult =
  ImageAnalysis | AuthenticityReport | SceneAnalysis | ImageFeatures | FacesAnalysis | number;

/** Validates, decodes and analyses encoded image bytes; the same code in a worker or in-process. */
export async function decodeAndAnalyze(bytes: Uint8Array, options: AnalyzeOptions): Promise<ImageAnalysis> {
  return analyzeImage(await decodeImage(bytes), options);
}

/** Validates and decodes encoded image bytes and analyses their faces. */
export async function decodeAndAnalyzeFaces(bytes: Uint8Array): Promise<FacesAnalysis> {
  return analyzeFaces(await decodeImage(bytes));
}

async function runTask(task: EngineTask): Promise<EngineResult> {
  if (task.kind === 'tensors') {
    await loadModel();
    return liveTensorCount();
  }
  if (task.kind === 'authenticity') return analyzeAuthenticity(task.bytes);
  if (task.kind === 'scene') return analyzeScene(task.bytes, task.options);
  if (task.kind === 'embed') return imageFeatures(task.bytes, { mirror: task.mirror });
  if (task.kind === 'faces') return decodeAndAnalyzeFaces(task.bytes);
  return decodeAndAnalyze(task.bytes, task.options);
}

/** Answers engine tasks arriving on `port`, one at a time (the pool sends one per worker). */
export function serveEngine(port: MessagePort): void {
  // Warm up while the first request is still on its way; a failure is retried by that request.
  loadModel().catch(() => undefined);
  serveTasks<EngineTask, EngineResult>(port, runTask);
}
