import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { HttpError, validationError } from '../src/server/http/errors';
import { defineHandler, json, readJson, type HandlerContext } from '../src/server/http/handler';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from '../src/server/vision/engine/image-budget';
import { IMAGE_LIMITS } from '../src/server/vision/image-input';
import { siteOrigins } from '../src/server/vision/site-images';
import { runWatermark } from '../src/server/vision/watermark/service';
import { watermarkRequestSchema } from '../src/shared/schemas/watermark';

/** Each run costs 1-3 s of CPU (text reading): a strict per-client budget for a keyless endpoint. */
export const WATERMARK_DEMO_LIMIT = { name: 'demo-watermark-detection', limit: 10, windowMs: 60_000 } as const;

const FORM_OVERHEAD = 64 * 1024;

async function readForm(req: Request): Promise<FormData> {
  const max = IMAGE_LIMITS.maxBytes + FORM_OVERHEAD;
  const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Upload exceeds the 10 MB image limit');
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'Content-Type': req.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new HttpError(400, 'INVALID_REQUEST', 'The multipart form could not be parsed');
  }
}

/**
 * POST /api/demo/watermark-detection, the demo page's keyless twin of POST /api/v1/watermark:
 * JSON `{ image_url, detect_type, sensitivity, include_invisible }`, or multipart/form-data with
 * a `file` field (JPEG, PNG or WebP, up to 10 MB) and the same fields as text.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, WATERMARK_DEMO_LIMIT);
  if (!/^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '')) return handle(req, ctx);
  const declared = Number(req.headers.get('content-length') ?? NaN);
  const body = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, IMAGE_LIMITS.maxBytes + FORM_OVERHEAD) : IMAGE_LIMITS.maxBytes + FORM_OVERHEAD;
  return withImageBudget((lease) => handle(req, ctx, lease), body + DECODE_BYTES);
});

async function handle(req: Request, ctx: HandlerContext, lease?: BudgetLease): Promise<Response> {
  let fields: ReturnType<typeof watermarkRequestSchema.parse>;
  let upload: Uint8Array | undefined;
  if (/^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '')) {
    const form = await readForm(req);
    const file = form.get('file');
    if (file instanceof Blob && file.size > 0) upload = new Uint8Array(await file.arrayBuffer());
    if (!upload) lease?.release();
    const text = (key: string) => {
      const v = form.get(key);
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const parsed = watermarkRequestSchema.safeParse(
      Object.fromEntries(['image_url', 'detect_type', 'sensitivity', 'include_invisible'].flatMap((k) => (text(k) === undefined ? [] : [[k, text(k)]]))),
    );
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  } else {
    fields = await readJson(req, watermarkRequestSchema);
  }
  const image = upload ? { bytes: upload } : fields.image_url ? { url: fields.image_url } : undefined;
  if (!image) {
    throw new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL or upload an image', {
      details: { fields: { image_url: ['Please enter an image URL or upload an image'] } },
    });
  }
  return json(await runWatermark(image, fields, ctx.requestId, { siteOrigins: siteOrigins(req) }, upload ? lease : undefined), ctx);
}

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/watermark-detection' };
