import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import {
  createCollection,
  deleteCollection,
  listCollections,
} from '../src/server/vision/similar/collections';
import { API_IDS } from '../src/shared/api-ids';
import { requireSimilarSearch } from '../src/server/vision/similar/service';
import { createCollectionOperation } from '../src/shared/contracts/similar';

/**
 * The caller's collections for the similar-image search (contracts: createCollectionOperation,
 * listCollectionsOperation, deleteCollectionOperation): POST/GET /api/v1/collections, DELETE
 * /api/v1/collections/:name. A collection's images: functions/collection-images.ts. Keyed like
 * every /api/v1 call; every query is scoped to the caller's account; nothing is counted.
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'name') ? ['DELETE'] : ['GET', 'POST']),
  (req, ctx) =>
    runApiCall(getDb(), req, ctx, API_IDS.similarSearch, async (call) => {
      await call.rateLimit(API_RATE_LIMITS.results);
      const db = getDb();
      await requireSimilarSearch(db);
      if (hasRouteParam(ctx, 'name')) {
        const name = routeParam(ctx, 'name');
        await deleteCollection(db, call.userId, name);
        return { data: { deleted: name }, images: 0 };
      }
      if (req.method === 'GET')
        return { data: { collections: await listCollections(db, call.userId) }, images: 0 };
      const body = await readJson(req, createCollectionOperation.body, { maxBytes: 4096 });
      return {
        data: { collection: await createCollection(db, call.userId, body.name, body.description) },
        images: 0,
        status: 201,
      };
    }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
// Literal paths: Netlify's bundler reads `config` from the source and accepts no expressions.
export const config: Config = { path: ['/api/v1/collections', '/api/v1/collections/:name'] };
