import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runDetect } from '../src/server/vision/detection-service';
import { siteOrigins } from '../src/server/vision/site-images';
import { dbVisionStore } from '../src/server/vision/store';
import { demoDetectOperation } from '../src/shared/contracts/object-detection';

/** The anonymous live tester: a few calls a minute per client, enough to try the API by hand. */
export const DEMO_DETECT_LIMIT = SITE_RATE_LIMITS['demo-detect'];

/**
 * POST /api/demo/detect: the request and response of /api/v1/detect without a key, for the
 * site's live tester. Strictly limited per client; the seeded categories only; no account, so
 * no metering and no `usage` object.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  const db = getDb();
  await enforceRateLimit(db, ctx, DEMO_DETECT_LIMIT);
  const body = await readJson(req, demoDetectOperation.body);
  return json(await runDetect(body, { store: dbVisionStore(db), siteOrigins: siteOrigins(req) }), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/detect' };
