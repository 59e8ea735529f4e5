/**
 * Reading one-image requests (classify, caption and their demo twins): JSON with `image_url`, or
 * multipart/form-data with the image as `file` and the other fields as text, under the 10 MB
 * image cap; then loading the image (the site's own samples from disk, any other URL through the
 * SSRF-safe fetcher, or the upload) within the in-flight image budget.
 */
import type { z } from 'zod';
import { HttpError, validationError } from '../../http/errors';
import { readJson } from '../../http/handler';
import { withImageBudget, type BudgetLease } from '../engine/image-budget';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from '../safe-fetch';
import { readSiteSample, siteSampleName } from '../site-images';
import { isMultipart, readImageForm } from '../upload';

export type ImageSource = { url: string } | { bytes: Uint8Array };

export interface ImageDeps {
  fetch?: SafeFetchOptions;
  siteOrigins?: ReadonlySet<string>;
}

/** The error of a request that names no image. */
export const noImageError = (): HttpError =>
  new HttpError(400, 'INVALID_REQUEST', 'Please enter an image URL or upload an image', {
    details: { fields: { image_url: ['Please enter an image URL or upload an image'] } },
  });

/**
 * The parsed fields and the image of a JSON or multipart request. In a form, every field but
 * `file` is text and parsed with `uploadSchema` (which coerces numbers). An upload without a
 * file releases `lease`.
 */
export async function readImageRequest<J extends z.ZodType<{ image_url?: string | undefined }>, U extends z.ZodType>(
  req: Request,
  jsonSchema: J,
  uploadSchema: U,
  lease?: BudgetLease,
): Promise<{ fields: z.output<J>; image: ImageSource }> {
  let fields: z.output<J>;
  let upload: Uint8Array | undefined;
  if (isMultipart(req)) {
    const form = await readImageForm(req);
    const file = form.get('file');
    if (file instanceof Blob && file.size > 0) upload = new Uint8Array(await file.arrayBuffer());
    if (!upload) lease?.release();
    const values: Record<string, unknown> = {};
    for (const [key, value] of form) if (key !== 'file' && typeof value === 'string' && value !== '') values[key] = value;
    const parsed = uploadSchema.safeParse(values);
    if (!parsed.success) throw validationError(parsed.error);
    const checked = jsonSchema.safeParse(parsed.data);
    if (!checked.success) throw validationError(checked.error);
    fields = checked.data;
  } else {
    fields = await readJson(req, jsonSchema);
  }
  const image = upload ? { bytes: upload } : fields.image_url ? { url: fields.image_url } : undefined;
  if (!image) throw noImageError();
  return { fields, image };
}

/** The bytes of a URL: a site sample from disk, anything else through the SSRF-safe fetcher. */
export async function fetchImageBytes(url: string, deps: ImageDeps = {}): Promise<Uint8Array> {
  const sample = deps.siteOrigins && siteSampleName(url, deps.siteOrigins);
  if (sample) return readSiteSample(sample, url);
  return (await safeFetchImage(url, { allowLoopback: allowLoopbackFromEnv(), signal: fetchDeadline(), ...deps.fetch })).bytes;
}

/**
 * Runs `analyse` on the image's bytes within the in-flight image budget: an upload with the lease
 * it was read under, a URL with a lease of its own once fetched.
 */
export function withImageBytes<T>(image: ImageSource, deps: ImageDeps, analyse: (bytes: Uint8Array) => Promise<T>, lease?: BudgetLease): Promise<T> {
  if ('bytes' in image && lease) {
    lease.holdImage(image.bytes.byteLength);
    return analyse(image.bytes);
  }
  return withImageBudget(async (own) => {
    const bytes = 'bytes' in image ? image.bytes : await fetchImageBytes(image.url, deps);
    own.holdImage(bytes.byteLength);
    return analyse(bytes);
  });
}
