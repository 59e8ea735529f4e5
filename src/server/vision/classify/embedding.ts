/**
 * The image embedding custom label sets are matched on: the pooled CenterNet backbone features
 * (`tower_0/extern1/hard_swish/mul_1`, 480 values) of the same single pass, minus the mean
 * vector of a reference set of photos, L2-normalised. Raw backbone vectors of unrelated photos
 * already score 0.65-0.8 cosine (DESIGN.md); subtracting the shared mean removes the direction
 * every photo has, so similarity reflects what differs. The mean is computed by
 * `npx tsx scripts/compute-embedding-mean.ts` from the site's own sample photos (shippable) and
 * committed as `embedding-mean.json`.
 */
import stored from './embedding-mean.json' with { type: 'json' };

export const EMBEDDING_SIZE = 480;
export const EMBEDDING_METHOD = 'CenterNet MobileNetV3 backbone features (tower_0/extern1, global average pool, 480 values), mean-subtracted and L2-normalised';

const MEAN = Float32Array.from((stored as { mean: number[] }).mean);

/** The embedding of a pass's pooled backbone features. */
export function embed(backbone: Float32Array, mean: Float32Array = MEAN): Float32Array {
  if (backbone.length !== EMBEDDING_SIZE) throw new Error(`vision: expected ${EMBEDDING_SIZE} backbone values, got ${backbone.length}`);
  const out = new Float32Array(EMBEDDING_SIZE);
  let norm = 0;
  for (let i = 0; i < EMBEDDING_SIZE; i++) {
    const v = (backbone[i] ?? 0) - (mean.length === EMBEDDING_SIZE ? (mean[i] ?? 0) : 0);
    out[i] = v;
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < EMBEDDING_SIZE; i++) out[i] = (out[i] ?? 0) * scale;
  return out;
}

/** Cosine similarity of two L2-normalised embeddings. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

/** Base64 of the float32 values (the stored form). */
export function encodeEmbedding(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

export function decodeEmbedding(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}
