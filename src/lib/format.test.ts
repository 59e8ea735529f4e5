import { describe, expect, it } from 'vitest';
import { formatCount, formatPerRequest, formatUsd, formatWholeUsd, monthlyTotal } from './format';

describe('price formatting', () => {
  it('keeps two decimals on per-request prices', () => {
    expect(formatUsd(0.05)).toBe('$0.05');
    expect(formatUsd(0.1)).toBe('$0.10');
    expect(formatPerRequest(0.05)).toBe('$0.05 per request');
  });

  it('drops cents from whole-dollar fees but not from fractional ones', () => {
    expect(formatWholeUsd(19)).toBe('$19');
    expect(formatWholeUsd(1500)).toBe('$1,500');
    expect(formatWholeUsd(19.5)).toBe('$19.50');
  });

  it('groups thousands', () => {
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(200)).toBe('200');
  });
});

describe('monthlyTotal', () => {
  const standard = { base: 150, included: 5000, overage: 0.03 };

  it('charges only the base fee up to the included volume', () => {
    expect(monthlyTotal(0, standard)).toBe(150);
    expect(monthlyTotal(5000, standard)).toBe(150);
  });

  it('adds the overage per extra unit (the pricing page examples)', () => {
    expect(monthlyTotal(10_000, standard)).toBe(300);
    expect(monthlyTotal(15_000, standard)).toBe(450);
    expect(monthlyTotal(5001, standard)).toBe(150.03);
  });
});
