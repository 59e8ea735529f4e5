import { describe, expect, it } from 'vitest';
import { latencyRow, loadText, percentile, proportion, wilson } from './stats';

describe('stats', () => {
  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
  });
  it('gives Wilson intervals that contain the estimate', () => {
    const [lo, hi] = wilson(90, 100);
    expect(lo).toBeCloseTo(0.8256, 3);
    expect(hi).toBeCloseTo(0.9448, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(proportion(3, 4)).toMatchObject({ value: 0.75, successes: 3, trials: 4 });
  });
  it('makes a latency row in whole milliseconds with the load it was given', () => {
    const load = { load_average: [1, 2, 3] as [number, number, number], cpus: 2 };
    expect(latencyRow('warm pass', 'set-a', [10.4, 20.6, 30.2], load)).toEqual({
      what: 'warm pass',
      set: 'set-a',
      n: 3,
      p50_ms: 21,
      p99_ms: 30,
      load_average: [1, 2, 3],
      cpus: 2,
    });
  });
  it('prints the load beside a timing', () => {
    expect(loadText({ load_average: [1.5, 1.1, 0.9], cpus: 2 })).toBe('load average 1.5 1.1 0.9 on 2 cpus');
  });
});
