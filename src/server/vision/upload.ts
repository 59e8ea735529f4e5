/**
 * Image uploads (multipart/form-data with the image as `file`): the byte cap every upload
 * endpoint shares, how much of the in-flight image budget an upload holds while it is read, and
 * the one reader of single-image requests (JSON with `image_url`, or a form with `file`).
 */
import type { z } from 'zod';
import { HttpError, validationError } from '../http/errors';
import { readForm, readJson, refuseUnsafeText } from '../http/handler';
import { unsafeTextFields } from '../../shared/schemas/safe-text';
import type { BudgetLease } from './engine/image-budget';
import { IMAGE_LIMITS } from './image-input';

/** Multipart overhead allowed on top of the 10 MB image. */
export const FORM_OVERHEAD = 64 * 1024;

/** Largest upload body accepted. */
export const MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes + FORM_OVERHEAD;

export const isMultipart = (req: Request): boolean =>
  /^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '');

/** Bytes an upload may hold while it is read: what it declares, at most the cap. */
export function uploadReservation(req: Request): number {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
}

/** Reads an image upload form: 413 past the 10 MB image limit, 400 when it does not parse. */
export const readImageForm = (req: Request): Promise<FormData> =>
  readForm(req, MAX_UPLOAD_BYTES, 'Upload exceeds the 10 MB image limit');

/** One image to analyse: a URL to fetch, or the bytes of an upload. */
export type ImageSource = { url: string } | { bytes: Uint8Array };

/** The error of a request that names no image. */
export const noImageError = (): HttpError =>
  new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL or upload an image', {
    details: { fields: { image_url: ['Please enter an image URL or upload an image'] } },
  });

export interface ImageRequestOptions {
  /** The in-flight image budget lease an upload is read under; released when the form has no file. */
  lease?: BudgetLease | undefined;
  /** Parses the form's text fields first (coercing numbers) before `schema` checks them. */
  formSchema?: z.ZodType | undefined;
  /** The form fields read (default: every field but `file`); others are ignored. */
  formFields?: readonly string[];
  /** Form fields holding JSON text (metadata): parsed, or 400 naming the field. */
  jsonFields?: readonly string[];
  /** Form fields holding a switch: `true` / `false` become booleans. */
  booleanFields?: readonly string[];
}

/**
 * The one reader of the single-image requests (classify, caption, similar search, collection
 * images, watermark and their demo twins): JSON validated with `schema`, or multipart/form-data
 * (`readImageForm`: the 10 MB image cap) with the image as `file` and the other fields as text.
 * Returns the parsed fields and the image: the upload, else `image_url`, else 400.
 */
export async function readImageRequest<S extends z.ZodType<{ image_url?: string | undefined }>>(
  req: Request,
  schema: S,
  { lease, formSchema, formFields, jsonFields = [], booleanFields = [] }: ImageRequestOptions = {},
): Promise<{ fields: z.output<S>; image: ImageSource }> {
  let fields: z.output<S>;
  let upload: Uint8Array | undefined;
  if (isMultipart(req)) {
    const form = await readImageForm(req);
    const file = form.get('file');
    // An empty file part (a form sent with no file chosen) counts as no file.
    if (file instanceof Blob && file.size > 0) upload = new Uint8Array(await file.arrayBuffer());
    if (!upload) lease?.release();
    const values: Record<string, unknown> = {};
    for (const [key, value] of form) {
      if (
        key === 'file' ||
        typeof value !== 'string' ||
        value === '' ||
        (formFields && !formFields.includes(key))
      )
        continue;
      if (jsonFields.includes(key)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          throw new HttpError(400, 'INVALID_REQUEST', `${key} must be a JSON object`, {
            details: { fields: { [key]: [`${key} must be a JSON object`] } },
          });
        }
        // `\u0000` escapes become NUL characters only now: the check `readForm` made on the text again.
        refuseUnsafeText(unsafeTextFields(parsed, key));
        values[key] = parsed;
      } else if (booleanFields.includes(key)) {
        values[key] = value === 'true' ? true : value === 'false' ? false : value;
      } else values[key] = value;
    }
    let input: unknown = values;
    if (formSchema) {
      const coerced = formSchema.safeParse(values);
      if (!coerced.success) throw validationError(coerced.error);
      input = coerced.data;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  } else {
    fields = await readJson(req, schema);
  }
  const image = upload ? { bytes: upload } : fields.image_url ? { url: fields.image_url } : undefined;
  if (!image) throw noImageError();
  return { fields, image };
}
