import { describe, expect, it } from 'vitest';
import { figureRegistry } from './figures';
import { bundleTerms, FREE_TIER, freeTierAllowance, freeTierNote, freeTierTerms } from './pricing-model';

describe('bundleTerms', () => {
  it('says what the server does past a bundle: refuses with 429 until the next month, no overage billing', () => {
    const text = bundleTerms(0.05);
    expect(text).toContain('refused (HTTP 429)');
    expect(text).toContain('1st of the next month (UTC)');
    expect(text).toContain('never billed at the pay-per-use price of $0.05');
    expect(text).not.toMatch(/beyond your bundle cost/);
  });
});

describe('the Free tier', () => {
  it('states the allowance the server enforces, in images a month across all APIs', () => {
    expect(FREE_TIER.imagesPerMonth).toBe(100);
    expect(freeTierAllowance).toBe('100 images a month');
    expect(freeTierNote).toBe('Free tier: 100 images a month across all APIs, no subscription needed.');
  });

  it('says what happens past it and that a subscription takes over', () => {
    expect(freeTierTerms).toContain('without subscribing, up to 100 images a month analysed across all APIs');
    expect(freeTierTerms).toContain(
      'refused (HTTP 429) until the 1st of the next month or until you subscribe',
    );
    expect(freeTierTerms).toContain('a subscription to an API takes over from the Free tier for that API');
  });

  it('is a quotable figure, read from the constant the server enforces', () => {
    expect(figureRegistry().get('quota.free_tier')).toMatchObject({
      text: '100 images a month',
      source: 'price',
    });
  });
});
