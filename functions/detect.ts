import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { clientKey, enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runDetect } from '../src/server/vision/detection-service';
import { siteOrigins } from '../src/server/vision/site-images';
import { dbVisionStore } from '../src/server/vision/store';
import { detectRequestSchema } from '../src/shared/schemas/detect';

/** Documented limit for single detection calls: 100 per minute per client. */
export const DETECT_LIMIT = { limit: 100, windowMs: 60_000 } as const;

/**
 * POST /api/v1/detect: checks 1-20 image URLs for the objects of a category. An image that
 * cannot be fetched or decoded gets its own `error` entry; the batch still answers 200.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  const db = getDb();
  await enforceRateLimit(db, { bucket: 'detect', key: clientKey(req), ...DETECT_LIMIT });
  const body = await readJson(req, detectRequestSchema);
  return json(await runDetect(body, { store: dbVisionStore(db), siteOrigins: siteOrigins(req) }), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/detect' };
