/**
 * Reads a watermark request (POST /api/v1/watermark and its demo twin): JSON
 * `{ image_url, detect_type, sensitivity, include_invisible }`, or multipart/form-data with the
 * image as `file` and the same fields as text, under the 10 MB image cap.
 */
import { HttpError, validationError } from '../../http/errors';
import { readJson } from '../../http/handler';
import type { BudgetLease } from '../engine/image-budget';
import { IMAGE_LIMITS } from '../image-input';
import { watermarkRequestSchema, type WatermarkRequestParsed } from '../../../shared/schemas/watermark';
import type { WatermarkImage } from './service';

/** Multipart overhead allowed on top of the 10 MB image. */
export const FORM_OVERHEAD = 64 * 1024;

export const isMultipart = (req: Request): boolean => /^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '');

/** Bytes an upload may hold while it is read: what it declares, at most the cap. */
export function uploadReservation(req: Request): number {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  const max = IMAGE_LIMITS.maxBytes + FORM_OVERHEAD;
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, max) : max;
}

export async function readForm(req: Request): Promise<FormData> {
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

/** The parsed options and the image (URL or uploaded bytes). An upload without a file releases `lease`. */
export async function readWatermarkRequest(req: Request, lease?: BudgetLease): Promise<{ fields: WatermarkRequestParsed; image: WatermarkImage }> {
  let fields: WatermarkRequestParsed;
  let upload: Uint8Array | undefined;
  if (isMultipart(req)) {
    const form = await readForm(req);
    const file = form.get('file');
    if (file instanceof Blob && file.size > 0) upload = new Uint8Array(await file.arrayBuffer());
    if (!upload) lease?.release();
    const text = (key: string) => {
      const v = form.get(key);
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const values: Record<string, unknown> = Object.fromEntries(['image_url', 'detect_type', 'sensitivity'].flatMap((k) => (text(k) === undefined ? [] : [[k, text(k)]])));
    // A form sends the switch as text.
    const invisible = text('include_invisible');
    if (invisible !== undefined) values['include_invisible'] = invisible === 'true' ? true : invisible === 'false' ? false : invisible;
    const parsed = watermarkRequestSchema.safeParse(values);
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
  return { fields, image };
}
