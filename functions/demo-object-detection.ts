import type { Config } from '@netlify/functions';
import type { z } from 'zod';
import { getDb } from '../src/server/db';
import { HttpError, validationError } from '../src/server/http/errors';
import { defineHandler, json, readJson, type HandlerContext } from '../src/server/http/handler';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { runDemo } from '../src/server/vision/detection-service';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageForm, uploadReservation } from '../src/server/vision/upload';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { demoObjectDetectionOperation as op } from '../src/shared/contracts/object-detection';
import { parseObjectsList, type DemoRequest } from '../src/shared/schemas/detect';

/** Each demo run costs ~0.2-0.5 s of CPU; 30 a minute is generous for a person clicking. */
export const DEMO_LIMIT = SITE_RATE_LIMITS['demo-object-detection'];

/**
 * POST /api/demo/object-detection. Two forms:
 * - JSON `{ image_url, objects_to_find, room_category }`;
 * - multipart/form-data with a `file` field (JPEG, PNG or WebP, up to 10 MB) plus
 *   `objects_to_find` and `room_category` as text fields.
 * Answers boxes in source-image pixels for the requested objects.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, DEMO_LIMIT);
  if (!isMultipart(req)) return handleDemo(req, ctx);
  // An upload holds its share of the in-flight image budget from its first byte to its answer.
  return withImageBudget((lease) => handleDemo(req, ctx, lease), uploadReservation(req) + DECODE_BYTES);
});

async function handleDemo(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  const type = req.headers.get('content-type') ?? '';

  let fields: z.output<typeof op.body>;
  let upload: Uint8Array | undefined;
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readImageForm(req);
    const text = (key: keyof DemoRequest) => {
      const v = form.get(key);
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const file = form.get('file');
    // An empty file part (a form sent with no file chosen) counts as no file.
    const parsed = op.multipartBody.safeParse({
      objects_to_find: text('objects_to_find') ?? '',
      ...(text('image_url') !== undefined && { image_url: text('image_url') }),
      ...(text('room_category') !== undefined && { room_category: text('room_category') }),
      ...(file instanceof File && file.size > 0 && { file }),
    });
    if (parsed.success && parsed.data.file) upload = new Uint8Array(await parsed.data.file.arrayBuffer());
    // Keep the upload's real cost; a URL in the form takes its own share when fetched.
    if (upload) lease?.holdImage(upload.byteLength);
    else lease?.release();
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  } else {
    fields = await readJson(req, op.body);
  }

  const objects = parseObjectsList(fields.objects_to_find);
  if (objects.length === 0) {
    throw new HttpError(400, 'INVALID_REQUEST', 'Please specify objects to find', {
      details: { fields: { objects_to_find: ['Please specify objects to find'] } },
    });
  }
  const image = upload ? { bytes: upload } : fields.image_url ? { url: fields.image_url } : undefined;
  if (!image) {
    throw new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL', {
      details: { fields: { image_url: ['Please enter an image URL'] } },
    });
  }
  return json(
    await runDemo({ image, objects, roomCategory: fields.room_category }, { siteOrigins: siteOrigins(req) }),
    ctx,
  );
}

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/object-detection' };
