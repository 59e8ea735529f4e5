import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReferences, docsDocument, type CatalogueApi } from './reference';
import { quotaRows, rateLimitRows } from './quotas';
import { API_RATE_LIMITS } from '../../shared/rate-limits';

const catalogue = readdirSync('content/apis').map(
  (f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi,
);
const refs = apiReferences(docsDocument('https://x.test'), catalogue, 'https://x.test');

describe('quotas and rate limits tables', () => {
  it('are filled for every reference page, not only the API with bundles', () => {
    expect(refs.length).toBeGreaterThanOrEqual(6);
    for (const ref of refs) {
      expect(quotaRows(ref).length, ref.id).toBeGreaterThan(0);
      expect(rateLimitRows(ref).length, ref.id).toBeGreaterThan(0);
    }
  });

  it("puts the Free tier first, pay per use with the API's own price, then its bundles", () => {
    const auth = refs.find((r) => r.id === 'photo-authenticity')!;
    expect(quotaRows(auth)).toEqual([
      {
        plan: 'Free tier',
        quota: '100 images a month across all APIs (images analysed)',
        price: 'Free, no subscription',
      },
      {
        plan: 'Pay per use',
        quota: 'No monthly quota',
        price: '$0.08 per request, billed monthly ($20 minimum)',
      },
    ]);
    const detect = refs.find((r) => r.id === 'image-object-detection')!;
    expect(quotaRows(detect).map((q) => q.plan)).toEqual([
      'Free tier',
      'Pay per use',
      'Testing',
      'Standard',
      'Premium',
      'Custom',
    ]);
    expect(quotaRows(detect)[2]).toEqual({
      plan: 'Testing',
      quota: '200 requests a month',
      price: '$19/month',
    });
    expect(quotaRows(detect)[5]).toEqual({
      plan: 'Custom',
      quota: 'By contract: contact us',
      price: 'Contact us',
    });
  });

  it("words each keyed operation's limits from the enforced policies", () => {
    const auth = refs.find((r) => r.id === 'photo-authenticity')!;
    const predict = rateLimitRows(auth).find((r) => r.operation === 'POST /api/predict');
    expect(predict?.limits).toBe(`${API_RATE_LIMITS.single.limit} requests a minute (single)`);
    expect(rateLimitRows(auth).some((r) => r.operation.startsWith('POST /api/demo/'))).toBe(false);
  });
});
