import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonthUtc, maskedKey, periodSentence, usedPercent } from './format';

describe('dashboard formats', () => {
  it('names the day the usage resets, in UTC', () => {
    expect(formatDayMonthUtc('2026-12-01T00:00:00.000Z')).toBe('1 December');
    expect(periodSentence({ start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' })).toBe(
      'Billing month from 1 November; usage resets on 1 December.',
    );
  });

  it('shows never-used keys as Never', () => {
    expect(formatDate(null)).toBe('Never');
    expect(formatDate('garbage')).toBe('Unknown');
  });

  it('masks a key as prefix…last4', () => {
    expect(maskedKey('optiq_live_', 'a1b2')).toBe('optiq_live_…a1b2');
  });

  it('caps the quota bar at 100% and leaves uncapped tiers empty', () => {
    expect(usedPercent(50, 200)).toBe(25);
    expect(usedPercent(250, 200)).toBe(100);
    expect(usedPercent(5, null)).toBe(0);
  });
});
