import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runFaces } from '../src/server/vision/faces/service';
import { analyseRequestImage } from '../src/server/vision/one-image-request';
import { facesRequestSchema, facesUploadSchema } from '../src/shared/schemas/faces';

/**
 * POST /api/demo/face-analysis (contract: demoFacesOperation): the face analysis demo's keyless
 * twin of POST /api/v1/faces, JSON or multipart with the image as `file`.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, SITE_RATE_LIMITS['demo-face-analysis']);
  const answer = await analyseRequestImage(
    req,
    facesRequestSchema,
    facesUploadSchema,
    (image, fields, deps, lease) => runFaces(image, fields, ctx.requestId, deps, lease),
  );
  return json(answer, ctx);
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/face-analysis' };
