import { describe, expect, it } from 'vitest';
import { cosine, decodeEmbedding, embed, encodeEmbedding, EMBEDDING_SIZE } from './embedding';
import { knnScores } from './knn';

const vec = (f: (i: number) => number) => Float32Array.from({ length: EMBEDDING_SIZE }, (_, i) => f(i));

describe('embedding', () => {
  it('subtracts the mean and normalises to unit length', () => {
    const mean = vec(() => 1);
    const e = embed(
      vec((i) => 1 + (i === 0 ? 3 : 0) + (i === 1 ? 4 : 0)),
      mean,
    );
    expect(e[0]).toBeCloseTo(0.6);
    expect(e[1]).toBeCloseTo(0.8);
    expect(cosine(e, e)).toBeCloseTo(1);
  });
  it('round-trips through its stored text form', () => {
    const e = embed(vec((i) => Math.sin(i)));
    expect(decodeEmbedding(encodeEmbedding(e))).toEqual(e);
  });
  it('subtracts a given mean before normalising (used only to measure)', () => {
    const a = embed(
      vec((i) => (i % 2 ? 1 : 0)),
      vec(() => 0.5),
    );
    const b = embed(
      vec((i) => (i % 2 ? 0 : 1)),
      vec(() => 0.5),
    );
    expect(cosine(a, b)).toBeCloseTo(-1);
    expect(cosine(embed(vec((i) => (i % 2 ? 1 : 0))), embed(vec((i) => (i % 2 ? 0 : 1))))).toBeCloseTo(0);
  });
});

describe('knnScores', () => {
  const unit = (i: number) => vec((j) => (j === i ? 1 : 0));
  const mix = (i: number, k: number, w: number) => {
    const v = vec((j) => (j === i ? 1 : j === k ? w : 0));
    const n = Math.hypot(1, w);
    return v.map((x) => x / n);
  };
  const examples = [
    ...[0, 1, 2, 3, 4].map((k) => ({ label: 'a', embedding: mix(0, 10 + k, 0.3) })),
    ...[0, 1, 2, 3, 4].map((k) => ({ label: 'b', embedding: mix(1, 20 + k, 0.3) })),
  ];

  it("gives the nearest examples' label most of the score, scores summing to 1, best first", () => {
    const scores = knnScores(unit(0), examples, ['a', 'b', 'c']);
    expect(scores.map((s) => s.label)).toEqual(['a', 'b', 'c']);
    expect(scores[0]!.score).toBeGreaterThan(0.99);
    expect(scores.reduce((n, s) => n + s.score, 0)).toBeCloseTo(1);
    expect(scores[2]!.score).toBe(0);
  });

  it('splits the score when the query sits between two labels', () => {
    const between = vec((j) => (j === 0 || j === 1 ? Math.SQRT1_2 : 0));
    const scores = knnScores(between, examples, ['a', 'b']);
    // Equal similarity to all ten: the 7 nearest hold 5 of one label and 2 of the other.
    expect(scores.map((s) => s.score)).toEqual([5 / 7, 2 / 7].map((x) => expect.closeTo(x, 5)));
  });
});
