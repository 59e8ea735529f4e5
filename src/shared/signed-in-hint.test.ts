import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signed-in-hint';

describe('hasSignedInHint', () => {
  it('finds the hint among other cookies', () => {
    expect(hasSignedInHint('a=1; optiq_signed_in=1; b=2')).toBe(true);
    expect(hasSignedInHint('optiq_signed_in=1')).toBe(true);
  });
  it('is false without it, or cleared', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('optiq_signed_in=')).toBe(false);
    expect(hasSignedInHint('not_optiq_signed_in=1')).toBe(false);
  });
});
