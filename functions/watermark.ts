import type { Config } from '@netlify/functions';
import { runApiCall } from '../src/server/account/api-call';
import { getDb } from '../src/server/db';
import { defineHandler } from '../src/server/http/handler';
import { API_RATE_LIMITS } from '../src/shared/rate-limits';
import { DECODE_BYTES, withImageBudget } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { brandsForAccount } from '../src/server/vision/watermark/brand-store';
import { DEFAULT_BRANDS } from '../src/server/vision/watermark/brands';
import { isMultipart, readWatermarkRequest, uploadReservation } from '../src/server/vision/watermark/request';
import { API_IDS } from '../src/shared/api-ids';
import { runWatermark } from '../src/server/vision/watermark/service';

/**
 * POST /api/v1/watermark (contract: watermarkOperation): one image by URL (JSON) or upload
 * (multipart), with an API key of an account subscribed to watermark detection (or the
 * signed-in visitor's session on this site). An analysed image counts one request. Wordmarks
 * are matched against the default brand list plus the account's own (/api/v1/watermark/brands).
 */
export default defineHandler(['POST'], (req, ctx) => {
  const db = getDb();
  return runApiCall(db, req, ctx, API_IDS.watermark, async (call) => {
    await call.rateLimit(API_RATE_LIMITS.single);
    const analyse = async (lease?: Parameters<typeof readWatermarkRequest>[1]) => {
      const { fields, image } = await readWatermarkRequest(req, lease);
      // Text is read (and matched against brands) for every type but invisible.
      const brands =
        fields.detect_type === 'invisible' ? DEFAULT_BRANDS : await brandsForAccount(db, call.userId);
      return runWatermark(
        image,
        fields,
        ctx.requestId,
        { siteOrigins: siteOrigins(req), brands },
        'bytes' in image ? lease : undefined,
      );
    };
    const data = isMultipart(req)
      ? await withImageBudget((lease) => analyse(lease), uploadReservation(req) + DECODE_BYTES)
      : await analyse();
    return { data, images: 1 };
  });
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/v1/watermark' };
