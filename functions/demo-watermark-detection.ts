import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, type HandlerContext } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readWatermarkRequest, uploadReservation } from '../src/server/vision/watermark/request';
import { runWatermark } from '../src/server/vision/watermark/service';

/** Each run costs 1-3 s of CPU (text reading): a strict per-client budget for a keyless endpoint. */
export const WATERMARK_DEMO_LIMIT = SITE_RATE_LIMITS['demo-watermark-detection'];

/**
 * POST /api/demo/watermark-detection (contract: demoWatermarkOperation), the demo page's keyless
 * twin of POST /api/v1/watermark: JSON or multipart with the image as `file`.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, WATERMARK_DEMO_LIMIT);
  if (!isMultipart(req)) return handle(req, ctx);
  // An upload holds its share of the in-flight image budget from its first byte to its answer.
  return withImageBudget((lease) => handle(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const { fields, image } = await readWatermarkRequest(req, lease);
  return json(
    await runWatermark(
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
export const config: Config = { path: '/api/demo/watermark-detection' };
