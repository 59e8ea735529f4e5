import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { runCaption } from '../src/server/vision/caption/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { captionRequestSchema, captionUploadSchema } from '../src/shared/schemas/caption';

/**
 * POST /api/v1/caption (contract: captionOperation): one image by URL (JSON) or upload
 * (multipart), captioned from its analysis, with an API key of an account subscribed to image
 * captioning (or the signed-in visitor's session). An analysed image counts one request.
 */
export default defineHandler(['POST'], (req, ctx) =>
  runApiCall(
    getDb(),
    req,
    ctx,
    API_IDS.captioning,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.single);
      const caption = async (lease?: BudgetLease) => {
        const { fields, image } = await readImageRequest(req, captionRequestSchema, {
          formSchema: captionUploadSchema,
          lease,
        });
        return runCaption(
          image,
          fields,
          ctx.requestId,
          { siteOrigins: siteOrigins(req) },
          'bytes' in image ? lease : undefined,
        );
      };
      const data = isMultipart(req)
        ? await withImageBudget((lease) => caption(lease), uploadReservation(req) + DECODE_BYTES)
        : await caption();
      return { data, images: 1 };
    },
    { rateLimit: API_RATE_LIMITS.single },
  ),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/caption' };
