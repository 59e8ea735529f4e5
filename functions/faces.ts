import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { API_IDS } from '../src/shared/api-ids';
import { runFaces } from '../src/server/vision/faces/service';
import { analyseRequestImage } from '../src/server/vision/one-image-request';
import { facesRequestSchema, facesUploadSchema } from '../src/shared/schemas/faces';

/**
 * POST /api/v1/faces (contract: facesOperation): one image by URL (JSON) or upload (multipart),
 * its faces analysed and the policy checked, with an API key of an account subscribed to facial
 * attribute analysis (or on the Free tier, or the signed-in visitor's session). An analysed image
 * counts one request.
 */
export default defineHandler(['POST'], (req, ctx) =>
  runApiCall(
    getDb(),
    req,
    ctx,
    API_IDS.faces,
    async (call) => {
      await call.rateLimit(API_RATE_LIMITS.single);
      const data = await analyseRequestImage(
        req,
        facesRequestSchema,
        facesUploadSchema,
        (image, fields, deps, lease) => runFaces(image, fields, ctx.requestId, deps, lease),
      );
      return { data, images: 1 };
    },
    { rateLimit: API_RATE_LIMITS.single },
  ),
);

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/faces' };
