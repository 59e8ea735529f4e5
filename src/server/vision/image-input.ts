/**
 * Turns untrusted bytes into something the model can read: sniff the real format (never trust
 * a Content-Type or a file name), check the documented size and dimension limits before
 * decoding pixels, then decode once and derive the 512x512 views the passes need.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { HttpError } from '../http/errors';
import { MODEL_INPUT_SIZE } from './model-input';
import { IMAGE_LIMITS } from '../../shared/limits';

/** Defined in shared/limits.ts (the docs quote it too); exported here beside what enforces it. */
export { IMAGE_LIMITS };

export type ImageFormat = 'jpeg' | 'png' | 'webp';

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

/** The format from the file's magic bytes, or undefined for anything but JPEG, PNG, WebP. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}

/** Names what the bytes are when they are not a supported image, for a clearer error. */
function describeUnsupported(bytes: Uint8Array): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart().toLowerCase();
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(bytes, [0x42, 0x4d])) return 'a BMP image';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'a TIFF image';
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'an SVG image';
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'an HTML page';
  if (head.startsWith('{') || head.startsWith('[')) return 'JSON';
  if (bytes.length === 0) return 'empty';
  return 'not a recognised image';
}

export const invalidImage = (message: string, details?: unknown): HttpError =>
  new HttpError(422, 'INVALID_IMAGE', message, details === undefined ? {} : { details });

/** What a pass sees differently from the plain view; used by the error-check passes. */
export interface ViewAugmentation {
  /** Mirror left-right. */
  flip?: boolean;
  /** Keep this centred fraction of each side (0.8-1), i.e. a slight zoom in. */
  zoom?: number;
  /** Brightness multiplier (1 = unchanged). */
  brightness?: number;
  /** Keep only this part of the image, [x0, y0, x1, y1] as fractions (0-1), before the rest. */
  region?: readonly [number, number, number, number];
}

/** A decoded, validated image ready for the model. */
export interface DecodedImage {
  format: ImageFormat;
  /** Width in source pixels after applying the EXIF orientation. */
  width: number;
  /** Height in source pixels after applying the EXIF orientation. */
  height: number;
  /** The 512x512 RGB view (stretched, as the model was trained), optionally augmented. */
  view(aug?: ViewAugmentation): Promise<Uint8Array>;
  /** The decoded RGB pixels (longest side at most 1024, upright), for passes that read the photo at its own aspect. */
  pixels: { data: Uint8Array; width: number; height: number };
}

/** Longest side kept in memory for deriving views: plenty for a 512 input, cheap to crop. */
const WORK_SIDE = 1024;

/**
 * Validates and decodes an image. Throws `422 INVALID_IMAGE` with a specific message for an
 * unsupported format, out-of-range dimensions or undecodable bytes, and `413` when too large.
 */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) {
    throw new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Image is larger than the 10 MB limit (${bytes.byteLength} bytes)`,
    );
  }
  const format = sniffFormat(bytes);
  if (!format) {
    throw invalidImage(
      `Unsupported image format (${describeUnsupported(bytes)}): only JPEG, PNG and WebP images are accepted`,
    );
  }
  // Pixel cap = the documented maximum, so a decompression bomb is refused by the decoder too.
  const options: SharpOptions = {
    limitInputPixels: IMAGE_LIMITS.maxSide * IMAGE_LIMITS.maxSide,
    failOn: 'error',
  };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw invalidImage(`The ${format.toUpperCase()} file could not be read (corrupt or truncated)`);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  const { minSide, maxSide } = IMAGE_LIMITS;
  if (width < minSide || height < minSide) {
    throw invalidImage(`Image is ${width}x${height} pixels; the minimum is ${minSide}x${minSide}`, {
      width,
      height,
    });
  }
  if (width > maxSide || height > maxSide) {
    throw invalidImage(`Image is ${width}x${height} pixels; the maximum is ${maxSide}x${maxSide}`, {
      width,
      height,
    });
  }

  let work: { data: Buffer; info: OutputInfo };
  try {
    work = await sharp(bytes, options)
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidImage(`The ${format.toUpperCase()} file could not be decoded (corrupt or truncated)`);
  }
  return viewsOf(work, format, width, height);
}

/** The view maker over the decoded working pixels (shared by the checked and unchecked decoders). */
function viewsOf(
  work: { data: Buffer; info: OutputInfo },
  format: ImageFormat,
  width: number,
  height: number,
): DecodedImage {
  const { data, info } = work;
  const raw = { width: info.width, height: info.height, channels: 3 as const };
  return {
    format,
    width,
    height,
    pixels: {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: raw.width,
      height: raw.height,
    },
    async view(aug = {}) {
      let img = sharp(data, { raw });
      let cur = { width: raw.width, height: raw.height };
      if (aug.region) {
        const [x0, y0, x1, y1] = aug.region;
        const left = Math.round(x0 * raw.width);
        const top = Math.round(y0 * raw.height);
        cur = {
          width: Math.max(1, Math.round(x1 * raw.width) - left),
          height: Math.max(1, Math.round(y1 * raw.height) - top),
        };
        img = sharp(
          await img
            .extract({ left, top, ...cur })
            .raw()
            .toBuffer(),
          { raw: { ...cur, channels: 3 } },
        );
      }
      const zoom = aug.zoom ?? 1;
      if (zoom < 1) {
        const w = Math.max(1, Math.round(cur.width * zoom));
        const h = Math.max(1, Math.round(cur.height * zoom));
        img = img.extract({
          left: Math.floor((cur.width - w) / 2),
          top: Math.floor((cur.height - h) / 2),
          width: w,
          height: h,
        });
      }
      if (aug.flip) img = img.flop();
      if (aug.brightness !== undefined && aug.brightness !== 1) img = img.linear(aug.brightness, 0);
      const out = await img
        .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer();
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
  };
}

/**
 * Decodes trusted local files (training and evaluation scripts) with the same pipeline as
 * `decodeImage` but without the API's size limits: the datasets hold 128 px photos. `prepare`
 * may alter the decoded pixels first (e.g. greyscale augmentation). Never for request input.
 */
export async function decodeTrustedImage(
  bytes: Uint8Array,
  prepare?: (img: Sharp) => Sharp,
): Promise<DecodedImage> {
  const format = sniffFormat(bytes) ?? 'jpeg';
  let img = sharp(bytes).rotate();
  if (prepare) img = prepare(img);
  const work = await img
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return viewsOf(work, format, work.info.width, work.info.height);
}
