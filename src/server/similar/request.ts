/**
 * Reads the similar-search and collection-image requests: JSON, or multipart/form-data with the
 * image as `file` and the other fields as text, under the 10 MB image cap.
 */
import type { z } from 'zod';
import { HttpError, validationError } from '../http/errors';
import { readJson } from '../http/handler';
import type { BudgetLease } from '../vision/engine/image-budget';
import { isMultipart, readImageForm } from '../vision/upload';
import type { QueryImage } from './service';

const noImage = () =>
  new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL or upload an image', {
    details: { fields: { image_url: ['Please enter an image URL or upload an image'] } },
  });

/**
 * The parsed fields and the image (URL or uploaded bytes). `jsonFields` names the multipart
 * fields that hold JSON text (metadata). An upload without a file releases `lease`.
 */
export async function readImageRequest<S extends z.ZodType<{ image_url?: string | undefined }>>(
  req: Request,
  schema: S,
  { lease, jsonFields = [] }: { lease?: BudgetLease | undefined; jsonFields?: readonly string[] } = {},
): Promise<{ fields: z.output<S>; image: QueryImage }> {
  let fields: z.output<S>;
  let upload: Uint8Array | undefined;
  if (isMultipart(req)) {
    const form = await readImageForm(req);
    const file = form.get('file');
    if (file instanceof Blob && file.size > 0) upload = new Uint8Array(await file.arrayBuffer());
    if (!upload) lease?.release();
    const values: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (key === 'file' || typeof value !== 'string' || value === '') continue;
      if (jsonFields.includes(key)) {
        try {
          values[key] = JSON.parse(value);
        } catch {
          throw new HttpError(400, 'INVALID_REQUEST', `${key} must be a JSON object`, { details: { fields: { [key]: [`${key} must be a JSON object`] } } });
        }
      } else values[key] = value;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  } else {
    fields = await readJson(req, schema);
  }
  const image: QueryImage | undefined = upload ? { bytes: upload } : fields.image_url ? { url: fields.image_url } : undefined;
  if (!image) throw noImage();
  return { fields, image };
}
