import { describe, expect, it } from 'vitest';
import { ago, dayLabel, dayTone, formatPercent } from './status-view';

const day = (over: Partial<Parameters<typeof dayLabel>[0]>) => ({
  date: '2026-11-26',
  probes: 288,
  ok: 288,
  degraded: 0,
  down: 0,
  uptime_percent: 100 as number | null,
  ...over,
});

describe('status page wording', () => {
  it('says "no data" for a day without probes, and counts the others', () => {
    expect(dayLabel(day({ probes: 0, ok: 0, uptime_percent: null }))).toBe('26 Nov: no data');
    expect(dayLabel(day({}))).toBe('26 Nov: 100% up, 288 probes');
    expect(dayLabel(day({ probes: 4, ok: 2, degraded: 1, down: 1, uptime_percent: 75 }))).toBe(
      '26 Nov: 75% up, 4 probes, 1 degraded, 1 down',
    );
  });

  it('colours a day by its share of probes that found the service serving', () => {
    expect(dayTone(day({ probes: 0, uptime_percent: null }))).toBe('bg-slate-200');
    expect(dayTone(day({}))).toBe('bg-emerald-600');
    expect(dayTone(day({ degraded: 3 }))).toBe('bg-emerald-400');
    expect(dayTone(day({ uptime_percent: 99.65 }))).toBe('bg-amber-500');
    expect(dayTone(day({ uptime_percent: 20 }))).toBe('bg-red-600');
  });

  it('formats percentages and ages', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(99.65)).toBe('99.65%');
    expect(formatPercent(66.7)).toBe('66.7%');
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(ago('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-26T11:56:00Z', now)).toBe('4 minutes ago');
    expect(ago('2026-11-26T10:00:00Z', now)).toBe('2 hours ago');
    expect(ago('2026-11-25T12:00:00Z', now)).toBe('1 day ago');
  });
});
