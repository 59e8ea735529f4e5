import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { defineCategories } from '../src/server/vision/detection-service';
import { dbVisionStore } from '../src/server/vision/store';
import { defineCategoriesOperation } from '../src/shared/contracts/object-detection';

/** Category writes are rare; this stops scripted floods without hindering real use. */
export const CATEGORIES_LIMIT = SITE_RATE_LIMITS.categories;

/**
 * POST /api/v1/categories: adds or replaces category definitions of the calling account only
 * (its detect calls use them over the seeded defaults; nobody else sees them). Needs a key of an
 * account subscribed to object detection; it analyses no image, so it uses no quota.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.objectDetection,
    async (call) => {
      await call.rateLimit(CATEGORIES_LIMIT);
      const body = await readJson(req, defineCategoriesOperation.body);
      return {
        data: await defineCategories(body, { store: dbVisionStore(db, { userId: call.userId }) }),
        images: 0,
      };
    },
    { metered: false },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/categories' };
