import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { analyzeSource, predictBody } from '../src/server/vision/authenticity/service';
import { siteOrigins } from '../src/server/vision/site-images';
import { predictOperation } from '../src/shared/contracts/photo-authenticity';

/**
 * POST /api/predict: the authenticity evidence of one image, with an API key (or the signed-in
 * visitor's session on this site). Counts against the single-image limit (100/min per key).
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, API_IDS.photoAuthenticity, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.single);
    const body = await readJson(req, predictOperation.body);
    const { report, imageUrl, seconds } = await analyzeSource(
      { url: body.image_url },
      { siteOrigins: siteOrigins(req) },
    );
    return {
      data: predictBody(report, imageUrl, seconds, ctx.requestId, body.include_ela_heatmap ?? false),
      images: 1,
    };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/predict' };
