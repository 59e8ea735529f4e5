import { describe, expect, it } from 'vitest';
import { parseCodeLang } from './code-lang';

describe('parseCodeLang', () => {
  it('accepts the three sample languages', () => {
    expect(parseCodeLang('curl')).toBe('curl');
    expect(parseCodeLang('javascript')).toBe('javascript');
    expect(parseCodeLang('python')).toBe('python');
  });

  it('rejects unknown, empty and missing values', () => {
    expect(parseCodeLang('ruby')).toBeUndefined();
    expect(parseCodeLang('Python')).toBeUndefined();
    expect(parseCodeLang('')).toBeUndefined();
    expect(parseCodeLang(null)).toBeUndefined();
    expect(parseCodeLang(undefined)).toBeUndefined();
  });
});
