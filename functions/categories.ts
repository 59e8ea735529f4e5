import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/server/rate-limit/policies';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { defineCategories } from '../src/server/vision/detection-service';
import { dbVisionStore } from '../src/server/vision/store';
import { defineCategoriesOperation } from '../src/shared/contracts/object-detection';

/** Category writes are rare; this stops scripted floods without hindering real use. */
export const CATEGORIES_LIMIT = SITE_RATE_LIMITS.categories;

/** POST /api/v1/categories: adds or replaces category definitions (object lists). */
export default defineHandler(['POST'], async (req, ctx) => {
  const db = getDb();
  await enforceRateLimit(db, ctx, CATEGORIES_LIMIT);
  const body = await readJson(req, defineCategoriesOperation.body);
  return json(await defineCategories(body, { store: dbVisionStore(db) }), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/categories' };
