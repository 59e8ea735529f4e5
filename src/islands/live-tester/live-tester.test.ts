import { describe, expect, it } from 'vitest';
import { errorFromResponse, type ApiResult } from '../../shared/api-client';
import type { DetectResponse } from '../../shared/schemas/detect';
import {
  buildDetectRequest,
  NO_IMAGE_ANALYSED_MESSAGE,
  parseImageUrls,
  TESTER_OPERATIONS,
  testerEndpoint,
  testOutcome,
  toRows,
  urlCountError,
} from './live-tester';

describe('parseImageUrls', () => {
  it('splits by line, trims and drops blank lines', () => {
    expect(parseImageUrls(' https://a/1.jpg \n\n   \r\nhttps://a/2.jpg\n')).toEqual(['https://a/1.jpg', 'https://a/2.jpg']);
    expect(parseImageUrls('\n \n')).toEqual([]);
  });
});

describe('urlCountError', () => {
  it('refuses none and more than 20 with the spec texts', () => {
    expect(urlCountError([])).toBe('Please provide at least one image URL');
    expect(urlCountError(Array.from({ length: 21 }, (_, i) => `https://a/${i}.jpg`))).toBe('Maximum 20 image URLs allowed');
    expect(urlCountError(Array.from({ length: 20 }, (_, i) => `https://a/${i}.jpg`))).toBeNull();
  });
});

describe('buildDetectRequest', () => {
  it('sends the category only when it is not auto', () => {
    expect(buildDetectRequest(['https://a/1.jpg'], 'per_item', 'auto')).toEqual({ image_urls: ['https://a/1.jpg'], mode: 'per_item' });
    expect(buildDetectRequest(['https://a/1.jpg'], 'superset', 'kitchen')).toEqual({
      image_urls: ['https://a/1.jpg'],
      mode: 'superset',
      category: 'kitchen',
    });
  });
});

describe('toRows', () => {
  it('lists found and missing objects per image, and per-image errors', () => {
    const rows = toRows({
      category: 'kitchen',
      category_inferred: false,
      mode: 'per_item',
      error_checks: 3,
      undetectable_objects: [],
      analysis_method: 'centernet',
      result_id: 'r1',
      detection_results: [
        { image_url: 'https://a/1.jpg', objects: { oven: true, sink: false, none_observed: false } },
        { image_url: 'https://a/2.jpg', error: { code: 'FETCH_FAILED', message: 'Image could not be fetched' } },
      ],
    });
    expect(rows).toEqual([
      { kind: 'objects', imageUrl: 'https://a/1.jpg', found: ['oven'], missing: ['sink'], noneObserved: false },
      { kind: 'error', imageUrl: 'https://a/2.jpg', message: 'Image could not be fetched' },
    ]);
  });
});

describe('testerEndpoint', () => {
  it("maps each API to its own endpoint and the others to none", () => {
    expect(testerEndpoint('image-object-detection')).toBe('/api/demo/detect');
    expect(testerEndpoint('image-classification')).toBeUndefined();
    expect(testerEndpoint('photo-authenticity')).toBeUndefined();
    expect(testerEndpoint('toString')).toBeUndefined();
    expect(Object.keys(TESTER_OPERATIONS)).toEqual(['image-object-detection']);
  });
});

describe('testOutcome', () => {
  const base: DetectResponse = {
    category: 'kitchen',
    category_inferred: false,
    mode: 'per_item',
    error_checks: 3,
    undetectable_objects: [],
    analysis_method: 'centernet',
    result_id: 'r1',
    detection_results: [],
  };
  const failed = { image_url: 'https://a/1.jpg', error: { code: 'FETCH_FAILED', message: 'Image could not be fetched' } };
  const ok = (data: DetectResponse): ApiResult<DetectResponse> => ({ ok: true, data, status: 200 });
  /** What the client makes of an error answer (a 200 that is not a detect response is a BAD_RESPONSE too). */
  const failure = (status: number, body: unknown): ApiResult<DetectResponse> => ({
    ok: false,
    error: status === 200 ? { ...errorFromResponse(500, '', '', null), status, code: 'BAD_RESPONSE' } : errorFromResponse(status, '', body === undefined ? '' : JSON.stringify(body), null),
  });

  it('is a success when at least one image was analysed', () => {
    const response = { ...base, detection_results: [failed, { image_url: 'https://a/2.jpg', objects: { oven: true } }] };
    expect(testOutcome(ok(response))).toEqual({ ok: true, response });
  });

  it('is an error when every image failed, even with a 200 and a superset entry', () => {
    const response = { ...base, mode: 'superset' as const, detection_results: [failed, { image_url: 'superset', objects: { oven: false } }] };
    const outcome = testOutcome(ok(response));
    expect(outcome).toMatchObject({ ok: false, message: NO_IMAGE_ANALYSED_MESSAGE, response });
    expect(outcome.ok ? [] : outcome.rows.map((r) => r.kind)).toEqual(['error', 'objects']);
  });

  it('reads the 422 NO_IMAGE_ANALYSED body: its message and per-image errors', () => {
    const body = {
      error: { code: 'NO_IMAGE_ANALYSED', message: 'None of the images could be analysed', details: { results: [failed] } },
      request_id: 'q1',
    };
    expect(testOutcome(failure(422, body))).toEqual({
      ok: false,
      message: 'None of the images could be analysed',
      rows: [{ kind: 'error', imageUrl: 'https://a/1.jpg', message: 'Image could not be fetched' }],
    });
  });

  it('is an error for other failures and for an answer that is not a detect response', () => {
    expect(testOutcome(failure(500, undefined))).toEqual({ ok: false, message: 'API test failed', rows: [] });
    expect(testOutcome({ ok: false, error: { status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch', fields: {}, retryAfter: undefined, details: null, aborted: false } })).toEqual({
      ok: false,
      message: 'API test failed',
      rows: [],
    });
    expect(testOutcome(failure(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: { retry_after_seconds: 3 } }, request_id: 'q' }))).toEqual({
      ok: false,
      message: 'Too many requests',
      rows: [],
    });
    expect(testOutcome(failure(200, 'ok'))).toEqual({ ok: false, message: 'API test failed', rows: [] });
  });
});
