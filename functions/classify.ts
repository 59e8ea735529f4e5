import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { runClassify } from '../src/server/vision/classify/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { classifyRequestSchema, classifyUploadSchema } from '../src/shared/schemas/classify';

/**
 * POST /api/v1/classify (contract: classifyOperation): one image by URL (JSON) or upload
 * (multipart), scored against the room types or one of the caller's label sets, with an API key
 * of an account subscribed to image classification (or the signed-in visitor's session). An
 * analysed image counts one request.
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(
    db,
    req,
    ctx,
    API_IDS.classification,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.single);
      const classify = async (lease?: BudgetLease) => {
        const { fields, image } = await readImageRequest(req, classifyRequestSchema, {
          formSchema: classifyUploadSchema,
          lease,
        });
        return runClassify(
          image,
          fields,
          ctx.requestId,
          { db, userId: call.userId },
          { siteOrigins: siteOrigins(req) },
          'bytes' in image ? lease : undefined,
        );
      };
      const data = isMultipart(req)
        ? await withImageBudget((lease) => classify(lease), uploadReservation(req) + DECODE_BYTES)
        : await classify();
      return { data, images: 1 };
    },
    { rateLimit: API_RATE_LIMITS.single },
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/classify' };
