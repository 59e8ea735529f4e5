import { describe, expect, it } from 'vitest';
import { isSafeText, SAFE_TEXT_MESSAGE, safeText, unsafeTextPaths } from './safe-text';

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
    expect(unsafeTextPaths({ a: 'x', b: ['ok', 'n\u0000'], c: { d: '\u0000' }, ['k\u0000']: 1, e: 5 })).toEqual(['b.1', 'c.d', 'k\\u0000']);
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
