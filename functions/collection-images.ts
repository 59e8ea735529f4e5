import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { validationError } from '../src/server/http/errors';
import { defineHandler } from '../src/server/http/handler';
import { hasRouteParam, routeParam } from '../src/server/http/path-param';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import {
  addCollectionImage,
  collectionId,
  deleteCollectionImage,
  listCollectionImages,
} from '../src/server/vision/similar/collections';
import { API_IDS } from '../src/shared/api-ids';
import { embedImage, requireSimilarSearch } from '../src/server/vision/similar/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { addCollectionImageOperation, listCollectionImagesOperation } from '../src/shared/contracts/similar';

/**
 * The images of one of the caller's collections (contracts: addCollectionImageOperation,
 * listCollectionImagesOperation, deleteCollectionImageOperation): POST/GET
 * /api/v1/collections/:name/images, DELETE /api/v1/collections/:name/images/:id. Adding an image
 * embeds it (one image counted); listing and deleting analyse nothing and count nothing.
 */
export default defineHandler(
  (_req, ctx) => (hasRouteParam(ctx, 'id') ? ['DELETE'] : ['GET', 'POST']),
  (req, ctx) =>
    runApiCall(getDb(), req, ctx, API_IDS.similarSearch, async (call) => {
      const adding = !hasRouteParam(ctx, 'id') && req.method === 'POST';
      await call.rateLimit(adding ? API_RATE_LIMITS.single : API_RATE_LIMITS.results);
      const db = getDb();
      await requireSimilarSearch(db);
      const collection = await collectionId(db, call.userId, routeParam(ctx, 'name'));
      if (hasRouteParam(ctx, 'id')) {
        const id = routeParam(ctx, 'id');
        await deleteCollectionImage(db, collection, id);
        return { data: { deleted: id }, images: 0 };
      }
      if (req.method === 'GET') {
        const parsed = listCollectionImagesOperation.query.safeParse(
          Object.fromEntries(new URL(req.url).searchParams),
        );
        if (!parsed.success) throw validationError(parsed.error);
        const images = await listCollectionImages(db, collection, {
          limit: parsed.data.limit,
          after: parsed.data.after,
        });
        return {
          data: {
            images,
            next_after: images.length === parsed.data.limit ? (images.at(-1)?.id ?? null) : null,
          },
          images: 0,
        };
      }
      const add = async (lease?: BudgetLease) => {
        // The contract bounds metadata (depth, then 4 KB of JSON) for both request forms.
        const { fields, image } = await readImageRequest(req, addCollectionImageOperation.body, {
          lease,
          jsonFields: ['metadata'],
        });
        const vector = await embedImage(
          image,
          { siteOrigins: siteOrigins(req) },
          'bytes' in image ? lease : undefined,
        );
        return addCollectionImage(
          db,
          collection,
          {
            id: fields.id,
            url: 'url' in image ? image.url : null,
            category: fields.category,
            metadata: fields.metadata ?? {},
          },
          vector,
        );
      };
      const stored = isMultipart(req)
        ? await withImageBudget((lease) => add(lease), uploadReservation(req) + DECODE_BYTES)
        : await add();
      return { data: { image: stored }, images: 1, status: 201 };
    }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
// Literal paths: Netlify's bundler reads `config` from the source and accepts no expressions.
export const config: Config = {
  path: ['/api/v1/collections/:name/images', '/api/v1/collections/:name/images/:id'],
};
