/**
 * Recapture indicator: a photo of a screen or of a print carries periodic moire, the beat
 * between the display's pixel grid (or the print's halftone) and the camera's sensor grid,
 * which shows up as isolated strong peaks in the 2-D spectrum away from the axes. Natural
 * scenes have smooth, roughly 1/f spectra. Measured on a 256x256 centre crop at full
 * resolution (resizing would alias the very patterns we look for).
 */
import sharp from 'sharp';
import { powerSpectrum2d } from './spectrum';

const N = 256;

/** log10 power spectrum of an N x N plane, DC at (0,0). */
function powerSpectrum(plane: Float64Array): Float64Array {
  return powerSpectrum2d(plane, N).map((v) => Math.log10(v + 1e-9));
}

export interface MoireEvidence {
  /** Height of the strongest off-axis spectral peak above the spectrum at its radius, in dB. */
  peakProminenceDb: number;
  /** Spatial period of that peak, in pixels. */
  peakPeriodPx: number;
  /** Off-axis peaks more than STRONG_DB above their ring. */
  strongPeaks: number;
  /** strong: periodic pattern typical of a photographed screen or print; weak / none otherwise. */
  level: 'none' | 'weak' | 'strong';
}

/** dB above the ring median for a peak to count. Calibrated on the fixtures (see moire.test.ts). */
export const STRONG_DB = 30;
export const WEAK_DB = 24;

export async function moireIndicator(bytes: Uint8Array): Promise<MoireEvidence> {
  const meta = await sharp(bytes).rotate().metadata();
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  let pipeline = sharp(bytes).rotate().greyscale();
  if (w >= N && h >= N) {
    pipeline = pipeline.extract({
      left: Math.floor((w - N) / 2),
      top: Math.floor((h - N) / 2),
      width: N,
      height: N,
    });
  } else {
    pipeline = pipeline.resize(N, N, { fit: 'cover' });
  }
  const { data } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  let mean = 0;
  for (let i = 0; i < N * N; i++) mean += data[i]!;
  mean /= N * N;
  const plane = new Float64Array(N * N);
  for (let y = 0; y < N; y++) {
    const wy = 0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (N - 1));
    for (let x = 0; x < N; x++) {
      const wx = 0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (N - 1));
      plane[y * N + x] = (data[y * N + x]! - mean) * wx * wy;
    }
  }
  const p = powerSpectrum(plane);
  const half = N / 2;
  // Ring means of the log power over the upper half-plane (a real image's spectrum is
  // symmetric); the log keeps a few peaks from lifting their ring's level.
  const ringSum = new Float64Array(half);
  const ringCount = new Float64Array(half);
  const at = (u: number, v: number): number => p[((v + N) % N) * N + ((u + N) % N)]!;
  for (let v = 0; v < half; v++) {
    for (let u = -half + 1; u < half; u++) {
      const r = Math.round(Math.sqrt(u * u + v * v));
      if (r < half) {
        ringSum[r]! += at(u, v);
        ringCount[r]! += 1;
      }
    }
  }
  const ringMedian = Array.from(ringSum, (s, r) => (ringCount[r]! > 0 ? s / ringCount[r]! : 0));
  let best = { db: 0, period: 0 };
  let strong = 0;
  const nearAxis = (k: number) => Math.abs(k) <= 3;
  // JPEG's 8x8 block grid puts peaks at multiples of N/8 on and off the axes: skip those.
  const grid = N / 8;
  const onBlockGrid = (k: number) => {
    const m = ((k % grid) + grid) % grid;
    return m <= 1 || m >= grid - 1;
  };
  for (let v = 4; v < half - 1; v++) {
    for (let u = -half + 2; u < half - 1; u++) {
      if (nearAxis(u) || nearAxis(v) || (onBlockGrid(u) && onBlockGrid(v))) continue;
      const r = Math.round(Math.sqrt(u * u + v * v));
      if (r < 12 || r >= half - 2) continue;
      const val = at(u, v);
      // Local maximum in its 3x3 neighbourhood.
      let isMax = true;
      for (let dv = -1; dv <= 1 && isMax; dv++)
        for (let du = -1; du <= 1; du++) if ((du || dv) && at(u + du, v + dv) > val) isMax = false;
      if (!isMax) continue;
      const db = 10 * (val - ringMedian[r]!);
      if (db > STRONG_DB) strong++;
      if (db > best.db) best = { db, period: N / Math.hypot(u, v) };
    }
  }
  return {
    peakProminenceDb: Math.round(best.db * 10) / 10,
    peakPeriodPx: Math.round(best.period * 10) / 10,
    strongPeaks: strong,
    level: best.db >= STRONG_DB ? 'strong' : best.db >= WEAK_DB ? 'weak' : 'none',
  };
}
