/**
 * The live tester's pure logic (spec sections 5 and 8): turning the textarea into a detect
 * request, and the messages it shows. Kept apart from the component so it is unit-tested.
 */
import { MAX_IMAGE_URLS, type DetectMode, type DetectRequest, type DetectResponse } from '../../shared/schemas/detect';

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

/** The message of a failed call: the documented error body's message, else 'API test failed'. */
export function testErrorMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
      return error.message;
    }
  }
  return 'API test failed';
}
