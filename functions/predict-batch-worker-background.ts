import { drainBatchQueue } from '../src/server/batch/worker';
import { requireQueue } from '../src/server/batch/service';
import { getDb } from '../src/server/db';

/**
 * Netlify background function (the `-background` suffix gives it 15 minutes and answers the
 * caller 202 at once): drains the batch queue with graphile-worker's `runOnce` and returns when
 * no entry is ready. POST /api/predict_batch wakes it after queueing a job. The queue's
 * connections use the direct database URL (`NETLIFY_DATABASE_URL_UNPOOLED` or
 * `BATCH_QUEUE_DATABASE_URL`), never the pooled one.
 */
export default async function handler(): Promise<Response> {
  await drainBatchQueue({ db: getDb(), queue: requireQueue() });
  return new Response(null, { status: 202 });
}
