/**
 * Deterministic trainers for the room heads: multinomial logistic regression (softmax) with L2,
 * full-batch gradient descent with Nesterov momentum from zero weights, so the same data gives
 * the same weights bit for bit. Rows are already standardised.
 */
import { fitScaler, standardise, type Linear } from '../../src/server/vision/rooms/linear';

export interface TrainOptions {
  l2: number;
  iters: number;
  lr: number;
  /** Per-row weights (class balancing); default 1. */
  weights?: readonly number[];
}

export function trainSoftmax(
  x: readonly Float64Array[],
  y: readonly number[],
  k: number,
  opt: TrainOptions,
): Linear {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const w = Array.from({ length: k }, () => new Float64Array(d));
  const b = new Float64Array(k);
  const vw = Array.from({ length: k }, () => new Float64Array(d));
  const vb = new Float64Array(k);
  const gw = Array.from({ length: k }, () => new Float64Array(d));
  const gb = new Float64Array(k);
  const mu = 0.9;
  const totalWeight = opt.weights ? opt.weights.reduce((a, c) => a + c, 0) : n;
  const z = new Float64Array(k);
  for (let it = 0; it < opt.iters; it++) {
    // Look-ahead point for Nesterov.
    const lw = w.map((row, c) => row.map((v, j) => v + mu * vw[c]![j]!));
    const lb = b.map((v, c) => v + mu * vb[c]!);
    for (let c = 0; c < k; c++) {
      gw[c]!.fill(0);
      gb[c] = 0;
    }
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      let m = -Infinity;
      for (let c = 0; c < k; c++) {
        const row = lw[c]!;
        let s = lb[c]!;
        for (let j = 0; j < d; j++) s += row[j]! * xi[j]!;
        z[c] = s;
        if (s > m) m = s;
      }
      let sum = 0;
      for (let c = 0; c < k; c++) {
        z[c] = Math.exp(z[c]! - m);
        sum += z[c]!;
      }
      const wi = (opt.weights?.[i] ?? 1) / totalWeight;
      for (let c = 0; c < k; c++) {
        const g = (z[c]! / sum - (y[i] === c ? 1 : 0)) * wi;
        if (g === 0) continue;
        const row = gw[c]!;
        for (let j = 0; j < d; j++) row[j]! += g * xi[j]!;
        gb[c]! += g;
      }
    }
    for (let c = 0; c < k; c++) {
      const row = gw[c]!;
      const lrow = lw[c]!;
      for (let j = 0; j < d; j++) {
        const g = row[j]! + opt.l2 * lrow[j]!;
        vw[c]![j] = mu * vw[c]![j]! - opt.lr * g;
        w[c]![j]! += vw[c]![j]!;
      }
      vb[c] = mu * vb[c]! - opt.lr * gb[c]!;
      b[c]! += vb[c]!;
    }
  }
  return { w: w.map((r) => Array.from(r)), b: Array.from(b) };
}

/** Seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to 4 significant digits, for compact weight files. */
export const sig4 = (v: number): number => Number(v.toPrecision(4));

/**
 * A two-class logistic model (trainSoftmax with k = 2) on raw rows, standardised by a scaler
 * fitted on them, as one linear function of the raw row: P(class 1) = sigmoid(bias + weights . x).
 */
export function fitBinaryLogisticWeights(
  raw: readonly Float64Array[],
  y: readonly number[],
  opt: TrainOptions,
): { weights: number[]; bias: number } {
  const scaler = fitScaler(raw);
  const model = trainSoftmax(
    raw.map((x) => standardise(x, scaler)),
    y,
    2,
    opt,
  );
  // z1 - z0 on the standardised row, folded into the raw row's weights.
  const weights = model.w[1]!.map((w1, j) => (w1 - model.w[0]![j]!) / scaler.std[j]!);
  const bias = model.b[1]! - model.b[0]! - weights.reduce((s, w, j) => s + w * scaler.mean[j]!, 0);
  return { weights, bias };
}

/** `fitBinaryLogisticWeights` as a function of the raw row: the probability of class 1. */
export function fitBinaryLogistic(
  raw: readonly Float64Array[],
  y: readonly number[],
  opt: TrainOptions,
): (x: Float64Array) => number {
  const { weights, bias } = fitBinaryLogisticWeights(raw, y, opt);
  return (row) => 1 / (1 + Math.exp(-weights.reduce((s, w, j) => s + w * row[j]!, bias)));
}
