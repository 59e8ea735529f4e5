/**
 * Nearest-neighbour scores over a label set's examples: the K most similar examples (cosine of
 * the embeddings, K = min(7, examples)) each vote for their label with weight
 * exp((similarity - best) / T), T = 0.05; a label's score is its share of the votes, so the
 * scores over the set's labels sum to 1 and a label with no example among the K scores 0.
 */
import { cosine } from './embedding';

export const KNN_K = 7;
export const KNN_TEMPERATURE = 0.05;
export const KNN_METHOD = `nearest neighbours (k = ${KNN_K}, similarity-weighted votes) over your label set's example embeddings`;

export interface LabelledEmbedding {
  label: string;
  embedding: Float32Array;
}

/** Scores for every label of the set, best first (ties by label name). */
export function knnScores(
  query: Float32Array,
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
): { label: string; score: number }[] {
  const ranked = examples
    .map((e) => ({ label: e.label, sim: cosine(query, e.embedding) }))
    .sort((a, b) => b.sim - a.sim);
  const near = ranked.slice(0, Math.min(KNN_K, ranked.length));
  const best = near[0]?.sim ?? 0;
  const votes = new Map<string, number>(labels.map((l) => [l, 0]));
  let total = 0;
  for (const n of near) {
    const w = Math.exp((n.sim - best) / KNN_TEMPERATURE);
    votes.set(n.label, (votes.get(n.label) ?? 0) + w);
    total += w;
  }
  return [...votes]
    .map(([label, v]) => ({ label, score: total > 0 ? v / total : 1 / labels.length }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
}
