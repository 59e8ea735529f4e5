import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, type HandlerContext } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runClassify } from '../src/server/vision/classify/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { classifyRequestSchema, classifyUploadSchema } from '../src/shared/schemas/classify';

/**
 * POST /api/demo/image-classification (contract: demoClassifyOperation): the classification page's keyless
 * live tester, room types only, with a strict per-client limit.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, SITE_RATE_LIMITS['demo-image-classification']);
  if (!isMultipart(req)) return handle(req, ctx);
  return withImageBudget((lease) => handle(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const { fields, image } = await readImageRequest(req, classifyRequestSchema, {
    formSchema: classifyUploadSchema,
    lease,
  });
  return json(
    await runClassify(
      image,
      fields,
      ctx.requestId,
      { db: getDb() },
      { siteOrigins: siteOrigins(req) },
      'bytes' in image ? lease : undefined,
    ),
    ctx,
  );
}

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/image-classification' };
