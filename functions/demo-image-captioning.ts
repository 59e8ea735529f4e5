import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, type HandlerContext } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runCaption } from '../src/server/vision/caption/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { captionRequestSchema, captionUploadSchema } from '../src/shared/schemas/caption';

/**
 * POST /api/demo/image-captioning (contract: demoCaptionOperation): the captioning demo's keyless
 * twin of POST /api/v1/caption, JSON or multipart with the image as `file`.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, SITE_RATE_LIMITS['demo-image-captioning']);
  if (!isMultipart(req)) return handle(req, ctx);
  return withImageBudget((lease) => handle(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const { fields, image } = await readImageRequest(req, captionRequestSchema, {
    formSchema: captionUploadSchema,
    lease,
  });
  return json(
    await runCaption(
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
export const config: Config = { path: '/api/demo/image-captioning' };
