/**
 * Photo authenticity: every evidence layer on one image, then the documented rules
 * (rules.ts). Each layer reports what it found, what that means and its `method`.
 */
import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import { IMAGE_LIMITS, invalidImage, sniffFormat, type ImageFormat } from '../image-input';
import { readKnownMarks, type MarkReading } from '../invisible-watermark';
import { readC2pa, type C2paEvidence } from './c2pa';
import { errorLevelAnalysis, type ElaEvidence } from './ela';
import { analyseQuantisation, type QuantisationEvidence } from './jpeg-tables';
import { readMetadata, type MetadataEvidence } from './metadata';
import { moireIndicator, type MoireEvidence } from './moire';
import type { RgbPlanes } from './pixel-features';
import { pixelSignal, type PixelSignal } from './pixel-signal';
import {
  applyRules,
  cameraConsistency,
  type CameraConsistency,
  type FailTag,
  type Finding,
  type Verdict,
} from './rules';

export interface AuthenticityReport {
  is_real: boolean;
  fail_tags: FailTag[];
  verdict: Verdict;
  /** The pixel-level AI-image signal (rule PIXEL). */
  pixel_signal: PixelSignal;
  /** One entry per fail-tag rule that fired, in plain words. */
  findings: Finding[];
  /** Signals that decide nothing but deserve a look. */
  indicators: string[];
  evidence: {
    c2pa: C2paEvidence & { method: 'c2pa-content-credentials' };
    metadata: MetadataEvidence & { method: 'declared-metadata' };
    watermark: { method: 'invisible-watermark-dwtdct'; marks: MarkReading[] };
    signals: {
      method: 'pixel-and-file-signals';
      camera_exif: CameraConsistency;
      jpeg_quantisation: QuantisationEvidence | null;
      ela: ElaEvidence;
      recapture: MoireEvidence;
    };
  };
  image: { format: ImageFormat; width: number; height: number; bytes: number };
}

/** Checks the documented limits (10 MB; JPEG, PNG, WebP; 256 to 4096 px a side). */
export async function checkImage(
  bytes: Uint8Array,
): Promise<{ format: ImageFormat; width: number; height: number }> {
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) {
    throw new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Image is larger than the 10 MB limit (${bytes.byteLength} bytes)`,
    );
  }
  const format = sniffFormat(bytes);
  if (!format) throw invalidImage('Unsupported image format: only JPEG, PNG and WebP images are accepted');
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, {
      limitInputPixels: IMAGE_LIMITS.maxSide * IMAGE_LIMITS.maxSide,
    }).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    width = (rotated ? meta.height : meta.width) ?? 0;
    height = (rotated ? meta.width : meta.height) ?? 0;
  } catch {
    throw invalidImage(`The ${format.toUpperCase()} file could not be read (corrupt or truncated)`);
  }
  const { minSide, maxSide } = IMAGE_LIMITS;
  if (width < minSide || height < minSide || width > maxSide || height > maxSide) {
    throw invalidImage(`Image is ${width}x${height} pixels; sides must be ${minSide} to ${maxSide} pixels`, {
      width,
      height,
    });
  }
  return { format, width, height };
}

/** The stored pixels of an image (no EXIF rotation: watermarks and generator traces live in the pixels as written). */
export async function storedPixels(bytes: Uint8Array): Promise<RgbPlanes> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}

/** The watermark layer and the pixel signal, on one decode. */
async function pixelLayers(bytes: Uint8Array): Promise<{ marks: MarkReading[]; pixel: PixelSignal }> {
  const img = await storedPixels(bytes);
  const marks = readKnownMarks(img);
  const pixel = await pixelSignal(img);
  if (!pixel) throw new Error('image below 64 px');
  return { marks, pixel };
}

/** Runs every layer and the rules on one encoded image. */
export async function analyzeAuthenticity(bytes: Uint8Array): Promise<AuthenticityReport> {
  const { format, width, height } = await checkImage(bytes);
  const decodeFailure = () =>
    invalidImage(`The ${format.toUpperCase()} file could not be decoded (corrupt or truncated)`);
  const [c2pa, metadata, { marks, pixel }, ela, moire] = await Promise.all([
    readC2pa(bytes, format),
    readMetadata(bytes),
    pixelLayers(bytes).catch(() => Promise.reject(decodeFailure())),
    errorLevelAnalysis(bytes).catch(() => Promise.reject(decodeFailure())),
    moireIndicator(bytes).catch(() => Promise.reject(decodeFailure())),
  ]);
  const quantisation = format === 'jpeg' ? analyseQuantisation(bytes) : undefined;
  const camera = cameraConsistency(metadata, width, height);
  const outcome = applyRules({
    c2pa,
    metadata,
    watermarks: marks,
    camera,
    ...(quantisation ? { quantisation } : {}),
    ela,
    moire,
    pixel: { signal: pixel },
  });
  return {
    is_real: outcome.is_real,
    fail_tags: outcome.fail_tags,
    verdict: outcome.verdict,
    pixel_signal: pixel,
    findings: outcome.findings,
    indicators: outcome.indicators,
    evidence: {
      c2pa: { method: 'c2pa-content-credentials', ...c2pa },
      metadata: { method: 'declared-metadata', ...metadata },
      watermark: { method: 'invisible-watermark-dwtdct', marks },
      signals: {
        method: 'pixel-and-file-signals',
        camera_exif: camera,
        jpeg_quantisation: quantisation ?? null,
        ela,
        recapture: moire,
      },
    },
    image: { format, width, height, bytes: bytes.byteLength },
  };
}
