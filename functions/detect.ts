import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS, policyForImages } from '../src/server/rate-limit/policies';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runDetect } from '../src/server/vision/detection-service';
import { siteOrigins } from '../src/server/vision/site-images';
import { dbVisionStore } from '../src/server/vision/store';
import { detectOperation } from '../src/shared/contracts/object-detection';

/**
 * POST /api/v1/detect: checks 1-20 image URLs for the objects of a category. An image that
 * cannot be fetched or decoded gets its own `error` entry; the batch still answers 200.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  const db = getDb();
  const body = await readJson(req, detectOperation.body).catch(async (error: unknown) => {
    // A malformed call is counted too (as a single one), so bad input cannot be sent for free.
    await enforceRateLimit(db, ctx, API_RATE_LIMITS.single);
    throw error;
  });
  // The documented limits: a call with more than one image counts as a batch.
  await enforceRateLimit(db, ctx, policyForImages(body.image_urls.length));
  return json(await runDetect(body, { store: dbVisionStore(db), siteOrigins: siteOrigins(req) }), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/detect' };
