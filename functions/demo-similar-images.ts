import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { defineHandler, json, type HandlerContext } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { requireSimilarSearch, runSimilarSearch } from '../src/server/vision/similar/service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageRequest, uploadReservation } from '../src/server/vision/upload';
import { demoSimilarOperation } from '../src/shared/contracts/similar';

/** An embedding pass per search: a strict per-client budget for a keyless endpoint. */
export const SIMILAR_DEMO_LIMIT = SITE_RATE_LIMITS['demo-similar-images'];

/**
 * POST /api/demo/similar-images (contract: demoSimilarOperation), the demo page's keyless twin
 * of POST /api/v1/similar: the public gallery only, JSON or multipart with the image as `file`.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, SIMILAR_DEMO_LIMIT);
  await requireSimilarSearch(getDb());
  if (!isMultipart(req)) return handle(req, ctx);
  // An upload holds its share of the in-flight image budget from its first byte to its answer.
  return withImageBudget((lease) => handle(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const { fields, image } = await readImageRequest(req, demoSimilarOperation.body, { lease });
  const data = await runSimilarSearch(
    getDb(),
    image,
    fields,
    { kind: 'gallery' },
    ctx.requestId,
    new URL(req.url).origin,
    { siteOrigins: siteOrigins(req) },
    'bytes' in image ? lease : undefined,
  );
  return json(data, ctx);
}

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/similar-images' };
