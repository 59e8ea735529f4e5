/**
 * Options, limits and the displayed API requests of the captioning, similar-image, photo
 * validation, watermark and face analysis demos. Pure, so the pages and the tests share one definition.
 */

/** An option of a select control. */
export interface DemoOption<V extends string> {
  value: V;
  label: string;
}

/** A numeric slider's range. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

/** The request a demo page shows in its API Request panel (displayed, not sent). */
export interface DemoRequest<B> {
  method: 'POST';
  url: string;
  headers: { Authorization: string; 'Content-Type': 'application/json' };
  body: B;
}

/**
 * Sample requests are shown with a site-relative path: the API lives on the site's own origin
 * under `/api/`.
 */
export const DEMO_API_BASE = '/api';
/** Shown in place of a real key: visitors substitute their own. */
export const API_KEY_PLACEHOLDER = 'Bearer {key}';

/** The message every demo shows when run without an image. */
export const EMPTY_IMAGE_MESSAGE = 'Please enter an image URL';

/** `undefined` when the URL field may be submitted, else the message to show. */
export function imageUrlError(imageUrl: string): string | undefined {
  return imageUrl.trim() === '' ? EMPTY_IMAGE_MESSAGE : undefined;
}

function request<B>(path: string, body: B): DemoRequest<B> {
  return {
    method: 'POST',
    url: `${DEMO_API_BASE}${path}`,
    headers: { Authorization: API_KEY_PLACEHOLDER, 'Content-Type': 'application/json' },
    body,
  };
}

/** Snaps a slider value to its range and step, dropping float noise such as 0.7000000000000001. */
export function snapToRange(value: number, range: SliderRange): number {
  if (!Number.isFinite(value)) return range.default;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  const steps = Math.round((clamped - range.min) / range.step);
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  return Number((range.min + steps * range.step).toFixed(decimals));
}

// --- Image captioning ---------------------------------------------------------------------

export const CAPTION_STYLES = [
  { value: 'descriptive', label: 'Descriptive' },
  { value: 'creative', label: 'Creative' },
  { value: 'technical', label: 'Technical' },
  { value: 'emotional', label: 'Emotional' },
] as const satisfies readonly DemoOption<string>[];
export type CaptionStyle = (typeof CAPTION_STYLES)[number]['value'];

/** Caption lengths and their word limits. */
export const CAPTION_LENGTHS = [
  { value: 'short', label: 'Short (up to 50 words)', maxWords: 50 },
  { value: 'medium', label: 'Medium (up to 100 words)', maxWords: 100 },
  { value: 'long', label: 'Long (up to 150 words)', maxWords: 150 },
] as const satisfies readonly (DemoOption<string> & { maxWords: number })[];
export type CaptionLength = (typeof CAPTION_LENGTHS)[number]['value'];

export const CAPTION_DEFAULTS = { style: 'descriptive', length: 'medium' } as const satisfies {
  style: CaptionStyle;
  length: CaptionLength;
};

export interface CaptionBody {
  image_url: string;
  style: CaptionStyle;
  max_length: number;
}

/** Word limit of a caption length. */
export function captionMaxWords(length: CaptionLength): number {
  return CAPTION_LENGTHS.find((l) => l.value === length)?.maxWords ?? 100;
}

/** POST /v1/caption {image_url, style, max_length}. */
export function buildCaptionRequest(input: {
  imageUrl: string;
  style: CaptionStyle;
  length: CaptionLength;
}): DemoRequest<CaptionBody> {
  return request('/v1/caption', {
    image_url: input.imageUrl.trim(),
    style: input.style,
    max_length: captionMaxWords(input.length),
  });
}

// --- Similar images -----------------------------------------------------------------------

export const SIMILAR_MAX_RESULTS: SliderRange = { min: 5, max: 50, step: 5, default: 10 };
export const SIMILAR_THRESHOLD: SliderRange = { min: 0.5, max: 0.95, step: 0.05, default: 0.7 };

export const SIMILAR_CATEGORIES = [
  { value: 'all', label: 'All categories' },
  { value: 'architecture', label: 'Architecture' },
  { value: 'nature', label: 'Nature' },
  { value: 'vehicles', label: 'Vehicles' },
  { value: 'people', label: 'People' },
  { value: 'food', label: 'Food' },
  { value: 'technology', label: 'Technology' },
] as const satisfies readonly DemoOption<string>[];
export type SimilarCategory = (typeof SIMILAR_CATEGORIES)[number]['value'];

export interface SimilarBody {
  image_url: string;
  max_results: number;
  similarity_threshold: number;
  category: SimilarCategory;
}

/** POST /v1/similar {image_url, max_results, similarity_threshold, category}. */
export function buildSimilarRequest(input: {
  imageUrl: string;
  maxResults: number;
  threshold: number;
  category: SimilarCategory;
}): DemoRequest<SimilarBody> {
  return request('/v1/similar', {
    image_url: input.imageUrl.trim(),
    max_results: snapToRange(input.maxResults, SIMILAR_MAX_RESULTS),
    similarity_threshold: snapToRange(input.threshold, SIMILAR_THRESHOLD),
    category: input.category,
  });
}

// --- Photo validation ---------------------------------------------------------------------

export const VALIDATION_TYPES = [
  { value: 'comprehensive', label: 'Comprehensive analysis' },
  { value: 'ai_detection', label: 'AI-generated detection' },
  { value: 'manipulation', label: 'Manipulation detection' },
  { value: 'deepfake', label: 'Deepfake (provenance rules only)' },
] as const satisfies readonly DemoOption<string>[];
export type ValidationType = (typeof VALIDATION_TYPES)[number]['value'];

export interface ValidateBody {
  image_url: string;
  check_type: ValidationType;
}

/** POST /v1/validate {image_url, check_type}. */
export function buildValidateRequest(input: {
  imageUrl: string;
  checkType: ValidationType;
}): DemoRequest<ValidateBody> {
  return request('/v1/validate', { image_url: input.imageUrl.trim(), check_type: input.checkType });
}

// --- Watermark detection ------------------------------------------------------------------

export const WATERMARK_TYPES = [
  { value: 'all', label: 'All watermarks' },
  { value: 'visible', label: 'Visible watermarks' },
  { value: 'invisible', label: 'Invisible watermarks' },
  { value: 'brand_logos', label: 'Brand logos' },
] as const satisfies readonly DemoOption<string>[];
export type WatermarkType = (typeof WATERMARK_TYPES)[number]['value'];

export const WATERMARK_SENSITIVITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
] as const satisfies readonly DemoOption<string>[];
export type WatermarkSensitivity = (typeof WATERMARK_SENSITIVITIES)[number]['value'];

export const WATERMARK_DEFAULTS = {
  detectType: 'all',
  sensitivity: 'medium',
  includeInvisible: true,
} as const satisfies {
  detectType: WatermarkType;
  sensitivity: WatermarkSensitivity;
  includeInvisible: boolean;
};

export interface WatermarkBody {
  image_url: string;
  detect_type: WatermarkType;
  sensitivity: WatermarkSensitivity;
  include_invisible: boolean;
}

/** POST /v1/watermark {image_url, detect_type, sensitivity, include_invisible}. */
export function buildWatermarkRequest(input: {
  imageUrl: string;
  detectType: WatermarkType;
  sensitivity: WatermarkSensitivity;
  includeInvisible: boolean;
}): DemoRequest<WatermarkBody> {
  return request('/v1/watermark', {
    image_url: input.imageUrl.trim(),
    detect_type: input.detectType,
    sensitivity: input.sensitivity,
    include_invisible: input.includeInvisible,
  });
}

/** Narrows a select's string value to one of its options, so a stray value can never reach state. */
export function optionValue<V extends string>(
  options: readonly DemoOption<V>[],
  value: string,
): V | undefined {
  return options.find((o) => o.value === value)?.value;
}

// --- Face analysis ----------------------------------------------------------------------

export const FACE_POLICIES = [
  { value: 'profile_photo', label: 'Profile photo' },
  { value: 'none', label: 'No policy check' },
] as const satisfies readonly DemoOption<string>[];
export type FacePolicyChoice = (typeof FACE_POLICIES)[number]['value'];

export interface FacesBody {
  image_url: string;
  policy?: 'profile_photo';
  include_mesh: boolean;
}

/** The fields a face analysis sends besides the image (a policy only when one is chosen). */
export function facesFields(policy: FacePolicyChoice, includeMesh: boolean): Omit<FacesBody, 'image_url'> {
  return { ...(policy === 'none' ? {} : { policy }), include_mesh: includeMesh };
}

/** POST /v1/faces {image_url, policy?, include_mesh}. */
export function buildFacesRequest(input: {
  imageUrl: string;
  policy: FacePolicyChoice;
  includeMesh: boolean;
}): DemoRequest<FacesBody> {
  return request('/v1/faces', {
    image_url: input.imageUrl.trim(),
    ...facesFields(input.policy, input.includeMesh),
  });
}
