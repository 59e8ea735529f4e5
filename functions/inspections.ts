import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { idempotencyKey, submitJob } from '../src/server/batch/service';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { readInspectionRequest } from '../src/server/inspection/request';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';

/**
 * POST /api/v1/inspections: queues a virtual inspection of 1 to 50 property photos (URLs, or
 * uploads in one multipart request) and answers 201 `{ inspection_id, status, created_at }` at
 * once. It runs on the batch queue (one entry per photo, then a finishing step), with the
 * batch jobs' Idempotency-Key, signed callback and per-photo metering.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, API_IDS.virtualInspection, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.batch);
    const key = idempotencyKey(req);
    const { fields, imageUrls, uploads, fileNames } = await readInspectionRequest(req);
    const { job, created } = await submitJob(db, req, ctx, call, {
      apiId: API_IDS.virtualInspection,
      imageUrls,
      callbackUrl: fields.callback_url,
      idempotencyKey: key,
      kind: 'inspection',
      options: {
        ...(fields.checklist && { checklist: fields.checklist }),
        ...(fields.property_ref !== undefined && { property_ref: fields.property_ref }),
        ...(uploads.size > 0 && { file_names: fileNames }),
      },
      uploads,
    });
    return {
      data: { inspection_id: job.id, status: job.status, created_at: new Date(job.created_at).toISOString() },
      // A replayed key analyses nothing new and counts nothing.
      images: created ? job.total : 0,
      status: 201,
    };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/inspections' };
