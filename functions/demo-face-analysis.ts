import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, type HandlerContext } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runFaces } from '../src/server/vision/faces/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { facesRequestSchema, facesUploadSchema } from '../src/shared/schemas/faces';

/**
 * POST /api/demo/face-analysis (contract: demoFacesOperation): the face analysis demo's keyless
 * twin of POST /api/v1/faces, JSON or multipart with the image as `file`.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, SITE_RATE_LIMITS['demo-face-analysis']);
  if (!isMultipart(req)) return handle(req, ctx);
  return withImageBudget((lease) => handle(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const { fields, image } = await readImageRequest(req, facesRequestSchema, {
    formSchema: facesUploadSchema,
    lease,
  });
  return json(
    await runFaces(
      image,
      fields,
      ctx.requestId,
      { siteOrigins: siteOrigins(req) },
      'bytes' in image ? lease : undefined,
    ),
    ctx,
  );
}

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/face-analysis' };
