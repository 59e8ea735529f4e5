/** Answers of the testers' endpoints, for unit tests. */
import { vi } from 'vitest';
import type { ClassifyResponse } from '../../shared/schemas/classify';
import type { DetectResponse } from '../../shared/schemas/detect';

/** A detect answer for a kitchen, per item, with `over` changed. */
export function detectAnswer(over: Partial<DetectResponse> = {}): DetectResponse {
  return {
    category: 'kitchen',
    category_inferred: false,
    mode: 'per_item',
    error_checks: 3,
    undetectable_objects: [],
    analysis_method: 'centernet',
    result_id: 'r1',
    detection_results: [],
    ...over,
  };
}

/** A classify answer on the room types, with `over` changed. */
export function classifyAnswer(over: Partial<ClassifyResponse> = {}): ClassifyResponse {
  return {
    image_url: 'https://a/k.jpg',
    request_id: 'q1',
    taxonomy: 'room_type',
    labels: [
      { label: 'living_room', score: 0.4567 },
      { label: 'kitchen', score: 0.3 },
    ],
    analysis_method: 'Room-type classifier',
    processing_time: 0.1234,
    ...over,
  };
}

/**
 * Answers every fetch with `body` (status `status`) and records where each call went and what it
 * sent (JSON parsed, a multipart form as its fields). Undo with `vi.unstubAllGlobals()`.
 */
export function answerWith(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(body, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls.map(([url, init]) => {
      const sent = init?.body;
      return {
        url,
        body:
          sent instanceof FormData
            ? Object.fromEntries(sent)
            : (JSON.parse(String(sent as string)) as unknown),
      };
    });
}
