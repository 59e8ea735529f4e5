import { describe, expect, it } from 'vitest';
import { errorFromResponse, type ApiResult } from '../../shared/api-client';
import { DETECTION_ROOMS } from '../../shared/rooms';
import type { DemoResponse, DetectResponse } from '../../shared/schemas/detect';
import {
  buildDetectRequest,
  detectRequestOf,
  TESTER_CATEGORIES,
  uploadView,
  detectView,
  NO_IMAGE_ANALYSED_MESSAGE,
  parseImageUrls,
  testOutcome,
  toRows,
  urlCountError,
} from './live-tester';
import { detectAnswer } from './test-answers';

describe('parseImageUrls', () => {
  it('splits by line, trims and drops blank lines', () => {
    expect(parseImageUrls(' https://a/1.jpg \n\n   \r\nhttps://a/2.jpg\n')).toEqual([
      'https://a/1.jpg',
      'https://a/2.jpg',
    ]);
    expect(parseImageUrls('\n \n')).toEqual([]);
  });
});

describe('urlCountError', () => {
  it('refuses none and more than 20 with the spec texts', () => {
    expect(urlCountError([])).toBe('Please provide at least one image URL');
    expect(urlCountError(Array.from({ length: 21 }, (_, i) => `https://a/${i}.jpg`))).toBe(
      'Maximum 20 image URLs allowed',
    );
    expect(urlCountError(Array.from({ length: 20 }, (_, i) => `https://a/${i}.jpg`))).toBeNull();
  });
});

describe('buildDetectRequest', () => {
  it('sends the category only when it is not auto', () => {
    expect(buildDetectRequest(['https://a/1.jpg'], 'per_item', 'auto')).toEqual({
      image_urls: ['https://a/1.jpg'],
      mode: 'per_item',
    });
    expect(buildDetectRequest(['https://a/1.jpg'], 'superset', 'kitchen')).toEqual({
      image_urls: ['https://a/1.jpg'],
      mode: 'superset',
      category: 'kitchen',
    });
  });
});

describe('toRows', () => {
  it('lists found and missing objects per image, and per-image errors', () => {
    const rows = toRows(
      detectAnswer({
        detection_results: [
          { image_url: 'https://a/1.jpg', objects: { oven: true, sink: false, none_observed: false } },
          {
            image_url: 'https://a/2.jpg',
            error: { code: 'FETCH_FAILED', message: 'Image could not be fetched' },
          },
        ],
      }),
    );
    expect(rows).toEqual([
      {
        kind: 'objects',
        imageUrl: 'https://a/1.jpg',
        found: ['oven'],
        missing: ['sink'],
        noneObserved: false,
      },
      { kind: 'error', imageUrl: 'https://a/2.jpg', message: 'Image could not be fetched' },
    ]);
  });
});

describe('detectRequestOf', () => {
  it("reads the form's values, falling back to the defaults for values that are no choice", () => {
    expect(
      detectRequestOf(
        { urls: ' https://a/1.jpg\n\nhttps://a/2.jpg ', mode: 'superset', category: 'bathroom' },
        { imageUrl: '' },
      ),
    ).toEqual({
      image_urls: ['https://a/1.jpg', 'https://a/2.jpg'],
      mode: 'superset',
      category: 'bathroom',
    });
    expect(
      detectRequestOf({ urls: 'https://a/1.jpg', mode: 'everything', category: 'garage' }, { imageUrl: '' }),
    ).toEqual({
      image_urls: ['https://a/1.jpg'],
      mode: 'per_item',
    });
  });
  it('sends the picked sample or typed URL first, then the extra lines', () => {
    expect(
      detectRequestOf(
        { urls: 'https://a/2.jpg', mode: 'per_item', category: 'auto' },
        { imageUrl: ' https://site/s.jpg ' },
      ).image_urls,
    ).toEqual(['https://site/s.jpg', 'https://a/2.jpg']);
  });
});

describe('TESTER_CATEGORIES', () => {
  it('offers auto-detect and every room of the detection model, labelled for people', () => {
    expect(TESTER_CATEGORIES.map((c) => c.value)).toEqual(['auto', ...DETECTION_ROOMS]);
    expect(TESTER_CATEGORIES.find((c) => c.value === 'living_room')?.label).toBe('Living room');
    expect(DETECTION_ROOMS).toHaveLength(6);
  });
});

describe('uploadView', () => {
  it('lists each object found once, under the file name, with the room', () => {
    const view = uploadView(
      {
        room_category: 'living_room',
        total_objects_detected: 3,
        processing_time: 0.5,
        objects_found: [
          { object: 'chair', confidence: 0.9, bounding_box: [1, 2, 3, 4] },
          { object: 'chair', confidence: 0.8, bounding_box: [5, 6, 7, 8] },
          { object: 'couch', confidence: 0.7, bounding_box: [1, 1, 1, 1] },
        ],
      } as unknown as DemoResponse,
      'room.jpg',
    );
    expect(view.summary).toEqual({ term: 'Room', value: 'Living room', rest: ' · 3 objects · 0.50 s' });
    expect(view.rows).toEqual([
      { kind: 'objects', imageUrl: 'room.jpg', found: ['chair', 'couch'], missing: [], noneObserved: false },
    ]);
  });
});

describe('detectView', () => {
  it('sums up the category, mode and checks, and warns of objects the model cannot see', () => {
    const view = detectView(
      detectAnswer({
        category_inferred: true,
        mode: 'superset',
        error_checks: 2,
        undetectable_objects: ['kettle', 'toaster'],
        detection_results: [{ image_url: 'https://a/1.jpg', objects: { oven: true } }],
      }),
    );
    expect(view.summary).toEqual({
      term: 'Category',
      value: 'kitchen',
      rest: ' (inferred from the images) · mode superset · 2 error checks',
    });
    expect(view.warning).toBe('Not detectable by this model: kettle, toaster');
    expect(view.rows).toHaveLength(1);
    expect(view.ordered).toBeFalsy();
  });
});

describe('testOutcome', () => {
  const base = detectAnswer();
  const failed = {
    image_url: 'https://a/1.jpg',
    error: { code: 'FETCH_FAILED', message: 'Image could not be fetched' },
  };
  const ok = (data: DetectResponse): ApiResult<DetectResponse> => ({ ok: true, data, status: 200 });
  /** What the client makes of an error answer (a 200 that is not a detect response is a BAD_RESPONSE too). */
  const failure = (status: number, body: unknown): ApiResult<DetectResponse> => ({
    ok: false,
    error:
      status === 200
        ? { ...errorFromResponse(500, '', '', null), status, code: 'BAD_RESPONSE' }
        : errorFromResponse(status, '', body === undefined ? '' : JSON.stringify(body), null),
  });

  it('is a success when at least one image was analysed', () => {
    const response = {
      ...base,
      detection_results: [failed, { image_url: 'https://a/2.jpg', objects: { oven: true } }],
    };
    expect(testOutcome(ok(response))).toEqual({ ok: true, view: detectView(response) });
  });

  it('is an error when every image failed, even with a 200 and a superset entry', () => {
    const response = {
      ...base,
      mode: 'superset' as const,
      detection_results: [failed, { image_url: 'superset', objects: { oven: false } }],
    };
    const outcome = testOutcome(ok(response));
    expect(outcome).toEqual({ ok: false, message: NO_IMAGE_ANALYSED_MESSAGE, view: detectView(response) });
    expect(outcome.view?.rows.map((r) => r.kind)).toEqual(['error', 'objects']);
  });

  it('reads the 422 NO_IMAGE_ANALYSED body: its message and per-image errors', () => {
    const body = {
      error: {
        code: 'NO_IMAGE_ANALYSED',
        message: 'None of the images could be analysed',
        details: { results: [failed] },
      },
      request_id: 'q1',
    };
    expect(testOutcome(failure(422, body))).toEqual({
      ok: false,
      message: 'None of the images could be analysed',
      view: { rows: [{ kind: 'error', imageUrl: 'https://a/1.jpg', message: 'Image could not be fetched' }] },
    });
  });

  it('is an error for other failures and for an answer that is not a detect response', () => {
    expect(testOutcome(failure(500, undefined))).toEqual({
      ok: false,
      message: 'API test failed',
      view: undefined,
    });
    expect(
      testOutcome({
        ok: false,
        error: {
          status: 0,
          code: 'NETWORK_ERROR',
          message: 'Failed to fetch',
          fields: {},
          retryAfter: undefined,
          details: null,
          aborted: false,
        },
      }),
    ).toEqual({
      ok: false,
      message: 'API test failed',
      view: undefined,
    });
    expect(
      testOutcome(
        failure(429, {
          error: { code: 'RATE_LIMITED', message: 'Too many requests', details: { retry_after_seconds: 3 } },
          request_id: 'q',
        }),
      ),
    ).toEqual({
      ok: false,
      message: 'Too many requests',
      view: undefined,
    });
    expect(testOutcome(failure(200, 'ok'))).toEqual({
      ok: false,
      message: 'API test failed',
      view: undefined,
    });
  });
});
