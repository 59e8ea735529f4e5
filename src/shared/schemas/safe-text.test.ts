import { describe, expect, it } from 'vitest';
import {
  isSafeText,
  jsonDepthExceeds,
  SAFE_TEXT_MESSAGE,
  safeText,
  unsafeTextFields,
  unsafeTextPaths,
} from './safe-text';

describe('safe text', () => {
  it('refuses NUL characters with a plain field message', () => {
    expect(isSafeText('hello')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    const result = safeText().min(1).safeParse('\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGE);
    expect(safeText().safeParse('ok').success).toBe(true);
  });

  it('finds every NUL in a JSON value, keys included', () => {
    expect(
      unsafeTextPaths({ a: 'x', b: ['ok', 'n\u0000'], c: { d: '\u0000' }, ['k\u0000']: 1, e: 5 }),
    ).toEqual(['b.1', 'c.d', 'k\\u0000']);
    expect(unsafeTextPaths('\u0000')).toEqual(['_']);
    expect(unsafeTextPaths({ ok: [1, null, true, 'fine'] })).toEqual([]);
  });
});

describe('unsafeTextPaths on hostile documents', () => {
  it('walks a document nested 100 000 levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });
});

describe('jsonDepthExceeds', () => {
  it('counts levels of arrays and objects, scalars none', () => {
    expect(jsonDepthExceeds('x', 0)).toBe(false);
    expect(jsonDepthExceeds({}, 0)).toBe(true);
    expect(jsonDepthExceeds({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: [] }] }, 3)).toBe(true);
  });

  it('answers at once for a document 100 000 levels deep', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(jsonDepthExceeds(deep, 16)).toBe(true);
    expect(jsonDepthExceeds(deep, 200_000)).toBe(false);
  });
});

describe('unsafeTextFields', () => {
  it('names NULs under a prefix, the value itself as the prefix', () => {
    expect(unsafeTextFields({ a: 'x\u0000' }, 'metadata')).toEqual({ 'metadata.a': [SAFE_TEXT_MESSAGE] });
    expect(unsafeTextFields('\u0000', 'name')).toEqual({ name: [SAFE_TEXT_MESSAGE] });
    expect(unsafeTextFields({ ok: 'fine' })).toEqual({});
  });
});
