/**
 * Runs the watermark analysis off the event loop, as the detection engine does,
 * with the same pool runner (src/server/vision/engine/runner.ts): in a long-lived server a worker
 * thread (VISION_WORKERS, default 1) holds the OCR models and analyses one image at a time; on
 * Netlify (one request per function instance) it runs in-process (VISION_WORKERS=0). At most
 * VISION_QUEUE_MAX (16) images wait; past that the call fails at once with PoolBusyError (503
 * with Retry-After).
 *
 * This module is also the worker's entry point (or, once bundled, the function bundle is).
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { serveTasks } from '../engine/pool';
import { ENGINE_NAMES, lazyEngineRunner, warmOnServerless } from '../engine/runner';
import { loadOcr } from '../ocr/ocr';
import { analyzeWatermarks, type WatermarkAnalysis, type WatermarkOptions } from './analyze';

const WORKER_FLAG = 'optiqWatermarkEngine';

interface Task {
  bytes: Uint8Array;
  options: WatermarkOptions;
}

function serve(port: MessagePort): void {
  // Warm up both sessions (nothing waits on a worker's load); a failure is retried by the first request.
  loadOcr({ recognizer: true }).catch(() => undefined);
  serveTasks<Task, WatermarkAnalysis>(port, (task) => analyzeWatermarks(task.bytes, task.options));
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  serve(parentPort);
}

warmOnServerless(loadOcr);

const engine = lazyEngineRunner<Task, WatermarkAnalysis>({
  moduleUrl: import.meta.url,
  workerFlag: WORKER_FLAG,
  name: ENGINE_NAMES.watermark,
  queue: 'watermark analysis',
  initialTaskMs: { pool: 1500, inline: 1500 },
  inline: (task) => analyzeWatermarks(task.bytes, task.options),
});

/**
 * Analyses one encoded image off the event loop. The bytes are moved to the worker: the caller
 * must not use them afterwards. Throws the image's own HttpError (413, 422), or PoolBusyError
 * (503 with Retry-After) when the queue is full.
 */
export async function detectWatermarks(
  bytes: Uint8Array,
  options: WatermarkOptions,
): Promise<WatermarkAnalysis> {
  return engine.get().run({ bytes, options });
}

/** Stops the workers (tests, benchmarks). */
export const closeWatermarkEngine = (): Promise<void> => engine.close();
