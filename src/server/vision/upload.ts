/**
 * Image uploads (multipart/form-data with the image as `file`): the byte cap every upload
 * endpoint shares, and how much of the in-flight image budget an upload holds while it is read.
 */
import { readForm } from '../http/handler';
import { IMAGE_LIMITS } from './image-input';

/** Multipart overhead allowed on top of the 10 MB image. */
export const FORM_OVERHEAD = 64 * 1024;

/** Largest upload body accepted. */
export const MAX_UPLOAD_BYTES = IMAGE_LIMITS.maxBytes + FORM_OVERHEAD;

export const isMultipart = (req: Request): boolean => /^multipart\/form-data\b/i.test(req.headers.get('content-type') ?? '');

/** Bytes an upload may hold while it is read: what it declares, at most the cap. */
export function uploadReservation(req: Request): number {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
}

/** Reads an image upload form: 413 past the 10 MB image limit, 400 when it does not parse. */
export const readImageForm = (req: Request): Promise<FormData> => readForm(req, MAX_UPLOAD_BYTES, 'Upload exceeds the 10 MB image limit');
