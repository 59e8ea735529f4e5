/**
 * The classification page's live tester, its pure parts: which API has it, the request it
 * sends, and how an answer is shown. Kept apart from the component so it is unit-tested.
 */
import type { ApiResult } from '../../shared/api-client';
import type { ClassifyRequest, ClassifyResponse } from '../../shared/schemas/classify';

/** The catalogue API whose page shows this tester. */
export const CLASSIFY_TESTER_API = 'image-classification';

export const TOP_K_CHOICES = [1, 2, 3, 4, 5, 6, 7] as const;

/** Shown when a test call fails without a message meant for people (network, odd answer). */
export const CLASSIFY_TEST_FAILED = 'API test failed';

/** The request body: `taxonomy` only when it is not the default room types. */
export function buildClassifyRequest(imageUrl: string, topK: number, taxonomy = 'room_type'): ClassifyRequest {
  const t = taxonomy.trim();
  return { image_url: imageUrl.trim(), top_k: topK, ...(t && t !== 'room_type' ? { taxonomy: t } : {}) };
}

/** Why the form may not run yet, or null. */
export function classifyInputError(imageUrl: string): string | null {
  return imageUrl.trim() === '' ? 'Please provide an image URL' : null;
}

/** A label as the tester shows it: `living_room` -> "Living room", with a whole percentage. */
export function labelRow(l: { label: string; score: number }): { name: string; percent: number } {
  const name = l.label.replace(/_/g, ' ');
  return { name: name.charAt(0).toUpperCase() + name.slice(1), percent: Math.round(l.score * 100) };
}

/** The message of a failed call. */
export function classifyFailure(result: ApiResult<ClassifyResponse>): string | null {
  if (result.ok) return null;
  const { code, message } = result.error;
  return (code !== 'NETWORK_ERROR' && code !== 'BAD_RESPONSE' && message) || CLASSIFY_TEST_FAILED;
}
