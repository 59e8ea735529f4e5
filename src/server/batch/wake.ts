/**
 * Waking the background function that drains the batch queue. Apart from the batch service
 * because every keyed API call may wake it (a usage alert's webhook is queued): importing it
 * must not load the queue's graphile-worker (a tenth of a second of a function's cold start).
 */
import type { HandlerContext } from '../http/handler';

export const BACKGROUND_WORKER_PATH = '/.netlify/functions/predict-batch-worker-background';

/** On Netlify, asks the background function to drain the queue (fire and forget). */
export function wakeBackgroundWorker(
  req: Request,
  ctx: HandlerContext,
  env: Record<string, string | undefined> = process.env,
): void {
  if (env['NETLIFY'] !== 'true' || env['BATCH_IN_PROCESS_WORKER'] === '1') return;
  const url = new URL(BACKGROUND_WORKER_PATH, env['URL'] || new URL(req.url).origin);
  const sent = fetch(url, { method: 'POST' }).then(
    (res) => void res.body?.cancel(),
    (error: unknown) => console.error('batch: could not wake the background worker', error),
  );
  ctx.waitUntil?.(sent);
}
