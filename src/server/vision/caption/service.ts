/**
 * The captioning use case behind POST /api/v1/caption and its demo twin: one plain pass with
 * features, the room scores, the colours and light, and the text the OCR engine reads, all in
 * the vision engine's worker; then the caption is composed from those facts (./compose.ts).
 */
import type { BudgetLease } from '../engine/image-budget';
import { analyzeSceneBytes } from '../engine';
import { warmOnServerless } from '../engine/runner';
import { withImageBytes, type ImageDeps, type ImageSource } from '../scene/request';
import {
  CAPTION_METHOD,
  type CaptionRequestParsed,
  type CaptionResponse,
} from '../../../shared/schemas/caption';
import { composeCaption } from './compose';

// A function instance loads CenterNet and the OCR together as it starts (every caption reads text).
warmOnServerless(
  async () => (await import('../model')).loadModel(),
  async () => (await import('../ocr/ocr')).loadOcr(),
);

/** Captions one image. */
export async function runCaption(
  image: ImageSource,
  req: CaptionRequestParsed,
  requestId: string,
  deps: ImageDeps = {},
  lease?: BudgetLease,
): Promise<CaptionResponse> {
  const started = performance.now();
  const scene = await withImageBytes(image, deps, (bytes) => analyzeSceneBytes(bytes, { text: true }), lease);
  const composed = composeCaption(scene, req.style, req.max_length);
  return {
    image_url: 'url' in image ? image.url : null,
    caption: composed.caption,
    style: req.style,
    confidence: composed.confidence,
    word_count: composed.wordCount,
    processing_time: Math.round(performance.now() - started) / 1000,
    language_detected: composed.language,
    request_id: requestId,
    analysis_method: CAPTION_METHOD,
  };
}
