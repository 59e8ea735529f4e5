/**
 * Reads a watermark request (POST /api/v1/watermark and its demo twin): JSON
 * `{ image_url, detect_type, sensitivity, include_invisible }`, or multipart/form-data with the
 * image as `file` and the same fields as text (the switch as `true` / `false`), under the 10 MB
 * image cap, through the shared `readImageRequest`.
 */
import { watermarkRequestSchema, type WatermarkRequestParsed } from '../../../shared/schemas/watermark';
import type { BudgetLease } from '../engine/image-budget';
import { readImageRequest, type ImageSource } from '../upload';

export { isMultipart, uploadReservation } from '../upload';

/** The parsed options and the image (URL or uploaded bytes). An upload without a file releases `lease`. */
export function readWatermarkRequest(
  req: Request,
  lease?: BudgetLease,
): Promise<{ fields: WatermarkRequestParsed; image: ImageSource }> {
  return readImageRequest(req, watermarkRequestSchema, {
    lease,
    // Other form fields are ignored; the JSON body is strict.
    formFields: ['image_url', 'detect_type', 'sensitivity', 'include_invisible'],
    booleanFields: ['include_invisible'],
  });
}
