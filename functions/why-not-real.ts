import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { analyzeSource, whyNotRealBody } from '../src/server/vision/authenticity/service';
import { siteOrigins } from '../src/server/vision/site-images';
import { whyNotRealOperation } from '../src/shared/contracts/photo-authenticity';

/** POST /api/why_not_real: for each fail tag of an image, the evidence behind it in plain words. */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, API_IDS.photoAuthenticity, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.single);
    const body = await readJson(req, whyNotRealOperation.body);
    const { report, imageUrl } = await analyzeSource(
      { url: body.image_url },
      { siteOrigins: siteOrigins(req) },
    );
    return { data: whyNotRealBody(report, imageUrl, ctx.requestId), images: 1 };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/why_not_real' };
