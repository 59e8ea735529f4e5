/**
 * Vectors for `npm run bench:similar`: seeded randomness, the three kinds of benchmark vectors
 * and a PCA, all from the stored gallery embeddings (content/gallery/embeddings.json; already
 * mean-subtracted and L2-normalised).
 *
 * - iid: uniform random directions (i.i.d. Gaussian coordinates, normalised). The worst case for
 *   a graph index: every dimension carries the same energy, nothing clusters.
 * - fitted: drawn like real embeddings of photos the gallery has not seen, from a Gaussian
 *   mixture fitted to the gallery (a kernel density estimate): a gallery embedding plus h times
 *   a Gaussian with the gallery's sample covariance (sampled exactly as Xc^T g / sqrt(n-1),
 *   g ~ N(0, I_n)) and an isotropic floor carrying the share of a new photo's energy that lies
 *   outside the span of the others (measured leave-one-out on the gallery), normalised. The
 *   bandwidth h is the one whose pair-cosine 99th percentile is nearest the gallery's own
 *   (`pairCosines`; the bench prints both). With 136 photos as its centres the mixture clusters
 *   more than a large catalogue would, so
 * - gaussian: the same Gaussian without the centres (the gallery's covariance and floor, one
 *   component): real embeddings' uneven spread over the dimensions, no clusters; its pair
 *   cosines have a lighter tail than real ones. Between iid and fitted.
 * - real: the gallery embeddings themselves, each repeated with a small jitter (cosine ~0.97 to
 *   its photo) up to the row count: a catalogue made of near-duplicates of the gallery photos.
 */
import { percentile } from './stats';

/** Deterministic randomness so runs compare. */
export function rng(seed = 42): { rand: () => number; gauss: () => number } {
  let s = seed >>> 0;
  const rand = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
  return { rand, gauss };
}

export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
}

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Solves A x = b for a symmetric positive definite A (Cholesky; A is n x n, row-major). */
function solveSpd(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/**
 * Mean share of a photo's energy outside the span of the other photos (least squares on the
 * others, leave-one-out): how much of a new photo's embedding the gallery cannot explain.
 */
export function leaveOneOutResidual(base: readonly Float32Array[]): number {
  const n = base.length;
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) gram[i * n + j] = gram[j * n + i] = dot(base[i]!, base[j]!);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const others = [...Array(n).keys()].filter((j) => j !== i);
    const m = n - 1;
    const a = new Float64Array(m * m);
    const b = new Float64Array(m);
    for (let r = 0; r < m; r++) {
      b[r] = gram[others[r]! * n + i]!;
      for (let c = 0; c < m; c++) a[r * m + c] = gram[others[r]! * n + others[c]!]! + (r === c ? 1e-6 : 0);
    }
    const w = solveSpd(a, b, m);
    // |x - O^T w|^2 = |x|^2 - 2 w.b + w^T A w = |x|^2 - w.b at the optimum.
    const explained = dot(w, b);
    const self = gram[i * n + i]!;
    total += Math.max(0, self - explained) / self;
  }
  return total / n;
}

export interface Generators {
  iid: () => Float32Array;
  fitted: () => Float32Array;
  /** One zero-mean Gaussian with the gallery's covariance (and floor): real spread, no clusters. */
  gaussian: () => Float32Array;
  /** A jittered copy of gallery photo `i` (modulo the gallery size). */
  real: (i: number) => Float32Array;
  /** Measured share of a new photo's energy outside the gallery's span (the fitted floor). */
  residual: number;
  /** The fitted mixture's bandwidth. */
  bandwidth: number;
}

export function generators(base: readonly Float32Array[], seed = 42): Generators {
  const dims = base[0]!.length;
  const n = base.length;
  const { gauss } = rng(seed);
  const mean = new Float32Array(dims);
  for (const b of base) for (let d = 0; d < dims; d++) mean[d]! += b[d]! / n;
  const centred = base.map((b) => b.map((x, d) => x - mean[d]!));
  // On the stored vectors: centred ones sum to zero, so each is in the span of the others.
  const residual = leaveOneOutResidual(base);
  const energy = centred.reduce((s, c) => s + dot(c, c), 0) / (n - 1);
  // Floor: `residual` of the total energy, spread evenly over the dimensions.
  const floor = Math.sqrt((energy * residual) / (1 - residual) / dims);
  const scale = 1 / Math.sqrt(n - 1);
  const { rand } = rng(seed + 1);
  const draw = (h: number, around = true) => {
    const v = around ? Float32Array.from(base[Math.floor(rand() * n)]!) : new Float32Array(dims);
    for (const c of centred) {
      const g = h * gauss() * scale;
      for (let d = 0; d < dims; d++) v[d]! += g * c[d]!;
    }
    for (let d = 0; d < dims; d++) v[d]! += h * floor * gauss();
    return normalise(v);
  };
  const [target] = pairCosines(base, [99]);
  let bandwidth = 1;
  let gap = Infinity;
  for (const h of [0.5, 0.75, 1, 1.25, 1.5, 2, 3]) {
    const [p99] = pairCosines(
      Array.from({ length: 200 }, () => draw(h)),
      [99],
    );
    if (Math.abs(p99! - target!) < gap) [bandwidth, gap] = [h, Math.abs(p99! - target!)];
  }
  return {
    residual,
    bandwidth,
    iid: () => normalise(Float32Array.from({ length: dims }, gauss)),
    fitted: () => draw(bandwidth),
    gaussian: () => draw(1, false),
    real: (i) => {
      const b = base[i % n]!;
      return normalise(
        Float32Array.from({ length: dims }, (_, d) => b[d]! + (0.25 * gauss()) / Math.sqrt(dims)),
      );
    },
  };
}

/** Percentiles of the cosine between distinct vectors (all pairs of the first `limit`). */
export function pairCosines(vs: readonly Float32Array[], ps: number[], limit = 300): number[] {
  const xs: number[] = [];
  const m = Math.min(limit, vs.length);
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) xs.push(dot(vs[i]!, vs[j]!));
  return ps.map((p) => percentile(xs, p));
}

/**
 * PCA of `base` (principal axes of the rows, largest first), via the eigenvectors of the
 * n x n Gram matrix (cyclic Jacobi): at most n - 1 useful axes.
 */
export function pca(base: readonly Float32Array[], k: number): Float32Array[] {
  const n = base.length;
  const dims = base[0]!.length;
  const mean = new Float64Array(dims);
  for (const b of base) for (let d = 0; d < dims; d++) mean[d]! += b[d]! / n;
  const c = base.map((b) => Float64Array.from(b, (x, d) => x - mean[d]!));
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = dot(c[i]!, c[j]!);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1);
        const sn = t * cs;
        for (let r = 0; r < n; r++) {
          const arp = a[r * n + p]!;
          const arq = a[r * n + q]!;
          a[r * n + p] = cs * arp - sn * arq;
          a[r * n + q] = sn * arp + cs * arq;
        }
        for (let r = 0; r < n; r++) {
          const apr = a[p * n + r]!;
          const aqr = a[q * n + r]!;
          a[p * n + r] = cs * apr - sn * aqr;
          a[q * n + r] = sn * apr + cs * aqr;
        }
        for (let r = 0; r < n; r++) {
          const vrp = v[r * n + p]!;
          const vrq = v[r * n + q]!;
          v[r * n + p] = cs * vrp - sn * vrq;
          v[r * n + q] = sn * vrp + cs * vrq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((x, y) => a[y * n + y]! - a[x * n + x]!);
  return order.slice(0, k).map((e) => {
    const axis = new Float32Array(dims);
    for (let i = 0; i < n; i++) for (let d = 0; d < dims; d++) axis[d]! += v[i * n + e]! * c[i]![d]!;
    return normalise(axis);
  });
}

/** `v` on the first axes, normalised. */
export const project = (v: Float32Array, axes: readonly Float32Array[]): Float32Array =>
  normalise(Float32Array.from(axes, (a) => dot(a, v)));
