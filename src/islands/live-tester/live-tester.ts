/**
 * The live tester's pure logic (spec sections 5 and 8): turning the textarea into a detect
 * request, and the messages it shows. Kept apart from the component so it is unit-tested.
 */
import type { ApiResult } from '../../shared/api-client';
import { demoDetectOperation } from '../../shared/contracts/object-detection';
import { MAX_IMAGE_URLS, noImageAnalysedDetailsSchema, type DetectMode, type DetectRequest, type DetectResponse } from '../../shared/schemas/detect';

/**
 * The operation each API's live tester calls, by API id. An API page shows a tester only when
 * its API has an entry here, so no page ever runs another API's endpoint: add an API's own
 * operation here when it exists.
 */
export const TESTER_OPERATIONS: Readonly<Record<string, typeof demoDetectOperation>> = {
  'image-object-detection': demoDetectOperation,
};

/** The operation the live tester of `apiId` calls, or undefined when that API has no tester yet. */
export function testerOperation(apiId: string): typeof demoDetectOperation | undefined {
  return Object.hasOwn(TESTER_OPERATIONS, apiId) ? TESTER_OPERATIONS[apiId] : undefined;
}

/** The path the live tester of `apiId` calls, or undefined when that API has no tester yet. */
export function testerEndpoint(apiId: string): string | undefined {
  return testerOperation(apiId)?.path;
}

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
export function buildDetectRequest(urls: readonly string[], mode: DetectMode, category: TesterCategory): DetectRequest {
  return { image_urls: [...urls], mode, ...(category === 'auto' ? {} : { category }) };
}

/** One image's answer as the tester lists it. */
export type TesterRow =
  | { kind: 'objects'; imageUrl: string; found: string[]; missing: string[]; noneObserved: boolean }
  | { kind: 'error'; imageUrl: string; message: string };

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
export const NO_IMAGE_ANALYSED_MESSAGE = 'No image could be analysed. Check that each URL is a public JPEG, PNG or WebP image.';

/** What a test run comes to: a result to celebrate, or an error (with any per-image rows to list). */
export type TestOutcome =
  | { ok: true; response: DetectResponse }
  | { ok: false; message: string; response?: DetectResponse; rows: TesterRow[] };

/** Shown when a test call fails without a message meant for people (network, odd answer). */
export const TEST_FAILED_MESSAGE = 'API test failed';

/**
 * Reads the answer of a test call. Success needs an answer in which at least one image was
 * analysed: a 200 whose every per-image result is an error is a failure, and so is the
 * server's `422 NO_IMAGE_ANALYSED` (its `details.results` holds the per-image errors).
 */
export function testOutcome(result: ApiResult<DetectResponse>): TestOutcome {
  if (!result.ok) {
    const { code, message, details } = result.error;
    const readable = code !== 'NETWORK_ERROR' && code !== 'BAD_RESPONSE' && message;
    return { ok: false, message: readable || TEST_FAILED_MESSAGE, rows: errorRows(details) };
  }
  const response = result.data;
  // The superset entry merges the images; it is no evidence that any single image was analysed.
  const analysed = response.detection_results.some((r) => r.image_url !== 'superset' && !('error' in r));
  if (!analysed) return { ok: false, message: NO_IMAGE_ANALYSED_MESSAGE, response, rows: toRows(response) };
  return { ok: true, response };
}

/** The per-image errors of an error's details (`details.results`), as rows. */
function errorRows(details: unknown): TesterRow[] {
  const parsed = noImageAnalysedDetailsSchema.safeParse(details);
  if (!parsed.success) return [];
  return parsed.data.results.flatMap((r): TesterRow[] => ('error' in r ? [{ kind: 'error', imageUrl: r.image_url, message: r.error.message }] : []));
}
