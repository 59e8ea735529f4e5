import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { API_RATE_LIMITS, policyForImages } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { runDetect } from '../src/server/vision/detection-service';
import { siteOrigins } from '../src/server/vision/site-images';
import { dbVisionStore } from '../src/server/vision/store';
import { detectOperation } from '../src/shared/contracts/object-detection';

/**
 * POST /api/v1/detect: checks 1-20 image URLs for the objects of a category, with an API key
 * (or the signed-in visitor's session on this site). An image that cannot be fetched or decoded
 * gets its own `error` entry; the batch still answers 200. The account's own categories apply.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.objectDetection,
    async (call) => {
      const body = await readJson(req, detectOperation.body).catch(async (error: unknown) => {
        // A malformed call is counted too (as a single one), so bad input cannot be sent for free.
        await call.rateLimit(API_RATE_LIMITS.single);
        throw error;
      });
      // The documented limits: a call with more than one image counts as a batch.
      await call.rateLimit(policyForImages(body.image_urls.length));
      await call.claimImages(body.image_urls.length);
      const data = await runDetect(body, {
        store: dbVisionStore(db, { userId: call.userId }),
        siteOrigins: siteOrigins(req),
      });
      // Images analysed: the per-URL entries with objects (not the superset entry, not the errors).
      const images = data.detection_results
        .slice(0, body.image_urls.length)
        .filter((r) => 'objects' in r).length;
      return { data, images };
      // Single is counted in the key lookup's round trip; a batch gives it back and counts batch.
    },
    { rateLimit: API_RATE_LIMITS.single },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/detect' };
