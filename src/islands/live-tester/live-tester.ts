/**
 * The object-detection live tester (spec sections 5 and 8): turning the textarea into a detect
 * request, and what it shows of the answer. Pure but for `run`, so it is unit-tested.
 */
import { request, type ApiResult } from '../../shared/api-client';
import {
  demoDetectOperation,
  demoObjectDetectionOperation,
  detectOperation,
} from '../../shared/contracts/object-detection';
import { DETECTION_ROOMS, roomLabel } from '../../shared/rooms';
import {
  demoRoomCategories,
  MAX_IMAGE_URLS,
  type DemoResponse,
  noImageAnalysedDetailsSchema,
  type DetectMode,
  type DetectRequest,
  type DetectResponse,
} from '../../shared/schemas/detect';
import { imageRequestBody } from '../demo/demo-run';
import { OD_SAMPLES } from '../object-detection/object-detection';
import {
  testFailureMessage,
  valueOf,
  type TesterImage,
  type TesterDefinition,
  type TesterOutcome,
  type TesterRow,
  type TesterValues,
  type TesterView,
} from './tester-model';

/** Category choices of the live tester: every room the detection model knows; `auto` means "send no category". */
export const TESTER_CATEGORIES: readonly { value: string; label: string }[] = [
  { value: 'auto', label: 'Auto-detect' },
  ...DETECTION_ROOMS.map((room) => ({ value: room, label: roomLabel(room) })),
];

export const TESTER_MODES: readonly { value: DetectMode; label: string }[] = [
  { value: 'per_item', label: 'Per item' },
  { value: 'superset', label: 'Superset' },
];

/** The textarea split by line, trimmed, blank lines dropped. */
export function parseImageUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The spec's message for a URL count the tester refuses, or null when it may run. */
export function urlCountError(urls: readonly string[]): string | null {
  if (urls.length === 0) return 'Please provide at least one image URL';
  if (urls.length > MAX_IMAGE_URLS) return `Maximum ${MAX_IMAGE_URLS} image URLs allowed`;
  return null;
}

/** The request body: the category is sent only when it is not `auto`. */
export function buildDetectRequest(
  urls: readonly string[],
  mode: DetectMode,
  category: string,
): DetectRequest {
  return { image_urls: [...urls], mode, ...(category === 'auto' ? {} : { category }) };
}

/** Splits each result into found / missing objects (`none_observed` is a flag, not an object). */
export function toRows(response: DetectResponse): TesterRow[] {
  return response.detection_results.map((r) => {
    if ('error' in r) return { kind: 'error', imageUrl: r.image_url, message: r.error.message };
    const entries = Object.entries(r.objects).filter(([name]) => name !== 'none_observed');
    return {
      kind: 'objects',
      imageUrl: r.image_url,
      found: entries.filter(([, v]) => v).map(([k]) => k),
      missing: entries.filter(([, v]) => !v).map(([k]) => k),
      noneObserved: r.objects['none_observed'] === true,
    };
  });
}

/** Shown when the call succeeded but not one image could be analysed. */
export const NO_IMAGE_ANALYSED_MESSAGE =
  'No image could be analysed. Check that each URL is a public JPEG, PNG or WebP image.';

/** What the results panel shows of a detect answer. */
export function detectView(response: DetectResponse): TesterView {
  const inferred = response.category_inferred ? ' (inferred from the images)' : '';
  return {
    summary: {
      term: 'Category',
      value: response.category,
      rest: `${inferred} · mode ${response.mode} · ${response.error_checks} error checks`,
    },
    warning:
      response.undetectable_objects.length > 0
        ? `Not detectable by this model: ${response.undetectable_objects.join(', ')}`
        : undefined,
    rows: toRows(response),
  };
}

/**
 * Reads the answer of a test call. Success needs an answer in which at least one image was
 * analysed: a 200 whose every per-image result is an error is a failure, and so is the
 * server's `422 NO_IMAGE_ANALYSED` (its `details.results` holds the per-image errors).
 */
export function testOutcome(result: ApiResult<DetectResponse>): TesterOutcome {
  if (!result.ok) {
    const rows = errorRows(result.error.details);
    return {
      ok: false,
      message: testFailureMessage(result.error),
      view: rows.length > 0 ? { rows } : undefined,
    };
  }
  const response = result.data;
  // The superset entry merges the images; it is no evidence that any single image was analysed.
  const analysed = response.detection_results.some((r) => r.image_url !== 'superset' && !('error' in r));
  if (!analysed) return { ok: false, message: NO_IMAGE_ANALYSED_MESSAGE, view: detectView(response) };
  return { ok: true, view: detectView(response) };
}

/** The per-image errors of an error's details (`details.results`), as rows. */
function errorRows(details: unknown): TesterRow[] {
  const parsed = noImageAnalysedDetailsSchema.safeParse(details);
  if (!parsed.success) return [];
  return parsed.data.results.flatMap((r): TesterRow[] =>
    'error' in r ? [{ kind: 'error', imageUrl: r.image_url, message: r.error.message }] : [],
  );
}

/** The form's choice of `options`, or the first option when the value is none of them. */
function choice<T extends string>(options: readonly { value: T }[], value: string): T {
  return (options.find((o) => o.value === value) ?? options[0]!).value;
}

/** The image URLs of a test: the picked sample or typed URL first, then the extra lines. */
export function testerUrls(values: TesterValues, image: TesterImage): string[] {
  return [image.imageUrl.trim(), ...parseImageUrls(valueOf(values, 'urls'))].filter((u) => u !== '');
}

/** The request body of the form's values and picked image. */
export function detectRequestOf(values: TesterValues, image: TesterImage): DetectRequest {
  return buildDetectRequest(
    testerUrls(values, image),
    choice(TESTER_MODES, valueOf(values, 'mode')),
    choice(TESTER_CATEGORIES, valueOf(values, 'category')),
  );
}

/** What the results panel shows of an uploaded photo's answer (the object-detection demo's). */
export function uploadView(response: DemoResponse, fileName: string): TesterView {
  const found = [...new Set(response.objects_found.map((o) => o.object))];
  return {
    summary: {
      term: 'Room',
      value: roomLabel(response.room_category),
      rest: ` · ${response.total_objects_detected} objects · ${response.processing_time.toFixed(2)} s`,
    },
    rows: [{ kind: 'objects', imageUrl: fileName, found, missing: [], noneObserved: found.length === 0 }],
  };
}

/**
 * An upload: POST /api/v1/detect takes image URLs, so a file goes to the object-detection
 * demo's endpoint (the same engine), which lists everything it finds.
 */
async function runUpload(file: File, values: TesterValues): Promise<TesterOutcome> {
  const category = choice(TESTER_CATEGORIES, valueOf(values, 'category'));
  const room = demoRoomCategories.find((r) => r === category && r !== 'auto');
  const { body } = await imageRequestBody(
    { file, imageUrl: '' },
    { objects_to_find: '*', ...(room ? { room_category: room } : {}) },
  );
  const result = await request(demoObjectDetectionOperation, { body });
  return result.ok
    ? { ok: true, view: uploadView(result.data, file.name) }
    : { ok: false, message: testFailureMessage(result.error) };
}

/** The Image Object Detection page's tester: a sample, URLs (one per line) or an upload; mode and category. */
export const DETECT_TESTER: TesterDefinition = {
  apiId: 'image-object-detection',
  demoPath: demoDetectOperation.path,
  ownPath: detectOperation.path,
  help: (apiName) =>
    `Send real images to ${apiName}: pick a sample, paste up to ${MAX_IMAGE_URLS} public image URLs (JPEG, PNG or WebP), or upload a photo.`,
  samples: OD_SAMPLES,
  settings: [
    {
      name: 'urls',
      label: 'Image URLs (one per line)',
      control: 'urls',
      initial: '',
      placeholder: 'https://example.com/kitchen.jpg\nhttps://example.com/bathroom.jpg',
      mono: true,
      wide: true,
    },
    { name: 'mode', label: 'Mode', control: 'select', initial: 'per_item', options: TESTER_MODES },
    { name: 'category', label: 'Category', control: 'select', initial: 'auto', options: TESTER_CATEGORIES },
  ],
  ownExtra: ' (uploads run on the keyless demo)',
  inputError: (values, image) => (image.file ? null : urlCountError(testerUrls(values, image))),
  run: async (values, image, own) => {
    if (image.file) return runUpload(image.file, values);
    const body = detectRequestOf(values, image);
    return testOutcome(
      own ? await request(detectOperation, { body }) : await request(demoDetectOperation, { body }),
    );
  },
};
