import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { DETECT_API_ID, defineCategories } from '../src/server/vision/detection-service';
import { dbVisionStore } from '../src/server/vision/store';
import { categoryDefinitionsSchema } from '../src/shared/schemas/detect';

/** Category writes are rare; this stops scripted floods without hindering real use. */
export const CATEGORIES_LIMIT = { name: 'categories', limit: 30, windowMs: 60_000 } as const;

/**
 * POST /api/v1/categories: adds or replaces category definitions of the calling account only
 * (its detect calls use them over the seeded defaults; nobody else sees them). Needs a key of an
 * account subscribed to object detection; it analyses no image, so it uses no quota.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, DETECT_API_ID, async (call) => {
    await call.rateLimit(CATEGORIES_LIMIT);
    const body = await readJson(req, categoryDefinitionsSchema);
    return { data: await defineCategories(body, { store: dbVisionStore(db, { userId: call.userId }) }), images: 0 };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/categories' };
