import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_SIMILARITY, cosineFor, judgeMatch, similarityOf } from './embedding';

const hash = (h: string) => ({ hash: h, mirrored: h });
const FAR = 'ffffffffffffffff';
const NEAR = '0000000000000000';

describe('judgeMatch', () => {
  it('flags a perceptual-hash match as a near duplicate, at 0.9 at least, whatever the embedding says', () => {
    expect(judgeMatch(hash(NEAR), '0000000000000003', 0)).toEqual({
      similarity: NEAR_DUPLICATE_SIMILARITY,
      near_duplicate: true,
    });
  });

  it('flags a crop (hash far away) once its similarity reaches the documented 0.9, and not below', () => {
    const at = cosineFor(NEAR_DUPLICATE_SIMILARITY);
    expect(judgeMatch(hash(NEAR), FAR, at + 0.001)).toMatchObject({ near_duplicate: true });
    expect(judgeMatch(hash(NEAR), FAR, at - 0.01)).toMatchObject({ near_duplicate: false });
  });

  it('never disagrees with the 0.9 level: flagged exactly when the reported similarity is 0.9 or more', () => {
    for (let cosine = -1; cosine <= 1; cosine += 0.01) {
      const r = judgeMatch(hash(NEAR), FAR, cosine);
      expect(r.similarity).toBe(similarityOf(cosine));
      expect(r.near_duplicate, `cosine ${cosine}`).toBe(r.similarity >= NEAR_DUPLICATE_SIMILARITY);
    }
  });
});
