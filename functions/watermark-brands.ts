import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler, readJson } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { DEFAULT_BRANDS } from '../src/server/vision/watermark/brands';
import {
  MAX_ACCOUNT_BRANDS,
  addAccountBrand,
  listAccountBrands,
  removeAccountBrand,
} from '../src/server/vision/watermark/brand-store';
import { API_IDS } from '../src/shared/api-ids';
import { addBrandOperation } from '../src/shared/contracts/watermark';

/**
 * GET /api/v1/watermark/brands (list), POST (add), DELETE /api/v1/watermark/brands/:id (remove):
 * the brand wordmarks of the key's account (or the signed-in visitor's), used by
 * POST /api/v1/watermark on top of the default list. Needs a watermark-detection subscription;
 * not metered, limited like reading results (200/min per key).
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'id') ? ['DELETE'] : ['GET', 'POST']),
  (req, ctx) => {
    const db = getDb();
    const collection = !hasRouteParam(ctx, 'id');
    return runApiCall(
      db,
      req,
      ctx,
      API_IDS.watermark,
      async (call) => {
        await call.rateLimit(API_RATE_LIMITS.results);
        if (!collection) {
          const id = routeParam(ctx, 'id');
          return { data: { id, removed: await removeAccountBrand(db, call.userId, id) }, images: 0 };
        }
        if (req.method === 'GET') {
          return {
            data: {
              brands: await listAccountBrands(db, call.userId),
              default_brands: DEFAULT_BRANDS.map((b) => b.name),
              limit: MAX_ACCOUNT_BRANDS,
            },
            images: 0,
          };
        }
        const body = await readJson(req, addBrandOperation.body, { maxBytes: 4096 });
        return { data: { brand: await addAccountBrand(db, call.userId, body) }, images: 0, status: 201 };
      },
      { metered: false },
    );
  },
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: ['/api/v1/watermark/brands', '/api/v1/watermark/brands/:id'] };
