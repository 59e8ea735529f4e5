import { describe, expect, it } from 'vitest';
import { documentedFigures, fig, figureRegistry, formatMegabytes, formatRate, quoteFigures } from './figures';
import { IMAGE_LIMITS } from '../shared/limits';
import { API_RATE_LIMITS } from '../shared/rate-limits';

describe('documented figures', () => {
  it('quotes the limits the API enforces', () => {
    expect(fig('limits.image_url_mb')).toBe('10 MB');
    expect(fig('limits.upload_mb')).toBe('4.5 MB');
    expect(fig('limits.dimensions')).toBe('256x256 to 4096x4096 pixels');
    expect(fig('limits.batch_images')).toBe('50');
    expect(fig('rate.single')).toBe('100 requests a minute');
    expect(fig('rate.batch')).toBe('20 requests a minute');
    expect(fig('rate.auth-login')).toBe('10 requests per 15 minutes');
  });

  it('follows the constants rather than restating them', () => {
    expect(fig('limits.image_url_mb')).toBe(formatMegabytes(IMAGE_LIMITS.maxBytes));
    expect(fig('rate.results')).toBe(formatRate(API_RATE_LIMITS.results));
  });

  it('quotes prices and quotas from the pricing model and the catalogue', () => {
    expect(fig('price.starts_at')).toBe('$20/month');
    expect(fig('price.standard_plan')).toBe('$150/month');
    expect(fig('price.standard_total_10000')).toBe('$300/month');
    expect(fig('price.image-object-detection.testing')).toBe('$19/month');
    expect(fig('quota.image-object-detection.standard')).toBe('2,000 requests/month');
    expect(fig('price.photo-authenticity.per_request')).toBe('$0.08');
  });

  it('has one figure per key, each saying where it comes from', () => {
    const figures = documentedFigures();
    expect(new Set(figures.map((f) => f.key)).size).toBe(figures.length);
    for (const f of figures) expect(f.from).not.toBe('');
    expect(figureRegistry().size).toBeGreaterThanOrEqual(figures.length);
  });

  it('fails loudly on an unknown key', () => {
    expect(() => fig('detect.no_such_metric')).toThrow(/No quotable figure/);
  });
});

describe('quoteFigures', () => {
  it('puts registry figures into copy anywhere in a content object', () => {
    const copy = {
      stats: [{ value: '{fig:limits.image_url_mb}', label: 'largest image' }],
      body: 'Up to {fig:rate.single} per key.',
      n: 3,
    };
    expect(quoteFigures(copy)).toEqual({
      stats: [{ value: '10 MB', label: 'largest image' }],
      body: 'Up to 100 requests a minute per key.',
      n: 3,
    });
  });

  it('fails the build on an unknown key', () => {
    expect(() => quoteFigures({ a: '{fig:limits.nope}' })).toThrow(/No quotable figure "limits.nope"/);
  });
});
