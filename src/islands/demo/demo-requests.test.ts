import { describe, expect, it } from 'vitest';
import {
  buildCaptionRequest,
  buildSimilarRequest,
  buildValidateRequest,
  buildWatermarkRequest,
  CAPTION_LENGTHS,
  captionMaxWords,
  imageUrlError,
  optionValue,
  SIMILAR_CATEGORIES,
  SIMILAR_MAX_RESULTS,
  SIMILAR_THRESHOLD,
  snapToRange,
  VALIDATION_TYPES,
  WATERMARK_DEFAULTS,
  WATERMARK_TYPES,
} from './demo-requests';

const url = 'https://example.com/cat.jpg';

describe('displayed demo requests', () => {
  it('captioning posts image_url, style and the word limit of the length', () => {
    const req = buildCaptionRequest({ imageUrl: `  ${url} `, style: 'creative', length: 'long' });
    expect(req.method).toBe('POST');
    expect(req.url).toMatch(/\/v1\/caption$/);
    expect(req.headers).toEqual({ Authorization: 'Bearer {key}', 'Content-Type': 'application/json' });
    expect(req.body).toEqual({ image_url: url, style: 'creative', max_length: 150 });
  });

  it('similar search posts max_results, similarity_threshold and category, snapped to the sliders', () => {
    const req = buildSimilarRequest({
      imageUrl: url,
      maxResults: 23,
      threshold: 0.7000000000000001,
      category: 'food',
    });
    expect(req.url).toMatch(/\/v1\/similar$/);
    expect(req.body).toEqual({
      image_url: url,
      max_results: 25,
      similarity_threshold: 0.7,
      category: 'food',
    });
  });

  it('validation posts check_type', () => {
    const req = buildValidateRequest({ imageUrl: url, checkType: 'deepfake' });
    expect(req.url).toMatch(/\/v1\/validate$/);
    expect(req.body).toEqual({ image_url: url, check_type: 'deepfake' });
  });

  it('watermark posts detect_type, sensitivity and include_invisible', () => {
    const req = buildWatermarkRequest({
      imageUrl: url,
      detectType: 'brand_logos',
      sensitivity: 'high',
      includeInvisible: false,
    });
    expect(req.url).toMatch(/\/v1\/watermark$/);
    expect(req.body).toEqual({
      image_url: url,
      detect_type: 'brand_logos',
      sensitivity: 'high',
      include_invisible: false,
    });
  });
});

describe('demo constants', () => {
  it('caption lengths map to 50, 100 and 150 words', () => {
    expect(CAPTION_LENGTHS.map((l) => [l.value, l.maxWords])).toEqual([
      ['short', 50],
      ['medium', 100],
      ['long', 150],
    ]);
    expect(captionMaxWords('short')).toBe(50);
  });

  it('similar-image sliders and categories match the spec', () => {
    expect(SIMILAR_MAX_RESULTS).toEqual({ min: 5, max: 50, step: 5, default: 10 });
    expect(SIMILAR_THRESHOLD).toEqual({ min: 0.5, max: 0.95, step: 0.05, default: 0.7 });
    expect(SIMILAR_CATEGORIES.map((c) => c.value)).toEqual([
      'all',
      'architecture',
      'nature',
      'vehicles',
      'people',
      'food',
      'technology',
    ]);
  });

  it('validation and watermark options match the spec', () => {
    expect(VALIDATION_TYPES.map((t) => t.value)).toEqual([
      'comprehensive',
      'ai_detection',
      'manipulation',
      'deepfake',
    ]);
    expect(WATERMARK_TYPES.map((t) => t.value)).toEqual(['all', 'visible', 'invisible', 'brand_logos']);
    expect(WATERMARK_DEFAULTS.includeInvisible).toBe(true);
  });
});

describe('snapToRange', () => {
  it('clamps to the range and snaps to the step without float noise', () => {
    expect(snapToRange(0.1, SIMILAR_THRESHOLD)).toBe(0.5);
    expect(snapToRange(2, SIMILAR_THRESHOLD)).toBe(0.95);
    expect(snapToRange(0.5 + 0.05 * 8, SIMILAR_THRESHOLD)).toBe(0.9);
    expect(snapToRange(47, SIMILAR_MAX_RESULTS)).toBe(45);
    expect(snapToRange(Number.NaN, SIMILAR_MAX_RESULTS)).toBe(10);
  });
});

describe('input validation', () => {
  it('rejects an empty or blank image URL with the spec message', () => {
    expect(imageUrlError('')).toBe('Please enter an image URL');
    expect(imageUrlError('   ')).toBe('Please enter an image URL');
    expect(imageUrlError(url)).toBeUndefined();
  });

  it('optionValue accepts only listed values', () => {
    expect(optionValue(VALIDATION_TYPES, 'manipulation')).toBe('manipulation');
    expect(optionValue(VALIDATION_TYPES, 'bogus')).toBeUndefined();
  });
});
