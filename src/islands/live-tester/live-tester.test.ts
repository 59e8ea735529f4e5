import { describe, expect, it } from 'vitest';
import { buildDetectRequest, parseImageUrls, testErrorMessage, toRows, urlCountError } from './live-tester';

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

describe('testErrorMessage', () => {
  it('uses the documented error message, else the generic text', () => {
    expect(testErrorMessage({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } })).toBe('Too many requests');
    expect(testErrorMessage('oops')).toBe('API test failed');
    expect(testErrorMessage({ error: { message: '' } })).toBe('API test failed');
  });
});
