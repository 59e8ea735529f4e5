import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { insertErrorReport } from '../src/server/vision/authenticity/error-reports';
import { API_IDS } from '../src/shared/api-ids';
import { errorReportOperation } from '../src/shared/contracts/photo-authenticity';

/**
 * POST /api/error: stores a report of a wrong authenticity result, with an API key of an account
 * subscribed to photo authenticity (50/min per key, not metered). 201 `{ status, message, report_id }`.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.photoAuthenticity,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.errors);
      const body = await readJson(req, errorReportOperation.body);
      const stored = await insertErrorReport(db, {
        userId: call.userId,
        imageUrl: body.image_url,
        jobId: body.job_id ?? null,
        comment: body.comment ?? null,
      });
      return {
        data: {
          status: 'received',
          message: 'Thank you. Your report has been received and will be reviewed.',
          report_id: stored.id,
        },
        images: 0,
        status: 201,
      };
    },
    { metered: false },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/error' };
