/**
 * The live testers of the one-image APIs: captioning, similar-image search, photo authenticity,
 * watermark detection and facial analysis. Each sends the picked sample, typed URL or upload (the demos' picker)
 * with its settings to the keyless endpoint its demo page calls, or, on the visitor's own
 * subscription, to the metered endpoint of the same shape. Pure but for `run`, so it is unit-tested.
 */
import {
  CAPTION_SAMPLES,
  FACE_SAMPLES,
  SIMILAR_SAMPLES,
  VALIDATION_SAMPLES,
  WATERMARK_SAMPLES,
} from '../../lib/demo-samples';
import { request, type ApiResult } from '../../shared/api-client';
import { captionOperation, demoCaptionOperation } from '../../shared/contracts/caption';
import { demoPhotoValidationOperation } from '../../shared/contracts/photo-authenticity';
import { demoSimilarOperation, similarSearchOperation } from '../../shared/contracts/similar';
import { demoWatermarkOperation, watermarkOperation } from '../../shared/contracts/watermark';
import { demoFacesOperation, facesOperation } from '../../shared/contracts/faces';
import type { FacesResponse } from '../../shared/schemas/faces';
import type { CaptionResponse } from '../../shared/schemas/caption';
import type { PhotoValidationResponse } from '../../shared/schemas/photo-authenticity/photo-validation';
import type { SimilarResponse } from '../../shared/schemas/similar';
import type { WatermarkResponse } from '../../shared/schemas/watermark';
import { imageRequestBody } from '../demo/demo-run';
import {
  CAPTION_DEFAULTS,
  CAPTION_LENGTHS,
  CAPTION_STYLES,
  captionMaxWords,
  FACE_POLICIES,
  facesFields,
  optionValue,
  SIMILAR_CATEGORIES,
  SIMILAR_MAX_RESULTS,
  SIMILAR_THRESHOLD,
  VALIDATION_TYPES,
  WATERMARK_DEFAULTS,
  WATERMARK_SENSITIVITIES,
  WATERMARK_TYPES,
  type DemoOption,
} from '../demo/demo-requests';
import {
  oneImageError,
  testFailureMessage,
  valueOf,
  type TesterDefinition,
  type TesterField,
  type TesterOutcome,
  type TesterValues,
  type TesterView,
} from './tester-model';

const percent = (score: number): number => Math.round(score * 100);
const seconds = (s: number): string => `${s.toFixed(2)} s`;

/** A select over `options`, starting on `initial`. */
function select(
  name: string,
  label: string,
  options: readonly DemoOption<string>[],
  initial: string,
): TesterField {
  return { name, label, control: 'select', initial, options };
}

/** The form's choice among `options`, else `fallback`. */
function chosen<V extends string>(
  options: readonly DemoOption<V>[],
  values: TesterValues,
  name: string,
  fallback: V,
): V {
  return optionValue(options, valueOf(values, name)) ?? fallback;
}

/** A one-image tester: the shared image check and help sentence; `does` ends the sentence. */
function oneImageTester(
  t: Omit<TesterDefinition, 'ownExtra' | 'inputError' | 'help'> & { does: string },
): TesterDefinition {
  const { does, ...rest } = t;
  return {
    ...rest,
    ownExtra: '',
    help: (apiName) =>
      `Send a real image to ${apiName}: pick a sample, paste a public image URL or upload a photo${does}.`,
    inputError: (_values, image) => oneImageError(image),
  };
}

/** A test's outcome: the answer's view, or the server's message. */
function outcomeOf<R>(result: ApiResult<R>, view: (r: R) => TesterView): TesterOutcome {
  return result.ok
    ? { ok: true, view: view(result.data) }
    : { ok: false, message: testFailureMessage(result.error) };
}

// --- Captioning ---------------------------------------------------------------------------

export function captionView(r: CaptionResponse): TesterView {
  return {
    summary: {
      term: 'Style',
      value: r.style,
      rest: ` · ${r.word_count} words · ${seconds(r.processing_time)}`,
    },
    rows: [{ kind: 'text', name: 'Caption', text: r.caption }],
    note: 'Composed from detected content; confidence is an indicator, not a certainty.',
  };
}

export const CAPTION_TESTER = oneImageTester({
  apiId: 'image-captioning',
  demoPath: demoCaptionOperation.path,
  ownPath: captionOperation.path,
  does: ', and get its caption',
  samples: CAPTION_SAMPLES,
  settings: [
    select('style', 'Caption style', CAPTION_STYLES, CAPTION_DEFAULTS.style),
    select('length', 'Caption length', CAPTION_LENGTHS, CAPTION_DEFAULTS.length),
  ],
  run: async (values, image, own) => {
    const { body } = await imageRequestBody(image, {
      style: chosen(CAPTION_STYLES, values, 'style', CAPTION_DEFAULTS.style),
      max_length: captionMaxWords(chosen(CAPTION_LENGTHS, values, 'length', CAPTION_DEFAULTS.length)),
    });
    return own
      ? outcomeOf(await request(captionOperation, { body }), captionView)
      : outcomeOf(await request(demoCaptionOperation, { body }), captionView);
  },
});

// --- Similar-image search -----------------------------------------------------------------

const MAX_RESULTS_OPTIONS = [5, 10, 20, 50].map((n) => ({ value: String(n), label: String(n) }));
const THRESHOLD_OPTIONS = [0.5, 0.6, 0.7, 0.8, 0.9].map((t) => ({ value: String(t), label: String(t) }));

export function similarView(r: SimilarResponse): TesterView {
  return {
    summary: {
      term: 'Matches',
      value: String(r.matches_found),
      rest: ` of ${r.total_searched} images searched · ${seconds(r.processing_time)}`,
    },
    rows: r.similar_images.map((m) => ({
      kind: 'score',
      name: `${m.id} (${m.category})`,
      percent: percent(m.similarity),
    })),
    ordered: true,
    listLabel: 'Matches, most similar first',
    note: 'Similarity 0.9 or more means a near duplicate; 0.7 a related scene.',
  };
}

export const SIMILAR_TESTER = oneImageTester({
  apiId: 'similar-image-search',
  demoPath: demoSimilarOperation.path,
  ownPath: similarSearchOperation.path,
  does: ', and find the most similar photos of the public gallery',
  samples: SIMILAR_SAMPLES,
  settings: [
    select('max_results', 'Max results', MAX_RESULTS_OPTIONS, String(SIMILAR_MAX_RESULTS.default)),
    select(
      'similarity_threshold',
      'Similarity threshold',
      THRESHOLD_OPTIONS,
      String(SIMILAR_THRESHOLD.default),
    ),
    select('category', 'Category', SIMILAR_CATEGORIES, 'all'),
  ],
  run: async (values, image, own) => {
    const { body } = await imageRequestBody(image, {
      max_results: Number(chosen(MAX_RESULTS_OPTIONS, values, 'max_results', '10')),
      similarity_threshold: Number(chosen(THRESHOLD_OPTIONS, values, 'similarity_threshold', '0.7')),
      category: chosen(SIMILAR_CATEGORIES, values, 'category', 'all'),
    });
    // An upload goes out as FormData (the api client sends it as multipart); the contract documents the JSON form.
    const sent = body as Parameters<typeof request<typeof demoSimilarOperation>>[1]['body'];
    return own
      ? outcomeOf(await request(similarSearchOperation, { body: sent }), similarView)
      : outcomeOf(await request(demoSimilarOperation, { body: sent }), similarView);
  },
});

// --- Photo authenticity -------------------------------------------------------------------

export function validationView(r: PhotoValidationResponse): TesterView {
  const a = r.analysis;
  return {
    summary: {
      term: 'Verdict',
      value: r.verdict,
      rest: ` · authenticity score ${percent(r.authenticity_score)}% · ${seconds(r.processing_time)}`,
    },
    rows: [
      { kind: 'score', name: 'AI-generated', percent: percent(a.ai_generated.confidence) },
      { kind: 'score', name: 'Manipulated', percent: percent(a.manipulation_detected.confidence) },
      ...(a.photo_of_photo
        ? [
            {
              kind: 'score' as const,
              name: 'Photo of a screen or print',
              percent: percent(a.photo_of_photo.confidence),
            },
          ]
        : []),
      ...a.specific_issues.map((issue) => ({ kind: 'text' as const, name: 'Finding', text: issue })),
    ],
    note: 'Evidence from provenance, metadata and pixels; no evidence reads inconclusive, never "real".',
  };
}

export const VALIDATION_TESTER = oneImageTester({
  apiId: 'photo-authenticity',
  demoPath: demoPhotoValidationOperation.path,
  does: ', and see the evidence of where it comes from',
  samples: VALIDATION_SAMPLES,
  settings: [select('check_type', 'Validation type', VALIDATION_TYPES, 'comprehensive')],
  run: async (values, image) => {
    // Not downscaled: resampling would erase the file's own evidence (metadata, JPEG tables).
    const { body } = await imageRequestBody(
      image,
      { check_type: chosen(VALIDATION_TYPES, values, 'check_type', 'comprehensive') },
      { downscale: false },
    );
    return outcomeOf(await request(demoPhotoValidationOperation, { body }), validationView);
  },
});

// --- Watermark detection ------------------------------------------------------------------

export function watermarkView(r: WatermarkResponse): TesterView {
  return {
    summary: {
      term: 'Watermarks',
      value: r.watermarks_detected ? `${r.total_watermarks} found` : 'none found',
      rest: ` · ${seconds(r.processing_time)}`,
    },
    rows: [
      ...(r.watermarks_detected
        ? []
        : [{ kind: 'text' as const, name: 'Result', text: 'No watermark found' }]),
      ...r.visible_watermarks.items.map((m) => ({
        kind: 'text' as const,
        name: `Visible (${percent(m.confidence)}%)`,
        text: m.text,
      })),
      ...r.invisible_watermarks.items.map((m) => ({
        kind: 'text' as const,
        name: `Invisible (${percent(m.confidence)}%)`,
        text: m.generator,
      })),
      ...r.brand_logos.items.map((m) => ({
        kind: 'text' as const,
        name: `Brand (${percent(m.confidence)}%)`,
        text: m.brand,
      })),
    ],
  };
}

export const WATERMARK_TESTER = oneImageTester({
  apiId: 'watermark-detection',
  demoPath: demoWatermarkOperation.path,
  ownPath: watermarkOperation.path,
  does: ', and find its watermarks',
  samples: WATERMARK_SAMPLES,
  settings: [
    select('detect_type', 'Detection type', WATERMARK_TYPES, WATERMARK_DEFAULTS.detectType),
    select('sensitivity', 'Sensitivity', WATERMARK_SENSITIVITIES, WATERMARK_DEFAULTS.sensitivity),
  ],
  run: async (values, image, own) => {
    const { body } = await imageRequestBody(image, {
      detect_type: chosen(WATERMARK_TYPES, values, 'detect_type', WATERMARK_DEFAULTS.detectType),
      sensitivity: chosen(WATERMARK_SENSITIVITIES, values, 'sensitivity', WATERMARK_DEFAULTS.sensitivity),
      include_invisible: true,
    });
    return own
      ? outcomeOf(await request(watermarkOperation, { body }), watermarkView)
      : outcomeOf(await request(demoWatermarkOperation, { body }), watermarkView);
  },
});

// --- Facial analysis ----------------------------------------------------------------------

const deg = (v: number): string => `${Math.round(v)} degrees`;

export function facesView(r: FacesResponse): TesterView {
  return {
    summary: {
      term: 'Faces',
      value: String(r.face_count),
      rest: `${r.policy ? ` · ${r.policy.name === 'profile_photo' ? 'profile photo' : 'policy'} ${r.policy.passed ? 'passed' : 'failed'}` : ''} · ${seconds(r.processing_time)}`,
    },
    rows: [
      ...(r.policy?.reasons.filter((x) => !x.passed) ?? []).map((x) => ({
        kind: 'text' as const,
        name: 'Failed',
        text: x.message,
      })),
      ...r.faces.map((f, i) => ({
        kind: 'text' as const,
        name: `Face ${i + 1} (${f.quality.face_width_px} x ${f.quality.face_height_px} px)`,
        text: `yaw ${deg(f.pose.yaw)}, pitch ${deg(f.pose.pitch)}, roll ${deg(f.pose.roll)}; eyes ${f.eyes.left_open && f.eyes.right_open ? 'open' : 'not both open'}; sharpness ${f.quality.sharpness.toFixed(2)}, exposure ${f.quality.exposure}; screen or print ${f.presentation_attack.indicated ? 'indicated' : 'not indicated'}`,
      })),
    ],
    note: 'No identification, age, gender or emotion; the presentation-attack result is an indicator, not a certainty.',
  };
}

export const FACES_TESTER = oneImageTester({
  apiId: 'facial-attribute-analysis',
  demoPath: demoFacesOperation.path,
  ownPath: facesOperation.path,
  does: ', and get its faces checked',
  samples: FACE_SAMPLES,
  settings: [select('policy', 'Policy check', FACE_POLICIES, 'profile_photo')],
  run: async (values, image, own) => {
    const { body } = await imageRequestBody(
      image,
      facesFields(chosen(FACE_POLICIES, values, 'policy', 'profile_photo'), false),
    );
    return own
      ? outcomeOf(await request(facesOperation, { body }), facesView)
      : outcomeOf(await request(demoFacesOperation, { body }), facesView);
  },
});
