import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { defineCategories } from '../src/server/vision/detection-service';
import { dbVisionStore } from '../src/server/vision/store';
import { categoryDefinitionsSchema } from '../src/shared/schemas/detect';

/** Category writes are rare; this stops scripted floods without hindering real use. */
export const CATEGORIES_LIMIT = { name: 'categories', limit: 30, windowMs: 60_000 } as const;

/** POST /api/v1/categories: adds or replaces category definitions (object lists). */
export default defineHandler(['POST'], async (req, ctx) => {
  const db = getDb();
  await enforceRateLimit(db, ctx, CATEGORIES_LIMIT);
  const body = await readJson(req, categoryDefinitionsSchema);
  return json(await defineCategories(body, { store: dbVisionStore(db) }), ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/categories' };
