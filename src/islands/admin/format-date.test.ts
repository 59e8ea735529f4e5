import { describe, expect, it } from 'vitest';
import { formatSubmittedAt } from './format-date';

describe('formatSubmittedAt', () => {
  it('formats like "MMM d, yyyy at h:mm a"', () => {
    expect(formatSubmittedAt(new Date(2026, 10, 22, 15, 5))).toBe('Nov 22, 2026 at 3:05 PM');
    expect(formatSubmittedAt(new Date(2026, 0, 3, 9, 30))).toBe('Jan 3, 2026 at 9:30 AM');
  });

  it('handles midnight and noon on the 12-hour clock', () => {
    expect(formatSubmittedAt(new Date(2025, 11, 31, 0, 0))).toBe('Dec 31, 2025 at 12:00 AM');
    expect(formatSubmittedAt(new Date(2025, 5, 1, 12, 7))).toBe('Jun 1, 2025 at 12:07 PM');
    expect(formatSubmittedAt(new Date(2025, 5, 1, 23, 59))).toBe('Jun 1, 2025 at 11:59 PM');
  });

  it('accepts ISO strings and refuses garbage', () => {
    const iso = new Date(2026, 1, 14, 8, 1).toISOString();
    expect(formatSubmittedAt(iso)).toBe('Feb 14, 2026 at 8:01 AM');
    expect(formatSubmittedAt('not a date')).toBe('Unknown date');
  });
});
