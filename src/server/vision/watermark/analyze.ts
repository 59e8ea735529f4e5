/**
 * The watermark analysis of one encoded image: decode once, read the text (OCR), weigh each
 * line's evidence (visible.ts), and, as asked, look for invisible marks and rights metadata.
 * `detect_type` and `include_invisible` choose the work actually done.
 */
import sharp, { type SharpOptions } from 'sharp';
import { HttpError } from '../../http/errors';
import { IMAGE_LIMITS, invalidImage, sniffFormat, type ImageFormat } from '../image-input';
import { decodeDwtDct, readKnownMarks } from '../invisible-watermark';
import { recognizeText, type RgbImage } from '../ocr/ocr';
import type { Brand } from './brands';
import { readRightsMetadata, type RightsMetadata } from './rights';
import {
  classifyLines,
  lineEvidence,
  type BrandLogo,
  type LineEvidence,
  type Sensitivity,
  type VisibleWatermark,
} from './visible';

export type DetectType = 'all' | 'visible' | 'invisible' | 'brand_logos';

export interface WatermarkOptions {
  detectType: DetectType;
  sensitivity: Sensitivity;
  includeInvisible: boolean;
  /** Brand list for wordmarks (the default list when absent). */
  brands?: readonly Brand[] | undefined;
}

export interface InvisibleWatermark {
  /** What kind of mark: `ai_generator` for the known generator payloads. */
  type: 'ai_generator';
  /** `dwtDct`: the invisible-watermark library's method. */
  algorithm: 'dwtDct';
  /** How decisively the image's blocks vote for each bit (0-1, mean of |2 x vote - 1|). */
  strength: number;
  /** Share of the payload's bits that match (bit agreement). */
  confidence: number;
  /** The decoded payload: its text, or the bits as hex for a binary payload. */
  embedded_data: string;
  /** Who embeds this payload. */
  generator: string;
  /** detected (>= 90% of bits) or trace (>= 75%, reported at high sensitivity only). */
  status: 'detected' | 'trace';
}

/** Said with every invisible result: what is and is not checked. */
export const INVISIBLE_SCOPE =
  "Decodes the dwtDct mark of the invisible-watermark library with the public payloads of Stable Diffusion v1/v2 and SDXL. Other invisible schemes (SynthID, Digimarc, TrustMark, vendor marks) need their vendors' keys or models and are not checked; their absence here proves nothing.";

export interface WatermarkAnalysis {
  width: number;
  height: number;
  format: ImageFormat;
  /** Which analyses ran. */
  ran: { visible: boolean; brand_logos: boolean; invisible: boolean; rights_metadata: boolean };
  visible: VisibleWatermark[];
  logos: BrandLogo[];
  invisible: InvisibleWatermark[];
  rights?: RightsMetadata | undefined;
  /** Per-line evidence, for tuning and the benchmark. */
  evidence: LineEvidence[];
  timings: Record<string, number>;
}

/** Longest side analysed for visible marks (the OCR sees at most 960). */
const WORK_SIDE = 1024;

async function decode(
  bytes: Uint8Array,
): Promise<{ format: ImageFormat; width: number; height: number; work: RgbImage }> {
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) {
    throw new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Image is larger than the 10 MB limit (${bytes.byteLength} bytes)`,
    );
  }
  const format = sniffFormat(bytes);
  if (!format) throw invalidImage('Unsupported image format: only JPEG, PNG and WebP images are accepted');
  const options: SharpOptions = {
    limitInputPixels: IMAGE_LIMITS.maxSide * IMAGE_LIMITS.maxSide,
    failOn: 'error',
  };
  let meta;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw invalidImage(`The ${format.toUpperCase()} file could not be read (corrupt or truncated)`);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  const { minSide, maxSide } = IMAGE_LIMITS;
  if (width < minSide || height < minSide)
    throw invalidImage(`Image is ${width}x${height} pixels; the minimum is ${minSide}x${minSide}`, {
      width,
      height,
    });
  if (width > maxSide || height > maxSide)
    throw invalidImage(`Image is ${width}x${height} pixels; the maximum is ${maxSide}x${maxSide}`, {
      width,
      height,
    });
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      format,
      width,
      height,
      work: {
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      },
    };
  } catch {
    throw invalidImage(`The ${format.toUpperCase()} file could not be decoded (corrupt or truncated)`);
  }
}

const ms = (since: number): number => Math.round(performance.now() - since);

/** The bits as hex (MSB first), for binary payloads. */
const bitsHex = (payload: string): string => `0x${BigInt(payload).toString(16)}`;

/**
 * The known dwtDct payloads, read from the full-resolution pixels as stored (the mark lives in
 * 4x4 blocks of the chroma: any resize or EXIF rotation would move the grid).
 */
async function readInvisible(
  bytes: Uint8Array,
  sensitivity: WatermarkOptions['sensitivity'],
): Promise<InvisibleWatermark[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxSide * IMAGE_LIMITS.maxSide })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
  const strength = (bits: number): number => {
    const { votes } = decodeDwtDct(img, bits);
    return (
      Math.round((votes.reduce((sum, v) => sum + Math.abs(2 * v - 1), 0) / Math.max(1, votes.length)) * 100) /
      100
    );
  };
  return readKnownMarks(img)
    .filter((r) => r.status === 'detected' || (r.status === 'trace' && sensitivity === 'high'))
    .map((r) => ({
      type: 'ai_generator' as const,
      algorithm: 'dwtDct' as const,
      strength: strength(r.totalBits),
      confidence: r.match,
      embedded_data: r.decodedText ?? (r.payload.startsWith('0b') ? bitsHex(r.payload) : r.payload),
      generator: r.generator,
      status: r.status as 'detected' | 'trace',
    }));
}

/** Analyses one encoded image (JPEG, PNG, WebP). Throws 413/422 HttpErrors for bad images. */
export async function analyzeWatermarks(
  bytes: Uint8Array,
  options: WatermarkOptions,
): Promise<WatermarkAnalysis> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const image = await decode(bytes);
  timings['decode'] = ms(t);
  const visibleWanted = options.detectType === 'all' || options.detectType === 'visible';
  const logosWanted = options.detectType === 'all' || options.detectType === 'brand_logos';
  const invisibleWanted =
    options.includeInvisible && (options.detectType === 'all' || options.detectType === 'invisible');
  const rightsWanted = options.detectType !== 'brand_logos';

  let visible: VisibleWatermark[] = [];
  let logos: BrandLogo[] = [];
  let evidence: LineEvidence[] = [];
  if (visibleWanted || logosWanted) {
    t = performance.now();
    const lines = await recognizeText(image.work);
    timings['ocr'] = ms(t);
    t = performance.now();
    evidence = lineEvidence(image.work, lines, options.brands);
    const result = classifyLines(evidence, {
      sensitivity: options.sensitivity,
      scale: image.width / image.work.width,
    });
    timings['evidence'] = ms(t);
    if (visibleWanted) visible = result.watermarks;
    if (logosWanted) logos = result.logos;
  }
  let invisible: InvisibleWatermark[] = [];
  if (invisibleWanted) {
    t = performance.now();
    invisible = await readInvisible(bytes, options.sensitivity);
    timings['invisible'] = ms(t);
  }
  let rights: RightsMetadata | undefined;
  if (rightsWanted) {
    t = performance.now();
    rights = await readRightsMetadata(bytes, image.format);
    timings['rights'] = ms(t);
  }
  return {
    width: image.width,
    height: image.height,
    format: image.format,
    ran: {
      visible: visibleWanted,
      brand_logos: logosWanted,
      invisible: invisibleWanted,
      rights_metadata: rightsWanted,
    },
    visible,
    logos,
    invisible,
    rights,
    evidence,
    timings,
  };
}
