/**
 * Uploads are downscaled in the browser before they are sent. Netlify buffers at most 6 MB of
 * request body (about 4.5 MB of binary once base64-encoded), below the 10 MB the API accepts
 * for image URLs, and the analysis reads a 512 px view anyway: about 2 megapixels keep every
 * detail it can use. A photo within both limits is sent untouched.
 */

/** Upload limits of the demo pages (the real ones behind Netlify, with room for the form). */
export const UPLOAD_LIMITS = {
  /** Bytes an upload may have: under Netlify's ~4.5 MB of binary body, minus form overhead. */
  maxBytes: 4 * 1024 * 1024,
  /** Pixels kept when downscaling: plenty for a 512x512 model input. */
  maxPixels: 2_000_000,
  /** The API's largest accepted side. */
  maxSide: 4096,
} as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size to send an image of `width` x `height` at: the same aspect ratio, at most
 * `maxPixels` pixels and `maxSide` per side, never enlarged.
 */
export function downscaledSize(
  { width, height }: Size,
  maxPixels: number = UPLOAD_LIMITS.maxPixels,
  maxSide: number = UPLOAD_LIMITS.maxSide,
): Size {
  if (!(width > 0 && height > 0)) return { width, height };
  const scale = Math.min(1, Math.sqrt(maxPixels / (width * height)), maxSide / Math.max(width, height));
  if (scale >= 1) return { width, height };
  // Floor keeps the pixel cap; at least 1 px per side.
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** Whether a file of this size and byte count must be re-encoded before upload. */
export function needsDownscale(size: Size, bytes: number): boolean {
  const target = downscaledSize(size);
  return bytes > UPLOAD_LIMITS.maxBytes || target.width !== size.width || target.height !== size.height;
}

/** A bounding box `[x, y, width, height]` moved from the sent image's pixels to the source's. */
export function scaleBox(
  box: readonly [number, number, number, number],
  sent: Size,
  source: Size,
): [number, number, number, number] {
  const sx = source.width / sent.width;
  const sy = source.height / sent.height;
  const [x, y, w, h] = box;
  return [Math.round(x * sx), Math.round(y * sy), Math.round(w * sx), Math.round(h * sy)];
}

/** What is actually uploaded for a picked file. */
export interface PreparedUpload {
  /** The bytes to send: the original file, or a JPEG re-encoding of it. */
  file: Blob;
  /** Name to send it under. */
  name: string;
  /** The picture as the preview shows it (EXIF orientation applied). */
  source: Size;
  /** The picture the server analyses. */
  sent: Size;
  downscaled: boolean;
}

const JPEG_QUALITY = 0.9;

async function encodeJpeg(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot resize images; choose a smaller file (up to 4 MB)');
  ctx.fillStyle = '#fff'; // JPEG has no alpha: transparent areas become white, not black
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new Error('The image could not be resized; choose a smaller file (up to 4 MB)');
  return blob;
}

/**
 * Prepares a picked image for upload: unchanged when it is within the limits, otherwise
 * decoded (EXIF orientation applied, as in the preview) and re-encoded as a JPEG of at most
 * ~2 megapixels. A file the browser cannot decode is sent as is, for the server to name the problem.
 */
export async function prepareUpload(file: File): Promise<PreparedUpload> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return {
      file,
      name: file.name,
      source: { width: 0, height: 0 },
      sent: { width: 0, height: 0 },
      downscaled: false,
    };
  }
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    if (!needsDownscale(source, file.size))
      return { file, name: file.name, source, sent: source, downscaled: false };
    const sent = downscaledSize(source);
    const blob = await encodeJpeg(bitmap, sent);
    return { file: blob, name: file.name.replace(/\.[^.]*$/, '') + '.jpg', source, sent, downscaled: true };
  } finally {
    bitmap.close();
  }
}

/** A demo answer about the sent image, restated in the source image's pixels. */
export function toSourcePixels<
  R extends {
    image_width: number;
    image_height: number;
    objects_found: { bounding_box: [number, number, number, number] }[];
  },
>(response: R, upload: PreparedUpload): R {
  if (!upload.downscaled) return response;
  const sent = { width: response.image_width, height: response.image_height };
  return {
    ...response,
    image_width: upload.source.width,
    image_height: upload.source.height,
    objects_found: response.objects_found.map((o) => ({
      ...o,
      bounding_box: scaleBox(o.bounding_box, sent, upload.source),
    })),
  };
}
