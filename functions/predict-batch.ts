import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { idempotencyKey, submitJob } from '../src/server/batch/service';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { predictBatchOperation } from '../src/shared/contracts/photo-authenticity';

/**
 * POST /api/predict_batch: queues 1 to 50 images for authenticity analysis and answers 201
 * `{ job_id, job_status, created_at }` at once (batch limit, 20/min per key). The job row and its
 * queue entries are written in one transaction; an `Idempotency-Key` retry returns the same job.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, API_IDS.photoAuthenticity, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.batch);
    const key = idempotencyKey(req);
    const body = await readJson(req, predictBatchOperation.body);
    const { job, created } = await submitJob(db, req, ctx, call, {
      apiId: API_IDS.photoAuthenticity,
      imageUrls: body.image_urls,
      callbackUrl: body.callback_url,
      idempotencyKey: key,
    });
    return {
      data: { job_id: job.id, job_status: job.status, created_at: new Date(job.created_at).toISOString() },
      // A replayed key analyses nothing new and counts nothing.
      images: created ? job.total : 0,
      status: 201,
    };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/predict_batch' };
