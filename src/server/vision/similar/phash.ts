/**
 * 64-bit perceptual hash (DCT hash) for exact and near-exact duplicates: the image in grey at
 * 32x32, its 2-D DCT-II, the 8x8 lowest frequencies, one bit per coefficient above their
 * median (as imagehash's phash). Resizing, re-encoding, brightness and light overlays move few
 * bits; crops and other scenes move about half. The mirrored image's hash is kept too, so a
 * mirrored copy is a near duplicate as well.
 */
import sharp from 'sharp';

const N = 32;
const K = 8;

/** cos((2x+1) u pi / 2N) for x, u < N. */
const COS: Float64Array = (() => {
  const t = new Float64Array(N * N);
  for (let u = 0; u < N; u++)
    for (let x = 0; x < N; x++) t[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return t;
})();

/** The hash of a 32x32 grey image (row-major), as 16 hex digits. */
export function dctHash(grey: ArrayLike<number>, mirror = false): string {
  const px = (x: number, y: number): number => grey[y * N + (mirror ? N - 1 - x : x)] ?? 0;
  // Rows first, only the K lowest frequencies are needed.
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += px(x, y) * COS[u * N + x]!;
      rows[y * K + u] = s;
    }
  }
  const coeffs: number[] = [];
  for (let v = 0; v < K; v++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u]! * COS[v * N + y]!;
      coeffs.push(s);
    }
  }
  const sorted = [...coeffs].sort((a, b) => a - b);
  const median = ((sorted[31] ?? 0) + (sorted[32] ?? 0)) / 2;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coeffs[i + b]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** 32x32 grey pixels of an encoded image or a raw RGB buffer. */
export async function greyThumb(
  input: Buffer | Uint8Array,
  raw?: { width: number; height: number; channels: 3 },
): Promise<Uint8Array> {
  const img = raw ? sharp(input, { raw }) : sharp(input).rotate();
  const out = await img.greyscale().resize(N, N, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, N * N);
}

/** Hash and mirrored hash of an image. */
export interface PerceptualHash {
  hash: string;
  mirrored: string;
}

export function hashThumb(grey: Uint8Array): PerceptualHash {
  return { hash: dctHash(grey), mirrored: dctHash(grey, true) };
}

/** Number of differing bits of two 16-hex-digit hashes. */
export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < 16; i++) {
    let x = (parseInt(a[i] ?? '0', 16) ^ parseInt(b[i] ?? '0', 16)) & 0xf;
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}

/** Distance of a query (both orientations) to a stored hash: a mirrored copy counts as close. */
export const hashDistance = (query: PerceptualHash, stored: string): number =>
  Math.min(hammingDistance(query.hash, stored), hammingDistance(query.mirrored, stored));
