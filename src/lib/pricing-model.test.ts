import { describe, expect, it } from 'vitest';
import { bundleTerms } from './pricing-model';

describe('bundleTerms', () => {
  it('says what the server does past a bundle: refuses with 429 until the next month, no overage billing', () => {
    const text = bundleTerms(0.05);
    expect(text).toContain('refused (HTTP 429)');
    expect(text).toContain('1st of the next month (UTC)');
    expect(text).toContain('never billed at the pay-per-use price of $0.05');
    expect(text).not.toMatch(/beyond your bundle cost/);
  });
});
