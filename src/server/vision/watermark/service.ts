/**
 * The watermark use case behind POST /api/v1/watermark and the demo: load the image (the site's
 * own samples from disk, anything else through the SSRF-safe fetcher, or an upload), analyse it
 * off the event loop, and shape the documented answer.
 */
import { withImageBudget, type BudgetLease } from '../engine/image-budget';
import { ocrMethod } from '../ocr/ocr';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from '../safe-fetch';
import { readSiteSample, siteSampleName } from '../site-images';
import type { WatermarkRequestParsed, WatermarkResponse } from '../../../shared/schemas/watermark';
import { INVISIBLE_SCOPE, type WatermarkAnalysis } from './analyze';
import type { Brand } from './brands';
import { detectWatermarks } from './engine';
import { SENSITIVITY_FACTOR, WATERMARK_THRESHOLD } from './visible';
import type { ImageSource } from '../upload';

export const LOGO_NOTE =
  'Wordmark logos are recognised from their text: a brand is named only when the text spells one of its names exactly (case, spaces and punctuation aside); logos that are pictures without text are not recognised.';

const RIGHTS_NOTE =
  'Declarations written into the file, not marks in the pixels; they never count as a detected watermark.';

export interface WatermarkDeps {
  fetch?: SafeFetchOptions;
  siteOrigins?: ReadonlySet<string>;
  brands?: readonly Brand[];
}

export type WatermarkImage = ImageSource;

/** Shapes an analysis as the documented response. */
export function watermarkResponse(
  a: WatermarkAnalysis,
  req: WatermarkRequestParsed,
  imageUrl: string | null,
  seconds: number,
  requestId: string,
): WatermarkResponse {
  const visible = a.visible;
  const invisible = a.invisible;
  const logos = a.logos;
  const total = visible.length + invisible.length + logos.length;
  const rights = a.rights;
  return {
    image_url: imageUrl,
    image_width: a.width,
    image_height: a.height,
    watermarks_detected: total > 0,
    total_watermarks: total,
    detection_settings: {
      sensitivity_factor: SENSITIVITY_FACTOR[req.sensitivity],
      decision_threshold: WATERMARK_THRESHOLD,
      text_reader: ocrMethod(),
      invisible_scope: INVISIBLE_SCOPE,
      logo_note: LOGO_NOTE,
    },
    detection_parameters: {
      type: req.detect_type,
      sensitivity: req.sensitivity,
      include_invisible: req.include_invisible,
    },
    visible_watermarks: {
      detected: visible.length > 0,
      count: visible.length,
      checked: a.ran.visible,
      items: visible,
    },
    invisible_watermarks: {
      detected: invisible.length > 0,
      count: invisible.length,
      checked: a.ran.invisible,
      items: invisible,
    },
    brand_logos: {
      detected: logos.length > 0,
      count: logos.length,
      checked: a.ran.brand_logos,
      items: logos,
    },
    rights_metadata: {
      checked: a.ran.rights_metadata,
      present: rights?.present ?? false,
      copyright_notice: rights?.copyright_notice ?? null,
      credit: rights?.credit ?? null,
      source: rights?.source ?? null,
      creator: rights?.creator ?? null,
      rights: rights?.rights ?? null,
      marked: rights?.marked ?? null,
      web_statement: rights?.web_statement ?? null,
      licensors: rights?.licensors ?? [],
      sources: rights?.sources ?? {},
      c2pa: rights?.c2pa ?? {
        status: 'absent',
        validation: null,
        signer: null,
        claim_generator: null,
        actions: [],
      },
      note: RIGHTS_NOTE,
    },
    processing_time: Math.round(seconds * 1000) / 1000,
    request_id: requestId,
  };
}

/** Loads and analyses one image within the in-flight image budget. */
export function runWatermark(
  image: WatermarkImage,
  req: WatermarkRequestParsed,
  requestId: string,
  deps: WatermarkDeps = {},
  lease?: BudgetLease,
): Promise<WatermarkResponse> {
  const analyse = async (bytes: Uint8Array, holder: BudgetLease): Promise<WatermarkResponse> => {
    holder.holdImage(bytes.byteLength);
    const started = performance.now();
    const analysis = await detectWatermarks(bytes, {
      detectType: req.detect_type,
      sensitivity: req.sensitivity,
      includeInvisible: req.include_invisible,
      brands: deps.brands,
    });
    return watermarkResponse(
      analysis,
      req,
      'url' in image ? image.url : null,
      (performance.now() - started) / 1000,
      requestId,
    );
  };
  if ('bytes' in image && lease) return analyse(image.bytes, lease);
  return withImageBudget(async (own) => {
    if ('bytes' in image) return analyse(image.bytes, own);
    const sample = deps.siteOrigins && siteSampleName(image.url, deps.siteOrigins);
    const bytes = sample
      ? await readSiteSample(sample, image.url)
      : (
          await safeFetchImage(image.url, {
            allowLoopback: allowLoopbackFromEnv(),
            signal: fetchDeadline(),
            ...deps.fetch,
          })
        ).bytes;
    return analyse(bytes, own);
  });
}
