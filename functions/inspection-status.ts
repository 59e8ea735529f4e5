import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { findBatchJob } from '../src/server/batch/jobs';
import { getDb } from '../src/server/db';
import { HttpError } from '../src/server/http/errors';
import { defineHandler } from '../src/server/http/handler';
import { routeParam } from '../src/server/http/path-param';
import { inspectionBody } from '../src/server/inspection/jobs';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';

/**
 * GET /api/v1/inspections/{id}: status, progress and, once completed, the report (results limit;
 * not metered). Another account's inspection is a 404. The report page of the dashboard reads it
 * with the owner's session.
 */
export default defineHandler(['GET'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.virtualInspection,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.results);
      const job = await findBatchJob(db, call.userId, routeParam(ctx, 'id'), 'inspection');
      if (!job) throw new HttpError(404, 'NOT_FOUND', 'No inspection with this id belongs to this account.');
      return { data: { ...inspectionBody(job) }, images: 0 };
    },
    { metered: false },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/inspections/:id' };
