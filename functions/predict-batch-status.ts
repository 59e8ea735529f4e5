import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { batchJobBody, findBatchJob } from '../src/server/batch/jobs';
import { getDb } from '../src/server/db';
import { HttpError } from '../src/server/http/errors';
import { defineHandler } from '../src/server/http/handler';
import { routeParam } from '../src/server/http/path-param';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';

/**
 * GET /api/predict_batch/{job_id}: the job's status and progress, and its results once completed
 * (results limit, 200/min per key; not metered). Another account's job is a 404.
 */
export default defineHandler(['GET'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.photoAuthenticity,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.results);
      const job = await findBatchJob(db, call.userId, routeParam(ctx, 'job_id'));
      if (!job) throw new HttpError(404, 'NOT_FOUND', 'No batch job with this id belongs to this account.');
      return { data: { ...(await batchJobBody(db, job)) }, images: 0 };
    },
    { metered: false },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/predict_batch/:job_id' };
