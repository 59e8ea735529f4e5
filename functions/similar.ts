import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { collectionId } from '../src/server/vision/similar/collections';
import { API_IDS } from '../src/shared/api-ids';
import {
  requireSimilarSearch,
  runSimilarSearch,
  type SearchScope,
} from '../src/server/vision/similar/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { similarSearchOperation } from '../src/shared/contracts/similar';

/**
 * POST /api/v1/similar (contract: similarSearchOperation): one image by URL (JSON) or upload
 * (multipart) against the public gallery or one of the caller's collections, with an API key of
 * an account subscribed to similar-image search (or the signed-in visitor's session on this
 * site). A search counts one request and one image.
 */
export default defineHandler(['POST'], (req, ctx) =>
  runApiCall(getDb(), req, ctx, API_IDS.similarSearch, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.single);
    const db = getDb();
    await requireSimilarSearch(db);
    const search = async (lease?: BudgetLease) => {
      const { fields, image } = await readImageRequest(req, similarSearchOperation.body, { lease });
      const scope: SearchScope = fields.collection
        ? { kind: 'collection', collectionId: await collectionId(db, call.userId, fields.collection) }
        : { kind: 'gallery' };
      return runSimilarSearch(
        db,
        image,
        fields,
        scope,
        ctx.requestId,
        new URL(req.url).origin,
        { siteOrigins: siteOrigins(req) },
        'bytes' in image ? lease : undefined,
      );
    };
    const data = isMultipart(req)
      ? await withImageBudget((lease) => search(lease), uploadReservation(req) + DECODE_BYTES)
      : await search();
    return { data, images: 1 };
  }),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/similar' };
