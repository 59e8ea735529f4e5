import { cpus, loadavg } from 'node:os';
import type { AccuracyCard, Proportion } from '../../src/shared/schemas/accuracy';

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** 95% Wilson score interval for successes out of trials ([0, 1] when there are no trials). */
export function wilson(successes: number, trials: number, z = 1.959964): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return [round4(Math.max(0, centre - half)), round4(Math.min(1, centre + half))];
}

/** A proportion with its counts and Wilson interval, as accuracy cards store it. */
export function proportion(successes: number, trials: number): Proportion {
  return {
    value: trials === 0 ? 0 : round4(successes / trials),
    successes,
    trials,
    ci95: wilson(successes, trials),
  };
}

/** The machine's load average, rounded, and its core count: printed beside every timing. */
export function machineLoad(): { load_average: [number, number, number]; cpus: number } {
  const [a, b, c] = loadavg();
  return { load_average: [round2(a!), round2(b!), round2(c!)], cpus: cpus().length };
}

/** The machine's load as benchmarks print it beside their timings: `load average 1.5 1.1 0.9 on 2 cpus`. */
export function loadText(load = machineLoad()): string {
  return `load average ${load.load_average.join(' ')} on ${load.cpus} cpus`;
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** An accuracy card's latency row: p50/p99 of the timings in whole ms, with the machine's load. */
export function latencyRow(
  what: string,
  set: string,
  ms: readonly number[],
  load = machineLoad(),
): AccuracyCard['latency'][number] {
  return {
    what,
    set,
    n: ms.length,
    p50_ms: Math.round(percentile(ms, 50)),
    p99_ms: Math.round(percentile(ms, 99)),
    ...load,
  };
}
