/**
 * The image embedding custom label sets are matched on: the pooled CenterNet backbone features
 * (`tower_0/extern1/hard_swish/mul_1`, 480 values) of the same single pass, L2-normalised, so
 * cosine similarity is a dot product.
 *
 * Not mean-subtracted, after measuring (`npm run bench:classify`: room photos of the dev split
 * at least 256 px a side, 129 photos over 6 rooms; label sets of 5 or 10 train photos per room,
 * 3 seeds each; dev accuracy mean of the seeds). Raw cosine: 77.8% with 5 per room, 84.0% with
 * 10. Minus the mean of the site's own sample photos (what could ship): 75.4% / 83.7%. Minus the
 * mean of the set's own examples: 76.2% / 83.7%. Unrelated photos do score 0.65-0.8 raw cosine,
 * but the label-set scores rank neighbours and weigh them relative to the nearest one
 * (./knn.ts), so a shared offset does not change the answer.
 */

export const EMBEDDING_SIZE = 480;
export const EMBEDDING_METHOD =
  'CenterNet MobileNetV3 backbone features (tower_0/extern1, global average pool, 480 values), L2-normalised';

/** The embedding of a pass's pooled backbone features (`mean`, when given, is subtracted first: for measuring). */
export function embed(backbone: Float32Array, mean?: Float32Array): Float32Array {
  if (backbone.length !== EMBEDDING_SIZE)
    throw new Error(`vision: expected ${EMBEDDING_SIZE} backbone values, got ${backbone.length}`);
  const out = new Float32Array(EMBEDDING_SIZE);
  let norm = 0;
  for (let i = 0; i < EMBEDDING_SIZE; i++) {
    const v = (backbone[i] ?? 0) - (mean?.[i] ?? 0);
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
