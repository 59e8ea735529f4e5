/**
 * The object-detection live tester (spec sections 5 and 8): turning the textarea into a detect
 * request, and what it shows of the answer. Pure but for `run`, so it is unit-tested.
 */
import { request, type ApiResult } from '../../shared/api-client';
import { demoDetectOperation, detectOperation } from '../../shared/contracts/object-detection';
import {
  MAX_IMAGE_URLS,
  noImageAnalysedDetailsSchema,
  type DetectMode,
  type DetectRequest,
  type DetectResponse,
} from '../../shared/schemas/detect';
import {
  testFailureMessage,
  valueOf,
  type TesterDefinition,
  type TesterOutcome,
  type TesterRow,
  type TesterValues,
  type TesterView,
} from './tester-model';

/** Category choices of the live tester; `auto` means "send no category". */
export const TESTER_CATEGORIES = [
  { value: 'auto', label: 'Auto-detect' },
  { value: 'bathroom', label: 'Bathroom' },
  { value: 'kitchen', label: 'Kitchen' },
  { value: 'bedroom', label: 'Bedroom' },
] as const;
export type TesterCategory = (typeof TESTER_CATEGORIES)[number]['value'];

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
  category: TesterCategory,
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

/** The request body of the form's values. */
export function detectRequestOf(values: TesterValues): DetectRequest {
  const urls = parseImageUrls(valueOf(values, 'urls'));
  return buildDetectRequest(
    urls,
    choice(TESTER_MODES, valueOf(values, 'mode')),
    choice(TESTER_CATEGORIES, valueOf(values, 'category')),
  );
}

/** The Image Object Detection page's tester: image URLs one per line, mode and category. */
export const DETECT_TESTER: TesterDefinition = {
  apiId: 'image-object-detection',
  demoPath: demoDetectOperation.path,
  ownPath: detectOperation.path,
  help: (apiName) =>
    `Send real images to ${apiName}. Paste up to ${MAX_IMAGE_URLS} public image URLs (JPEG, PNG or WebP), one per line.`,
  source: {
    name: 'urls',
    label: 'Image URLs',
    control: 'urls',
    initial: '',
    placeholder: 'https://example.com/kitchen.jpg\nhttps://example.com/bathroom.jpg',
    mono: true,
  },
  settings: [
    { name: 'mode', label: 'Mode', control: 'select', initial: 'per_item', options: TESTER_MODES },
    { name: 'category', label: 'Category', control: 'select', initial: 'auto', options: TESTER_CATEGORIES },
  ],
  ownExtra: '',
  inputError: (values) => urlCountError(parseImageUrls(valueOf(values, 'urls'))),
  run: async (values, own) => {
    const body = detectRequestOf(values);
    return testOutcome(
      own ? await request(detectOperation, { body }) : await request(demoDetectOperation, { body }),
    );
  },
};
