/**
 * What POST /api/v1/inspections reads: JSON (`image_urls`, `checklist`, `property_ref`,
 * `callback_url`) or a multipart form with the photos as `file` parts and the same fields as text
 * (`image_urls` repeated or one JSON array, `checklist` as JSON). Uploads are checked for size and format here; everything else about an
 * image (its dimensions, whether it decodes) is the photo step's to report.
 */
import { HttpError, validationError } from '../http/errors';
import { readForm, readJson } from '../http/handler';
import { IMAGE_LIMITS, sniffFormat } from '../vision/image-input';
import { isMultipart } from '../vision/upload';
import {
  INSPECTION_MAX_PHOTOS,
  inspectionRequestSchema,
  type InspectionRequest,
} from '../../shared/schemas/inspection';
import { uploadName } from './jobs';

/** Largest multipart body taken (the platform's own cap is lower on Netlify). */
export const MAX_INSPECTION_FORM_BYTES = 4 * IMAGE_LIMITS.maxBytes;

export interface InspectionInput {
  fields: Omit<InspectionRequest, 'image_urls'>;
  /** The photos' URLs in order; an upload is named `upload:<n>`. */
  imageUrls: string[];
  /** The uploaded bytes by index. */
  uploads: Map<number, Uint8Array>;
  /** The uploads' file names by index. */
  fileNames: Record<string, string>;
}

const fieldError = (path: string, message: string): HttpError =>
  new HttpError(400, 'INVALID_REQUEST', `${path}: ${message}`, {
    details: { fields: { [path]: [message] } },
  });

/**
 * One `image_urls` form field: a URL, or a JSON array of URLs (the docs' samples send every
 * field that is not text as JSON, as forms elsewhere in the API take `checklist`).
 */
function formUrls(value: FormDataEntryValue): string[] {
  if (typeof value !== 'string' || value === '') return [];
  if (!value.trimStart().startsWith('[')) return [value];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    throw fieldError('image_urls', 'image_urls must be a URL or a JSON array of URLs');
  }
  if (!Array.isArray(list) || !list.every((u): u is string => typeof u === 'string'))
    throw fieldError('image_urls', 'image_urls must be a URL or a JSON array of URLs');
  return list.filter((u) => u !== '');
}

export async function readInspectionRequest(req: Request): Promise<InspectionInput> {
  if (!isMultipart(req)) {
    const { image_urls: imageUrls, ...fields } = await readJson(req, inspectionRequestSchema);
    return { fields, imageUrls, uploads: new Map(), fileNames: {} };
  }
  const form = await readForm(req, MAX_INSPECTION_FORM_BYTES, 'The photos exceed the request size limit');
  // Photos by URL first (`image_urls` fields), then the uploads, in the order sent.
  const urls = form.getAll('image_urls').flatMap(formUrls);
  const files = form.getAll('file').filter((f): f is File => f instanceof Blob && f.size > 0);
  if (urls.length + files.length === 0)
    throw fieldError('file', 'Upload at least one photo as a `file` part (or name one in `image_urls`)');
  if (urls.length + files.length > INSPECTION_MAX_PHOTOS)
    throw fieldError('file', `Send at most ${INSPECTION_MAX_PHOTOS} photos in all`);
  const uploads = new Map<number, Uint8Array>();
  const fileNames: Record<string, string> = {};
  for (const [i, file] of files.entries()) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > IMAGE_LIMITS.maxBytes)
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Photo ${i + 1} is larger than the image size limit`);
    if (!sniffFormat(bytes))
      throw new HttpError(422, 'INVALID_IMAGE', `Photo ${i + 1} is not a JPEG, PNG or WebP image`, {
        details: { fields: { [`file.${i}`]: ['Upload a JPEG, PNG or WebP image'] } },
      });
    uploads.set(urls.length + i, bytes);
    if (file.name) fileNames[String(urls.length + i)] = file.name.slice(0, 200);
  }
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  let checklist: unknown;
  const rawChecklist = text('checklist');
  if (rawChecklist !== undefined) {
    try {
      checklist = JSON.parse(rawChecklist);
    } catch {
      throw fieldError('checklist', 'checklist must be a JSON object');
    }
  }
  const parsed = inspectionRequestSchema.safeParse({
    // Stand-in URLs for the uploads pass the URL rule; the uploads replace them.
    image_urls: [...urls, ...files.map((_, i) => `https://upload.invalid/${i}`)],
    ...(checklist !== undefined && { checklist }),
    ...(text('property_ref') !== undefined && { property_ref: text('property_ref') }),
    ...(text('callback_url') !== undefined && { callback_url: text('callback_url') }),
  });
  if (!parsed.success) throw validationError(parsed.error);
  const { image_urls: checked, ...fields } = parsed.data;
  const imageUrls = [...checked.slice(0, urls.length), ...files.map((_, i) => uploadName(i))];
  return { fields, imageUrls, uploads, fileNames };
}
