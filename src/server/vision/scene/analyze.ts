/**
 * One photo, analysed once for classification and captions (runs in the vision engine's worker):
 * a single CenterNet pass with its image-level features, the detections detect's default keeps
 * (in a room the learned answer for the 16 interior classes, otherwise the per-class thresholds
 * after the free error checks: room context, overlap with a stronger confusable box, size; no
 * extra pass), the room scores of `classifyRoom` (the same scores detect infers its
 * category from), the colours and light of the pixels, and, for captions, the text the OCR
 * engine reads.
 */
import sharp from 'sharp';
import { analyzeImage, FREE_CHECKS, type Detection } from '../detector';
import { decodeImage } from '../image-input';
import type { PassFeatures } from '../model';
import { loadOcr, OCR_MAX_SIDE, recognizeText } from '../ocr/ocr';
import { classifyRoom, type RoomScore } from '../rooms/classifier';
import { MODEL_INPUT_SIZE } from '../model-input';
import { greyThumb } from '../similar/phash';
import { summarisePixels, type PixelSummary } from './pixels';
import { sharpness } from './sharpness';

export interface SceneOptions {
  /** Also read the text in the image (PaddleOCR; 0.2-1.3 s more). */
  text?: boolean;
  /** Also the perceptual-hash thumbnail and the sharpness of the view (virtual inspections; a few ms). */
  inspection?: boolean;
}

/** A line of text read in the photo. */
export interface SceneText {
  text: string;
  confidence: number;
}

export interface SceneAnalysis {
  width: number;
  height: number;
  /** Detections of the plain pass at their class thresholds, after the free checks, strongest first, boxes in source pixels. */
  detections: Detection[];
  features: PassFeatures;
  /** Room scores over every room label, best first (sum 1). */
  rooms: RoomScore[];
  pixels: PixelSummary;
  /** Lines read (only when asked for), in reading order. */
  text?: SceneText[];
  /** 32x32 grey thumbnail for the perceptual hash (with `inspection`). */
  grey?: Uint8Array;
  /** Fine detail of the view, 0-1 (with `inspection`). */
  sharpness?: number;
}

/** Lines read with less confidence than this are left out of captions. */
const MIN_TEXT_CONFIDENCE = 0.8;

/** Decodes and analyses one encoded image (JPEG, PNG, WebP); throws the image's HttpError. */
export async function analyzeScene(bytes: Uint8Array, options: SceneOptions = {}): Promise<SceneAnalysis> {
  // The OCR's models load beside the decode and the CenterNet pass (a failure shows in readText).
  if (options.text) loadOcr().catch(() => undefined);
  const image = await decodeImage(bytes);
  // The free checks drop borderline duplicates (a faint "dog" inside a cat's box) at no extra pass.
  const analysis = await analyzeImage(image, { errorChecks: FREE_CHECKS, features: true });
  const features = analysis.features;
  if (!features) throw new Error('vision: the pass returned no features');
  const rooms = analysis.room ?? classifyRoom({ features, detections: analysis.detections });
  const view = await image.view();
  const pixels = summarisePixels(view);
  const extra = options.inspection
    ? {
        grey: await greyThumb(view, { width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 }),
        sharpness: sharpness(view, MODEL_INPUT_SIZE),
      }
    : {};
  let text: SceneText[] | undefined;
  if (options.text) text = await readText(bytes);
  const detections = analysis.detections.filter((d) => d.confirmed);
  return {
    width: analysis.width,
    height: analysis.height,
    detections,
    features,
    rooms,
    pixels,
    ...(text && { text }),
    ...extra,
  };
}

/**
 * The lines the OCR engine reads with confidence, or undefined when no OCR engine could run here
 * (its models or runtime missing): a caption then rests on the rest of the analysis.
 */
async function readText(bytes: Uint8Array): Promise<SceneText[] | undefined> {
  let lines;
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize({ width: OCR_MAX_SIDE, height: OCR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Without the max-channel view: it finds faint dark overlays (watermarks), never the legible
    // text a caption quotes, and costs a third detector pass (the same lines on every sample photo with
    // text: ocr/ocr.test.ts).
    lines = await recognizeText(
      {
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      },
      { maxChannel: false },
    );
  } catch (error) {
    console.warn('caption: the OCR engine is not available; captions go without the text in images', error);
    return undefined;
  }
  return lines
    .filter((l) => l.confidence >= MIN_TEXT_CONFIDENCE && /[\p{L}\p{N}]{2}/u.test(l.text))
    .map((l) => ({ text: l.text, confidence: l.confidence }));
}
