import type { Config } from '@netlify/functions';
import { getDb } from '../src/server/db';
import { HttpError, validationError } from '../src/server/http/errors';
import { defineHandler, json, readJson } from '../src/server/http/handler';
import { SITE_RATE_LIMITS } from '../src/shared/rate-limits';
import { enforceRateLimit } from '../src/server/rate-limit/rate-limit';
import { analyzeSource, loadImageBytes, type ImageSource } from '../src/server/vision/authenticity/service';
import { photoValidation } from '../src/server/vision/authenticity/validation';
import { analyzeImageBytes } from '../src/server/vision/engine';
import { siteOrigins } from '../src/server/vision/site-images';
import { isMultipart, readImageForm } from '../src/server/vision/upload';
import { demoPhotoValidationOperation } from '../src/shared/contracts/photo-authenticity';

export const DEMO_VALIDATION_LIMIT = SITE_RATE_LIMITS['demo-photo-validation'];

/**
 * POST /api/demo/photo-validation: JSON `{ image_url, check_type }`, or multipart/form-data
 * with a `file` (JPEG, PNG or WebP, up to 10 MB) and `check_type`. Keyless, strictly limited.
 */
export default defineHandler(['POST'], async (req, ctx) => {
  await enforceRateLimit(getDb(), ctx, DEMO_VALIDATION_LIMIT);
  let source: ImageSource | undefined;
  let checkType: 'comprehensive' | 'ai_detection' | 'manipulation' | 'deepfake';
  if (isMultipart(req)) {
    const form = await readImageForm(req);
    const text = (key: string) => {
      const v = form.get(key);
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const parsed = demoPhotoValidationOperation.body.safeParse({
      ...(text('image_url') !== undefined && { image_url: text('image_url') }),
      ...(text('check_type') !== undefined && { check_type: text('check_type') }),
    });
    if (!parsed.success) throw validationError(parsed.error);
    checkType = parsed.data.check_type;
    const file = form.get('file');
    if (file instanceof File && file.size > 0)
      source = { bytes: new Uint8Array(await file.arrayBuffer()), shownAs: file.name || 'upload' };
    else if (parsed.data.image_url) source = { url: parsed.data.image_url };
  } else {
    const body = await readJson(req, demoPhotoValidationOperation.body);
    checkType = body.check_type;
    if (body.image_url) source = { url: body.image_url };
  }
  if (!source) {
    throw new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL', {
      details: { fields: { image_url: ['Please enter an image URL'] } },
    });
  }
  const deps = { siteOrigins: siteOrigins(req) };
  // The deepfake check also runs the detector, so it needs the bytes in hand.
  if (checkType === 'deepfake' && 'url' in source)
    source = { bytes: await loadImageBytes(source, deps), shownAs: source.url };
  const { report, imageUrl, seconds } = await analyzeSource(source, deps);
  let people: number | undefined;
  if (checkType === 'deepfake' && 'bytes' in source) {
    // The detector takes its input by transfer: give it a copy.
    const found = await analyzeImageBytes(source.bytes.slice(), { errorChecks: 0 });
    people = found.detections.filter((d) => d.label === 'person' && d.confidence >= 0.3).length;
  }
  return json(
    photoValidation(report, {
      imageUrl,
      checkType,
      seconds,
      requestId: ctx.requestId,
      ...(people !== undefined ? { people } : {}),
    }),
    ctx,
  );
});

// No `method` filter: other methods reach the handler and get a documented 405.
export const config: Config = { path: '/api/demo/photo-validation' };
